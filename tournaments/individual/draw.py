"""The draw of an individual night's next round: who sits out, who partners whom, against
whom, at which seat, and who deals first. Plain Python.

In order of importance:

1. nobody partners the same player twice while it can be avoided;
2. opponents meet again as little as possible;
3. sitting out goes round (`rounds.sitting_out_next`): the players the count leaves over
   (n mod 4) are those who sat out least, and not those who sat out last round when a
   turn allows;
4. seats and first dealers vary: each player takes the seats they sat at least.

While nobody arrives or leaves, a night of 8 to 20 players (n ≡ 0 or 1 mod 4) follows a
whist tournament (`whist`), where every two players partner once and oppose twice. Otherwise,
and past its last round, a local search draws the round: the sit-outs first, then
partnerships as a maximum-weight matching (networkx) that repeats the fewest partners, then
tables as a matching of the partnerships that repeats the fewest opponents, then swaps of
players that make either fewer. Until round `PLANNED_THROUGH`, the draw looks ahead
(`lookahead`): it takes a round only if the rounds after it, to that one, can still be played
with new partners for everyone, when that can be done at all.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

import networkx as nx

from tournaments.draw import DrawError
from tournaments.individual import lookahead, whist
from tournaments.individual.rounds import (
    SEATS,
    TABLE,
    History,
    PastRound,
    Seating,
    Table,
    pair,
    partnerships,
    sitting_out_next,
)


def _(message: str) -> str:
    """Mark a message for translation without translating it (like gettext_noop)."""
    return message


@dataclass(frozen=True)
class IndividualDraw:
    tables: list[Seating]  # table 1 first: the table of the best-seeded player
    sitting_out: list[int]
    repeated_partners: list[tuple[int, int]]  # partnered again because it could not be avoided
    from_schedule: bool  # the round is a whist tournament's round


# The draw looks ahead through this round: a night of 8 players or more without arrivals or
# departures never repeats a partner in its first 7 rounds.
PLANNED_THROUGH = 7
# Round candidates tried against the look-ahead before a plan's round is taken.
CANDIDATES = 3

# Weights of a round's cost, each far above what the ones below add up to in a round of a
# night of a few dozen rounds: a repeated partner, then each earlier meeting of two opponents
# (a third meeting costs more than a second), then each earlier meeting of two partners as
# opponents (partners who never met are preferred).
PARTNER_AGAIN = 1_000_000
OPPONENTS_AGAIN = 1_000
# Pairs a player (or a partnership) is matched among first: their cheapest (`_nearest`).
NEAREST = 6


def draw_individual_round(
    present: Sequence[int], past: Sequence[PastRound], *, rng: random.Random | None = None
) -> IndividualDraw:
    """The next round for the players `present`, in seed order, after the night's rounds
    `past` (in order; players in them may have left since).

    Without `rng`, chance comes from the players present and the round's number: the same
    night draws the same round.
    """
    players = list(present)
    if len(set(players)) != len(players):
        raise ValueError("A player appears more than once among those present")
    if len(players) < TABLE:
        raise DrawError(
            "too_few_players",
            _("A round needs at least four players; there are %(players)s."),
            {"players": len(players)},
        )
    rng = rng if rng is not None else random.Random(f"{players}/{len(past)}")
    history = History(past, players)
    scheduled = whist.scheduled_round(players, past)
    if scheduled is not None:
        tables, sitting_out = list(scheduled[0]), list(scheduled[1])
    else:
        tables, sitting_out = _searched_round(players, history, len(past) + 1, rng)
    position = {player: number for number, player in enumerate(players)}
    seatings = sorted(
        (_seated(table, history, rng) for table in tables),
        key=lambda seating: min(position[player] for player in seating.players),
    )
    repeated = [
        tuple(sorted(couple, key=position.__getitem__))
        for seating in seatings
        for couple in partnerships(seating.players)
        if history.partners[couple]
    ]
    return IndividualDraw(
        tables=seatings,
        sitting_out=sorted(sitting_out, key=position.__getitem__),
        repeated_partners=repeated,
        from_schedule=scheduled is not None,
    )


# --- The local search ----------------------------------------------------------------------


def _searched_round(
    players: list[int], history: History, number: int, rng: random.Random
) -> tuple[list[Table], list[int]]:
    """Round `number`'s tables and sit-outs, by the local search."""
    costs = _Costs(players, history)
    partnered = history.partnered_among(players)
    ahead = max(PLANNED_THROUGH - number, 0)  # rounds after this one to keep free of repeats
    candidate = _best_round(players, history, costs, rng)
    if ahead and lookahead.never_stuck(players, partnered, ahead + 1):
        return candidate
    if not ahead and not _repeats(candidate, history):
        return candidate
    effort = lookahead.Effort()
    tried = [candidate]
    for horizon in range(ahead, -1, -1):
        if not lookahead.might_hold(players, partnered, history.sat_out, horizon + 1):
            continue
        for number_tried in range(CANDIDATES):
            if number_tried == len(tried):
                tried.append(_best_round(players, history, costs, rng))
            if _holds(tried[number_tried], players, history, horizon, rng, effort):
                return tried[number_tried]
        found = lookahead.plan(
            players, partnered, history.sat_out, history.last_out, horizon + 1, rng, effort
        )
        if found:
            out, pairs = found[0]
            return _tables_for(pairs, costs, rng), out
    return candidate


