"""Club ratings, as plain Python over plain data: OpenSkill's Plackett-Luce model.

Why Plackett-Luce: it rates teams of any size from a finishing order, the pair is the unit
that wins or loses here, and it is OpenSkill's default and best tested model. A match won by
team A ranks A first; both partners move by the same amount. The shown rating is
conservative, mu - 3 sigma: a player's skill is at least this with high confidence, so a
newcomer starts at 0 and climbs as matches make the estimate surer. The ladder shows it on
a scale a club reads at a glance (`shown`): 1000 for a newcomer, never negative.

The ratings are a function of the sequence of rated matches alone: replaying the same
sequence from the same starting ratings gives the same floats, which is what lets the live
path (one match at a time) and the recomputation (all at once) agree exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
START = (MODEL.mu, MODEL.sigma)


@dataclass(frozen=True)
class RatedMatch:
    match_id: int
    rated_at: datetime
    pair_a: tuple[int, int]
    pair_b: tuple[int, int]
    winner: str  # "a" or "b" (scoring.rules.Team)

    @property
    def key(self) -> tuple[datetime, int]:
        return (self.rated_at, self.match_id)


@dataclass(frozen=True)
class Change:
    match_id: int
    rated_at: datetime
    member: int
    before: tuple[float, float]
    after: tuple[float, float]


# The ladder's scale: a newcomer's 1000, and 20 points for each point of the cautious
# estimate above zero; below zero the points shrink smoothly (1000 * e^(x/50), the same slope
# at zero), so the shown rating is never negative and keeps the order of mu - 3 sigma.
LADDER_START = 1000.0
LADDER_STEP = 20.0
# A player rated after fewer matches than this is marked provisional.
PROVISIONAL_BELOW = 5


def cautious(mu: float, sigma: float) -> float:
    """The skill a player has at least, with high confidence: mu - 3 sigma."""
    return mu - 3 * sigma


def shown(mu: float, sigma: float) -> float:
    """The rating a player sees: mu - 3 sigma on the ladder's scale, never negative."""
    x = cautious(mu, sigma)
    if x >= 0:
        return LADDER_START + LADDER_STEP * x
    return LADDER_START * math.exp(x * LADDER_STEP / LADDER_START)


def is_provisional(rated_matches: int) -> bool:
    return rated_matches < PROVISIONAL_BELOW


def rate(start: dict[int, tuple[float, float]], matches: list[RatedMatch]
         ) -> tuple[list[Change], dict[int, tuple[float, float]]]:
    """Rate `matches` in order from the ratings in `start` (a player not in it starts at
    OpenSkill's defaults). Return every change and the ratings after the last match."""
    ratings = dict(start)
    changes = []
    for match in sorted(matches, key=lambda m: m.key):
        teams = [[MODEL.rating(*ratings.get(m, START)) for m in pair]
                 for pair in (match.pair_a, match.pair_b)]
        ranks = [0, 1] if match.winner == "a" else [1, 0]
        rated = MODEL.rate(teams, ranks=ranks)
        for pair, old_team, new_team in zip((match.pair_a, match.pair_b), teams, rated,
                                            strict=True):
            for member, old, new in zip(pair, old_team, new_team, strict=True):
                ratings[member] = (new.mu, new.sigma)
                changes.append(Change(match.match_id, match.rated_at, member,
                                      (old.mu, old.sigma), (new.mu, new.sigma)))
    return changes, ratings
