"""What the commands that rebuild a backup share (tournaments' import_tournament, clubs'
import_club): the file read as JSON, the owner named, the services' refusals said."""

import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from scoring.errors import ScoringError


class ImportCommand(BaseCommand):
    """`manage.py <name> FILE [--owner USERNAME]`: `imported(data, owner)` rebuilds what the
    file holds and says what it made."""

    owner_help = "user name of the owner (default: as exported)"

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--owner", help=self.owner_help)

    def imported(self, data: dict, owner) -> str:
        raise NotImplementedError

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
            said = self.imported(data, owner_user)
        except ScoringError as error:
            raise CommandError(" ".join(error.messages())) from error
        self.stdout.write(said)
