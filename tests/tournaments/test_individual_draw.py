"""The draw of an individual night (à la mêlée): each round, four to a table with a new
partner. Pure Python, no database."""

import ast
import random
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import SCALE
from tournaments.draw import DrawError
from tournaments.individual import (
    SEATS,
    PastRound,
    Seating,
    draw_individual_round,
    lookahead,
    whist_schedule,
)
from tournaments.individual.rounds import sitting_out_next

ROOT = Path(__file__).resolve().parents[2]


def pair(one, other):
    return frozenset((one, other))


def partnerships(tables):
    return [pair(t.north, t.south) for t in tables] + [pair(t.east, t.west) for t in tables]


def opponents(tables):
    return [
        pair(one, other) for t in tables for one in (t.north, t.south) for other in (t.east, t.west)
    ]


def seated_in(tables):
    return [player for table in tables for player in table.players]


class Night:
    """A night drawn round after round, each round checked against the rules as it is drawn."""

    def __init__(self):
        self.past: list[PastRound] = []

    def play(self, present, *, rng=None):
        draw = draw_individual_round(list(present), self.past, rng=rng)
        check_round(list(present), self.past, draw)
        self.past.append(PastRound(tuple(draw.tables), tuple(draw.sitting_out)))
        return draw


def check_round(present, past, draw):
    # Everyone present once, at a table or sitting out; the count leaves over n mod 4.
    assert sorted(seated_in(draw.tables) + draw.sitting_out) == sorted(present)
    assert len(draw.sitting_out) == len(present) % 4
    # The repeated partners are reported, and only when no draw of those seated avoids them.
    before = Counter(couple for r in past for couple in partnerships(r.tables))
    repeated = [couple for couple in partnerships(draw.tables) if before[couple]]
    assert sorted(map(sorted, repeated)) == sorted(map(sorted, draw.repeated_partners))
    if repeated:
        assert not new_partners_for_all(seated_in(draw.tables), before)
    check_sitting_out(present, past, draw)


def new_partners_for_all(seated, before):
    """Whether the seated players could all have partnered someone new (networkx)."""
    graph = nx.Graph()
    graph.add_edges_from(
        (one, other)
        for number, one in enumerate(seated)
        for other in seated[number + 1 :]
        if not before[pair(one, other)]
    )
    return 2 * len(nx.max_weight_matching(graph, maxcardinality=True)) == len(seated)


def check_sitting_out(present, past, draw):
    # A round a player missed (not come yet, or gone) counts as one sat out, for the turn.
    counts = Counter(player for r in past for player in r.sitting_out)
    for player in present:
        counts[player] += sum(player not in seated_in(r.tables) + list(r.sitting_out)
                              for r in past)
    out = set(draw.sitting_out)
    playing = set(present) - out
    # In turn: nobody sits out more often than anyone else present would have.
    assert all(counts[one] <= counts[other] for one in out for other in playing)
    # Twice in a row only when everyone who could have taken the turn instead (present, not
    # sitting out last round) has sat out more often.
    last = set(past[-1].sitting_out) if past else set()
    for one in out & last:
        assert all(counts[other] > counts[one] for other in playing - last)


def test_every_present_player_is_seated_once_or_sits_out_the_leftover():
    for size in range(4, 13):
        draw = Night().play(range(100, 100 + size))
        assert len(draw.tables) == size // 4
        assert len(draw.sitting_out) == size % 4
        assert sorted(seated_in(draw.tables) + draw.sitting_out) == list(range(100, 100 + size))


def test_fewer_than_four_players_cannot_be_drawn():
    with pytest.raises(DrawError) as refused:
        draw_individual_round([1, 2, 3], [])
    assert refused.value.code == "too_few_players"
    assert refused.value.params == {"players": 3}
    assert refused.value.render() == "A round needs at least four players; there are 3."


def test_a_player_listed_twice_is_refused():
    with pytest.raises(ValueError, match="more than once"):
        draw_individual_round([1, 2, 3, 4, 4], [])


