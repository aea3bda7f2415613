"""Standings: what a team has won, and how ties are broken. Pure Python, no database."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.metrics import TIEBREAKS, default_tiebreaks
from tournaments.standings import Result, TeamRecord, compute_standings


def teams(*ids, withdrawn=()):
    """Teams seeded in the order given."""
    return [TeamRecord(i, f"Team {i}", seed, i in withdrawn) for seed, i in enumerate(ids, 1)]


def won(winner, loser, score_winner=33, score_loser=20):
    return Result(winner, loser, score_winner, score_loser, winner)


def order(standings):
    return [s.team_id for s in standings]


def by_id(standings):
    return {s.team_id: s for s in standings}


# --- What a team has won ---------------------------------------------------------------


def test_a_team_counts_its_matches_points_and_byes():
    results = [won(1, 2, 33, 20), Result(1, 3, 30, 33, winner=3)]
    table = by_id(compute_standings(teams(1, 2, 3), results, byes=[2]))

    one, three = table[1], table[3]
    assert (one.played, one.wins, one.losses, one.byes) == (2, 1, 1, 0)
    assert (one.points_for, one.points_against, one.difference) == (63, 53, 10)
    assert (three.played, three.wins, three.losses) == (1, 1, 0)
    assert (three.points_for, three.points_against, three.difference) == (33, 30, 3)


def test_a_bye_is_a_win_without_points_and_not_a_match_played():
    table = by_id(compute_standings(teams(1, 2, 3), [won(1, 2, 33, 20)], byes=[2, 3]))

    assert (table[2].played, table[2].wins, table[2].losses, table[2].byes) == (1, 1, 1, 1)
    assert (table[2].points_for, table[2].points_against) == (20, 33)
    assert (table[3].played, table[3].wins, table[3].byes) == (0, 1, 1)
    assert (table[3].points_for, table[3].points_against, table[3].difference) == (0, 0, 0)


def test_buchholz_adds_up_the_current_wins_of_every_opponent_met():
    # 1 beat 2 and 3; 2 beat 4; 3 had a bye; 4 beat 5; 1 and 4 met twice.
    results = [won(1, 2), won(1, 3), won(2, 4), won(4, 5), won(1, 4), won(4, 1)]
    table = by_id(compute_standings(teams(1, 2, 3, 4, 5), results, byes=[3]))
    wins = {team_id: s.wins for team_id, s in table.items()}
    assert wins == {1: 3, 2: 1, 3: 1, 4: 2, 5: 0}

    # The bye counts for 3's wins (so for 1's Buchholz) but gives 3 no opponent.
    assert table[1].buchholz == wins[2] + wins[3] + wins[4] + wins[4]  # 1 + 1 + 2 + 2 = 6
    assert table[2].buchholz == wins[1] + wins[4] == 5
    assert table[3].buchholz == wins[1] == 3
    assert table[4].buchholz == wins[2] + wins[5] + wins[1] + wins[1] == 7
    assert table[5].buchholz == wins[4] == 2


# --- The order ---------------------------------------------------------------------------


def test_wins_come_before_every_tie_break():
    # 2 scored more and lost less, but 1 has the extra win (its bye).
    results = [Result(1, 3, 33, 32, winner=1), won(2, 3, 99, 0)]
    assert order(compute_standings(teams(1, 2, 3), results, byes=[1])) == [1, 2, 3]


def test_swiss_ties_go_to_buchholz_first():
    # 1, 2 and 3 have a win each; 1 and 3 met, and 3's other win is a bye, so they have
    # the better opposition although 2 has by far the best difference.
    results = [Result(1, 3, 33, 32, winner=1), Result(2, 4, 33, 0, winner=2)]
    standings = compute_standings(teams(1, 2, 3, 4), results, byes=[3],
                                  tiebreaks=default_tiebreaks("swiss"))
    assert [(s.team_id, s.wins, s.buchholz, s.difference) for s in standings] == [
        (1, 1, 1, 1),
        (3, 1, 1, -1),
        (2, 1, 0, 33),
        (4, 0, 1, -33),
    ]


def test_the_organizer_may_put_difference_before_buchholz():
    results = [Result(1, 3, 33, 32, winner=1), Result(2, 4, 33, 0, winner=2)]
    field = teams(1, 2, 3, 4)

    assert order(compute_standings(field, results, byes=[3])) == [1, 3, 2, 4]
    reordered = compute_standings(field, results, [3], ("difference", "buchholz", "points_for"))
    assert order(reordered) == [2, 1, 3, 4]


def test_difference_comes_before_points_for():
    # 1 won 33-10, 2 won 40-35: 1 has the better difference, 2 scored more.
    results = [won(1, 4, 33, 10), won(2, 3, 40, 35)]
    assert order(compute_standings(teams(1, 2, 3, 4), results, [])) == [1, 2, 3, 4]
    assert order(compute_standings(teams(1, 2, 3, 4), results, [], ("points_for",))) == [
        2, 1, 3, 4
    ]


def test_points_for_comes_before_the_seed():
    # Both winners by 3 against teams with no win: only the points scored tell them apart.
    results = [won(1, 4, 20, 17), won(2, 3, 33, 30)]
    assert order(compute_standings(teams(1, 2, 3, 4), results, [])) == [2, 1, 3, 4]


def test_the_seed_breaks_whatever_is_left():
    field = [TeamRecord(10, "Ten", seed=3), TeamRecord(20, "Twenty", seed=1),
             TeamRecord(30, "Thirty", seed=2)]
    standings = compute_standings(field, [], [])
    assert order(standings) == [20, 30, 10]
    assert [s.rank for s in standings] == [1, 2, 3]


def test_ranks_run_from_one_in_the_sorted_order():
    standings = compute_standings(teams(1, 2, 3, 4), [won(3, 1), won(4, 2)], [])
    assert [s.rank for s in standings] == [1, 2, 3, 4]
    assert order(standings) == [3, 4, 1, 2]


def test_default_tiebreaks_by_format():
    assert default_tiebreaks("swiss") == ("buchholz", "difference", "points_for")
    assert default_tiebreaks("swiss_knockout") == ("buchholz", "difference", "points_for")
    assert default_tiebreaks("round_robin") == ("difference", "points_for")
    assert default_tiebreaks("knockout") == ("difference", "points_for")
    with pytest.raises(ValueError):
        default_tiebreaks("ladder")


def test_no_tiebreaks_given_means_all_three_in_the_swiss_order():
    results = [Result(1, 3, 33, 32, winner=1), Result(2, 4, 33, 0, winner=2)]
    field = teams(1, 2, 3, 4)
    assert compute_standings(field, results, [3]) == compute_standings(
        field, results, [3], ("buchholz", "difference", "points_for")
    )


def test_an_unknown_tiebreak_is_refused():
    with pytest.raises(ValueError, match="head_to_head"):
        compute_standings(teams(1, 2), [], [], ("difference", "head_to_head"))


def test_a_result_for_a_team_outside_the_tournament_is_refused():
    with pytest.raises(ValueError):
        compute_standings(teams(1, 2), [won(1, 9)], [])
    with pytest.raises(ValueError):
        compute_standings(teams(1, 2), [], [9])


def test_withdrawn_teams_stay_with_their_results_after_the_teams_still_in():
    results = [won(1, 2), won(3, 1), won(3, 2)]
    standings = compute_standings(teams(1, 2, 3, withdrawn={3}), results, [])

    # 3 won twice, but withdrew: listed last, marked, its results kept.
    assert order(standings) == [1, 2, 3]
    assert standings[-1].withdrawn and standings[-1].wins == 2 and standings[-1].rank == 3
    assert by_id(standings)[1].buchholz == 0 + 2  # the withdrawn team still counts


# --- Properties over any results ------------------------------------------------------------


@st.composite
def tournaments_so_far(draw):
    size = draw(st.integers(1, 12))
    field = teams(*range(1, size + 1))
    results = []
    if size >= 2:
        for _ in range(draw(st.integers(0, 30))):
            a, b = draw(st.lists(st.integers(1, size), min_size=2, max_size=2, unique=True))
            score_a, score_b = draw(st.integers(0, 60)), draw(st.integers(0, 60))
            results.append(Result(a, b, score_a, score_b, draw(st.sampled_from((a, b)))))
    byes = draw(st.lists(st.integers(1, size), max_size=5))
    tiebreaks = draw(st.permutations(TIEBREAKS))
    return field, results, byes, tiebreaks


@given(tournaments_so_far())
def test_the_standings_add_up(tournament):
    field, results, byes, tiebreaks = tournament
    standings = compute_standings(field, results, byes, tiebreaks)

    assert sorted(order(standings)) == [t.id for t in field]
    assert [s.rank for s in standings] == list(range(1, len(field) + 1))
    assert sum(s.wins for s in standings) == len(results) + len(byes)
    assert sum(s.losses for s in standings) == len(results)
    assert sum(s.played for s in standings) == 2 * len(results)
    assert sum(s.points_for for s in standings) == sum(s.points_against for s in standings)
    for s in standings:
        assert s.wins + s.losses == s.played + s.byes
        assert s.difference == s.points_for - s.points_against
    keys = [(-s.wins, *(-getattr(s, name) for name in tiebreaks), s.seed) for s in standings]
    assert keys == sorted(keys)


@given(tournaments_so_far(), st.data())
def test_each_line_is_that_teams_own_results_in_the_organizers_order(tournament, data):
    """Every line against a count made team by team, the slow way, with withdrawals and
    seeds in any order: the fast count may not mix up two teams."""
    field, results, byes, tiebreaks = tournament
    seeds = data.draw(st.permutations(range(1, len(field) + 1)))
    out = data.draw(st.sets(st.sampled_from([t.id for t in field])))
    field = [TeamRecord(t.id, t.name, seed, t.id in out)
             for t, seed in zip(field, seeds, strict=True)]
    standings = compute_standings(field, results, byes, tiebreaks)

    def wins(team):
        return sum(r.winner == team for r in results) + byes.count(team)

    expected = {}
    for team in field:
        mine = [r for r in results if team.id in (r.team_a, r.team_b)]
        scored = sum(r.score_a if r.team_a == team.id else r.score_b for r in mine)
        conceded = sum(r.score_b if r.team_a == team.id else r.score_a for r in mine)
        met = [r.team_b if r.team_a == team.id else r.team_a for r in mine]
        expected[team.id] = {
            "played": len(mine), "wins": wins(team.id), "byes": byes.count(team.id),
            "losses": sum(r.winner != team.id for r in mine),
            "points_for": scored, "points_against": conceded, "difference": scored - conceded,
            "buchholz": sum(wins(opponent) for opponent in met),
            "name": team.name, "seed": team.seed, "withdrawn": team.withdrawn,
        }
    for s in standings:
        assert {key: getattr(s, key) for key in expected[s.team_id]} == expected[s.team_id]
    keys = [(s.withdrawn, -s.wins, *(-getattr(s, name) for name in tiebreaks), s.seed)
            for s in standings]
    assert keys == sorted(keys)
    assert [s.rank for s in standings] == list(range(1, len(field) + 1))
