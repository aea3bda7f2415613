"""A season's standings, as a pure function over plain data: each night's final places
give its players points from the season's table, counted over their best N nights."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise


@dataclass(frozen=True)
class Night:
    """One club night: its final places, each the rank and the roster players of a team."""

    tournament_id: int
    name: str
    places: tuple[tuple[int, tuple[int, ...]], ...]


@dataclass
class SeasonStanding:
    member: int
    rank: int = 0
    points: int = 0
    nights: int = 0
    # Per night of the season, in order: the points it gave (None: not played), and
    # whether they count (a best-N season drops the worst).
    night_points: list[int | None] = field(default_factory=list)
    counted: list[bool] = field(default_factory=list)


def points_for(rank: int, table: list[int]) -> int:
    return table[rank - 1] if 1 <= rank <= len(table) else 0


def season_standings(nights: list[Night], table: list[int], best_of: int | None
                     ) -> list[SeasonStanding]:
    """Every player who played a night, best first; equal points share a rank (the order
    among them: more nights counted, then the player's id, for a stable page)."""
    rows: dict[int, SeasonStanding] = {}
    for index, night in enumerate(nights):
        for rank, members in night.places:
            for member in members:
                row = rows.setdefault(member, SeasonStanding(
                    member, night_points=[None] * len(nights), counted=[False] * len(nights)))
                row.night_points[index] = points_for(rank, table)
    for row in rows.values():
        played = [(p, i) for i, p in enumerate(row.night_points) if p is not None]
        row.nights = len(played)
        # The best nights count: the most points, the earlier night first among equals.
        best = sorted(played, key=lambda x: (-x[0], x[1]))[:best_of or len(played)]
        for points, i in best:
            row.counted[i] = True
            row.points += points
    ordered = sorted(rows.values(), key=lambda r: (-r.points, -r.nights, r.member))
    for position, row in enumerate(ordered, start=1):
        previous = ordered[position - 2] if position > 1 else None
        row.rank = previous.rank if previous and previous.points == row.points else position
    return ordered


def parse_table(text: str) -> list[int] | None:
    """"25, 18, 15" (commas, spaces or semicolons) as points for 1st, 2nd, 3rd...; None
    when it is not a list of 1 to 64 whole numbers from 0 to 1000, none above the one
    before. Digits are 0 to 9: "²" or "⑤" pass str.isdigit() but int() cannot read them."""
    parts = [p for p in text.replace(";", ",").replace(" ", ",").split(",") if p]
    if not 1 <= len(parts) <= 64 or not all(
            p.isascii() and p.isdigit() and int(p) <= 1000 for p in parts):
        return None
    points = [int(p) for p in parts]
    return points if all(a >= b for a, b in pairwise(points)) else None
