"""python manage.py import_club FILE [--owner USERNAME]: a new club from export_club's JSON."""

import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from clubs.services.backup import import_club
from scoring.errors import ScoringError


class Command(BaseCommand):
    help = ("Create a new club from the JSON of export_club: every hand is entered again "
            "through the rules, the ratings computed again. Users are matched by user name. "
            "A file that does not hold together is refused whole.")

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--owner", help="user name of the club's owner (default: as "
                                            "exported)")

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
            club = import_club(data=data, owner=owner_user)
        except ScoringError as error:
            raise CommandError(" ".join(error.messages())) from error
        self.stdout.write(f"Imported {club.name} as club {club.pk} "
                          f"({club.members.count()} players, {club.nights.count()} nights).")
