"""The draw of each round: round robin, Swiss rounds and knockout. Pure Python, no database."""

import itertools
import random
import time
from collections import Counter

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.draw import (
    Draw,
    DrawError,
    Pairing,
    Slot,
    bracket_order,
    draw_round_robin,
    draw_swiss,
    knockout_first_round,
    knockout_next_round,
    knockout_rounds,
    round_robin_rounds,
    round_robin_schedule,
    slots_to_draw,
)
from tournaments.standings import Result, TeamRecord, compute_standings, default_tiebreaks

fields = st.lists(st.integers(1, 10_000), min_size=2, max_size=20, unique=True)


def teams_in(draw):
    return [team for p in draw.pairings for team in (p.team_a, p.team_b)] + draw.byes


def pair(a, b):
    return frozenset((a, b))


# --- DrawError ---------------------------------------------------------------------------


def test_a_draw_error_has_a_code_a_template_and_its_parameters():
    with pytest.raises(DrawError) as refused:
        draw_round_robin([1, 2, 3, 4], 4)
    error = refused.value
    assert error.code == "no_round_left"
    assert "%(rounds)s" in error.message
    assert error.params == {"round": 4, "teams": 4, "rounds": 3}
    assert str(error) == error.render() == error.message % error.params
    assert error.render(lambda text: "Pas de ronde %(round)s.") == "Pas de ronde 4."


@pytest.mark.parametrize("call", [
    lambda: round_robin_rounds(1),
    lambda: draw_round_robin([7], 1),
    lambda: draw_swiss([7], {7: 0}, set(), set()),
    lambda: knockout_rounds(1),
    lambda: knockout_first_round([]),
])
def test_a_draw_needs_two_teams(call):
    with pytest.raises(DrawError) as refused:
        call()
    assert refused.value.code == "too_few_teams"


# --- Round robin -------------------------------------------------------------------------


@pytest.mark.parametrize(("teams", "rounds"), [(2, 1), (3, 3), (4, 3), (5, 5), (10, 9), (11, 11)])
def test_round_robin_rounds(teams, rounds):
    assert round_robin_rounds(teams) == rounds
    assert len(round_robin_schedule(range(1, teams + 1))) == rounds


def test_the_first_round_is_top_against_bottom():
    assert draw_round_robin([11, 12, 13, 14], 1) == Draw(
        [Pairing(11, 14), Pairing(12, 13)], []
    )
    assert round_robin_schedule([1, 2, 3])[0] == [(1, None), (2, 3)]


@given(fields)
def test_in_a_round_robin_everyone_meets_everyone_once(field):
    seed = {team: number for number, team in enumerate(field)}
    met = Counter()
    byes = Counter()
    for number in range(1, round_robin_rounds(len(field)) + 1):
        draw = draw_round_robin(field, number)
        assert sorted(teams_in(draw)) == sorted(field)  # everyone, once, every round
        assert len(draw.byes) == len(field) % 2
        for p in draw.pairings:
            assert seed[p.team_a] < seed[p.team_b]
            met[pair(p.team_a, p.team_b)] += 1
        assert [seed[p.team_a] for p in draw.pairings] == sorted(
            seed[p.team_a] for p in draw.pairings
        )
        byes.update(draw.byes)
    assert set(met) == {pair(a, b) for a, b in itertools.combinations(field, 2)}
    assert set(met.values()) == {1}
    assert byes == (Counter(field) if len(field) % 2 else Counter())


def test_the_opponent_of_a_withdrawn_team_scores_a_bye():
    # Round 1 is 1 v 4, 2 v 3; 4 has withdrawn.
    assert draw_round_robin([1, 2, 3, 4], 1, withdrawn={4}) == Draw([Pairing(2, 3)], [1])
    byes = Counter()
    for number in range(1, 4):
        draw = draw_round_robin([1, 2, 3, 4], number, withdrawn={4})
        assert 4 not in teams_in(draw)
        byes.update(draw.byes)
    assert byes == Counter({1: 1, 2: 1, 3: 1})


@given(fields, st.data())
def test_withdrawn_teams_are_never_drawn_and_their_opponents_sit_out(field, data):
    withdrawn = set(data.draw(st.lists(st.sampled_from(field), unique=True)))
    for number in range(1, round_robin_rounds(len(field)) + 1):
        full = draw_round_robin(field, number)
        draw = draw_round_robin(field, number, withdrawn)
        assert set(teams_in(draw)) == set(field) - withdrawn
        for p in full.pairings:
            kept = [team for team in (p.team_a, p.team_b) if team not in withdrawn]
            if len(kept) == 2:
                assert p in draw.pairings
            else:
                assert set(kept) <= set(draw.byes)


