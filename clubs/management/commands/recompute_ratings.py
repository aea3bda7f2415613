"""Replay a club's ratings from its whole history (the live updates give the same)."""

from django.core.management.base import BaseCommand, CommandError

from clubs import services
from clubs.models import Club


class Command(BaseCommand):
    help = "Recompute a club's ratings from all its finished matches, in the order they ended."

    def add_arguments(self, parser):
        parser.add_argument("club", help="the club's id or its exact name")

    def handle(self, *args, club, **options):
        found = Club.objects.filter(pk=int(club)) if club.isdigit() else \
            Club.objects.filter(name=club)
        if found.count() != 1:
            raise CommandError(f"No single club is {club!r}.")
        club = found.get()
        rated = services.rerate(club=club)
        self.stdout.write(f"{club.name}: {rated} rated matches replayed.")
