"""Building clubs for tests: a club, its matches played through the services."""

from clubs import services
from scoring import rules
from scoring import services as scoring
from scoring.services import NewTeam


def club_match(club, owner, pair_a, pair_b, hands=(), *, target=11, redeals=0,
               variant="politaine"):
    """A club match between two pairs of names, its hands (rules.Hand) recorded in order."""
    match = services.start_match(club=club, owner=owner, variant=variant, target=target,
                                 team_a=NewTeam(" & ".join(pair_a), tuple(pair_a)),
                                 team_b=NewTeam(" & ".join(pair_b), tuple(pair_b)))
    for _ in range(redeals):
        scoring.note_redeal(match=match)
    for number, hand in enumerate(hands, start=1):
        scoring.record_hand(match=match, number=number, hand=hand)
    match.refresh_from_db()
    return match


def win(side="a"):
    """One hand that ends a match of target 11 at once, for `side`."""
    return rules.Hand.played(11, 0) if side == "a" else rules.Hand.played(0, 11)
