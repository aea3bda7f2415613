"""python manage.py import_tournament FILE --owner USERNAME [--map-user FILE_NAME=LOCAL_NAME
...]: rebuild an exported tournament."""

from django.core.management.base import BaseCommand

from scoring.backup_commands import add_file_and_owner, run_import
from tournaments.services import import_tournament


class Command(BaseCommand):
    help = ("Rebuild a tournament from the JSON of export_tournament: every hand is entered "
            "again through the rules. It belongs to --owner, who also stands for the file's "
            "owner; a user name of the file gives an account here a right (co-organizer, a "
            "hand's author) only when --map-user names it, whoever has that name here: the "
            "others are dropped.")

    def add_arguments(self, parser):
        add_file_and_owner(parser, "user name of the owner here (required)")

    def handle(self, *args, file, owner, map_user, **options):
        tournament = run_import(import_tournament, file, owner, map_user)
        self.stdout.write(f"Imported {tournament.name} as tournament {tournament.pk}.")
