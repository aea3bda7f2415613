"""The standings of an individual night: each player's rounds are their partnership's
results; a sit-out scores what the organizer chose. Pure Python, no database."""

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import SCALE
from tournaments.individual import (
    PlayerRecord,
    RoundRecord,
    SitOut,
    SitOutRule,
    TableResult,
    individual_standings,
)

PLAYERS = [PlayerRecord(11 * seed, f"Player {seed}", seed) for seed in range(1, 6)]
A, B, C, D, E = (player.id for player in PLAYERS)
# Round 1: A and C beat B and D 11-7, E sits out. Round 2: A and C beat E and B 11-4, D sits out.
NIGHT = [
    RoundRecord((TableResult(A, B, C, D, 11, 7, "NS"),), (E,)),
    RoundRecord((TableResult(E, A, B, C, 4, 11, "EW"),), (D,)),
]


def table(standings):
    return [
        (
            s.player_id,
            s.wins,
            s.losses,
            s.rounds_played,
            s.sat_out,
            s.points_for,
            s.points_against,
            s.difference,
            s.sit_out_points,
        )
        for s in standings
    ]


def test_a_sit_out_scores_nothing_when_the_organizer_chose_nothing():
    standings = individual_standings(PLAYERS, NIGHT, SitOutRule(SitOut.NONE))
    assert table(standings) == [
        # A and C level on wins and points: the seed.
        (A, 2, 0, 2, 0, 22, 11, 11, 0),
        (C, 2, 0, 2, 0, 22, 11, 11, 0),
        (D, 0, 1, 1, 1, 7, 11, -4, 0),
        (E, 0, 1, 1, 1, 4, 11, -7, 0),
        (B, 0, 2, 2, 0, 11, 22, -11, 0),
    ]
    assert [s.rank for s in standings] == [1, 2, 3, 4, 5]


def test_a_sit_out_adds_the_fixed_points_to_the_points_for():
    standings = individual_standings(PLAYERS, NIGHT, SitOutRule(SitOut.FIXED, points=6))
    assert table(standings) == [
        (A, 2, 0, 2, 0, 22, 11, 11, 0),
        (C, 2, 0, 2, 0, 22, 11, 11, 0),
        (D, 0, 1, 1, 1, 13, 11, 2, 6),
        (E, 0, 1, 1, 1, 10, 11, -1, 6),
        (B, 0, 2, 2, 0, 11, 22, -11, 0),
    ]
    assert all(s.sit_out_points_against == 0 for s in standings)


def test_a_sit_out_adds_the_players_own_average_for_and_against():
    standings = individual_standings(PLAYERS, NIGHT, SitOutRule(SitOut.AVERAGE))
    # D played one round, 7-11: sitting out adds 7 for, 11 against. E: 4 for, 11 against,
    # which now puts E below B.
    assert table(standings) == [
        (A, 2, 0, 2, 0, 22, 11, 11, 0),
        (C, 2, 0, 2, 0, 22, 11, 11, 0),
        (D, 0, 1, 1, 1, 14, 22, -8, 7),
        (B, 0, 2, 2, 0, 11, 22, -11, 0),
        (E, 0, 1, 1, 1, 8, 22, -14, 4),
    ]
    assert {s.player_id: s.sit_out_points_against for s in standings}[E] == 11


def test_the_average_is_rounded_to_the_nearest_point_halves_up():
    # A plays twice, 11-4 and 8-11 (19 for, 15 against: 9.5 and 7.5 a round), then sits out.
    rounds = [
        RoundRecord((TableResult(A, B, C, D, 11, 4, "NS"),), (E,)),
        RoundRecord((TableResult(B, A, E, C, 11, 8, "NS"),), (D,)),
        RoundRecord((TableResult(B, C, D, E, 11, 0, "NS"),), (A,)),
    ]
    a = next(
        s
        for s in individual_standings(PLAYERS, rounds, SitOutRule(SitOut.AVERAGE))
        if s.player_id == A
    )
    assert (a.sit_out_points, a.sit_out_points_against) == (10, 8)
    assert (a.points_for, a.points_against) == (29, 23)


def test_a_player_who_has_not_played_gets_no_average():
    rounds = [RoundRecord((TableResult(A, B, C, D, 11, 7, "NS"),), (E,))]
    standings = individual_standings(PLAYERS, rounds, SitOutRule(SitOut.AVERAGE))
    e = next(s for s in standings if s.player_id == E)
    assert (e.points_for, e.points_against, e.sit_out_points, e.sat_out) == (0, 0, 0, 1)


def test_the_organizer_may_break_ties_on_points_for_first():
    standings = individual_standings(
        PLAYERS, NIGHT, SitOutRule(SitOut.NONE), tiebreaks=["points_for", "difference"]
    )
    assert [s.player_id for s in standings] == [A, C, B, D, E]
    standings = individual_standings(PLAYERS, NIGHT, SitOutRule(SitOut.NONE), tiebreaks=[])
    assert [s.player_id for s in standings] == [A, C, B, D, E]  # wins, then seed