def test_the_same_night_draws_the_same_round_again():
    night = Night()
    for _ in range(3):
        night.play(range(1, 11))
    again = draw_individual_round(list(range(1, 11)), night.past)
    assert draw_individual_round(list(range(1, 11)), night.past) == again
    others = {
        tuple(draw_individual_round(list(range(1, 11)), night.past, rng=random.Random(seed)).tables)
        for seed in range(10)
    }
    assert len(others) > 1  # chance among equals, when asked for


def test_four_players_repeat_partners_only_once_all_three_partnerships_are_used():
    night = Night()
    draws = [night.play([1, 2, 3, 4]) for _ in range(4)]
    assert [draw.repeated_partners for draw in draws[:3]] == [[], [], []]
    assert len(set().union(*(partnerships(draw.tables) for draw in draws[:3]))) == 6
    # The fourth round cannot avoid it; the pairs are named, in seed order.
    assert sorted(draws[3].repeated_partners) == sorted(
        tuple(sorted(couple)) for couple in partnerships(draws[3].tables)
    )
    assert not draws[3].from_schedule


def test_a_player_who_left_is_not_drawn_and_a_late_arrival_is():
    night = Night()
    night.play(range(1, 11))
    draw = night.play([*range(2, 11), 11])
    assert 1 not in seated_in(draw.tables) + draw.sitting_out
    assert 11 in seated_in(draw.tables) + draw.sitting_out


def test_a_late_arrival_plays_the_round_they_come_for_their_missed_rounds_count_as_sat_out():
    night = Night()
    for _ in range(5):  # five rounds of ten: each round two sit out, ten sit-outs
        night.play(range(1, 11))
    assert sorted(p for r in night.past for p in r.sitting_out) == list(range(1, 11))
    draw = night.play(range(1, 12))  # three sit out now, each for a second time
    assert 11 not in draw.sitting_out and len(draw.sitting_out) == 3


def test_a_late_arrival_never_sits_out_the_first_round_they_come_for():
    first = whist_schedule(8)[0]  # round 1 of eight players, 0 to 7
    for seed in range(40):
        drawn = draw_individual_round(list(range(9)), [first], rng=random.Random(seed))
        assert 8 not in drawn.sitting_out, seed


def test_sitting_out_goes_round_before_anyone_sits_out_again():
    night = Night()
    draws = [night.play(range(1, 8)) for _ in range(7)]  # 7 players: 3 sit out each round
    first_turn = {p for draw in draws[:2] for p in draw.sitting_out}
    assert len(first_turn) == 6  # rounds 1 and 2: six different players
    # Round 3: the seventh, and two of round 1's: nobody sits out twice in a row.
    assert set(range(1, 8)) - first_turn < set(draws[2].sitting_out)
    assert not set(draws[1].sitting_out) & set(draws[2].sitting_out)
    # Then everyone sits out twice before anyone a third time.
    counts = Counter(p for draw in draws for p in draw.sitting_out)
    assert sorted(counts.values()) == [3, 3, 3, 3, 3, 3, 3]


@pytest.mark.parametrize("size", [*range(8, 25), 31, 40])
def test_a_night_of_eight_or_more_never_repeats_a_partner_in_seven_rounds(size):
    for start in (1, 500, 1000):  # other players, other chance
        night = Night()
        for _ in range(7):
            assert night.play(range(start, start + size)).repeated_partners == []


@pytest.mark.parametrize(("size", "rounds"), [(5, 5), (6, 7), (7, 7)])
def test_a_small_night_looks_ahead_to_give_new_partners_as_long_as_it_can(size, rounds):
    # Five players have four partners each: five rounds, each sitting out once. A draw that
    # only looked at its own round would often leave six or seven players stuck by round 6.
    for start in range(1, 200, 20):  # other players, other chance
        night = Night()
        for _ in range(rounds):
            assert night.play(range(start, start + size)).repeated_partners == []


