"""Club ratings, as plain Python over plain data: OpenSkill's Plackett-Luce model.

Why Plackett-Luce: it rates teams of any size from a finishing order, the pair is the unit
that wins or loses here, and it is OpenSkill's default and best tested model. A match won by
team A ranks A first; both partners move by the same amount. The shown rating is
conservative, mu - 3 sigma: a player's skill is at least this with high confidence, so a
newcomer starts at 0 and climbs as matches make the estimate surer.

The ratings are a function of the sequence of rated matches alone: replaying the same
sequence from the same starting ratings gives the same floats, which is what lets the live
path (one match at a time) and the recomputation (all at once) agree exactly.
"""

from __future__ import annotations

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


def shown(mu: float, sigma: float) -> float:
    """The rating a player sees: mu - 3 sigma."""
    return mu - 3 * sigma


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
