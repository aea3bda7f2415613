"""python manage.py import_tournament FILE [--owner USERNAME]: rebuild an exported tournament."""

import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from scoring.errors import ScoringError
from tournaments.services import import_tournament


class Command(BaseCommand):
    help = ("Rebuild a tournament from the JSON of export_tournament: every hand is entered "
            "again through the rules. Users are matched by user name.")

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--owner", help="user name of the owner (default: as exported)")

    def handle(self, *args, file, owner=None, **options):
        try:
            with open(file, encoding="utf-8") as source:
                data = json.load(source)
        except (OSError, ValueError) as error:
            raise CommandError(f"Cannot read {file}: {error}") from error
        owner_user = None
        if owner:
            owner_user = get_user_model().objects.filter(username=owner).first()
            if owner_user is None:
                raise CommandError(f"Nobody has the user name {owner}.")
        try:
            tournament = import_tournament(data=data, owner=owner_user)
        except ScoringError as error:
            raise CommandError(" ".join(error.messages())) from error
        self.stdout.write(f"Imported {tournament.name} as tournament {tournament.pk}.")
