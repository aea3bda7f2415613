"""Can the pairs not yet played still hold the rounds to come? Plain Python.

A Swiss draw that only looks at its own round can paint itself into a corner: six teams
after three rounds may be left with two triangles of unplayed pairs, and no fourth round
exists without a rematch. Before taking a pairing, the draw asks `can_hold`: is there a
way to play every remaining round, each team meeting only teams it has not met?

Two answers, cheap first:

- **Dense fields never get stuck (Dirac).** A graph whose every vertex is joined to at
  least half of the others has a Hamiltonian cycle, hence (on an even number of
  vertices) a perfect matching. A round takes exactly one unplayed pair from each team,
  so if every team still has at least `m/2 + rounds - 1` possible opponents (`m` teams,
  even), each of the rounds to come finds that bound still above `m/2` whatever was
  drawn before it. With a bye each round (odd `m`), `(m - 1)/2 + rounds` is enough.
  A field of `m` teams playing `r <= m/2` rounds meets the bound from round 1 to the end,
  which is every field of 40 teams or more (a Swiss has at most 20 rounds) and every
  field playing the usual ceil(log2 m) rounds from 4 teams up: no search at all.
- **Small fields are searched exactly.** Otherwise the remaining rounds are built one
  perfect matching at a time over the graph of unplayed pairs, by backtracking: the team
  with the fewest possible opponents is placed first, a team with exactly as many
  possible opponents as rounds left fixes which round comes next (rounds are unordered),
  and positions already shown to fail are remembered. Such graphs are tiny (a few teams,
  or few rounds left), so the search is quick; an `Effort` bounds it anyway, and
  `can_hold` answers None ("not known") when it runs out.

With an odd field a phantom team stands for the bye: meeting it is sitting out, and it
may only meet the teams whose turn it is (those with the fewest byes).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence, Set

DEFAULT_EFFORT = 15_000  # positions and matchings tried before the search gives up

Matching = list[tuple[int, int]]


class _OutOfEffort(Exception):
    pass


class Effort:
    """How much searching one draw may do, shared by its questions, and the positions
    already shown to fail (they fail whichever question led to them)."""

    def __init__(self, steps: int = DEFAULT_EFFORT):
        self.left = steps
        self.failed: set = set()

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise _OutOfEffort


def bye_turn(
    teams: Sequence[int], bye_counts: Mapping[int, int], rounds: int
) -> tuple[set[int], set[int]]:
    """Whose turn it is to sit out in the next `rounds` rounds: now, and after them.

    A bye goes to a team with the fewest byes. When those teams are at least as many as
    the rounds, the byes are theirs (`now`); when they are fewer, each of them sits out
    once, then the remaining byes go to the teams that then have the fewest (`later`:
    every team with at most one bye more, those just served included).
    """
    fewest = min((bye_counts.get(team, 0) for team in teams), default=0)
    now = {team for team in teams if bye_counts.get(team, 0) == fewest}
    if len(now) >= rounds:
        return now, set()
    return now, {team for team in teams if bye_counts.get(team, 0) <= fewest + 1}


def dirac_holds(teams: Sequence[int], played: Set[frozenset[int]], rounds: int) -> bool:
    """The sufficient condition of the module docstring: no search needed."""
    size = len(teams)
    if rounds <= 0 or size < 2:
        return rounds <= 0
    least = min(
        sum(1 for other in teams if other != team and frozenset((team, other)) not in played)
        for team in teams
    )
    if size % 2 == 0:
        return 2 * least >= size + 2 * (rounds - 1)
    return 2 * least >= size - 1 + 2 * rounds


def can_hold(
    teams: Sequence[int],
    played: Set[frozenset[int]],
    bye_counts: Mapping[int, int],
    rounds: int,
    *,
    effort: Effort | None = None,
) -> bool | None:
    """Whether `rounds` more rounds of `teams` can be drawn with no pair of `played` meeting
    again and byes taken in turn. True, False, or None when the search ran out of budget."""
    if rounds <= 0:
        return True
    if len(teams) < 2:
        return False
    if dirac_holds(teams, played, rounds) and (
        len(teams) % 2 == 0 or len(bye_turn(teams, bye_counts, rounds)[0]) >= rounds
    ):
        return True
    found = first_round(teams, played, bye_counts, rounds, effort=effort)
    return found if found is None else bool(found)


def first_round(
    teams: Sequence[int],
    played: Set[frozenset[int]],
    bye_counts: Mapping[int, int],
    rounds: int,
    *,
    bye: int | None = None,
    effort: Effort | None = None,
) -> tuple[list[tuple[int, int]], int | None] | bool | None:
    """A next round (its pairs and its bye) from which `rounds - 1` more can follow, with
    `bye` sitting out when given; False when there is none, None when the search ran out
    of budget."""
    if len(teams) < 2:
        return False
    index = list(teams)
    adjacency, later = _graph(teams, played, bye_counts, rounds)
    phantom = len(teams) if len(teams) % 2 else None
    forced = None
    if bye is not None and phantom is not None:
        if not adjacency[phantom] >> index.index(bye) & 1:
            return False
        forced = (phantom, index.index(bye))
    search = _Search(phantom, later, effort or Effort())
    try:
        schedule = search.solve(adjacency, rounds, forced)
    except _OutOfEffort:
        return None
    if schedule is None:
        return False
    pairs, sitting_out = [], None
    for a, b in schedule[0]:
        if phantom in (a, b):
            sitting_out = index[b if a == phantom else a]
        else:
            pairs.append((index[a], index[b]))
    return pairs, sitting_out


def _graph(teams, played, bye_counts, rounds) -> tuple[tuple[int, ...], int]:
    """Bitmasks of possible opponents, the phantom (the bye) last when the field is odd,
    joined to the teams whose turn it is to sit out now; and the bitmask of those who may
    sit out once they all have."""
    index = {team: number for number, team in enumerate(teams)}
    size = len(teams)
    adjacency = [0] * (size + size % 2)
    for team in teams:
        for other in teams:
            if other != team and frozenset((team, other)) not in played:
                adjacency[index[team]] |= 1 << index[other]
    later_mask = 0
    if size % 2:
        phantom = size
        now, later = bye_turn(teams, bye_counts, rounds)
        for team in now:
            adjacency[phantom] |= 1 << index[team]
            adjacency[index[team]] |= 1 << phantom
        for team in later:
            later_mask |= 1 << index[team]
    return tuple(adjacency), later_mask


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class _Search:
    """The backtracking search for rounds to come, with what it learnt on the way.

    With an odd field the rounds come in two phases when the teams whose turn it is to sit
    out are fewer than the rounds: first one round for each of them (the phantom joined to
    them only), then the rest (the phantom joined afresh to the `later` teams).
    """

    def __init__(self, phantom: int | None, later: int, effort: Effort):
        self.phantom = phantom
        self.later = later
        self.effort = effort

    def solve(self, adjacency: tuple[int, ...], rounds: int,
              forced: tuple[int, int] | None = None,
              second_phase: bool = False) -> list[Matching] | None:
        """`rounds` disjoint perfect matchings of the graph, the first holding `forced`
        when given; None when there are none."""
        if rounds == 0:
            return []
        key = (rounds, adjacency, forced, second_phase, self.phantom, self.later)
        if key in self.effort.failed:
            return None
        self.effort.spend()
        if self.phantom is not None and self.later and not second_phase \
                and not adjacency[self.phantom]:
            adjacency, second_phase = self._second_phase(adjacency), True
        if not self._may_hold(adjacency, rounds, second_phase):
            self.effort.failed.add(key)
            return None
        degrees = [mask.bit_count() for mask in adjacency]
        one_phase = self.phantom is None or not self.later or second_phase
        if forced is not None:
            first, partners = forced[0], [forced[1]]
        else:
            first = min(range(len(adjacency)), key=lambda v: (degrees[v], v))
            partners = sorted(_bits(adjacency[first]), key=lambda v: (degrees[v], v))
            if degrees[first] == rounds and one_phase:
                # Every one of its pairs is played in some round: the round with the first
                # one may as well be the next (the rounds to come are interchangeable).
                partners = partners[:1]
        full = (1 << len(adjacency)) - 1
        for partner in partners:
            free = full & ~(1 << first) & ~(1 << partner)
            for matching in _matchings(adjacency, free, [(first, partner)], self.effort):
                rest = list(adjacency)
                for a, b in matching:
                    rest[a] &= ~(1 << b)
                    rest[b] &= ~(1 << a)
                later = self.solve(tuple(rest), rounds - 1, second_phase=second_phase)
                if later is not None:
                    return [matching, *later]
        self.effort.failed.add(key)
        return None

    def _second_phase(self, adjacency):
        """Everyone whose turn it was has sat out: the phantom meets the `later` teams."""
        rest = list(adjacency)
        rest[self.phantom] = self.later
        for team in _bits(self.later):
            rest[team] |= 1 << self.phantom
        return tuple(rest)

    def _may_hold(self, adjacency, rounds, second_phase) -> bool:
        """Quick refusals: a team with fewer possible opponents than rounds (the phantom
        counting once more for a team it may meet in the second phase), more byes needed
        than rounds, byes that cannot all be given, or a part of the graph with an odd
        number of teams."""
        pending = self.phantom is not None and self.later and not second_phase
        if self.phantom is not None:
            # Each round has one bye: the teams short of opponents need more byes than that.
            real = ~(1 << self.phantom)
            short = sum(max(0, rounds - (mask & real).bit_count())
                        for vertex, mask in enumerate(adjacency) if vertex != self.phantom)
            if short > rounds:
                return False
        for vertex, mask in enumerate(adjacency):
            if vertex == self.phantom and pending:
                in_turn = mask.bit_count()
                if in_turn > rounds or rounds - in_turn > self.later.bit_count():
                    return False
                continue
            extra = 1 if pending and self.later >> vertex & 1 else 0
            if mask.bit_count() + extra < rounds:
                return False
        return _components_even(adjacency)


def _matchings(adjacency, free: int, chosen: list,
               effort: Effort) -> Iterator[list[tuple[int, int]]]:
    """Every perfect matching of the `free` vertices, added to `chosen`; each step of the
    way spends effort, so that the search is bounded however it branches."""
    effort.spend()
    if not free:
        yield chosen
        return
    best, best_count = -1, 1 << 30
    for vertex in _bits(free):
        count = (adjacency[vertex] & free).bit_count()
        if count < best_count:
            best, best_count = vertex, count
            if count <= 1:
                break
    if best_count == 0:
        return
    for partner in _bits(adjacency[best] & free):
        yield from _matchings(
            adjacency, free & ~(1 << best) & ~(1 << partner), [*chosen, (best, partner)],
            effort)


def _components_even(adjacency: tuple[int, ...]) -> bool:
    """A perfect matching needs every connected part of the graph to have even size."""
    seen = 0
    for start in range(len(adjacency)):
        if seen >> start & 1:
            continue
        part = frontier = 1 << start
        while frontier:
            reach = 0
            for vertex in _bits(frontier):
                reach |= adjacency[vertex]
            frontier = reach & ~part
            part |= frontier
        seen |= part
        if part.bit_count() % 2:
            return False
    return True
