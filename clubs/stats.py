"""The club's statistics as pure functions over plain data (no Django): a player's record,
the club's leaders and records. clubs.selectors reads the matches into `MatchRecord`s."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime

A, B = "a", "b"  # scoring.rules.Team's values


@dataclass(frozen=True)
class MatchRecord:
    """One club match as statistics see it. Team A sits North and South, B East and West."""

    match_id: int
    ended_at: datetime
    finished: bool
    winner: str | None  # "a", "b" or None while in progress
    finish_reason: str | None
    score: tuple[int, int]
    hands: int
    politaines: tuple[int, int] = (0, 0)
    four_sevens: tuple[int, int] = (0, 0)
    redeals: int = 0
    # The roster players on each team (None where a seat is not a roster player).
    pairs: tuple[tuple[int | None, int | None], tuple[int | None, int | None]] = (
        (None, None), (None, None))
    team_names: tuple[str, str] = ("", "")
    # The names typed on each team's seats, as `pairs` (what a team's name may tell).
    typed: tuple[tuple[str, str], tuple[str, str]] = (("", ""), ("", ""))
    tournament_id: int | None = None
    # The most points the winner was ever behind (hand by hand), when the hands were read.
    comeback: int = 0
    # The day it was played: its night's date, else the day its last hand was written.
    played_on: date | None = None

    def side_of(self, member: int) -> str | None:
        if member in self.pairs[0]:
            return A
        if member in self.pairs[1]:
            return B
        return None


def _index(side: str) -> int:
    return 0 if side == A else 1


def _other(side: str) -> str:
    return B if side == A else A


@dataclass
class Record:
    """Matches played and won (with or against someone)."""

    member: int
    played: int = 0
    wins: int = 0

    @property
    def losses(self) -> int:
        return self.played - self.wins

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0


@dataclass(frozen=True)
class Result:
    """One of a player's matches, from their side."""

    match_id: int
    ended_at: datetime
    won: bool | None  # None: in progress
    score_for: int
    score_against: int
    partner: int | None
    opponents: tuple[int | None, int | None]
    team_name: str
    opponent_name: str
    pair: tuple[int | None, int | None] = (None, None)  # the player and their partner
    typed_pair: tuple[str, str] = ("", "")  # the names typed on their seats
    typed_opponents: tuple[str, str] = ("", "")
    played_on: date | None = None


@dataclass
class PlayerStats:
    matches: int = 0
    finished: int = 0
    wins: int = 0
    tournaments: int = 0
    hands: int = 0
    points: int = 0
    team_politaines: int = 0
    own_politaines: int = 0
    team_four_sevens: int = 0
    own_four_sevens: int = 0
    redeals: int = 0
    own_redeals: int = 0
    partners: list[Record] = field(default_factory=list)
    opponents: list[Record] = field(default_factory=list)
    last_results: list[Result] = field(default_factory=list)

    @property
    def losses(self) -> int:
        return self.finished - self.wins

    @property
    def points_per_hand(self) -> float:
        return round(self.points / self.hands, 2) if self.hands else 0.0

    @property
    def favourite_partner(self) -> Record | None:
        """The partner with the best record together (win rate, then matches together)."""
        return max(self.partners, key=lambda r: (r.win_rate, r.played, -r.member),
                   default=None)

    @property
    def toughest_opponents(self) -> list[Record]:
        """The opponents who beat the player most often (loss rate, then matches), among
        those the player lost to more often than beat: three at most."""
        beaten_by = [r for r in self.opponents if r.losses > r.wins]
        return sorted(beaten_by, key=lambda r: (-r.losses / r.played, -r.played, r.member))[:3]


