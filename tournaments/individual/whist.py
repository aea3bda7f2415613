"""The whist tournaments an individual night follows when it can. Plain Python.

In a whist tournament Wh(n) every two of the n players are partners exactly once and
opponents exactly twice: n - 1 rounds when n ≡ 0 (mod 4), n rounds with one player sitting
out each when n ≡ 1. They are made ahead, for n from 8 to 20, by
scripts/make_whist_schedules.py, and shipped in tournaments/data/whist_schedules.json.

A night follows one while nobody arrives or leaves: the i-th player in seed order is the
schedule's player i, and each round is the schedule's next one, until its last.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from importlib import resources

from tournaments.individual.rounds import PastRound, Seating, Table, pair

Round = tuple[tuple[Table, ...], tuple[int, ...]]  # tables, sitting out


@functools.cache
def _schedules() -> dict[int, tuple[Round, ...]]:
    text = resources.files("tournaments").joinpath("data/whist_schedules.json").read_text()
    return {
        int(size): tuple(
            (tuple(tuple(table) for table in round_["tables"]), tuple(round_["sitting_out"]))
            for round_ in rounds
        )
        for size, rounds in json.loads(text)["schedules"].items()
    }


def whist_sizes() -> frozenset[int]:
    """The numbers of players with a shipped schedule."""
    return frozenset(_schedules())


def whist_schedule(n: int) -> list[PastRound]:
    """Every round of Wh(n), players numbered 0 to n - 1 (the first dealer is North's: the
    draw seats each round's players and chooses the dealers). ValueError when no schedule
    is shipped for n players."""
    if n not in _schedules():
        sizes = ", ".join(map(str, sorted(_schedules())))
        raise ValueError(f"No whist schedule for {n} players (there are for {sizes})")
    return [
        PastRound(tuple(Seating(*table, first_dealer="N") for table in tables), sitting_out)
        for tables, sitting_out in _schedules()[n]
    ]


def scheduled_round(present: Sequence[int], past: Sequence[PastRound]) -> Round | None:
    """The next round of the schedule for `present` (in seed order), in their ids, when every
    round so far was that schedule's round with exactly these players, seats aside; None
    when the night does not follow it, or has played all of it."""
    schedule = _schedules().get(len(present))
    if schedule is None or len(past) >= len(schedule):
        return None
    rounds = [_in_ids(round_, present) for round_ in schedule[: len(past) + 1]]
    for played, scheduled in zip(past, rounds, strict=False):
        tables = tuple(seating.players for seating in played.tables)
        if _shape((tables, played.sitting_out)) != _shape(scheduled):
            return None
    return rounds[-1]


def _in_ids(round_: Round, present: Sequence[int]) -> Round:
    tables, sitting_out = round_
    return (
        tuple(tuple(present[i] for i in table) for table in tables),
        tuple(present[i] for i in sitting_out),
    )


def _shape(round_: Round) -> tuple[frozenset, frozenset[int]]:
    """Who partners whom against whom, and who sits out: a round with its seats left out."""
    tables, sitting_out = round_
    return (
        frozenset(
            frozenset((pair(north, south), pair(east, west))) for north, east, south, west in tables
        ),
        frozenset(sitting_out),
    )
