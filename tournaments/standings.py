"""The standings of a tournament: who leads, and how ties are broken.

Plain Python with no Django import, like `scoring.rules`: the services hand it the
teams, the finished matches and the byes, and show what it returns.

A match always has a winner (no draws). A bye counts as a win with no points and is
not a match played; what is counted, and what may break ties, is tournaments/metrics.py.
Teams still in are ranked on wins, then on the tie-breaks in the order the organizer
chose, then on seed, so the order is always total; withdrawn teams follow, ranked the
same way among themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from tournaments.metrics import COLUMNS, COUNTED, TIEBREAKS, Counts, Tally, check_tiebreaks


@dataclass(frozen=True)
class TeamRecord:
    id: int
    name: str
    seed: int  # 1 = top seed; unique within a tournament
    withdrawn: bool = False


@dataclass(frozen=True)
class Result:
    """A finished match."""

    team_a: int
    team_b: int
    score_a: int
    score_b: int
    winner: int  # the winner's team id


@dataclass(frozen=True, kw_only=True)
class Standing(Counts):
    """A team's line in the standings: its counts, and the metrics computed from them."""

    rank: int  # 1-based position in the sorted standings
    team_id: int
    name: str
    seed: int
    withdrawn: bool
    difference: int  # points_for - points_against
    buchholz: int  # current wins of every opponent met, once per meeting


def compute_standings(
    teams: Sequence[TeamRecord],
    results: Sequence[Result],
    byes: Sequence[int],
    tiebreaks: Sequence[str] | None = None,
) -> list[Standing]:
    """The standings, best first. Withdrawn teams stay, with their results, after the
    teams still in."""
    tiebreaks = TIEBREAKS if tiebreaks is None else tuple(tiebreaks)
    check_tiebreaks(tiebreaks)
    # Plain dicts of counts, not Counters: a field of 512 teams counts 3,500 sides.
    counts = {team.id: dict.fromkeys(COUNTED, 0) for team in teams}
    opponents: dict[int, list[int]] = {team.id: [] for team in teams}
    for result in results:
        _count_result(counts, result)
        opponents[result.team_a].append(result.team_b)
        opponents[result.team_b].append(result.team_a)
    for team_id in byes:
        _check_known(counts, team_id)
        counts[team_id]["byes"] += 1
        counts[team_id]["wins"] += 1

    final = {team_id: Tally(**count, opponents=tuple(opponents[team_id]))
             for team_id, count in counts.items()}
    values = {team_id: {metric.key: metric.value(tally, final) for metric in COLUMNS}
              for team_id, tally in final.items()}

    def order(team: TeamRecord) -> tuple:
        # Withdrawn teams after the teams still in; their results stay in everyone's Buchholz.
        metric = values[team.id]
        return (team.withdrawn, -metric["wins"], *[-metric[name] for name in tiebreaks],
                team.seed)

    return [Standing(rank=rank, team_id=team.id, name=team.name, seed=team.seed,
                     withdrawn=team.withdrawn, **values[team.id])
            for rank, team in enumerate(sorted(teams, key=order), start=1)]


def _check_known(counts: dict[int, dict[str, int]], team_id: int) -> None:
    if team_id not in counts:
        raise ValueError(f"Team {team_id} is not in the tournament")


def _count_result(counts: dict[int, dict[str, int]], result: Result) -> None:
    _check_known(counts, result.team_a)
    _check_known(counts, result.team_b)
    if result.winner not in (result.team_a, result.team_b):
        raise ValueError(f"Team {result.winner} won a match it did not play")
    sides = ((result.team_a, result.score_a, result.score_b),
             (result.team_b, result.score_b, result.score_a))
    for team_id, scored, conceded in sides:
        count = counts[team_id]
        count["played"] += 1
        count["points_for"] += scored
        count["points_against"] += conceded
        count["wins" if team_id == result.winner else "losses"] += 1


def final_placings(standings: Sequence[Standing],
                   knockout: Sequence[Sequence[tuple[int, int, int | None]]]) -> list[Standing]:
    """The final placings of a tournament ending in a knockout: the champion, the finalist,
    the semi-finalists (sharing 3rd), the quarter-finalists (sharing 5th)..., each place in
    the order of `standings`; then every other team in the order of `standings`.

    `knockout`: its rounds, first first, each its matches as (team, team, winner or None).
    Until the final is decided (a last round of one match, every match decided) the
    standings are returned as they are."""
    if not knockout or len(knockout[-1]) != 1 or any(
            winner is None for matches in knockout for _a, _b, winner in matches):
        return list(standings)
    place: dict[int, int] = {}
    for depth, matches in enumerate(reversed(knockout)):  # the final first
        for a, b, winner in matches:
            place.setdefault(b if winner == a else a, 2 ** depth + 1)
    place[knockout[-1][0][2]] = 1
    order = {s.team_id: i for i, s in enumerate(standings)}
    placed = sorted((s for s in standings if s.team_id in place),
                    key=lambda s: (place[s.team_id], order[s.team_id]))
    rest = [s for s in standings if s.team_id not in place]
    return [replace(s, rank=place[s.team_id]) for s in placed] + [
        replace(s, rank=len(placed) + i) for i, s in enumerate(rest, start=1)]