@settings(max_examples=60 * SCALE, deadline=None)
@given(
    size=st.integers(4, 9),
    before=st.integers(0, 4),
    rounds=st.integers(1, 6),
    rng=st.randoms(use_true_random=False),
)
def test_the_look_ahead_never_gives_up_on_rounds_that_can_be_played(size, before, rounds, rng):
    """Whenever some way to play the rounds gives everyone new partners, sitting out in turn,
    the look-ahead's quick test lets the search look for it."""
    players = list(range(size))
    partnered, sat_out, last_out = set(), Counter(), set()
    for _ in range(before):  # rounds played before, partners repeated or not
        last_out = set(sitting_out_next(players, sat_out, last_out, size % 4, rng))
        sat_out.update(last_out)
        seated = [player for player in players if player not in last_out]
        rng.shuffle(seated)
        partnered |= {pair(*seated[i : i + 2]) for i in range(0, len(seated), 2)}
    if rng.random() < 0.3:
        players.append(size)  # a late arrival
    for _ in range(10):  # random tries at playing the rounds
        if plays_anew(players, partnered, sat_out, last_out, rounds, rng):
            assert lookahead.might_hold(players, partnered, sat_out, rounds)
            break


def plays_anew(players, partnered, sat_out, last_out, rounds, rng):
    """Whether `rounds` random rounds, sitting out in turn, all gave new partners."""
    partnered, sat_out = set(partnered), Counter(sat_out)
    for _ in range(rounds):
        last_out = sitting_out_next(players, sat_out, last_out, len(players) % 4, rng)
        sat_out.update(last_out)
        seated = [player for player in players if player not in last_out]
        pairs = lookahead.new_partnerships(seated, partnered, rng, lookahead.Effort())
        if pairs is None:
            return False
        partnered |= {pair(*couple) for couple in pairs}
    return True


def test_seats_and_first_dealers_go_round_over_a_long_night():
    night = Night()
    players = range(1, 17)
    for _ in range(20):  # the 15 rounds of the whist tournament, then 5 more
        night.play(players)
    seats = {player: Counter() for player in players}
    dealt = Counter()
    for r in night.past:
        for table in r.tables:
            for seat, player in zip(SEATS, table.players, strict=True):
                seats[player][seat] += 1
            dealt[table.dealer] += 1
    assert all(set(seats[player]) == set(SEATS) for player in players)
    assert max(count for player in players for count in seats[player].values()) <= 7
    assert set(dealt) == set(players)
    assert max(dealt.values()) - min(dealt.values()) <= 2


def test_opponents_rarely_meet_again_in_a_short_night():
    # 24 players, 6 rounds: each meets 12 opponents of 23, all different where possible.
    night = Night()
    for _ in range(6):
        night.play(range(1, 25))
    met = Counter(couple for r in night.past for couple in opponents(r.tables))
    assert sum(count - 1 for count in met.values()) <= 2


# --- Random nights --------------------------------------------------------------------------


@settings(max_examples=200 * SCALE, deadline=None)
@given(
    size=st.integers(4, 40),
    rounds=st.integers(1, 10),
    churn=st.booleans(),
    rng=st.randoms(use_true_random=False),
)
def test_random_nights_with_arrivals_and_departures_keep_the_rules(size, rounds, churn, rng):
    """Every round draws, and `check_round` holds: everyone once, partners new unless no
    draw of those seated could do it, sitting out in turn."""
    ids = rng.sample(range(1, 10_000), size + 3 * rounds)
    present, arriving = ids[:size], ids[size:]
    night = Night()
    for number in range(1, rounds + 1):
        if churn and number > 1:
            for _ in range(rng.choice((0, 0, 1, 2))):
                if len(present) > 4:
                    present.remove(rng.choice(present))
            present += [arriving.pop() for _ in range(rng.choice((0, 0, 1, 2)))]
        draw = night.play(present)
        if not churn and size >= 8 and number <= 7:
            assert draw.repeated_partners == []


def test_the_dealer_is_at_one_of_the_seats():
    with pytest.raises(ValueError):
        Seating(1, 2, 3, 4, first_dealer="X")
    assert Seating(1, 2, 3, 4, first_dealer="W").dealer == 4


def test_the_individual_nights_are_plain_python():
    # Like tournaments/draw.py (tests/test_architecture.py): no Django import, at any depth.
    for path in (ROOT / "tournaments" / "individual").glob("*.py"):
        tree = ast.parse(path.read_text())
        imported = {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        }
        imported |= {
            node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module
        }
        assert not {name for name in imported if name.split(".")[0] == "django"}, path.name
