"""Make tournaments/data/whist_schedules.json: a whist tournament Wh(n) for each field the
individual nights play from a schedule (n from 8 to 20, n ≡ 0 or 1 mod 4). Run it again to
make the same file (nothing random in it; under a minute):

    .venv/bin/python scripts/make_whist_schedules.py

In a whist tournament every two players are partners exactly once and opponents exactly
twice: over n - 1 rounds with nobody sitting out when n ≡ 0 (mod 4), over n rounds with one
player sitting out each round when n ≡ 1.

Each schedule is one base round developed over a group G of odd order: round g is the base
round with g added to every player. The differences between partners (x - y and y - x) in the
base round are every element of G but 0 exactly once, those between opponents exactly twice;
adding g keeps the differences, so over all the rounds each pair of players meets as partners
once and as opponents twice.

- n ≡ 1: G has n elements; the base round seats G without 0, who sits out (player g sits out
  the round developed by g).
- n ≡ 0: G has n - 1 elements and a fixed player ∞ (the last index, n - 1) sits with them;
  the base round seats ∞ with 0 as partner. ∞ meets every other player as partner once and
  as opponent twice whatever the base, so only the pairs within G need the differences.

G is the cyclic group Z_m where a base round exists on it; Z_9 has none, so Wh(9) is
developed over (Z_3)^2. Base rounds are found by backtracking. A short night plays only the
first rounds, so the order of the rounds matters: each base's rounds are ordered greedily
(each next round the one with the fewest pairs already met as opponents) and the base taken
is the one whose rounds make opponents meet again latest. Searching every base takes too long
from 20 players: the search stops after `STEPS` steps (16 players: all 128 bases; 20: the
first 72, the best of which plays five rounds before opponents meet again, against two for
the first one found).
"""

from __future__ import annotations

import itertools
import json
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tournaments" / "data" / "whist_schedules.json"
SIZES = (8, 9, 12, 13, 16, 17, 20)
# Groups tried for each order, first first (a direct product of cyclic groups, by moduli).
GROUPS = {9: ((9,), (3, 3))}
STEPS = 1_000_000  # steps of the search for base rounds, for each group

Table = tuple[int, int, int, int]  # north, east, south, west: N-S partners against E-W


class Group:
    """The product of the cyclic groups Z_m1, Z_m2..., its elements numbered from 0 (mixed
    radix)."""

    def __init__(self, moduli: tuple[int, ...]):
        self.moduli = moduli
        self.elements = list(itertools.product(*(range(m) for m in moduli)))
        self.order = len(self.elements)
        number = {element: index for index, element in enumerate(self.elements)}

        def combine(a, b, sign):
            return number[tuple((x + sign * y) % m for x, y, m in zip(a, b, moduli, strict=True))]

        self.add = [[combine(a, b, 1) for b in self.elements] for a in self.elements]
        self.sub = [[combine(a, b, -1) for b in self.elements] for a in self.elements]


def base_rounds(n: int, group: Group) -> Iterator[list[Table]]:
    """The base rounds of Wh(n) over `group` (∞ numbered group.order), in the order of the
    search, until it has taken `STEPS` steps.

    Tables are filled one at a time, each from the smallest player not yet seated, who sits
    North (a table's two partnerships and each one's two players may be swapped, so this
    loses no base round); East is the smaller of East and West. Each placement keeps every
    partner difference at most once and every opponent difference at most twice: when all
    are seated, the counts are exactly those.
    """
    order, sub = group.order, group.sub
    infinity = order if n % 4 == 0 else None
    partner = [0] * order
    opponent = [0] * order
    seated = [False] * order
    if infinity is None:
        seated[0] = True  # 0 sits out the base round
    tables: list[Table] = []
    steps = 0

    def take_opponents(x: int, north: int, south: int) -> list[int] | None:
        """Count x's differences with the table's North and South; None (and uncounted)
        when one would be counted a third time."""
        taken = []
        for y in (north, south):
            if y == infinity:
                continue
            for d in (sub[x][y], sub[y][x]):
                opponent[d] += 1
                taken.append(d)
                if opponent[d] > 2:
                    drop(opponent, taken)
                    return None
        return taken

    def fill(table: int) -> Iterator[list[Table]]:
        nonlocal steps
        steps += 1
        if steps > STEPS:
            return
        if table == n // 4:
            yield list(tables)
            return
        if table == 0 and infinity is not None:
            north, souths = infinity, [0]  # translating the base makes 0 ∞'s partner
        else:
            north = seated.index(False)
            souths = [x for x in range(north + 1, order) if not seated[x]]
            seated[north] = True
        for south in souths:
            across = [] if north == infinity else [sub[north][south], sub[south][north]]
            if any(partner[d] for d in across):
                continue
            take(partner, across)
            seated[south] = True
            for east in range(0 if north == infinity else north + 1, order):
                if seated[east] or (east_taken := take_opponents(east, north, south)) is None:
                    continue
                seated[east] = True
                for west in range(east + 1, order):
                    pairs = [sub[east][west], sub[west][east]]
                    if seated[west] or any(partner[d] for d in pairs):
                        continue
                    if (west_taken := take_opponents(west, north, south)) is None:
                        continue
                    take(partner, pairs)
                    seated[west] = True
                    tables.append((north, east, south, west))
                    yield from fill(table + 1)
                    tables.pop()
                    seated[west] = False
                    drop(partner, pairs)
                    drop(opponent, west_taken)
                seated[east] = False
                drop(opponent, east_taken)
            seated[south] = False
            drop(partner, across)
        if north != infinity:
            seated[north] = False

    yield from fill(0)