@pytest.mark.parametrize("number", [0, 4, -1, 1.0, True])
def test_there_is_no_round_past_the_end(number):
    with pytest.raises(DrawError) as refused:
        draw_round_robin([1, 2, 3, 4], number)
    assert refused.value.code == "no_round_left"


# --- Swiss rounds: concrete cases --------------------------------------------------------


def test_round_two_pairs_the_winners_together_and_the_losers_together():
    ranked = [1, 2, 3, 4, 5, 6, 7, 8]
    wins = {1: 1, 2: 1, 3: 1, 4: 1, 5: 0, 6: 0, 7: 0, 8: 0}
    played = {pair(1, 5), pair(2, 6), pair(3, 7), pair(4, 8)}
    assert draw_swiss(ranked, wins, played, set()) == Draw(
        [Pairing(1, 2), Pairing(3, 4), Pairing(5, 6), Pairing(7, 8)], []
    )


def greedy_pairs(ranked, played):
    """A top-down pass: each team takes the next one down it has not met (or None)."""
    left, pairs = list(ranked), []
    while left:
        team = left.pop(0)
        other = next((o for o in left if pair(team, o) not in played), None)
        if other is None:
            return None
        left.remove(other)
        pairs.append((team, other))
    return pairs


def test_the_matching_finds_a_draw_where_a_greedy_pass_dead_ends():
    # Round 1: 2 beat 1, 3 beat 4, 6 beat 5. Round 2: 2 beat 3, 6 beat 1, 4 beat 5.
    ranked = [2, 6, 3, 4, 1, 5]
    wins = {2: 2, 6: 2, 3: 1, 4: 1, 1: 0, 5: 0}
    played = {pair(1, 2), pair(3, 4), pair(5, 6), pair(2, 3), pair(1, 6), pair(4, 5)}
    # Greedy: 2 v 6, then 3 v 1 (3 has met 4), and 4 and 5 are left, who have met.
    assert greedy_pairs(ranked, played) is None

    draw = draw_swiss(ranked, wins, played, set())
    assert sorted(teams_in(draw)) == sorted(ranked)
    assert not {pair(p.team_a, p.team_b) for p in draw.pairings} & played


def test_a_field_that_has_all_met_cannot_be_drawn():
    everyone = {pair(a, b) for a, b in itertools.combinations([1, 2, 3, 4], 2)}
    with pytest.raises(DrawError) as refused:
        draw_swiss([1, 2, 3, 4], dict.fromkeys([1, 2, 3, 4], 1), everyone, set())
    assert refused.value.code == "no_pairing_without_rematch"
    assert refused.value.params == {"teams": 4}
    assert "rematch" in str(refused.value)


def test_no_draw_when_every_choice_of_bye_leaves_a_rematch():
    # Three teams that have all met: whoever sits out, the other two would meet again.
    everyone = {pair(1, 2), pair(1, 3), pair(2, 3)}
    with pytest.raises(DrawError) as refused:
        draw_swiss([1, 2, 3], dict.fromkeys([1, 2, 3], 1), everyone, set())
    assert refused.value.code == "no_pairing_without_rematch"


def test_the_bye_goes_to_the_lowest_ranked_team_without_one():
    ranked, wins = [1, 2, 3, 4, 5], dict.fromkeys([1, 2, 3, 4, 5], 0)
    assert draw_swiss(ranked, wins, set(), set()).byes == [5]
    assert draw_swiss(ranked, wins, set(), {5}).byes == [4]
    assert draw_swiss(ranked, wins, set(), {5, 4, 3, 2}).byes == [1]


def test_once_everyone_has_had_a_bye_it_goes_to_the_lowest_ranked_again():
    ranked, wins = [1, 2, 3, 4, 5], dict.fromkeys([1, 2, 3, 4, 5], 0)
    assert draw_swiss(ranked, wins, set(), set(ranked)).byes == [5]


def test_the_bye_moves_up_when_the_rest_could_not_be_paired():
    # 1 has met 2, 3 and 4: if 5 sat out, nobody would be left for 1.
    ranked, wins = [1, 2, 3, 4, 5], {1: 3, 2: 2, 3: 1, 4: 1, 5: 0}
    played = {pair(1, 2), pair(1, 3), pair(1, 4)}
    draw = draw_swiss(ranked, wins, played, set())
    assert draw.byes == [4]
    assert Pairing(1, 5) in draw.pairings


def test_pairings_are_in_table_order_led_by_the_better_ranked_team():
    ranked = [8, 3, 5, 1, 7, 2]
    draw = draw_swiss(ranked, dict.fromkeys(ranked, 0), {pair(8, 3)}, set())
    position = {team: number for number, team in enumerate(ranked)}
    assert draw.pairings[0].team_a == 8
    for p in draw.pairings:
        assert position[p.team_a] < position[p.team_b]
    leaders = [position[p.team_a] for p in draw.pairings]
    assert leaders == sorted(leaders)