def _repeats(round_: tuple[list[Table], list[int]], history: History) -> int:
    tables, _out = round_
    return sum(history.partners[couple] > 0 for table in tables for couple in partnerships(table))


def _holds(round_, players, history, horizon, rng, effort) -> bool:
    """Whether the round repeats no partner and leaves `horizon` more rounds that need not."""
    if _repeats(round_, history):
        return False
    tables, out = round_
    partnered = history.partnered_among(players) | {
        couple for table in tables for couple in partnerships(table)
    }
    sat_out = dict(history.sat_out)
    for player in out:
        sat_out[player] = sat_out.get(player, 0) + 1
    return lookahead.plan(players, partnered, sat_out, set(out), horizon, rng, effort) is not None


def _best_round(players, history, costs, rng) -> tuple[list[Table], list[int]]:
    """The sit-outs by the rule; partnerships, then tables, by matchings; then swaps."""
    out = sitting_out_next(players, history.sat_out, history.last_out, len(players) % TABLE, rng)
    seated = [player for player in players if player not in out]
    tables = _tables_for(_partnerships(seated, costs, rng), costs, rng)
    return _improved(tables, costs, rng), out


class _Costs:
    """What the history makes each pair cost, by position in `players` (lists: quick)."""

    def __init__(self, players: list[int], history: History):
        self.index = {player: number for number, player in enumerate(players)}
        size = len(players)
        self.partners = [[0] * size for _ in range(size)]  # as partners: again, then met before
        self.opponents = [[0] * size for _ in range(size)]  # as opponents: met before
        for one, other in itertools.combinations(players, 2):
            a, b = self.index[one], self.index[other]
            couple = pair(one, other)
            met = history.opponents[couple]
            self.partners[a][b] = self.partners[b][a] = (
                PARTNER_AGAIN * history.partners[couple] + met
            )
            self.opponents[a][b] = self.opponents[b][a] = OPPONENTS_AGAIN * met

    def table(self, table: Table) -> int:
        north, east, south, west = (self.index[player] for player in table)
        partners, opponents = self.partners, self.opponents
        return (
            partners[north][south]
            + partners[east][west]
            + opponents[north][east]
            + opponents[north][west]
            + opponents[south][east]
            + opponents[south][west]
        )


def _partnerships(seated: list[int], costs: _Costs, rng: random.Random) -> list[tuple[int, int]]:
    """The cheapest partnerships: the fewest repeated partners, then partners who met least
    (chance among equals)."""
    weights = {
        (one, other): costs.partners[costs.index[one]][costs.index[other]]
        for one, other in itertools.combinations(seated, 2)
    }
    pairs = _cheapest_matching(seated, _nearest(seated, weights, rng), rng)
    if pairs and sum(weights[couple] for couple in pairs) < PARTNER_AGAIN:
        return pairs
    return _cheapest_matching(seated, weights, rng)