def take(counts: list[int], differences: list[int]) -> None:
    for d in differences:
        counts[d] += 1


def drop(counts: list[int], differences: list[int]) -> None:
    for d in differences:
        counts[d] -= 1


def develop(n: int, group: Group, base: list[Table]) -> list[dict]:
    """Every round: the base round with g added to each player (∞ stays), for each g."""
    infinity = group.order

    def moved(player: int, g: int) -> int:
        return player if player == infinity else group.add[player][g]

    return [
        {
            "tables": [[moved(player, g) for player in table] for table in base],
            "sitting_out": [] if n % 4 == 0 else [g],
        }
        for g in range(group.order)
    ]


def opponent_pairs(round_: dict) -> list[frozenset[int]]:
    return [
        frozenset((one, other))
        for north, east, south, west in round_["tables"]
        for one in (north, south)
        for other in (east, west)
    ]


def in_order(rounds: list[dict]) -> list[dict]:
    """The rounds reordered so that opponents meet a second time as late as possible: from
    the first, each next round is the one with the fewest pairs already met as opponents
    (the earliest of them on a tie)."""
    left = list(rounds)
    met: set[frozenset[int]] = set()
    ordered = []
    while left:
        best = min(left, key=lambda round_: sum(pair in met for pair in opponent_pairs(round_)))
        left.remove(best)
        ordered.append(best)
        met.update(opponent_pairs(best))
    return ordered


def check(n: int, rounds: list[dict]) -> None:
    """Partners exactly once, opponents exactly twice, everyone in every round once."""
    partners, opponents, sat_out = Counter(), Counter(), Counter()
    for round_ in rounds:
        players = [p for table in round_["tables"] for p in table] + round_["sitting_out"]
        assert sorted(players) == list(range(n)), (n, round_)
        sat_out.update(round_["sitting_out"])
        for north, east, south, west in round_["tables"]:
            partners.update([frozenset((north, south)), frozenset((east, west))])
        opponents.update(opponent_pairs(round_))
    pairs = [frozenset(pair) for pair in itertools.combinations(range(n), 2)]
    assert all(partners[pair] == 1 for pair in pairs) and len(partners) == len(pairs), n
    assert all(opponents[pair] == 2 for pair in pairs) and len(opponents) == len(pairs), n
    assert len(rounds) == (n - 1 if n % 4 == 0 else n), n
    assert n % 4 == 0 or set(sat_out.values()) == {1}, n


def whist_tournament(n: int) -> list[dict]:
    """Of the base rounds found in the first group that has some, the one whose rounds, in
    order, make opponents meet again latest (the first found of those)."""
    order = n - 1 if n % 4 == 0 else n
    for moduli in GROUPS.get(order, ((order,),)):
        group = Group(moduli)
        found = [in_order(develop(n, group, base)) for base in base_rounds(n, group)]
        if found:
            rounds = min(found, key=meetings_again)
            check(n, rounds)
            return rounds
    raise SystemExit(f"No base round found for Wh({n}) in the groups tried")


def meetings_again(rounds: list[dict]) -> list[int]:
    """For each round, how many of its opponents had met as opponents before."""
    met: set[frozenset[int]] = set()
    again = []
    for round_ in rounds:
        pairs = opponent_pairs(round_)
        again.append(sum(pair in met for pair in pairs))
        met.update(pairs)
    return again


def make_schedules() -> dict[int, list[dict]]:
    return {n: whist_tournament(n) for n in SIZES}


def render(schedules: dict[int, list[dict]]) -> str:
    """The JSON file: one round a line, so that a change to the data reads in a diff."""
    lines = ["{", '  "made_by": "scripts/make_whist_schedules.py",', '  "schedules": {']
    for number, (n, rounds) in enumerate(schedules.items()):
        lines.append(f'    "{n}": [')
        lines += [
            f"      {json.dumps(round_)}" + ("," if index < len(rounds) - 1 else "")
            for index, round_ in enumerate(rounds)
        ]
        lines.append("    ]" + ("," if number < len(schedules) - 1 else ""))
    lines += ["  }", "}", ""]
    return "\n".join(lines)


def main() -> None:
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(render(make_schedules()))
    print(f"Wrote {OUT.relative_to(Path.cwd()) if OUT.is_relative_to(Path.cwd()) else OUT}")


if __name__ == "__main__":
    sys.exit(main())
