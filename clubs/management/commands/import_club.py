"""python manage.py import_club FILE [--owner USERNAME]: a new club from export_club's JSON."""

from clubs.services.backup import import_club
from scoring.import_command import ImportCommand


class Command(ImportCommand):
    help = ("Create a new club from the JSON of export_club: every hand is entered again "
            "through the rules, the ratings computed again. Users are matched by user name. "
            "A file that does not hold together is refused whole.")
    owner_help = "user name of the club's owner (default: as exported)"

    def imported(self, data, owner) -> str:
        club = import_club(data=data, owner=owner)
        return (f"Imported {club.name} as club {club.pk} "
                f"({club.members.count()} players, {club.nights.count()} nights).")