def test_ties_break_only_on_what_means_something_for_a_player():
    with pytest.raises(ValueError):
        individual_standings(PLAYERS, NIGHT, SitOutRule(SitOut.NONE), tiebreaks=["buchholz"])
    with pytest.raises(ValueError):
        individual_standings(PLAYERS, NIGHT, SitOutRule(SitOut.NONE), tiebreaks=["height"])


def test_withdrawn_players_stay_after_the_others_with_their_results():
    players = [PlayerRecord(p.id, p.name, p.seed, withdrawn=p.id in (A, D)) for p in PLAYERS]
    standings = individual_standings(players, NIGHT, SitOutRule(SitOut.NONE))
    assert [(s.player_id, s.withdrawn, s.wins) for s in standings] == [
        (C, False, 2),
        (E, False, 0),
        (B, False, 0),
        (A, True, 2),
        (D, True, 0),
    ]


def test_a_result_for_a_player_not_in_the_night_is_refused():
    with pytest.raises(ValueError, match="not in the night"):
        individual_standings(
            PLAYERS,
            [RoundRecord((TableResult(A, B, C, 99, 11, 0, "NS"),), ())],
            SitOutRule(SitOut.NONE),
        )
    with pytest.raises(ValueError, match="NS or EW"):
        individual_standings(
            PLAYERS,
            [RoundRecord((TableResult(A, B, C, D, 11, 0, "N"),), ())],
            SitOutRule(SitOut.NONE),
        )


# --- The standings equal a plain recount ------------------------------------------------------


@st.composite
def nights(draw):
    size = draw(st.integers(4, 12))
    players = [
        PlayerRecord(100 + number, f"P{number}", seed)
        for number, seed in enumerate(draw(st.permutations(range(1, size + 1))))
    ]
    players = [
        PlayerRecord(p.id, p.name, p.seed, withdrawn=draw(st.booleans()))
        if draw(st.integers(0, 4)) == 0
        else p
        for p in players
    ]
    rounds = []
    for _ in range(draw(st.integers(0, 8))):
        order = draw(st.permutations([p.id for p in players]))
        tables = [order[i : i + 4] for i in range(0, size - size % 4, 4)]
        results = []
        for seats in tables:
            if draw(st.integers(0, 5)) == 0:
                continue  # not finished
            winner = draw(st.sampled_from(("NS", "EW")))
            loser_score = draw(st.integers(0, 10))
            scores = (11, loser_score) if winner == "NS" else (loser_score, 11)
            results.append(TableResult(*seats, *scores, winner))
        rounds.append(RoundRecord(tuple(results), tuple(order[size - size % 4 :])))
    rule = SitOutRule(draw(st.sampled_from(list(SitOut))), draw(st.integers(0, 11)))
    tiebreaks = draw(
        st.sampled_from([None, [], ["difference"], ["points_for"], ["points_for", "difference"]])
    )
    return players, rounds, rule, tiebreaks


def recount(player, rounds, rule):
    played = wins = points_for = points_against = out = 0
    for round_ in rounds:
        out += player.id in round_.sitting_out
        for r in round_.results:
            sides = {
                "NS": ((r.north, r.south), r.score_ns, r.score_ew),
                "EW": ((r.east, r.west), r.score_ew, r.score_ns),
            }
            for side, (partners, scored, conceded) in sides.items():
                if player.id in partners:
                    played += 1
                    wins += r.winner == side
                    points_for += scored
                    points_against += conceded
    extra_for = extra_against = 0
    if rule.kind == SitOut.FIXED:
        extra_for = out * rule.points
    elif rule.kind == SitOut.AVERAGE and played:
        extra_for = out * math.floor(Fraction(points_for, played) + Fraction(1, 2))
        extra_against = out * math.floor(Fraction(points_against, played) + Fraction(1, 2))
    return {
        "wins": wins,
        "losses": played - wins,
        "rounds_played": played,
        "sat_out": out,
        "points_for": points_for + extra_for,
        "points_against": points_against + extra_against,
        "difference": points_for + extra_for - points_against - extra_against,
        "sit_out_points": extra_for,
        "sit_out_points_against": extra_against,
    }


@settings(max_examples=100 * SCALE, deadline=None)
@given(nights())
def test_the_standings_are_a_recount_of_the_results_in_order(night):
    players, rounds, rule, tiebreaks = night
    standings = individual_standings(players, rounds, rule, tiebreaks)
    assert sorted(s.player_id for s in standings) == sorted(p.id for p in players)
    assert [s.rank for s in standings] == list(range(1, len(players) + 1))
    for s in standings:
        player = next(p for p in players if p.id == s.player_id)
        assert (s.name, s.seed, s.withdrawn) == (player.name, player.seed, player.withdrawn)
        assert {key: getattr(s, key) for key in recount(player, rounds, rule)} == recount(
            player, rounds, rule
        )
    # Each player above the next: still in before withdrawn, then more wins, then the
    # tie-breaks in the organizer's order, then the better seed.
    keys = ["difference", "points_for"] if tiebreaks is None else tiebreaks

    def order(s):
        return (s.withdrawn, -s.wins, *[-getattr(s, key) for key in keys], s.seed)

    assert all(order(above) < order(below) for above, below in itertools.pairwise(standings))
