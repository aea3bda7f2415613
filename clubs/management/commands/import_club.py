"""python manage.py import_club FILE [--owner USERNAME]: a new club from export_club's JSON."""

from django.core.management.base import BaseCommand

from clubs.services.backup import import_club
from scoring.backup_commands import add_file_and_owner, run_import


class Command(BaseCommand):
    help = ("Create a new club from the JSON of export_club: every hand is entered again "
            "through the rules, the ratings computed again. Users are matched by user name. "
            "A file that does not hold together is refused whole.")

    def add_arguments(self, parser):
        add_file_and_owner(parser, "user name of the club's owner (default: as exported)")

    def handle(self, *args, file, owner=None, **options):
        club = run_import(import_club, file, owner)
        self.stdout.write(f"Imported {club.name} as club {club.pk} "
                          f"({club.members.count()} players, {club.nights.count()} nights).")
