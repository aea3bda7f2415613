"""The standings of an individual night. Plain Python, like tournaments/standings.py.

A player's round is their partnership's result: a win or a loss (a match always has a
winner), and the match's final points for and against their side. A sit-out is never a win
or a loss; what it scores is the organizer's choice when creating the night (`SitOutRule`):

- nothing;
- a fixed number of points, added to the points for;
- the player's own average of the night: for each sit-out, their points for and their points
  against per round played, each rounded to the nearest whole point (halves up), added to
  the points for and against (nothing before they have played a round).

What a sit-out added to the points for is shown as such (`PlayerStanding.sit_out_points`).

Players still in are ranked on wins, then on the tie-breaks in the order the organizer chose
(the points difference and the points for, by their keys in tournaments/metrics.py), then on
seed, so the order is always total; withdrawn players follow, ranked the same way among
themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from tournaments.metrics import check_tiebreaks

# What an organizer may order after wins: the team tie-breaks that mean something for a
# player whose partners and opponents change every round (Buchholz does not).
TIEBREAKS: tuple[str, ...] = ("difference", "points_for")


class SitOut(StrEnum):
    NONE = "none"
    FIXED = "fixed"
    AVERAGE = "average"


@dataclass(frozen=True)
class SitOutRule:
    kind: SitOut
    points: int = 0  # what each sit-out scores with FIXED


@dataclass(frozen=True)
class PlayerRecord:
    id: int
    name: str
    seed: int  # 1 = top seed; unique within a night
    withdrawn: bool = False


@dataclass(frozen=True)
class TableResult:
    """A finished table."""

    north: int
    east: int
    south: int
    west: int
    score_ns: int
    score_ew: int
    winner: str  # "NS" or "EW"


@dataclass(frozen=True)
class RoundRecord:
    results: tuple[TableResult, ...]  # the finished tables only
    sitting_out: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class PlayerStanding:
    rank: int  # 1-based position in the sorted standings
    player_id: int
    name: str
    seed: int
    withdrawn: bool
    wins: int
    losses: int
    rounds_played: int  # finished tables only
    sat_out: int
    points_for: int  # sit-outs' points included
    points_against: int  # sit-outs' points included
    difference: int  # points_for - points_against
    sit_out_points: int  # what the sit-outs added to points_for
    sit_out_points_against: int  # what they added to points_against (AVERAGE only)


def individual_standings(
    players: Sequence[PlayerRecord],
    rounds: Sequence[RoundRecord],
    sit_out: SitOutRule,
    tiebreaks: Sequence[str] | None = None,
) -> list[PlayerStanding]:
    """The standings, best first. Withdrawn players stay, with their results, after the
    players still in."""
    tiebreaks = TIEBREAKS if tiebreaks is None else tuple(tiebreaks)
    check_tiebreaks(tiebreaks)
    if set(tiebreaks) - set(TIEBREAKS):
        raise ValueError(f"Individual standings break ties on {TIEBREAKS} only")
    counts = {
        player.id: dict.fromkeys(("wins", "losses", "played", "out", "for", "against"), 0)
        for player in players
    }
    for round_ in rounds:
        for result in round_.results:
            _count(counts, result)
        for player_id in round_.sitting_out:
            _known(counts, player_id)["out"] += 1

    def line(player: PlayerRecord) -> dict:
        count = counts[player.id]
        added_for, added_against = _sit_out_points(count, sit_out)
        points_for, points_against = count["for"] + added_for, count["against"] + added_against
        return {
            "wins": count["wins"],
            "losses": count["losses"],
            "rounds_played": count["played"],
            "sat_out": count["out"],
            "points_for": points_for,
            "points_against": points_against,
            "difference": points_for - points_against,
            "sit_out_points": added_for,
            "sit_out_points_against": added_against,
        }

    lines = {player.id: line(player) for player in players}

    def order(player: PlayerRecord) -> tuple:
        values = lines[player.id]
        return (
            player.withdrawn,
            -values["wins"],
            *[-values[key] for key in tiebreaks],
            player.seed,
        )

    return [
        PlayerStanding(
            rank=rank,
            player_id=player.id,
            name=player.name,
            seed=player.seed,
            withdrawn=player.withdrawn,
            **lines[player.id],
        )
        for rank, player in enumerate(sorted(players, key=order), start=1)
    ]


def _known(counts: dict[int, dict[str, int]], player_id: int) -> dict[str, int]:
    if player_id not in counts:
        raise ValueError(f"Player {player_id} is not in the night")
    return counts[player_id]


def _count(counts: dict[int, dict[str, int]], result: TableResult) -> None:
    if result.winner not in ("NS", "EW"):
        raise ValueError(f"A table is won by NS or EW, not {result.winner!r}")
    sides = (
        ((result.north, result.south), "NS", result.score_ns, result.score_ew),
        ((result.east, result.west), "EW", result.score_ew, result.score_ns),
    )
    for partners, side, scored, conceded in sides:
        for player_id in partners:
            count = _known(counts, player_id)
            count["played"] += 1
            count["for"] += scored
            count["against"] += conceded
            count["wins" if result.winner == side else "losses"] += 1


def _sit_out_points(count: dict[str, int], rule: SitOutRule) -> tuple[int, int]:
    """What the player's sit-outs add to their points for and against."""
    if rule.kind == SitOut.FIXED:
        return count["out"] * rule.points, 0
    if rule.kind == SitOut.AVERAGE and count["played"]:
        return (
            count["out"] * _rounded_average(count["for"], count["played"]),
            count["out"] * _rounded_average(count["against"], count["played"]),
        )
    return 0, 0


def _rounded_average(total: int, rounds: int) -> int:
    """total / rounds to the nearest whole number, halves up (in whole numbers: exact)."""
    return (2 * total + rounds) // (2 * rounds)
