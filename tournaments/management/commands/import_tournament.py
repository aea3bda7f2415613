"""python manage.py import_tournament FILE [--owner USERNAME]: rebuild an exported tournament."""

from scoring.import_command import ImportCommand
from tournaments.services import import_tournament


class Command(ImportCommand):
    help = ("Rebuild a tournament from the JSON of export_tournament: every hand is entered "
            "again through the rules. Users are matched by user name.")
    owner_help = "user name of the owner (default: as exported)"

    def imported(self, data, owner) -> str:
        tournament = import_tournament(data=data, owner=owner)
        return f"Imported {tournament.name} as tournament {tournament.pk}."
