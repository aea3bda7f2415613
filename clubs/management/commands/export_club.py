"""python manage.py export_club CLUB [--output FILE]: a whole club as JSON (docs/club-export.md)."""

from django.core.management.base import BaseCommand, CommandError

from clubs.exports import club_data
from clubs.models import Club
from scoring.backup_commands import add_output, write_export


def club_named(typed: str) -> Club:
    """The club with this id, or the one club of this name."""
    if typed.isdigit() and (club := Club.objects.filter(pk=int(typed)).first()):
        return club
    found = list(Club.objects.filter(name=typed)[:2])
    if len(found) == 1:
        return found[0]
    if found:
        raise CommandError(f"Several clubs are named {typed}: give the club's id.")
    raise CommandError(f"There is no club {typed}.")


class Command(BaseCommand):
    help = ("Write a whole club (roster, matches with every hand and correction, nights, "
            "seasons, attributions, history) as JSON, for import_club.")

    def add_arguments(self, parser):
        parser.add_argument("club", help="the club's id (or its name, when no other has it)")
        add_output(parser)

    def handle(self, *args, club, output=None, **options):
        found = club_named(club)
        write_export(self, club_data(found), found.name, output)
