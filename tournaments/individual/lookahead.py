"""Can the rounds to come still be seated without a repeated partner? Plain Python.

A draw that only looks at its own round can paint the night into a corner: six or seven
players, four of them seated each round, are often left by round 6 with a seated four among
whom some have no new partner left, where other draws of the rounds before would have left
one. Before taking a round, the draw asks whether the players present could play the next
rounds with a new partner each time, sitting out in turn (`rounds.sitting_out_next`).

Two answers, cheap first:

- **Dense nights never get stuck (Dirac).** A graph on an even number m of players in which
  each is joined to at least m/2 others has a Hamiltonian cycle, hence a perfect matching.
  A player has at most `used + rounds - 1` partners behind them by the last of `rounds`
  rounds, so if `(m - 1) - (used + rounds - 1) >= m/2` for the player with the most, any
  m seated players can pair up anew in every one of them, whatever was drawn before. From
  16 seated players on, this holds for 7 rounds without any search.
- **Small nights are searched** by random plans: each round's sit-outs by the rule with
  chance among equals, then a new partner for everyone by backtracking (the player with the
  fewest new partners left first), started again from the top when a round has none. An
  `Effort` bounds the search; running out of it answers "not found", which the draw reads
  as "cannot hold".
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence, Set

from tournaments.individual.rounds import TABLE, Pair, pair, sitting_out_next

DEFAULT_EFFORT = 20_000  # backtracking steps one draw may spend on plans
PLAN_TRIES = 40  # fresh starts of a plan before it is given up

Partnerships = list[tuple[int, int]]
Plan = list[tuple[list[int], Partnerships]]  # each round's sit-outs and partnerships


class OutOfEffort(Exception):
    pass


class Effort:
    """How much searching one draw may do, shared by its questions."""

    def __init__(self, steps: int = DEFAULT_EFFORT):
        self.left = steps

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise OutOfEffort


def never_stuck(players: Sequence[int], partnered: Set[Pair], rounds: int) -> bool:
    """The sufficient condition of the module docstring: no search needed."""
    seated = len(players) - len(players) % TABLE
    used = max(
        (sum(pair(player, other) in partnered for other in players) for player in players),
        default=0,
    )
    return (seated - 1) - (used + rounds - 1) >= seated / 2


def might_hold(
    players: Sequence[int], partnered: Set[Pair], sat_out: Mapping[int, int], rounds: int
) -> bool:
    """False when `rounds` rounds surely cannot all be new partnerships: a necessary test, to
    spare the search a plan that cannot exist. Each player plays every round they do not sit
    out, each time with a new partner: they need as many new partners as the rounds they
    play at least (`_most_sat_out`)."""
    counts = {player: sat_out.get(player, 0) for player in players}
    for player in players:
        new = sum(other != player and pair(player, other) not in partnered for other in players)
        if rounds - _most_sat_out(player, counts, rounds) > new:
            return False
    return True


def _most_sat_out(player: int, counts: Mapping[int, int], rounds: int) -> int:
    """The most rounds of `rounds` that `player` can sit out, sitting out in turn.

    Whenever a player sits out, at most `out - 1` others come before them in the turn
    (those sitting out with them): when they sit out with k sit-outs behind them, at least
    n - out others have k or more by then, which takes fewest if they are those with the
    most now. Those sit-outs and the player's come from the rounds' `rounds * out`.
    """
    out = len(counts) % TABLE
    mine = counts[player]
    most = sorted((count for other, count in counts.items() if other != player), reverse=True)
    most = most[: len(counts) - out]
    taken = 0
    while (
        taken < rounds
        and taken + 1 + sum(max(0, mine + taken - count) for count in most) <= rounds * out
    ):
        taken += 1
    return taken


def plan(
    players: Sequence[int],
    partnered: Set[Pair],
    sat_out: Mapping[int, int],
    last_out: Set[int],
    rounds: int,
    rng: random.Random,
    effort: Effort,
) -> Plan | None:
    """`rounds` rounds of new partnerships for `players`, each sitting out by the rule; None
    when the search finds none (or runs out of effort)."""
    if rounds <= 0:
        return []
    if not might_hold(players, partnered, sat_out, rounds):
        return None
    try:
        for _try in range(PLAN_TRIES):
            found = _one_plan(players, partnered, sat_out, last_out, rounds, rng, effort)
            if found is not None:
                return found
    except OutOfEffort:
        pass
    return None


def _one_plan(players, partnered, sat_out, last_out, rounds, rng, effort) -> Plan | None:
    partnered = set(partnered)
    sat_out = dict(sat_out)
    found: Plan = []
    for _round in range(rounds):
        out = sitting_out_next(players, sat_out, last_out, len(players) % TABLE, rng)
        seated = [player for player in players if player not in out]
        pairs = new_partnerships(seated, partnered, rng, effort)
        if pairs is None:
            return None
        found.append((out, pairs))
        partnered.update(pair(*couple) for couple in pairs)
        for player in out:
            sat_out[player] = sat_out.get(player, 0) + 1
        last_out = set(out)
    return found


def new_partnerships(
    seated: Sequence[int], partnered: Set[Pair], rng: random.Random, effort: Effort
) -> Partnerships | None:
    """Everyone in `seated` with a partner they never had, at random; None if impossible."""
    options = {
        player: [
            other for other in seated if other != player and pair(player, other) not in partnered
        ]
        for player in seated
    }
    for choices in options.values():
        rng.shuffle(choices)
    alone = set(seated)
    pairs: Partnerships = []

    def extend() -> bool:
        if not alone:
            return True
        effort.spend()
        # The player with the fewest choices left first: a dead end shows at once.
        player = min(alone, key=lambda one: sum(other in alone for other in options[one]))
        alone.discard(player)
        for other in options[player]:
            if other in alone:
                alone.discard(other)
                pairs.append((player, other))
                if extend():
                    return True
                pairs.pop()
                alone.add(other)
        alone.add(player)
        return False

    return pairs if extend() else None
