"""The draw of each round: round robin, Swiss rounds and knockout. Pure Python, no database."""

import functools
import itertools
import os
import random
from collections import Counter
from dataclasses import replace

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import SCALE
from tournaments import lookahead
from tournaments.draw import (
    Draw,
    DrawError,
    Pairing,
    RematchNeeded,
    bracket_order,
    bracket_slots,
    draw_round_robin,
    draw_swiss,
    knockout_round,
    knockout_rounds,
    next_bracket_slots,
    round_robin_rounds,
    round_robin_schedule,
    swiss_round_one,
)
from tournaments.metrics import default_tiebreaks
from tournaments.standings import Result, TeamRecord, compute_standings

fields = st.lists(st.integers(1, 10_000), min_size=2, max_size=20, unique=True)


def teams_in(draw):
    """The teams still in that the draw places: at a table, on a bye, or winning by forfeit."""
    return [team for p in draw.pairings for team in (p.team_a, p.team_b)] + draw.byes + [
        p.team_a for p in draw.forfeits]


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
    lambda: draw_swiss([7], {7: 0}, set(), {}),
    lambda: knockout_rounds(1),
    lambda: knockout_rounds(0),
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


def test_the_opponents_of_a_withdrawn_team_win_its_games_by_forfeit():
    # Round 1 is 1 v 4, 2 v 3; 4 has withdrawn: 1 wins by forfeit, nobody sits out.
    assert draw_round_robin([1, 2, 3, 4], 1, withdrawn={4}) == Draw(
        [Pairing(2, 3)], [], forfeits=[Pairing(1, 4)])
    games = Counter()
    for number in range(1, 4):
        draw = draw_round_robin([1, 2, 3, 4], number, withdrawn={4})
        assert not draw.byes
        games.update(team for p in draw.pairings + draw.forfeits for team in (p.team_a, p.team_b))
    # Everybody still in plays the same number of games: three each.
    assert games == Counter({1: 3, 2: 3, 3: 3, 4: 3})


@given(fields, st.data())
def test_withdrawn_teams_never_play_and_their_opponents_win_by_forfeit(field, data):
    withdrawn = set(data.draw(st.lists(st.sampled_from(field), unique=True)))
    for number in range(1, round_robin_rounds(len(field)) + 1):
        full = draw_round_robin(field, number)
        draw = draw_round_robin(field, number, withdrawn)
        assert set(teams_in(draw)) == set(field) - withdrawn
        for p in full.pairings:
            kept = [team for team in (p.team_a, p.team_b) if team not in withdrawn]
            if len(kept) == 2:
                assert p in draw.pairings
            elif len(kept) == 1:
                gone = ({p.team_a, p.team_b} - set(kept)).pop()
                assert Pairing(kept[0], gone) in draw.forfeits
        assert set(draw.byes) == set(full.byes) - withdrawn


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


def test_a_field_that_has_all_met_offers_the_draw_with_the_fewest_rematches():
    everyone = {pair(a, b) for a, b in itertools.combinations([1, 2, 3, 4], 2)}
    with pytest.raises(RematchNeeded) as refused:
        draw_swiss([1, 2, 3, 4], dict.fromkeys([1, 2, 3, 4], 1), everyone, {})
    assert refused.value.code == "rematch_unavoidable"
    assert refused.value.params == {"teams": 4}
    assert "rematch" in str(refused.value)
    offered = refused.value.draw
    assert sorted(teams_in(offered)) == [1, 2, 3, 4]
    assert offered.rematches == offered.pairings
    # The organizer's button: the same draw, rematches and all.
    assert draw_swiss([1, 2, 3, 4], dict.fromkeys([1, 2, 3, 4], 1), everyone, {},
                      allow_rematches=True) == offered


def test_the_fewest_rematches_when_some_pairs_are_still_fresh():
    # 1 has met everyone (the others arrived late): it must meet someone again, the other
    # two meet for the first time.
    played = {pair(1, 2), pair(1, 3), pair(1, 4)}
    ranked = [1, 2, 3, 4]
    draw = draw_swiss(ranked, dict.fromkeys(ranked, 1), played, {}, allow_rematches=True)
    assert sorted(teams_in(draw)) == ranked
    assert len(draw.rematches) == 1
    assert [p for p in draw.pairings if pair(p.team_a, p.team_b) in played] == draw.rematches