def test_the_same_standings_give_the_same_draw():
    ranked = list(range(1, 12))
    wins = {team: team % 3 for team in ranked}
    played = {pair(a, a + 1) for a in range(1, 11, 2)}
    draws = {repr(draw_swiss(ranked, wins, set(played), {11})) for _ in range(3)}
    assert len(draws) == 1


# --- Swiss rounds: whole tournaments -------------------------------------------------------


def can_pair(field, played):
    graph = nx.Graph()
    graph.add_nodes_from(field)
    graph.add_edges_from(
        (a, b) for a, b in itertools.combinations(field, 2) if pair(a, b) not in played
    )
    return 2 * len(nx.max_weight_matching(graph, maxcardinality=True)) == len(field)


def least_wins_mismatch(field, wins, played):
    """By brute force: the smallest sum of (difference in wins)² over pairings without a rematch."""
    if not field:
        return 0
    first, rest = field[0], field[1:]
    options = [
        (wins[first] - wins[other]) ** 2
        + least_wins_mismatch([t for t in rest if t != other], wins, played)
        for other in rest
        if pair(first, other) not in played
    ]
    return min(options, default=float("inf"))


class SwissTournament:
    """A Swiss tournament played with random winners, drawn by `draw_swiss` each round."""

    def __init__(self, size, rng):
        self.field = [TeamRecord(i, f"Team {i}", seed=i) for i in range(1, size + 1)]
        self.rng = rng
        self.results: list[Result] = []
        self.byes: list[int] = []

    @property
    def played(self):
        return {pair(r.team_a, r.team_b) for r in self.results}

    def standings(self):
        return compute_standings(self.field, self.results, self.byes, default_tiebreaks("swiss"))

    def play(self, draw):
        self.byes.extend(draw.byes)
        for p in draw.pairings:
            winner = self.rng.choice((p.team_a, p.team_b))
            scores = (33, self.rng.randrange(33))
            score_a, score_b = scores if winner == p.team_a else scores[::-1]
            self.results.append(Result(p.team_a, p.team_b, score_a, score_b, winner))


def check_swiss_round(ranked, wins, played, had_bye, draw):
    position = {team: number for number, team in enumerate(ranked)}
    # Everyone once; at most one bye; no rematch.
    assert sorted(teams_in(draw)) == sorted(ranked)
    assert len(draw.byes) == len(ranked) % 2
    assert not {pair(p.team_a, p.team_b) for p in draw.pairings} & played
    # Table order, each table led by its better-ranked team.
    assert all(position[p.team_a] < position[p.team_b] for p in draw.pairings)
    leaders = [position[p.team_a] for p in draw.pairings]
    assert leaders == sorted(leaders)
    # Fair byes: every team that should have sat out before the one who did could not have.
    if draw.byes:
        bye = draw.byes[0]
        from_bottom = ranked[::-1]
        preference = [t for t in from_bottom if t not in had_bye] + [
            t for t in from_bottom if t in had_bye
        ]
        for passed_over in preference[: preference.index(bye)]:
            assert not can_pair([t for t in ranked if t != passed_over], played)
    paired = [t for t in ranked if t not in draw.byes]
    # Teams on the same wins play each other whenever every wins group can be paired
    # within itself.
    groups = [[t for t in paired if wins[t] == w] for w in {wins[t] for t in paired}]
    if all(len(g) % 2 == 0 and can_pair(g, played) for g in groups):
        assert all(wins[p.team_a] == wins[p.team_b] for p in draw.pairings)
    # And the wins mismatch is the least there is (checked by brute force on small fields).
    if len(paired) <= 10:
        mismatch = sum((wins[p.team_a] - wins[p.team_b]) ** 2 for p in draw.pairings)
        assert mismatch == least_wins_mismatch(paired, wins, played)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 40), st.randoms(use_true_random=False))
def test_whole_swiss_tournaments_follow_the_rules(size, rng):
    tournament = SwissTournament(size, rng)
    for _ in range(min(size - 1, 7)):
        standings = tournament.standings()
        ranked = [s.team_id for s in standings]
        wins = {s.team_id: s.wins for s in standings}
        played, had_bye = tournament.played, set(tournament.byes)
        try:
            draw = draw_swiss(ranked, wins, played, had_bye)
        except DrawError as error:
            # Only when there truly is no way: whoever sat out, a rematch would be needed.
            assert error.code == "no_pairing_without_rematch"
            sitting_out = ranked if size % 2 else [None]
            assert not any(can_pair([t for t in ranked if t != s], played) for s in sitting_out)
            return
        check_swiss_round(ranked, wins, played, had_bye, draw)
        tournament.play(draw)


