"""python manage.py export_club CLUB [--output FILE]: a whole club as JSON (docs/club-export.md)."""

import json

from django.core.management.base import BaseCommand, CommandError
from django.core.serializers.json import DjangoJSONEncoder

from clubs.exports import club_data
from clubs.models import Club


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
        parser.add_argument("--output", "-o", help="file to write (default: standard output)")

    def handle(self, *args, club, output=None, **options):
        found = club_named(club)
        text = json.dumps(club_data(found), indent=2, ensure_ascii=False, cls=DjangoJSONEncoder)
        if output:
            with open(output, "w", encoding="utf-8") as file:
                file.write(text + "\n")
            self.stderr.write(f"Wrote {found.name} to {output}.")
        else:
            self.stdout.write(text)