def test_no_draw_when_every_choice_of_bye_leaves_a_rematch():
    # Three teams that have all met: whoever sits out, the other two would meet again.
    everyone = {pair(1, 2), pair(1, 3), pair(2, 3)}
    with pytest.raises(RematchNeeded) as refused:
        draw_swiss([1, 2, 3], dict.fromkeys([1, 2, 3], 1), everyone, {})
    offered = refused.value.draw
    assert offered.byes == [3] and len(offered.rematches) == 1


def test_the_bye_goes_to_the_lowest_ranked_team_without_one():
    ranked, wins = [1, 2, 3, 4, 5], dict.fromkeys([1, 2, 3, 4, 5], 0)
    assert draw_swiss(ranked, wins, set(), {}).byes == [5]
    assert draw_swiss(ranked, wins, set(), {5: 1}).byes == [4]
    assert draw_swiss(ranked, wins, set(), {5: 1, 4: 1, 3: 1, 2: 1}).byes == [1]


def test_no_team_gets_a_second_bye_while_another_has_had_none():
    ranked, wins = [1, 2, 3, 4, 5], dict.fromkeys([1, 2, 3, 4, 5], 0)
    assert draw_swiss(ranked, wins, set(), dict.fromkeys(ranked, 1)).byes == [5]
    # A late arrival (6 had no round yet, 7 is new) comes before anyone's second bye.
    ranked = [1, 2, 3, 4, 5, 6, 7]
    counts = {1: 1, 2: 1, 3: 1, 4: 1, 5: 1}
    assert draw_swiss(ranked, dict.fromkeys(ranked, 0), set(), counts).byes == [7]
    assert draw_swiss(ranked, dict.fromkeys(ranked, 0), set(), {**counts, 7: 1}).byes == [6]


def test_the_bye_moves_up_when_the_rest_could_not_be_paired():
    # 1 has met 2, 3 and 4: if 5 sat out, nobody would be left for 1.
    ranked, wins = [1, 2, 3, 4, 5], {1: 3, 2: 2, 3: 1, 4: 1, 5: 0}
    played = {pair(1, 2), pair(1, 3), pair(1, 4)}
    draw = draw_swiss(ranked, wins, played, {})
    assert draw.byes == [4]
    assert Pairing(1, 5) in draw.pairings


def test_six_teams_never_end_with_two_triangles():
    # After 1 v 2, 3 v 4, 5 v 6 and 1 v 3, 2 v 5, 4 v 6, the round that pairs the winners
    # best (1 v 4, 2 v 6, 3 v 5... ) must leave a fourth round possible: the unplayed pairs
    # may not split into two triangles.
    ranked = [1, 3, 2, 4, 5, 6]
    wins = {1: 2, 3: 1, 2: 1, 4: 1, 5: 1, 6: 0}
    played = {pair(1, 2), pair(3, 4), pair(5, 6), pair(1, 3), pair(2, 5), pair(4, 6)}
    draw = draw_swiss(ranked, wins, played, {}, rounds_left=3)
    after = played | {pair(p.team_a, p.team_b) for p in draw.pairings}
    fourth = draw_swiss(ranked, wins, after, {}, rounds_left=2)
    last = after | {pair(p.team_a, p.team_b) for p in fourth.pairings}
    draw_swiss(ranked, wins, last, {}, rounds_left=1)  # and a fifth: a whole round robin