def _tables_for(pairs: list[tuple[int, int]], costs: _Costs, rng: random.Random) -> list[Table]:
    """The partnerships two by two at tables, repeating the fewest opponents."""
    weights = {}
    for first, second in itertools.combinations(range(len(pairs)), 2):
        (north, south), (east, west) = pairs[first], pairs[second]
        weights[(first, second)] = costs.table((north, east, south, west))
    numbers = list(range(len(pairs)))
    matched = _cheapest_matching(numbers, _nearest(numbers, weights, rng), rng)
    return [
        (pairs[first][0], pairs[second][0], pairs[first][1], pairs[second][1])
        for first, second in matched or _cheapest_matching(numbers, weights, rng)
    ]


def _nearest(nodes: list, weights: dict, rng: random.Random) -> dict:
    """The weights of each node's `NEAREST` cheapest pairs (chance among equals).

    A matching of a few pairs a node is quick: a complete field's is slow in pure Python (40
    ms for 40 players). When the cheapest pairing has no pair far down a node's list, it is
    found among these; the callers go to all pairs when they need more.
    """
    if len(nodes) <= 2 * NEAREST:
        return weights
    near = {}
    for one in nodes:
        ranked = sorted(
            (
                (one, other) if (one, other) in weights else (other, one)
                for other in nodes
                if other != one
            ),
            key=lambda couple: (weights[couple], rng.random()),
        )
        near.update((couple, weights[couple]) for couple in ranked[:NEAREST])
    return near


def _cheapest_matching(nodes: list, weights: dict, rng: random.Random) -> list[tuple] | None:
    """Everyone in `nodes` matched at the least total weight, by the pairs in `weights`
    (chance among equals); None when they cannot all be matched."""
    if len(nodes) == 2:
        return [tuple(nodes)]
    # networkx maximises the weight of a matching; every perfect matching has as many pairs,
    # so a ceiling less the cost makes the cheapest the heaviest. Times `spread`, plus a
    # random part below it, breaks ties at random.
    spread = len(nodes)
    ceiling = max(weights.values()) + 1
    graph = nx.Graph()
    graph.add_weighted_edges_from(
        (one, other, (ceiling - cost) * spread + rng.randrange(spread))
        for (one, other), cost in weights.items()
    )
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < len(nodes):
        return None
    return [tuple(sorted(couple, key=nodes.index)) for couple in matching]


def _improved(tables: list[Table], costs: _Costs, rng: random.Random) -> list[Table]:
    """The tables after swaps of two players that lower the round's cost, until none does.

    The matchings take partnerships first, then tables: a swap can trade a partnership for
    one as good that faces fresher opponents.
    """
    seats = [list(table) for table in tables]
    places = [(number, seat) for number in range(len(seats)) for seat in range(4)]
    # Any two players but partners (swapping them changes nothing).
    swaps = [
        (one, other)
        for one, other in itertools.combinations(places, 2)
        if not (one[0] == other[0] and (one[1] - other[1]) % 2 == 0)
    ]
    better = True
    while better:
        better = False
        rng.shuffle(swaps)
        for (table, seat), (other_table, other_seat) in swaps:
            changed = {table, other_table}
            before = sum(costs.table(seats[number]) for number in changed)
            first, second = seats[table], seats[other_table]
            first[seat], second[other_seat] = second[other_seat], first[seat]
            if sum(costs.table(seats[number]) for number in changed) < before:
                better = True
            else:
                first[seat], second[other_seat] = second[other_seat], first[seat]
    return [tuple(table) for table in seats]


# --- Seats and first dealers ----------------------------------------------------------------


def _seated(table: Table, history: History, rng: random.Random) -> Seating:
    """The table's players at the seats they sat at least (either partnership North-South,
    either partner North), and its first dealer the one who dealt first least."""
    north, east, south, west = table
    arrangements = [
        seats
        for ours, theirs in (((north, south), (east, west)), ((east, west), (north, south)))
        for first, third in (ours, ours[::-1])
        for second, fourth in (theirs, theirs[::-1])
        for seats in [(first, second, third, fourth)]
    ]
    chosen = min(
        arrangements,
        key=lambda seats: (
            sum(history.seats[player][seat] for player, seat in zip(seats, SEATS, strict=True)),
            rng.random(),
        ),
    )
    dealer = min(range(4), key=lambda seat: (history.deals[chosen[seat]], rng.random()))
    return Seating(*chosen, first_dealer=SEATS[dealer])
