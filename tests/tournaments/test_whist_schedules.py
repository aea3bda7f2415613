"""The whist tournaments an individual night follows while nobody arrives or leaves
(tournaments/data/whist_schedules.json, made by scripts/make_whist_schedules.py)."""

import importlib.util
import itertools
import json
import tomllib
from collections import Counter
from fnmatch import fnmatch
from pathlib import Path

import pytest

from tests.conftest import LONG
from tournaments.individual import PastRound, draw_individual_round, whist_schedule, whist_sizes

ROOT = Path(__file__).resolve().parents[2]
SIZES = (8, 9, 12, 13, 16, 17, 20)


def pair(one, other):
    return frozenset((one, other))


def shape(tables, sitting_out):
    """Who partners whom against whom, and who sits out: a round, its seats left out."""
    return (
        frozenset(frozenset((pair(t.north, t.south), pair(t.east, t.west))) for t in tables),
        frozenset(sitting_out),
    )


def test_schedules_are_shipped_for_the_fields_that_have_one():
    assert whist_sizes() == set(SIZES)
    with pytest.raises(ValueError, match="No whist schedule for 10 players"):
        whist_schedule(10)


@pytest.mark.parametrize("n", SIZES)
def test_every_two_players_partner_once_and_oppose_twice(n):
    rounds = whist_schedule(n)
    assert len(rounds) == (n - 1 if n % 4 == 0 else n)
    partners, opponents, sat_out = Counter(), Counter(), Counter()
    for round_ in rounds:
        seated = [player for table in round_.tables for player in table.players]
        assert sorted(seated + list(round_.sitting_out)) == list(range(n))
        assert len(round_.sitting_out) == n % 4
        sat_out.update(round_.sitting_out)
        for t in round_.tables:
            partners.update([pair(t.north, t.south), pair(t.east, t.west)])
            opponents.update(
                pair(one, other) for one in (t.north, t.south) for other in (t.east, t.west)
            )
    everyone = [pair(*couple) for couple in itertools.combinations(range(n), 2)]
    assert set(partners) == set(everyone) and set(partners.values()) == {1}
    assert set(opponents) == set(everyone) and set(opponents.values()) == {2}
    if n % 4 == 1:
        assert sat_out == Counter(range(n))  # each exactly once


@pytest.mark.parametrize("n", SIZES)
def test_a_night_without_arrivals_or_departures_plays_the_whist_tournament(n):
    present = [1000 + 7 * number for number in range(n)]  # in seed order
    schedule = whist_schedule(n)
    past = []
    for scheduled in schedule:
        draw = draw_individual_round(present, past)
        assert draw.from_schedule
        assert shape(draw.tables, draw.sitting_out) == shape(
            [_in_ids(table, present) for table in scheduled.tables],
            [present[i] for i in scheduled.sitting_out],
        )
        past.append(PastRound(tuple(draw.tables), tuple(draw.sitting_out)))
    # Past its end, the local search.
    assert not draw_individual_round(present, past).from_schedule


def _in_ids(table, present):
    return type(table)(*(present[i] for i in table.players), first_dealer=table.first_dealer)


def test_an_arrival_or_a_departure_leaves_the_schedule_for_the_rest_of_the_night():
    present = list(range(1, 13))
    past = []
    for _ in range(2):
        draw = draw_individual_round(present, past)
        assert draw.from_schedule
        past.append(PastRound(tuple(draw.tables), tuple(draw.sitting_out)))
    assert not draw_individual_round([*present, 13], past).from_schedule  # 13 are no whist
    after_departure = [p for p in present if p != 5]
    assert not draw_individual_round([*after_departure, 13], past).from_schedule
    # Twelve again, but not the same twelve in every round so far: the search goes on.
    draw = draw_individual_round([*after_departure, 13], past)
    past.append(PastRound(tuple(draw.tables), tuple(draw.sitting_out)))
    assert not draw_individual_round([*after_departure, 13], past).from_schedule


def test_the_schedules_are_packaged_with_the_app():
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert "tournaments*" in setuptools["packages"]["find"]["include"]
    patterns = setuptools["package-data"]["tournaments"]
    assert any(fnmatch("data/whist_schedules.json", pattern) for pattern in patterns)


# The script finds the small schedules in a moment, the big ones in about a minute (make
# test-long checks those).
QUICK_SIZES = (8, 9, 12, 13)


@pytest.mark.parametrize("n", [n for n in (8, 9, 12, 13, 16, 17, 20)
                               if LONG or n in QUICK_SIZES])
def test_the_script_makes_the_schedules_shipped(n):
    path = ROOT / "scripts" / "make_whist_schedules.py"
    spec = importlib.util.spec_from_file_location("make_whist_schedules", path)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    shipped = json.loads((ROOT / "tournaments" / "data" / "whist_schedules.json").read_text())
    assert json.loads(json.dumps(script.whist_tournament(n))) == shipped["schedules"][str(n)]