def test_the_look_ahead_gives_up_the_best_pairing_only_when_it_would_strand_a_round():
    ranked = [1, 2, 3, 4, 5, 6]
    wins = {1: 2, 2: 2, 3: 1, 4: 1, 5: 0, 6: 0}
    played = {pair(1, 4), pair(2, 5), pair(3, 6), pair(1, 6), pair(2, 3), pair(4, 5)}
    best = draw_swiss(ranked, wins, played, {}, rounds_left=1)
    # The best round 3 (1 v 2, 3 v 4, 5 v 6) leaves the triangles 1-3-5 and 2-4-6.
    assert best.pairings == [Pairing(1, 2), Pairing(3, 4), Pairing(5, 6)]
    assert lookahead.can_hold(ranked, played | {pair(1, 2), pair(3, 4), pair(5, 6)}, {}, 1) \
        is False
    held = draw_swiss(ranked, wins, played, {}, rounds_left=2)
    assert held != best
    after = played | {pair(p.team_a, p.team_b) for p in held.pairings}
    assert lookahead.can_hold(ranked, after, {}, 1)


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
    draws = {repr(draw_swiss(ranked, wins, set(played), {11: 1}, rounds_left=9))
             for _ in range(3)}
    assert len(draws) == 1


# --- Swiss rounds: whole tournaments -------------------------------------------------------


def can_pair(field, played):
    graph = nx.Graph()
    graph.add_nodes_from(field)
    graph.add_edges_from(
        (a, b) for a, b in itertools.combinations(field, 2) if pair(a, b) not in played
    )
    return 2 * len(nx.max_weight_matching(graph, maxcardinality=True)) == len(field)


def pairings_of(teams, played):
    """Every pairing of `teams` (an even number) without a rematch, by brute force."""
    if not teams:
        yield []
        return
    first, rest = teams[0], teams[1:]
    for other in rest:
        if pair(first, other) not in played:
            for more in pairings_of([t for t in rest if t != other], played):
                yield [(first, other), *more]


def fewest_byes(teams, bye_counts):
    least = min(bye_counts.get(team, 0) for team in teams)
    return [team for team in teams if bye_counts.get(team, 0) == least]


def holds(teams, played, bye_counts, rounds):
    """By brute force: can `rounds` more rounds be drawn without a rematch, each bye to a
    team with the fewest byes?"""
    counts = tuple(bye_counts.get(team, 0) for team in teams)
    return _holds(tuple(teams), frozenset(p for p in played if p <= set(teams)), counts, rounds)


@functools.cache
def _holds(teams, played, counts, rounds):
    if rounds == 0:
        return True
    bye_counts = dict(zip(teams, counts, strict=True))
    for bye in fewest_byes(teams, bye_counts) if len(teams) % 2 else [None]:
        after = tuple(c + (t == bye) for t, c in zip(teams, counts, strict=True))
        for pairs in pairings_of([t for t in teams if t != bye], played):
            if _holds(teams, played | {pair(*p) for p in pairs}, after, rounds - 1):
                return True
    return False


@settings(max_examples=int(os.environ.get("LOOKAHEAD_EXAMPLES", 150 * SCALE)), deadline=None)
@given(st.integers(2, 7), st.data())
def test_the_look_ahead_agrees_with_brute_force(size, data):
    rng = data.draw(st.randoms(use_true_random=False))
    teams, played, bye_counts = list(range(1, size + 1)), set(), Counter()
    for _ in range(data.draw(st.integers(0, size - 1))):
        order = list(teams)
        rng.shuffle(order)
        if size % 2:
            bye = rng.choice(fewest_byes(teams, bye_counts))
            order.remove(bye)
            bye_counts[bye] += 1
        played |= {pair(*order[i:i + 2]) for i in range(0, len(order), 2)}
    if size > 2 and data.draw(st.booleans()):  # a withdrawal, or a team not there yet
        teams.remove(data.draw(st.sampled_from(teams)))
    rounds = data.draw(st.integers(1, size))
    assert lookahead.can_hold(teams, played, bye_counts, rounds) == holds(
        teams, played, bye_counts, rounds)


