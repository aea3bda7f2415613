"""The rounds of an individual night: who sat where, who sat out, and what the rounds so far
add up to for the next draw. Plain Python.

A table seats four: North and South are partners against East and West.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass

TABLE = 4  # players at a table: North and South against East and West
SEATS = ("N", "E", "S", "W")

Pair = frozenset[int]


def pair(one: int, other: int) -> Pair:
    return frozenset((one, other))


@dataclass(frozen=True)
class Seating:
    """One table of a round."""

    north: int
    east: int
    south: int
    west: int
    first_dealer: str  # one of SEATS

    def __post_init__(self):
        if self.first_dealer not in SEATS:
            raise ValueError(f"A first dealer sits at one of {SEATS}, not {self.first_dealer!r}")

    @property
    def players(self) -> tuple[int, int, int, int]:
        """In the order of SEATS."""
        return self.north, self.east, self.south, self.west

    @property
    def dealer(self) -> int:
        return self.players[SEATS.index(self.first_dealer)]


@dataclass(frozen=True)
class PastRound:
    tables: tuple[Seating, ...]
    sitting_out: tuple[int, ...]


Table = tuple[int, int, int, int]  # north, east, south, west, before the seats are chosen


def partnerships(table: Table) -> tuple[Pair, Pair]:
    north, east, south, west = table
    return pair(north, south), pair(east, west)


def opponent_pairs(table: Table) -> tuple[Pair, ...]:
    north, east, south, west = table
    return tuple(pair(one, other) for one in (north, south) for other in (east, west))


class History:
    """What a night's rounds so far add up to: how often each two players were partners and
    opponents, how often each player sat out and sat at each seat, and dealt first.

    With `present`, a round a player missed (not yet come, or gone and back) counts as a
    round sat out for the turn of sitting out: a late arrival plays the round they come for
    before anyone who has played every round sits out (their score counts no such round)."""

    def __init__(self, past: Sequence[PastRound], present: Iterable[int] = ()):
        self.partners: Counter[Pair] = Counter()
        self.opponents: Counter[Pair] = Counter()
        self.sat_out: Counter[int] = Counter()
        self.seats: defaultdict[int, Counter[str]] = defaultdict(Counter)
        self.deals: Counter[int] = Counter()
        for round_ in past:
            self.sat_out.update(round_.sitting_out)
            for seating in round_.tables:
                table = seating.players
                self.partners.update(partnerships(table))
                self.opponents.update(opponent_pairs(table))
                for seat, player in zip(SEATS, table, strict=True):
                    self.seats[player][seat] += 1
                self.deals[seating.dealer] += 1
        self.last_out: frozenset[int] = frozenset(past[-1].sitting_out if past else ())
        there = Counter(player for round_ in past for player in (
            *round_.sitting_out, *(p for seating in round_.tables for p in seating.players)))
        for player in present:
            if missed := len(past) - there[player]:
                self.sat_out[player] += missed

    def partnered_among(self, players: Iterable[int]) -> set[Pair]:
        """The pairs of `players` already partnered once or more."""
        here = set(players)
        return {couple for couple in self.partners if couple <= here}


def sitting_out_next(
    players: Sequence[int],
    sat_out: Mapping[int, int],
    last_out: Set[int],
    count: int,
    rng: random.Random,
) -> list[int]:
    """The `count` players who sit out the next round.

    Sitting out goes round: those who sat out least so far sit out first, so nobody sits
    out a k-th time before every player present has sat out k - 1 times. Among players
    equal on that, those who did not sit out last round come first (nobody sits out twice
    in a row while a turn allows otherwise), then chance.
    """
    order = sorted(
        players, key=lambda player: (sat_out.get(player, 0), player in last_out, rng.random())
    )
    return order[:count]
