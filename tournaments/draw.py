"""The draw: who plays whom in the next round of a tournament.

Plain Python with no Django import, like `scoring.rules`. Three formats draw here:

- round robin, by the circle (Berger) method: everyone meets everyone once; a withdrawn
  team's remaining games are forfeits;
- Swiss rounds: round 1 top half against bottom half by seed (or at random); later rounds
  by matchings of the whole field (networkx) that keep teams on the same wins together,
  never pair a team twice, and, looking ahead (`tournaments.lookahead`), leave pairs enough
  for every round still to come; where a withdrawal or a late arrival makes a rematch
  unavoidable, `RematchNeeded` names the pairs and the organizer may draw the fewest;
- knockout (`knockout_round`): a standard seeded bracket where the top seeds get the
  byes, each later round from the winners of the one before in bracket order. This is the
  one knockout path; the services only read the winners and store what it returns.

A draw that cannot be made is a `DrawError`: a stable code and an English message
template marked with `_` so that `makemessages` extracts it; the Django layer
translates the template and fills in the parameters.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from tournaments import lookahead


def _(message: str) -> str:
    """Mark a message for translation without translating it (like gettext_noop)."""
    return message


@dataclass(frozen=True)
class Pairing:
    team_a: int  # the better-ranked (or better-seeded) team of the two
    team_b: int


@dataclass(frozen=True)
class Draw:
    pairings: list[Pairing]  # table order: table 1 (the top of the standings) first
    byes: list[int]  # teams that sit out this round and score a bye
    rematches: list[Pairing] = field(default_factory=list)  # pairs that meet again
    # Round robin: the games of a withdrawn team (team_b), each won by forfeit by team_a.
    forfeits: list[Pairing] = field(default_factory=list)


class DrawError(Exception):
    """Why a round cannot be drawn; like `scoring.rules.Violation`."""

    def __init__(self, code: str, message: str, params: dict[str, Any] | None = None):
        self.code = code
        self.message = message  # English template with %(name)s parameters
        self.params = dict(params or {})
        super().__init__(message % self.params)

    def render(self, translate=lambda text: text) -> str:
        """The message in the caller's language."""
        return translate(self.message) % self.params


def _check_field(team_ids: Sequence[int]) -> list[int]:
    field = list(team_ids)
    if len(set(field)) != len(field):
        raise ValueError("A team appears more than once in the field")
    if len(field) < 2:
        raise _too_few_teams(len(field))
    return field


def _too_few_teams(count: int) -> DrawError:
    return DrawError(
        "too_few_teams",
        _("A draw needs at least two teams; there are %(teams)s."),
        {"teams": count},
    )


def _in_table_order(pairs: list[tuple[int, int]], position: Mapping[int, int]) -> list[Pairing]:
    """Each pair led by its better team (lower position), the best pair at table 1."""
    oriented = [tuple(sorted(pair, key=position.__getitem__)) for pair in pairs]
    oriented.sort(key=lambda pair: position[pair[0]])
    return [Pairing(a, b) for a, b in oriented]


# --- Round robin ---------------------------------------------------------------------------


def round_robin_rounds(team_count: int) -> int:
    """n - 1 rounds for an even field; n for an odd one, where each round someone sits out."""
    if team_count < 2:
        raise _too_few_teams(team_count)
    return team_count - 1 if team_count % 2 == 0 else team_count