def test_dense_fields_hold_without_a_search():
    # 40 teams after 10 rounds: everyone has 29 possible opponents, 10 rounds still to come.
    teams = list(range(40))
    played = {pair(a, (a + shift) % 40) for a in teams for shift in range(1, 6)}
    assert lookahead.dirac_holds(teams, played, 10)
    assert not lookahead.dirac_holds(teams, played, 16)
    # Any field of m teams playing m/2 rounds or fewer meets the bound from round 1 on.
    for size in range(2, 60):
        assert lookahead.dirac_holds(list(range(size)), set(), size // 2)


class SwissTournament:
    """A Swiss tournament played with random winners, drawn by `draw_swiss` each round."""

    def __init__(self, size, rng):
        self.field = [TeamRecord(i, f"Team {i}", seed=i) for i in range(1, size + 1)]
        self.rng = rng
        self.results: list[Result] = []
        self.byes: list[int] = []
        self.withdrawn: set[int] = set()
        self.absent: set[int] = set()

    @property
    def played(self):
        return {pair(r.team_a, r.team_b) for r in self.results}

    def standings(self):
        field = [replace(t, withdrawn=t.id in self.withdrawn) for t in self.field]
        return compute_standings(field, self.results, self.byes, default_tiebreaks("swiss"))

    def ranked(self):
        return [s.team_id for s in self.standings()
                if s.team_id not in self.withdrawn | self.absent]

    def play(self, draw):
        self.byes.extend(draw.byes)
        for p in draw.pairings:
            winner = self.rng.choice((p.team_a, p.team_b))
            scores = (33, self.rng.randrange(33))
            score_a, score_b = scores if winner == p.team_a else scores[::-1]
            self.results.append(Result(p.team_a, p.team_b, score_a, score_b, winner))


def check_swiss_round(ranked, wins, played, bye_counts, draw, rounds_left):
    position = {team: number for number, team in enumerate(ranked)}
    # Everyone once; at most one bye; no rematch.
    assert sorted(teams_in(draw)) == sorted(ranked)
    assert len(draw.byes) == len(ranked) % 2
    assert not {pair(p.team_a, p.team_b) for p in draw.pairings} & played
    # Table order, each table led by its better-ranked team.
    assert all(position[p.team_a] < position[p.team_b] for p in draw.pairings)
    leaders = [position[p.team_a] for p in draw.pairings]
    assert leaders == sorted(leaders)
    # Fair byes: never a second bye while a team has had none.
    if draw.byes:
        assert draw.byes[0] in fewest_byes(ranked, bye_counts)
    if len(ranked) > 7:
        return
    # Small fields, by brute force: the rest of the event can still be drawn (or, after
    # teams came or went, as many rounds of it as can be), the bye went to the
    # lowest-ranked team that could take it, and no pairing that keeps the rest drawable
    # mismatches fewer wins.
    rounds_left = next(h for h in range(rounds_left, 0, -1)
                       if holds(ranked, played, bye_counts, h))
    after_byes = Counter(bye_counts) + Counter(draw.byes)
    after = played | {pair(p.team_a, p.team_b) for p in draw.pairings}
    assert holds(ranked, after, after_byes, rounds_left - 1)
    bye = draw.byes[0] if draw.byes else None
    candidates = [t for t in ranked[::-1] if t in fewest_byes(ranked, bye_counts)]
    for passed_over in candidates[: candidates.index(bye)] if bye else []:
        others = [t for t in ranked if t != passed_over]
        assert not any(
            holds(ranked, played | {pair(*p) for p in pairs},
                  Counter(bye_counts) + Counter([passed_over]), rounds_left - 1)
            for pairs in pairings_of(others, played))
    rest = [t for t in ranked if t != bye]
    least = min(
        sum((wins[a] - wins[b]) ** 2 for a, b in pairs)
        for pairs in pairings_of(rest, played)
        if holds(ranked, played | {pair(*p) for p in pairs}, after_byes, rounds_left - 1))
    assert sum((wins[p.team_a] - wins[p.team_b]) ** 2 for p in draw.pairings) == least


def play_swiss(tournament, rounds, rng, *, churn=False):
    """Draw and play `rounds` rounds: every one draws without a rematch unless teams came or
    went (and then only when no draw of that round avoids one)."""
    if churn and len(tournament.field) > 3:
        tournament.absent.add(tournament.field[-1].id)  # arrives after round 1
    first = swiss_round_one(tournament.ranked())
    check_swiss_round(tournament.ranked(), dict.fromkeys(tournament.ranked(), 0), set(), {},
                      first, rounds)
    tournament.play(first)
    for number in range(2, rounds + 1):
        if churn and rng.random() < 0.2 and len(tournament.ranked()) > 2:
            tournament.withdrawn.add(rng.choice(tournament.ranked()))
        if churn and rng.random() < 0.5:
            tournament.absent.clear()
        ranked = tournament.ranked()
        wins = {s.team_id: s.wins for s in tournament.standings()}
        played, bye_counts = tournament.played, Counter(tournament.byes)
        rounds_left = rounds - number + 1
        try:
            draw = draw_swiss(ranked, wins, played, bye_counts, rounds_left=rounds_left)
        except RematchNeeded as needed:
            assert churn, "a field that nobody left or joined always draws"
            # Only when this very round has no draw without one, whoever sits out.
            assert not any(can_pair([t for t in ranked if t != bye], played)
                           for bye in (fewest_byes(ranked, bye_counts)
                                       if len(ranked) % 2 else [None]))
            draw = draw_swiss(ranked, wins, played, bye_counts, rounds_left=rounds_left,
                              allow_rematches=True)
            assert draw == needed.draw and draw.rematches
        else:
            check_swiss_round(ranked, wins, played, bye_counts, draw, rounds_left)
        tournament.play(draw)


def most_rounds(size):
    return round_robin_rounds(size)


@pytest.mark.parametrize("size", range(2, 17))
def test_a_swiss_always_draws_every_round_without_a_rematch(size):
    # Every number of rounds the field allows, each with random results, three times.
    for rounds in range(1, most_rounds(size) + 1):
        for seed in range(3):
            rng = random.Random(f"{size}-{rounds}-{seed}")
            play_swiss(SwissTournament(size, rng), rounds, rng)


@settings(max_examples=4 * SCALE, deadline=None)
@given(st.integers(17, 40), st.randoms(use_true_random=False))
def test_larger_fields_play_their_longest_swiss_without_a_rematch(size, rng):
    play_swiss(SwissTournament(size, rng), min(20, most_rounds(size)), rng)


@settings(max_examples=50 * SCALE, deadline=None)
@given(st.integers(3, 16), st.data())
def test_withdrawals_and_late_arrivals_need_a_rematch_only_when_nothing_else_is_left(
        size, data):
    rounds = data.draw(st.integers(2, most_rounds(size)))
    rng = data.draw(st.randoms(use_true_random=False))
    play_swiss(SwissTournament(size, rng), rounds, rng, churn=True)


def test_round_one_pairs_the_top_half_against_the_bottom_half():
    assert swiss_round_one([1, 2, 3, 4, 5, 6, 7, 8]) == Draw(
        [Pairing(1, 5), Pairing(2, 6), Pairing(3, 7), Pairing(4, 8)], [])
    # An odd field's bye goes to the lowest seed.
    assert swiss_round_one([10, 20, 30, 40, 50]) == Draw([Pairing(10, 30), Pairing(20, 40)],
                                                         [50])


def test_round_one_at_random_still_pairs_everyone_once():
    seen = set()
    for seed in range(20):
        draw = swiss_round_one(list(range(1, 9)), random.Random(seed))
        assert sorted(teams_in(draw)) == list(range(1, 9))
        seen.add(tuple(draw.pairings))
    assert len(seen) > 1


def test_a_128_team_swiss_of_seven_rounds_never_repeats_a_match():
    tournament = SwissTournament(128, random.Random(128))
    tournament.play(swiss_round_one(tournament.ranked()))
    for number in range(2, 8):
        standings = tournament.standings()
        wins = {s.team_id: s.wins for s in standings}
        draw = draw_swiss([s.team_id for s in standings], wins, tournament.played, {},
                          rounds_left=8 - number)
        assert len(draw.pairings) == 64
        tournament.play(draw)
    assert len(tournament.played) == 7 * 64  # never a rematch


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


def next_power_of_two(n):
    return 1 << (n - 1).bit_length()


def first_round(seeded, present=None):
    """Round 1 of a knockout of `seeded`, slot by slot: (a, b), or (a, None) for a bye."""
    present = set(seeded) if present is None else present
    return knockout_round(next_power_of_two(len(seeded)), 1, seeded=seeded, present=present)


def next_round(slots, winners, number, places):
    """The round after `slots`, whose winners (by position) are given."""
    return knockout_round(places, number, winners=dict(enumerate(winners)),
                          present={team for team in winners if team is not None})


def test_eight_teams_open_with_one_v_eight_four_v_five_two_v_seven_three_v_six():
    seeded = [101, 102, 103, 104, 105, 106, 107, 108]
    assert first_round(seeded) == [(101, 108), (104, 105), (102, 107), (103, 106)]


def test_with_six_teams_the_top_two_seeds_go_through():
    assert first_round([1, 2, 3, 4, 5, 6]) == [(1, None), (4, 5), (2, None), (3, 6)]


def test_with_five_teams_the_top_three_seeds_go_through():
    slots = first_round([1, 2, 3, 4, 5])
    assert slots == [(1, None), (4, 5), (2, None), (3, None)]
    assert [a for a, b in slots if b is None] == [1, 2, 3]


def test_a_withdrawn_team_leaves_its_place_empty_and_its_opponent_goes_through():
    assert first_round([1, 2, 3, 4], present={1, 2, 4}) == [(1, 4), (2, None)]
    assert knockout_round(4, 2, winners={0: 1}, present={1}) == [(1, None)]


def test_the_next_round_pairs_winners_in_bracket_order():
    assert next_round(None, [1, 4, 2, 3], 2, 8) == [(1, 4), (2, 3)]


@pytest.mark.parametrize("winners", [[], [1], [1, 2, 3]])
def test_no_knockout_round_without_an_even_number_of_winners(winners):
    with pytest.raises(DrawError) as refused:
        next_bracket_slots(winners)
    assert refused.value.code == "no_round_left"


@given(st.integers(2, 64))
def test_the_byes_of_the_first_round_go_to_the_top_seeds(size):
    seeded = list(range(1, size + 1))
    slots = first_round(seeded)
    byes = [a for a, b in slots if b is None]

    assert len(slots) == next_power_of_two(size) // 2
    assert sorted(team for slot in slots for team in slot if team is not None) == seeded
    assert sorted(byes) == seeded[: next_power_of_two(size) - size]
    assert all(a < b for a, b in slots if b is not None)


@given(st.integers(2, 64), st.randoms(use_true_random=False))
def test_a_knockout_halves_until_one_winner_and_the_top_two_meet_only_in_the_final(size, rng):
    seeded = list(range(1, size + 1))
    places = next_power_of_two(size)
    slots = first_round(seeded)
    rounds = 1
    while True:
        met = {frozenset(slot) for slot in slots}
        if len(slots) > 1:
            assert frozenset((1, 2)) not in met
        winners = [a if b is None else rng.choice((a, b)) for a, b in slots]
        if len(winners) == 1:
            break
        rounds += 1
        slots = next_round(slots, winners, rounds, places)
        assert len(slots) == len(winners) // 2
    assert rounds == knockout_rounds(size)
    with pytest.raises(DrawError):
        next_bracket_slots(winners)


def test_the_top_two_seeds_meet_in_the_final_when_they_keep_winning():
    slots, number = first_round(list(range(1, 17))), 1
    while len(slots) > 1:
        number += 1
        slots = next_round(slots, [min(a, b or a) for a, b in slots], number, 16)
    assert slots == [(1, 2)]


def test_bracket_slots_leave_empty_places_facing_the_top_seeds():
    assert bracket_slots([11, 12, 13, 14, 15, 16], 8) == [
        (11, None), (14, 15), (12, None), (13, 16)]
    assert bracket_slots([1, 2], 2) == [(1, 2)]
    assert next_bracket_slots([11, 15, None, 13]) == [(11, 15), (None, 13)]
    with pytest.raises(DrawError):
        next_bracket_slots([11])
