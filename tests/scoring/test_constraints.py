"""The database itself refuses every impossible hand, whatever path writes it."""

import pytest
from django.db import IntegrityError, transaction

from scoring import rules
from scoring.models import Hand, Match
from tests.factories import MatchFactory, TeamFactory

pytestmark = pytest.mark.django_db

GOOD_POINTS = {"points_a": 7, "points_b": 4}
GOOD_COUNT = {"points_a": 6, "points_b": 5, "aces_a": 2, "aces_b": 2, "counters_a": 9,
              "counters_b": 11, "last_trick": "a"}


def stores(match, **fields):
    """True when the database accepts a hand row with these fields."""
    try:
        with transaction.atomic():
            Hand.objects.create(match=match, number=fields.pop("number", 1), **fields)
    except IntegrityError:
        return False
    return True


@pytest.mark.parametrize(
    "fields",
    [
        GOOD_POINTS,
        {"points_a": 0, "points_b": 11},
        {"points_a": 3, "points_b": 8, "politaines_b": 1},
        {"points_a": 6, "points_b": 5, "politaines_a": 2},
        {"points_a": 2, "points_b": 9, "politaines_a": 1, "politaines_b": 1},
        # The least counted cards that hold one politaine, and two (RULES.md section 1).
        {"points_a": 2, "points_b": 9, "aces_a": 1, "aces_b": 3, "counters_a": 3,
         "counters_b": 17, "last_trick": "b", "politaines_a": 1},
        {"points_a": 6, "points_b": 5, "aces_a": 2, "aces_b": 2, "counters_a": 14,
         "counters_b": 6, "last_trick": "b", "politaines_a": 2},
        GOOD_COUNT,
        {**GOOD_COUNT, "politaines_a": 1, "politaines_b": 1},
        {"kind": "four_sevens", "four_sevens_team": "b"},
    ],
)
def test_possible_hands_are_stored(match, fields):
    assert stores(match, **fields)


@pytest.mark.parametrize(
    "fields",
    [
        {"tricks_a": 6, "tricks_b": 0, "points_a": 2, "points_b": 0},
        {"tricks_a": 3, "tricks_b": 3, "points_a": 1, "points_b": 1},
        {"tricks_a": 2, "tricks_b": 4, "points_a": 0, "points_b": 1},
    ],
)
def test_possible_quadrette_hands_are_stored(quadrette_match, fields):
    assert stores(quadrette_match, **fields)


