"""Replay a club's ratings from its whole history (the live updates give the same)."""

from django.core.management.base import BaseCommand, CommandError

from clubs import services
from clubs.models import Club
from scoring import names

# The most digits of an id the database can hold (a 64-bit integer).
MOST_ID_DIGITS = 18


class Command(BaseCommand):
    help = "Recompute a club's ratings from all its finished matches, in the order they ended."

    def add_arguments(self, parser):
        parser.add_argument("club", help="the club's id or its exact name")

    def handle(self, *args, club, **options):
        # An id in 0-9 digits only ("²" passes str.isdigit(), int() cannot read it); a name
        # no club can have (a NUL, which PostgreSQL refuses in a query) finds none.
        if club.isascii() and club.isdigit() and len(club) <= MOST_ID_DIGITS:
            found = Club.objects.filter(pk=int(club))
        elif names.problem(club, Club._meta.get_field("name").max_length) is None:
            found = Club.objects.filter(name=names.normalise(club))
        else:
            found = Club.objects.none()
        if found.count() != 1:
            raise CommandError(f"No single club is {club!r}.")
        club = found.get()
        rated = services.rerate(club=club)
        self.stdout.write(f"{club.name}: {rated} rated matches replayed.")
