"""python manage.py seed_demo: a demo club with a tournament half played and three club
nights behind it, a season, its ladder and player pages filled in (DEBUG only).

Idempotent: once the demo user exists it only prints the login. With --if-new it does
nothing on a database that already has users (what `make run` uses)."""

import datetime
import random

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from clubs import services as clubs
from clubs.services.seasons import save_season
from scoring import rules
from scoring import services as scoring
from scoring.services import NewTeam
from tournaments import services
from tournaments.formats import Format
from tournaments.services import Settings

USERNAME = "demo"
PASSWORD = "politaine-demo"
TEAMS = [
    ("Les Bleuets", "Ginette", "Réal"), ("Les Castors", "Lise", "Gaétan"),
    ("Les Huards", "Claudette", "Yvon"), ("Les Outardes", "Monique", "Normand"),
    ("Les Bûcherons", "Francine", "Rosaire"), ("Les Caribous", "Denise", "Marcel"),
    ("Les Goélands", "Huguette", "Jean-Guy"), ("Les Orignaux", "Pierrette", "Ti-Jean"),
    ("Les Érables", "Jocelyne", "Rhéal"), ("Les Matelots", "Micheline", "Fernand"),
    ("Les Pionniers", "Carmen", "Léopold"), ("Les Sucriers", "Yolande", "Aurèle"),
]


class Command(BaseCommand):
    help = ("Create a demo club: club nights, a season, a Swiss tournament half played and a "
            "few matches (DEBUG only).")

    def add_arguments(self, parser):
        parser.add_argument("--if-new", action="store_true",
                            help="do nothing when the database already has users")

    def handle(self, *args, if_new=False, **options):
        if not settings.DEBUG:
            raise CommandError("seed_demo only runs with DEBUG on: it makes a known password.")
        users = get_user_model()
        demo_exists = users.objects.filter(username=USERNAME).exists()
        if if_new and users.objects.exists() and not demo_exists:
            return
        if not demo_exists:
            with transaction.atomic():
                self._seed(users.objects.create_user(USERNAME, password=PASSWORD))
        self.stdout.write(f"Demo login: {USERNAME} / {PASSWORD}")

    def _seed(self, user):
        chooser = random.Random(1642)
        # A match at the table, and one finished.
        match = scoring.create_match(owner=user, variant="politaine",
                                     team_a=NewTeam("Nous", ("Anne", "Marc")),
                                     team_b=NewTeam("Eux", ("Luc", "Julie")), first_dealer="E")
        for number, (a, pa, pb) in enumerate([(7, 0, 0), (3, 0, 1), (6, 0, 0), (5, 0, 0)], 1):
            scoring.record_hand(match=match, number=number,
                                hand=rules.Hand.played(a, 11 - a, pa, pb), by=user)
        quadrette = scoring.create_match(owner=user, variant="quadrette",
                                         team_a=NewTeam("Les Cousins"),
                                         team_b=NewTeam("Les Voisins"), first_dealer="S")
        for number, tricks in enumerate([4, 6, 3, 2, 5, 6], 1):
            scoring.record_hand(match=quadrette, number=number,
                                hand=rules.Hand.quadrette(tricks, 6 - tricks), by=user)
        club = clubs.create_club(owner=user, name="Club de la Baie", place="Salle des Chevaliers")
        nights = [self._night(user, club, number, chooser) for number in (1, 2, 3)]
        # The club's tournament: two rounds played, the third under way.
        tournament = services.create_tournament(
            owner=user,
            settings=Settings(name="Tournoi du Club de la Baie", variant="politaine",
                              format=Format.SWISS, swiss_rounds=5, target=33,
                              place="Salle des Chevaliers", round_minutes=45),
            teams=[NewTeam(name, (a, b)) for name, a, b in TEAMS],
        )
        for _ in range(2):
            round_ = services.draw_next_round(tournament=tournament)
            for table in round_.tables.select_related("match"):
                self._play(table.match, chooser, to_the_end=True)
        round_ = services.draw_next_round(tournament=tournament)
        for table in round_.tables.select_related("match").order_by("number"):
            self._play(table.match, chooser, to_the_end=table.number % 2 == 1)
        nights.append(clubs.add_night(club=club, tournament=tournament))
        save_season(club=club, name="Automne 2026", points_table=[10, 8, 6, 5, 4, 3, 2, 1],
                    best_of=3, nights=[night.pk for night in nights])

    def _night(self, user, club, number, chooser):
        """A past club night: twelve of the regulars in pairs drawn for the evening, a round
        robin played to the end."""
        regulars = [name for _, a, b in TEAMS for name in (a, b)]
        chosen = chooser.sample(regulars, 12)
        teams = [NewTeam(f"{a} et {b}", (a, b)) for a, b in zip(chosen[::2], chosen[1::2],
                                                                 strict=True)]
        date = datetime.date(2026, 10, 1) + datetime.timedelta(weeks=number - 1)
        tournament = services.create_tournament(
            owner=user,
            settings=Settings(name=f"Soirée du club n° {number}", variant="politaine",
                              format="round_robin", target=21, date=date,
                              place="Salle des Chevaliers"),
            teams=teams)
        night = clubs.add_night(club=club, tournament=tournament)
        for _ in range(len(teams) - 1):
            round_ = services.draw_next_round(tournament=tournament)
            for table in round_.tables.select_related("match"):
                self._play(table.match, chooser, to_the_end=True)
        return night

    def _play(self, match, chooser, *, to_the_end):
        state = scoring.record_hand(match=match, number=1, hand=self._hand(chooser))
        while not state.finished and (to_the_end or state.hand_count < 3):
            state = scoring.record_hand(match=match, number=state.next_hand,
                                        hand=self._hand(chooser))

    @staticmethod
    def _hand(chooser):
        a = chooser.randint(0, 11)
        politaine = 1 if chooser.random() < 0.12 else 0
        if politaine and a >= rules.politaine_floor(1):
            return rules.Hand.played(a, 11 - a, 1, 0)
        return rules.Hand.played(a, 11 - a)