@pytest.mark.parametrize(
    ("why", "fields"),
    [
        ("points add up to 10", {"points_a": 6, "points_b": 4}),
        ("points add up to 12", {"points_a": 7, "points_b": 5}),
        ("points over 11", {"points_a": 12, "points_b": -1}),
        ("one team's points missing", {"points_a": 11}),
        ("no points at all", {}),
        ("three politaines", {**GOOD_POINTS, "politaines_a": 2, "politaines_b": 1}),
        ("three politaines for one team", {**GOOD_POINTS, "politaines_a": 3}),
        ("negative politaines", {**GOOD_POINTS, "politaines_a": -1}),
        ("a politaine with no points", {"points_a": 0, "points_b": 11, "politaines_a": 1}),
        ("two politaines with 2 points", {"points_a": 2, "points_b": 9, "politaines_a": 2}),
        ("a politaine with 1 point", {"points_a": 1, "points_b": 10, "politaines_a": 1}),
        ("two politaines with 5 points", {"points_a": 5, "points_b": 6, "politaines_a": 2}),
        ("a politaine in 3 aces and counters", {"points_a": 2, "points_b": 9, "aces_a": 1,
                                                "aces_b": 3, "counters_a": 2, "counters_b": 18,
                                                "last_trick": "a", "politaines_a": 1}),
        ("two politaines in 15 aces and counters", {"points_a": 6, "points_b": 5, "aces_a": 2,
                                                    "aces_b": 2, "counters_a": 13,
                                                    "counters_b": 7, "last_trick": "b",
                                                    "politaines_a": 2}),
        ("four sevens with points", {"kind": "four_sevens", "four_sevens_team": "a",
                                     **GOOD_POINTS}),
        ("four sevens with a politaine", {"kind": "four_sevens", "four_sevens_team": "a",
                                          "politaines_a": 1}),
        ("four sevens for nobody", {"kind": "four_sevens"}),
        ("a played hand naming four sevens", {**GOOD_POINTS, "four_sevens_team": "a"}),
        ("an unknown kind", {**GOOD_POINTS, "kind": "misdeal"}),
        ("tricks add up to 5", {"tricks_a": 3, "tricks_b": 2, "points_a": 0, "points_b": 1}),
        ("tricks over 6", {"tricks_a": 7, "tricks_b": -1, "points_a": 2, "points_b": 0}),
        ("tricks with the wrong points", {"tricks_a": 4, "tricks_b": 2, "points_a": 2,
                                          "points_b": 0}),
        ("la vole scored 1", {"tricks_a": 6, "tricks_b": 0, "points_a": 1, "points_b": 0}),
        ("tricks with a politaine", {"tricks_a": 4, "tricks_b": 2, "points_a": 1,
                                     "points_b": 0, "politaines_a": 1}),
        ("aces add up to 5", {**GOOD_COUNT, "aces_a": 3}),
        ("counters add up to 19", {**GOOD_COUNT, "counters_b": 10, "points_b": 5}),
        ("no last trick", {**GOOD_COUNT, "last_trick": None}),
        ("count disagrees with points", {**GOOD_COUNT, "points_a": 7, "points_b": 4}),
        ("half a count", {**GOOD_POINTS, "aces_a": 2}),
        ("politaine without its ace", {"points_a": 3, "points_b": 8, "aces_a": 0, "aces_b": 4,
                                       "counters_a": 6, "counters_b": 14, "last_trick": "a",
                                       "politaines_a": 1}),
        ("hand number 0", {**GOOD_POINTS, "number": 0}),
    ],
)
def test_impossible_hands_are_refused_by_the_database(match, quadrette_match, why, fields):
    # Tricks belong to a Quadrette match: the CHECK, not the game trigger, must refuse them.
    assert not stores(quadrette_match if "tricks_a" in fields else match, **fields), why


POLITAINE_SPLITS = [(a, b) for a in range(3) for b in range(3) if a + b <= 2]


def test_the_database_takes_exactly_the_politaines_the_rules_take(match):
    """Every split of card points with every politaines: the CHECK mirrors the floors."""
    for points in range(12):
        for made_a, made_b in POLITAINE_SPLITS:
            hand = rules.Hand.played(points, 11 - points, made_a, made_b)
            expected = rules.validate_hand("politaine", hand) == []
            assert stores(match, points_a=points, points_b=11 - points, politaines_a=made_a,
                          politaines_b=made_b) == expected, (points, made_a, made_b)
            Hand.objects.filter(match=match).delete()


def test_the_database_takes_exactly_the_counted_politaines_the_rules_take(match):
    """Team A's counted cards, from none to all, with its politaines (team B has none)."""
    for aces in range(5):
        for counters in range(21):
            for made in range(3):
                count = (rules.CardCount(aces, counters, True),
                         rules.CardCount(4 - aces, 20 - counters, False))
                hand = rules.Hand.counted(*count, made, 0)
                expected = rules.validate_hand("politaine", hand) == []
                a, b = rules.points_from_count(rules.Pair(*count))
                assert stores(match, points_a=a, points_b=b, aces_a=aces, aces_b=4 - aces,
                              counters_a=counters, counters_b=20 - counters, last_trick="a",
                              politaines_a=made) == expected, (aces, counters, made)
                Hand.objects.filter(match=match).delete()


def test_a_hand_number_is_stored_once_per_match(match):
    assert stores(match, number=1, **GOOD_POINTS)
    assert not stores(match, number=1, **GOOD_POINTS)
    assert stores(MatchFactory(), number=1, **GOOD_POINTS)