def test_a_128_team_swiss_of_seven_rounds_is_drawn_quickly():
    tournament = SwissTournament(128, random.Random(128))
    slowest = 0.0
    for _ in range(7):
        standings = tournament.standings()
        wins = {s.team_id: s.wins for s in standings}
        start = time.perf_counter()
        draw = draw_swiss([s.team_id for s in standings], wins, tournament.played, set())
        slowest = max(slowest, time.perf_counter() - start)
        assert len(draw.pairings) == 64
        tournament.play(draw)
    assert len(tournament.played) == 7 * 64  # never a rematch
    assert slowest < 1.0


# --- Knockout ----------------------------------------------------------------------------


def test_bracket_order():
    assert bracket_order(1) == [1]
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert bracket_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    with pytest.raises(ValueError):
        bracket_order(6)


@pytest.mark.parametrize(("teams", "rounds"), [(2, 1), (3, 2), (4, 2), (5, 3), (8, 3), (9, 4),
                                               (64, 6), (65, 7)])
def test_knockout_rounds(teams, rounds):
    assert knockout_rounds(teams) == rounds


def test_eight_teams_open_with_one_v_eight_four_v_five_two_v_seven_three_v_six():
    seeded = [101, 102, 103, 104, 105, 106, 107, 108]
    slots = knockout_first_round(seeded)
    assert slots == [Slot(101, 108), Slot(104, 105), Slot(102, 107), Slot(103, 106)]
    assert slots_to_draw(slots) == Draw(
        [Pairing(101, 108), Pairing(104, 105), Pairing(102, 107), Pairing(103, 106)], []
    )


def test_with_six_teams_the_top_two_seeds_go_through():
    slots = knockout_first_round([1, 2, 3, 4, 5, 6])
    assert slots == [Slot(1, None), Slot(4, 5), Slot(2, None), Slot(3, 6)]
    assert slots_to_draw(slots) == Draw([Pairing(4, 5), Pairing(3, 6)], [1, 2])


def test_with_five_teams_the_top_three_seeds_go_through():
    slots = knockout_first_round([1, 2, 3, 4, 5])
    assert slots == [Slot(1, None), Slot(4, 5), Slot(2, None), Slot(3, None)]
    assert slots_to_draw(slots).byes == [1, 2, 3]


def test_the_next_round_pairs_winners_in_bracket_order():
    assert knockout_next_round([1, 4, 2, 3]) == [Slot(1, 4), Slot(2, 3)]


@pytest.mark.parametrize("winners", [[], [1], [1, 2, 3]])
def test_no_knockout_round_without_an_even_number_of_winners(winners):
    with pytest.raises(DrawError) as refused:
        knockout_next_round(winners)
    assert refused.value.code == "no_round_left"


def next_power_of_two(n):
    return 1 << (n - 1).bit_length()


@given(st.integers(2, 64))
def test_the_byes_of_the_first_round_go_to_the_top_seeds(size):
    seeded = list(range(1, size + 1))
    slots = knockout_first_round(seeded)
    draw = slots_to_draw(slots)

    assert len(slots) == next_power_of_two(size) // 2
    assert sorted(teams_in(draw)) == seeded
    assert sorted(draw.byes) == seeded[: next_power_of_two(size) - size]
    assert all(p.team_a < p.team_b for p in draw.pairings)


@given(st.integers(2, 64), st.randoms(use_true_random=False))
def test_a_knockout_halves_until_one_winner_and_the_top_two_meet_only_in_the_final(size, rng):
    seeded = list(range(1, size + 1))
    slots = knockout_first_round(seeded)
    rounds = 1
    while True:
        met = {frozenset((s.team_a, s.team_b)) for s in slots}
        if len(slots) > 1:
            assert frozenset((1, 2)) not in met
        winners = [s.team_a if s.team_b is None else rng.choice((s.team_a, s.team_b))
                   for s in slots]
        if len(winners) == 1:
            break
        slots = knockout_next_round(winners)
        assert len(slots) == len(winners) // 2
        rounds += 1
    assert rounds == knockout_rounds(size)
    with pytest.raises(DrawError):
        knockout_next_round(winners)


def test_the_top_two_seeds_meet_in_the_final_when_they_keep_winning():
    slots = knockout_first_round(list(range(1, 17)))
    while len(slots) > 1:
        slots = knockout_next_round([min(s.team_a, s.team_b or s.team_a) for s in slots])
    assert slots == [Slot(1, 2)]


def test_bracket_slots_leave_empty_places_facing_the_top_seeds():
    from tournaments.draw import bracket_slots, next_bracket_slots

    assert bracket_slots([11, 12, 13, 14, 15, 16], 8) == [
        (11, None), (14, 15), (12, None), (13, 16)]
    assert bracket_slots([1, 2], 2) == [(1, 2)]
    assert next_bracket_slots([11, 15, None, 13]) == [(11, 15), (None, 13)]
    with pytest.raises(DrawError):
        next_bracket_slots([11])
