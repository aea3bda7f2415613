"""python manage.py import_club FILE --owner USERNAME [--map-user FILE_NAME=LOCAL_NAME ...]:
a new club from export_club's JSON."""

from django.core.management.base import BaseCommand

from clubs.services.backup import import_club
from scoring.backup_commands import add_file_and_owner, run_import


class Command(BaseCommand):
    help = ("Create a new club from the JSON of export_club: every hand is entered again "
            "through the rules, the ratings computed again. The club, and its nights, belong "
            "to --owner, who also stands for the file's owner; a user name of the file gives "
            "an account here a right (co-organizer, a match's owner, a hand's author) only "
            "when --map-user names it, whoever has that name here: the others are dropped. "
            "A file that does not hold together is refused whole.")

    def add_arguments(self, parser):
        add_file_and_owner(parser, "user name of the club's owner here (required)")

    def handle(self, *args, file, owner, map_user, **options):
        club = run_import(import_club, file, owner, map_user)
        self.stdout.write(f"Imported {club.name} as club {club.pk} "
                          f"({club.members.count()} players, {club.nights.count()} nights).")