def player_stats(member: int, records: list[MatchRecord],
                 attributions: dict[str, int] | None = None, last: int = 10) -> PlayerStats:
    """A roster player's statistics over the club's matches (any order). `attributions`:
    how many politaines, four sevens and redeals were attributed to the player, by kind."""
    stats = PlayerStats()
    tournaments = set()
    partners: dict[int, Record] = {}
    opponents: dict[int, Record] = {}
    results = []
    for record in records:
        side = record.side_of(member)
        if side is None:
            continue
        i, other = _index(side), _index(_other(side))
        pair = record.pairs[i]
        partner = pair[1] if pair[0] == member else pair[0]
        stats.matches += 1
        stats.hands += record.hands
        stats.points += record.score[i]
        stats.team_politaines += record.politaines[i]
        stats.team_four_sevens += record.four_sevens[i]
        stats.redeals += record.redeals
        if record.tournament_id is not None:
            tournaments.add(record.tournament_id)
        won = None
        if record.finished:
            won = record.winner == side
            stats.finished += 1
            stats.wins += won
            if partner is not None:
                _count(partners, partner, won)
            for opponent in record.pairs[other]:
                if opponent is not None:
                    _count(opponents, opponent, won)
        results.append(Result(
            record.match_id, record.ended_at, won, record.score[i], record.score[other],
            partner, record.pairs[other], record.team_names[i], record.team_names[other],
            record.pairs[i], record.typed[i], record.typed[other], record.played_on))
    attributions = attributions or {}
    stats.own_politaines = attributions.get("politaine", 0)
    stats.own_four_sevens = attributions.get("four_sevens", 0)
    stats.own_redeals = attributions.get("redeal", 0)
    stats.tournaments = len(tournaments)
    stats.partners = sorted(partners.values(), key=lambda r: (-r.played, r.member))
    stats.opponents = sorted(opponents.values(), key=lambda r: (-r.played, r.member))
    stats.last_results = sorted(results, key=lambda r: (r.ended_at, r.match_id),
                                reverse=True)[:last]
    return stats


def _count(records: dict[int, Record], member: int, won: bool) -> None:
    record = records.setdefault(member, Record(member))
    record.played += 1
    record.wins += won


# --- The club's page ------------------------------------------------------------------------


@dataclass(frozen=True)
class Leader:
    member: int
    value: float


LEADER_STATS = ("wins", "matches", "win_rate", "team_politaines", "own_politaines",
                "team_four_sevens", "points_per_hand")
# A win rate over fewer matches says little: the leaders of rates have played this many.
MIN_MATCHES_FOR_RATES = 3


def club_totals(records: list[MatchRecord], attributions: dict[int, dict[str, int]] | None = None
                ) -> dict[int, PlayerStats]:
    """Every roster player's statistics, from one pass over the club's matches."""
    attributions = attributions or {}
    by_member: dict[int, list[MatchRecord]] = defaultdict(list)
    for record in records:
        for member in {*record.pairs[0], *record.pairs[1]} - {None}:
            by_member[member].append(record)
    return {member: player_stats(member, own, attributions.get(member), last=0)
            for member, own in by_member.items()}


def leaders(totals: dict[int, PlayerStats], top: int = 3) -> dict[str, list[Leader]]:
    """The best players in each statistic (ties by player id, so the order is stable); a
    player with nothing in a statistic does not lead it."""
    found = {}
    for name in LEADER_STATS:
        values = []
        for member, stats in totals.items():
            if name in ("win_rate", "points_per_hand"):
                if stats.finished < MIN_MATCHES_FOR_RATES:
                    continue
                value = round(stats.wins / stats.finished, 3) if name == "win_rate" \
                    else stats.points_per_hand
            else:
                value = getattr(stats, name)
            if value:
                values.append(Leader(member, value))
        found[name] = sorted(values, key=lambda x: (-x.value, x.member))[:top]
    return found


@dataclass(frozen=True)
class Records:
    biggest_comeback: MatchRecord | None
    longest_match: MatchRecord | None
    most_politaines: MatchRecord | None


def club_records(records: list[MatchRecord]) -> Records:
    """The club's records among its finished matches (the earliest match holds a tie)."""
    finished = sorted((r for r in records if r.finished), key=lambda r: (r.ended_at,
                                                                          r.match_id))

    def best(value):
        candidates = [r for r in finished if value(r) > 0]
        return max(candidates, key=value, default=None) if candidates else None

    # max() keeps the first of equals: the earliest match holds the record.
    return Records(
        biggest_comeback=best(lambda r: r.comeback),
        longest_match=best(lambda r: r.hands),
        most_politaines=best(lambda r: sum(r.politaines)),
    )


# A comeback is won from a real deficit: 10 points behind, or a third of the target when
# that is less (a short match to 11).
COMEBACK_FROM = 10


def comeback(running: list[tuple[int, int]], winner: str | None, target: int) -> int:
    """The most points the winner trailed by after any hand (running totals, hand by hand),
    when that is a real deficit; else 0."""
    if winner is None:
        return 0
    i = _index(winner)
    behind = max([0, *(score[1 - i] - score[i] for score in running)])
    return behind if behind >= min(COMEBACK_FROM, -(-target // 3)) else 0
