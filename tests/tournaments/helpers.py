"""Building tournaments for tests: create, draw, and play rounds through the services."""

import random

from scoring import rules
from scoring import services as scoring
from scoring.services import NewTeam
from tournaments import services
from tournaments.models import Round
from tournaments.services import Settings


def team_list(count: int) -> list[NewTeam]:
    return [NewTeam(f"Team {i:03d}", (f"Player {i}A", f"Player {i}B"))
            for i in range(1, count + 1)]


def make_tournament(owner, *, teams=8, format="swiss", swiss_rounds=3, knockout_size=None,
                    variant="politaine", target=11, public=True, **extra):
    settings = Settings(name="Soirée du club", variant=variant, format=format, target=target,
                        swiss_rounds=swiss_rounds if format in ("swiss", "swiss_knockout")
                        else None, knockout_size=knockout_size, public=public, **extra)
    return services.create_tournament(owner=owner, settings=settings, teams=team_list(teams))


def round_two_drawn(owner, *, teams=4):
    """A tournament with round 1 played and round 2 drawn: every public page has something
    to show (standings, a draw, results)."""
    tournament = make_tournament(owner, teams=teams)
    play_round(services.draw_next_round(tournament=tournament))
    services.draw_next_round(tournament=tournament)
    return tournament


def finish(match, *, winner="a", margin=1):
    """Play a match to its end: one-sided hands until the target is passed."""
    match.refresh_from_db()
    number = match.hand_count + 1
    while match.status != rules.Status.FINISHED:
        if match.is_quadrette:
            hand = rules.Hand.quadrette(6, 0) if winner == "a" else rules.Hand.quadrette(0, 6)
        else:
            win = min(11, 6 + margin)
            hand = rules.Hand.played(win, 11 - win) if winner == "a" else \
                rules.Hand.played(11 - win, win)
        scoring.record_hand(match=match, number=number, hand=hand)
        number += 1
        match.refresh_from_db()


def play_round(round: Round, *, seed=0, winners=None):
    """Finish every match of a round; winners by a fixed random draw (or as given)."""
    chooser = random.Random(seed + round.number)
    for table in round.tables.select_related("match").order_by("number"):
        winner = (winners or {}).get(table.number) or chooser.choice("ab")
        finish(table.match, winner=winner, margin=chooser.randint(0, 5))


def play_rounds(tournament, count: int, *, seed=0) -> list[Round]:
    rounds = []
    for _ in range(count):
        new_round = services.draw_next_round(tournament=tournament)
        play_round(new_round, seed=seed)
        rounds.append(new_round)
    return rounds