def round_robin_schedule(team_ids: Sequence[int]) -> list[list[tuple[int | None, int | None]]]:
    """Every round's pairs by the circle method; `None` is the bye of an odd field.

    `team_ids` in seed order. Each pair is led by the better seed (the bye comes second),
    and the pairs of a round are in order of their better seed.
    """
    field = _check_field(team_ids)
    seed = {team: number for number, team in enumerate(field)}
    # An odd field gets a phantom opponent: meeting it is the bye.
    circle: list[int | None] = [*field, None] if len(field) % 2 else list(field)
    size = len(circle)
    schedule = []
    for turn in range(size - 1):
        # The first team stays put while the others turn one place round the circle.
        rest = circle[1:]
        order = [circle[0], *rest[-turn:], *rest[:-turn]] if turn else circle
        pairs = [_seed_order(order[i], order[size - 1 - i], seed) for i in range(size // 2)]
        schedule.append(sorted(pairs, key=lambda pair: seed[pair[0]]))
    return schedule


def _seed_order(
    one: int | None, other: int | None, seed: Mapping[int, int]
) -> tuple[int | None, int | None]:
    if one is None or (other is not None and seed[other] < seed[one]):
        return other, one
    return one, other


def draw_round_robin(
    team_ids: Sequence[int], round_number: int, withdrawn: Set[int] = frozenset()
) -> Draw:
    """Round `round_number` (from 1) of the round robin of `team_ids`.

    `team_ids` is the whole field, in seed order, as it was when the first round was
    drawn: the schedule never changes once started. A withdrawn team's games are not
    played: each of its opponents wins by forfeit (`Draw.forfeits`), so that everybody
    still plays the same number of games. A withdrawn team's own bye is dropped.
    """
    field = _check_field(team_ids)
    rounds = round_robin_rounds(len(field))
    if not _is_whole(round_number) or not 1 <= round_number <= rounds:
        raise DrawError(
            "no_round_left",
            _("There is no round %(round)s: a round robin of %(teams)s teams has "
              "%(rounds)s rounds."),
            {"round": round_number, "teams": len(field), "rounds": rounds},
        )
    pairings, byes, forfeits = [], [], []
    for team_a, team_b in round_robin_schedule(field)[round_number - 1]:
        present = [team for team in (team_a, team_b) if team is not None and team not in withdrawn]
        if len(present) == 2:
            pairings.append(Pairing(team_a, team_b))
        elif team_b is None:
            byes.extend(present)
        elif present:
            absent = team_b if present[0] == team_a else team_a
            forfeits.append(Pairing(present[0], absent))
    return Draw(pairings, byes, forfeits=forfeits)


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- Swiss rounds --------------------------------------------------------------------------


def swiss_round_one(seeded: Sequence[int], rng: random.Random | None = None) -> Draw:
    """Round 1 of a Swiss: the top half of the seeds against the bottom half (1 v 5, 2 v 6,
    3 v 7, 4 v 8 for eight teams), or a random pairing when `rng` is given. An odd field's
    bye goes to the lowest seed.

    Any first round leaves the rest of the event drawable: every perfect matching of the
    complete graph belongs to some round robin schedule (rename the teams of the circle
    method's first round).
    """
    field = _check_field(seeded)
    byes = [field.pop()] if len(field) % 2 else []
    if rng is not None:
        order = list(field)
        rng.shuffle(order)
        pairs = [(order[i], order[i + 1]) for i in range(0, len(order), 2)]
    else:
        half = len(field) // 2
        pairs = list(zip(field[:half], field[half:], strict=True))
    position = {team: number for number, team in enumerate(seeded)}
    return Draw(_in_table_order(pairs, position), byes)


class RematchNeeded(DrawError):
    """No draw of this round avoids a rematch; `draw` is the one with the fewest."""

    def __init__(self, draw: Draw, teams: int):
        super().__init__(
            "rematch_unavoidable",
            _("The %(teams)s teams still in cannot all be paired without a rematch: every "
              "possible draw repeats a match already played."),
            {"teams": teams},
        )
        self.draw = draw


def draw_swiss(
    ranked: Sequence[int],
    wins: Mapping[int, int],
    played: Set[frozenset[int]],
    bye_counts: Mapping[int, int],
    *,
    rounds_left: int = 1,
    allow_rematches: bool = False,
) -> Draw:
    """The next Swiss round for the active teams `ranked` in standings order, best first.

    No pair in `played` meets again, in this round or, as far as it can be avoided, in the
    `rounds_left - 1` rounds after it: the draw looks ahead (`tournaments.lookahead`).
    Among the pairings that leave the rest of the event drawable, it takes the one that
    best keeps teams with the same wins together, then closest in rank (`_pair_costs`).

    An odd field gives one bye, to the lowest-ranked of the teams with the fewest byes
    (no team gets a second bye while another has had none); a team higher up takes it
    only when the lowest one sitting out would force a rematch later.

    When a withdrawal or a late arrival leaves no way to play the rounds to come without
    a rematch, the rematches are put off as long as possible. When this very round cannot
    avoid one, `RematchNeeded` carries the draw with the fewest rematches, which is
    returned instead with `allow_rematches`.
    """
    field = _check_field(ranked)
    position = {team: number for number, team in enumerate(field)}
    candidates = [None] if len(field) % 2 == 0 else _bye_candidates(field, bye_counts)
    effort = lookahead.Effort()
    for horizon in range(max(rounds_left, 1), 0, -1):
        if lookahead.can_hold(field, played, bye_counts, horizon, effort=effort) is False:
            continue  # not even the best of draws would keep the rounds free of rematches
        for bye in candidates:
            pairs = _pairs_that_hold(field, wins, played, bye_counts, bye, horizon, effort)
            if pairs is not None:
                return Draw(_in_table_order(pairs, position), [] if bye is None else [bye])
    fewest = _fewest_rematches(field, wins, played, candidates)
    if not allow_rematches:
        raise RematchNeeded(fewest, len(field))
    return fewest


def _bye_candidates(field: list[int], bye_counts: Mapping[int, int]) -> list[int]:
    """Who may sit out, in order: the teams with the fewest byes, from the bottom up."""
    fewest = min(bye_counts.get(team, 0) for team in field)
    return [team for team in field[::-1] if bye_counts.get(team, 0) == fewest]


# Cheaper pairings tried before the search for any pairing that holds (small fields only).
HOLDING_CANDIDATES = 24


def _pairs_that_hold(field, wins, played, bye_counts, bye, horizon, effort):
    """The cheapest pairing of the field without `bye` after which `horizon - 1` more
    rounds can be drawn without a rematch; None when there is none."""
    rest = [team for team in field if team != bye]
    best = _swiss_pairs(rest, wins, played)
    if best is None or horizon == 1:
        return best
    after_byes = dict(bye_counts)
    if bye is not None:
        after_byes[bye] = after_byes.get(bye, 0) + 1

    def holds(pairs):
        return lookahead.can_hold(field, played | {frozenset(p) for p in pairs}, after_byes,
                                  horizon - 1, effort=effort)

    verdict = holds(best)
    if verdict:
        return best
    found = lookahead.first_round(field, played, bye_counts, horizon, bye=bye, effort=effort)
    if found is None:  # the search ran out of effort: take the best pairing on trust
        return best if verdict is None else None
    if not found:
        return None
    rank = {team: number for number, team in enumerate(rest)}
    costs = _pair_costs(rest, rank, wins, played)
    for number, pairs in enumerate(_pairings_by_cost(rest, costs)):
        if number >= HOLDING_CANDIDATES:
            break
        if holds(pairs):
            return pairs
    return found[0]


def _pairings_by_cost(field: list[int], costs: PairCosts):
    """Pairings of the whole field, cheapest first (Murty's partition of the solutions: each
    next best either leaves out one pair of the last one found or keeps the pairs before
    it)."""
    def key(pair):
        return pair if pair in costs else (pair[1], pair[0])

    def best_with(kept, dropped):
        taken = {team for pair in kept for team in pair}
        left = [team for team in field if team not in taken]
        allowed = {pair: cost for pair, cost in costs.items()
                   if pair not in dropped and not taken & set(pair)}
        pairs = _cheapest_pairing(left, allowed) if left else []
        if pairs is None:
            return None
        pairs = [key(pair) for pair in pairs] + list(kept)
        return _total(costs, pairs), pairs

    first = best_with((), frozenset())
    queue = [] if first is None else [(first[0], 0, first[1], (), frozenset())]
    order = 1
    while queue:
        _total_cost, _, pairs, kept, dropped = heapq.heappop(queue)
        yield pairs
        free = [pair for pair in pairs if pair not in kept]
        for number, pair in enumerate(free):
            branch_kept = (*kept, *free[:number])
            branch_dropped = dropped | {pair}
            found = best_with(branch_kept, branch_dropped)
            if found is not None:
                heapq.heappush(queue, (found[0], order, found[1], branch_kept, branch_dropped))
                order += 1


def _fewest_rematches(field, wins, played, candidates) -> Draw:
    """The draw with the fewest rematches (then the usual preferences), and which they are."""
    position = {team: number for number, team in enumerate(field)}
    best = None
    for bye in candidates:
        rest = [team for team in field if team != bye]
        rank = {team: number for number, team in enumerate(rest)}
        costs = _pair_costs(rest, rank, wins, set())
        rematch_cost = (max(costs.values()) + 1) * len(rest)
        costs = {pair: cost + rematch_cost * (frozenset(pair) in played)
                 for pair, cost in costs.items()}
        pairs = [(a, b) if (a, b) in costs else (b, a)
                 for a, b in _cheapest_pairing(rest, costs)]
        rematches = sum(frozenset(pair) in played for pair in pairs)
        if best is None or rematches < best[0]:
            best = (rematches, pairs, bye)
    _count, pairs, bye = best
    pairings = _in_table_order(pairs, position)
    return Draw(pairings, [] if bye is None else [bye],
                [pairing for pairing in pairings
                 if frozenset((pairing.team_a, pairing.team_b)) in played])


# Pairs this close in rank make the quick first pairing (see `_swiss_pairs`).
NEAR_IN_RANK = 8

PairCosts = dict[tuple[int, int], int]


def _swiss_pairs(
    field: list[int], wins: Mapping[int, int], played: Set[frozenset[int]]
) -> list[tuple[int, int]] | None:
    """The cheapest pairing of the whole (even) `field` without a rematch; None if there is none.

    Matching the complete field is slow in pure Python (about half a second for 128
    teams), so a quick pairing of near neighbours in rank comes first: its cost bounds
    the best one, which rules out most pairs before the full matching (`_worth_trying`).
    """
    rank = {team: number for number, team in enumerate(field)}
    costs = _pair_costs(field, rank, wins, played)
    near = {(a, b): cost for (a, b), cost in costs.items() if rank[b] - rank[a] <= NEAR_IN_RANK}
    quick = _cheapest_pairing(field, near)
    if quick is not None:
        return _cheapest_pairing(field, _worth_trying(costs, _total(costs, quick)))
    if not _can_pair(field, costs):
        return None
    return _cheapest_pairing(field, costs)


def _pair_costs(
    field: list[int], rank: Mapping[int, int], wins: Mapping[int, int], played: Set[frozenset[int]]
) -> PairCosts:
    """What each possible new pair costs the draw; the cheapest pairing is the best.

    (Difference in wins)², weighted above anything the rank can add, plus (distance in
    rank)²: fewer and smaller mismatches in wins always come first, and within that,
    neighbours in the standings meet. The squares spread a mismatch over two teams one
    win apart rather than one pair two wins apart.
    """
    # Above the largest possible total of rank costs over a pairing: size/2 pairs < size².
    wins_scale = len(field) ** 3
    return {
        (team, other): (wins[team] - wins[other]) ** 2 * wins_scale
        + (rank[other] - rank[team]) ** 2
        for number, team in enumerate(field)
        for other in field[number + 1:]
        if frozenset((team, other)) not in played
    }


def _total(costs: PairCosts, pairs: list[tuple[int, int]]) -> int:
    return sum(costs[(a, b)] if (a, b) in costs else costs[(b, a)] for a, b in pairs)


def _worth_trying(costs: PairCosts, bound: int) -> PairCosts:
    """The pairs that can be in a pairing costing no more than `bound`; the others are dropped.

    Every team is in exactly one pair, so a pairing's cost is the sum of its pairs' costs
    less what each team's cheapest pair costs, plus the sum of those cheapest costs. A
    pair whose own excess already takes that sum above `bound` cannot be in a pairing as
    cheap as the known one, hence not in the best. (Doubled to stay in whole numbers.)
    """
    cheapest: dict[int, int] = {}
    for (team, other), cost in costs.items():
        for side in (team, other):
            cheapest[side] = min(cheapest.get(side, cost), cost)
    slack = 2 * bound - sum(cheapest.values())
    return {
        (team, other): cost
        for (team, other), cost in costs.items()
        if 2 * cost - cheapest[team] - cheapest[other] <= slack
    }


def _cheapest_pairing(field: list[int], costs: PairCosts) -> list[tuple[int, int]] | None:
    """Everyone in `field` paired at the least total cost, among the pairs in `costs`."""
    if not costs:
        return None
    # networkx maximises weight; every pairing of the field has the same number of pairs,
    # so a constant minus the cost turns the cheapest pairing into the heaviest.
    ceiling = max(costs.values()) + 1
    graph = nx.Graph()
    graph.add_nodes_from(field)
    graph.add_weighted_edges_from((a, b, ceiling - cost) for (a, b), cost in costs.items())
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return list(matching) if 2 * len(matching) == len(field) else None


def _can_pair(field: list[int], costs: PairCosts) -> bool:
    """Whether everyone can be paired at all: an unweighted matching, quicker to find."""
    graph = nx.Graph()
    graph.add_nodes_from(field)
    graph.add_edges_from(costs)
    return 2 * len(nx.max_weight_matching(graph, maxcardinality=True)) == len(field)


# --- Knockout ------------------------------------------------------------------------------


def bracket_order(size: int) -> list[int]:
    """Seed numbers in bracket order: 8 -> [1, 8, 4, 5, 2, 7, 3, 6].

    Built by doubling: each seed s of the smaller bracket meets size + 1 - s, so the
    top two seeds are in opposite halves and can only meet in the final.
    """
    if size < 1 or size & (size - 1):
        raise ValueError(f"A bracket size is a power of two, not {size}")
    order = [1]
    while len(order) < size:
        bigger = 2 * len(order)
        order = [seed for top in order for seed in (top, bigger + 1 - top)]
    return order


def knockout_rounds(team_count: int) -> int:
    """ceil(log2(n)): the rounds until one team is left."""
    if team_count < 2:
        raise _too_few_teams(team_count)
    return (team_count - 1).bit_length()


def bracket_slots(seeded: Sequence[int], size: int) -> list[tuple[int | None, int | None]]:
    """The first round of a bracket of `size` places (a power of two), seed by seed at their
    places in `bracket_order`; a place beyond the seeded teams is empty, so the team facing it
    goes through (the top seeds, when the field is not a power of two)."""

    def at(seed: int) -> int | None:
        return seeded[seed - 1] if seed <= len(seeded) else None

    order = bracket_order(size)
    return [(at(order[i]), at(order[i + 1])) for i in range(0, size, 2)]


def next_bracket_slots(winners: Sequence[int | None]) -> list[tuple[int | None, int | None]]:
    """The next round: the winners of slots 1 and 2 meet, 3 and 4, and so on. A slot that
    nobody came out of (both its teams withdrew) is `None`: its neighbour goes through."""
    if len(winners) < 2 or len(winners) % 2:
        raise DrawError("no_round_left", _("There is no knockout round left to draw."))
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]


def knockout_round(places: int, knockout_round: int, *, seeded: Sequence[int] = (),
                   winners: Mapping[int, int] | None = None,
                   present: Set[int]) -> list[tuple[int | None, int | None]]:
    """Knockout round `knockout_round` (1 for the first) of a bracket of `places` (a power
    of two), slot by slot in bracket order. The first round takes the teams `seeded`, best
    first (places beyond them are empty, so the top seeds go through); a later round, the
    previous round's `winners` by bracket position. A team not `present` (withdrawn) leaves
    its place empty: (team, None) goes through on a bye, (None, None) is nobody."""
    if knockout_round == 1:
        slots = bracket_slots(seeded, places)
    else:
        previous = places >> (knockout_round - 1)
        slots = next_bracket_slots([(winners or {}).get(position)
                                    for position in range(previous)])
    return [(*[team for team in slot if team is not None and team in present], None, None)[:2]
            for slot in slots]
