"""python manage.py import_tournament FILE [--owner USERNAME]: rebuild an exported tournament."""

from django.core.management.base import BaseCommand

from scoring.backup_commands import add_file_and_owner, run_import
from tournaments.services import import_tournament


class Command(BaseCommand):
    help = ("Rebuild a tournament from the JSON of export_tournament: every hand is entered "
            "again through the rules. Users are matched by user name.")

    def add_arguments(self, parser):
        add_file_and_owner(parser, "user name of the owner (default: as exported)")

    def handle(self, *args, file, owner=None, **options):
        tournament = run_import(import_tournament, file, owner)
        self.stdout.write(f"Imported {tournament.name} as tournament {tournament.pk}.")