def creates_match(**fields):
    try:
        with transaction.atomic():
            MatchFactory(**fields)
    except IntegrityError:
        return False
    return True


@pytest.mark.parametrize(
    ("fields", "ok"),
    [
        ({"variant": "politaine", "target": 11}, True),
        ({"variant": "poule", "target": 999}, True),
        ({"variant": "quadrette", "target": 1}, True),
        ({"variant": "politaine", "target": 10}, False),
        ({"variant": "politaine", "target": 1000}, False),
        ({"variant": "quadrette", "target": 100}, False),
        ({"variant": "belote", "target": 33}, False),
        ({"first_dealer": "X"}, False),
        ({"status": "finished"}, False),
        ({"status": "finished", "winner": "a", "finish_reason": "target", "score_a": 33},
         True),
        ({"winner": "a"}, False),
        ({"variant": "quadrette", "target": 7, "status": "finished", "winner": "a",
          "finish_reason": "four_sevens"}, False),
    ],
)
def test_match_constraints(fields, ok):
    assert creates_match(**fields) is ok


def test_a_team_cannot_play_itself():
    team = TeamFactory()
    assert not creates_match(team_a=team, team_b=team)
    assert Match.objects.count() == 0


def test_a_hand_must_fit_its_matchs_game(match, quadrette_match):
    assert not stores(match, tricks_a=6, tricks_b=0, points_a=2, points_b=0)
    assert not stores(quadrette_match, points_a=7, points_b=4)
    assert not stores(quadrette_match, kind="four_sevens", four_sevens_team="a")
    assert stores(quadrette_match, tricks_a=6, tricks_b=0, points_a=2, points_b=0)
    assert stores(match, **GOOD_POINTS)


def test_hand_numbers_follow_each_other(match):
    assert stores(match, number=1, **GOOD_POINTS)
    assert not stores(match, number=3, **GOOD_POINTS)
    assert stores(match, number=2, **GOOD_POINTS)


def test_a_match_with_hands_keeps_its_games_family(match):
    assert stores(match, number=1, **GOOD_POINTS)
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.filter(pk=match.pk).update(variant="quadrette", target=7)
    Match.objects.filter(pk=match.pk).update(variant="poule", target=200)  # same family


@pytest.mark.parametrize(
    "fields",
    [
        {"score_a": 50, "score_b": 0},  # in progress but past the target and ahead
        {"status": "finished", "winner": "a", "finish_reason": "target", "score_a": 0,
         "score_b": 50},  # the winner is behind
        {"status": "finished", "winner": "a", "finish_reason": "target", "score_a": 5,
         "score_b": 0},  # won on a target nobody reached
        {"status": "finished", "winner": "a", "finish_reason": "time", "score_a": 9,
         "score_b": 4},  # won on time that was never called
        {"status": "finished", "winner": "b", "finish_reason": "time", "score_a": 9,
         "score_b": 4, "time_called_after": 2},  # won on time by the team behind
    ],
)
def test_the_cached_state_of_a_match_agrees_with_itself(fields):
    assert not creates_match(**fields)


def test_a_level_score_past_the_target_is_a_match_in_progress():
    assert creates_match(score_a=33, score_b=33)
    assert creates_match(status="finished", winner="b", finish_reason="four_sevens",
                         score_a=30, score_b=0)
    assert creates_match(status="finished", winner="a", finish_reason="time", score_a=9,
                         score_b=4, time_called_after=2)


def test_a_forfeit_is_won_by_the_team_that_stayed():
    assert creates_match(status="finished", winner="b", finish_reason="forfeit",
                         forfeited_by="a", score_a=9, score_b=4)
    assert not creates_match(status="finished", winner="a", finish_reason="forfeit",
                             forfeited_by="a")
    assert not creates_match(status="finished", winner="a", finish_reason="forfeit")
