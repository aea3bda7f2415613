"""A tournament as its pages show it: its rounds with their tables and byes, its standings,
its bracket and its champion, read in a fixed handful of queries (`overview`)."""

from dataclasses import dataclass, field, replace
from datetime import timedelta
from functools import cached_property

from django.utils.translation import gettext

from scoring import names, rules
from scoring.models import SEAT_CHOICES, Confirmation, Match, Team
from tournaments.models import Bye, Entry, Round, Stage, Table, TableSeat, Tournament
from tournaments.selectors import (
    PROVISIONAL,
    individual_standings,
    placed,
    rounds_in_all,
    standings_from,
)
from tournaments.standings import Standing
from tournaments.standings_cache import kept_standings


@dataclass(frozen=True)
class StandingsOnly:
    """What a page that shows only the standings reads of an Overview."""

    standings: list[Standing]
    provisional_teams: set[int]


@dataclass(frozen=True)
class Partnership:
    """Two players of an individual night partnered for one round's match: what a table's
    side is there (a team's entry elsewhere), named as the match's team is."""

    name: str
    team: Team
    players: tuple[Entry, Entry]

    pk = None  # not an entry: nothing to link to


@dataclass
class TableView:
    """A table of a round: two teams, or at an individual night four players (`seats`,
    N, E, S, W), North and South partnered against East and West (`entry_a`, `entry_b`)."""

    table: Table
    match: Match
    entry_a: Entry | Partnership
    entry_b: Entry | Partnership
    seats: dict[str, Entry] = field(default_factory=dict)

    @property
    def finished(self) -> bool:
        return self.match.status == rules.Status.FINISHED

    @property
    def players(self) -> list[Entry]:
        """Who plays here: the two teams, or the four players."""
        return list(self.seats.values()) if self.seats else [self.entry_a, self.entry_b]

    @property
    def seated(self) -> list[tuple[str, Entry]]:
        """The players in seat order, each with its seat's name."""
        return [(label, self.seats[seat]) for seat, label in SEAT_CHOICES if seat in self.seats]

    @cached_property  # asked four times by each table's card
    def winner(self) -> Entry | Partnership | None:
        if not self.finished:
            return None
        return self.entry_a if self.match.winner == rules.Team.A else self.entry_b

    @property
    def provisional(self) -> bool:
        """Over, and its result waits for the opponents' confirmation (or is disputed)."""
        return self.finished and self.match.confirmation in PROVISIONAL


@dataclass(frozen=True)
class SeatLine:
    """Where a player of an individual night sits this round: their table, seat, partner
    and opponents; or that they sit the round out (no table)."""

    player: Entry
    table: int | None = None
    seat: str = ""  # N, E, S or W
    partner: Entry | None = None
    opponents: tuple[Entry, ...] = ()

    @property
    def seat_name(self) -> str:
        return dict(SEAT_CHOICES).get(self.seat, "")


PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}
OPPONENTS = {"N": ("E", "W"), "S": ("E", "W"), "E": ("N", "S"), "W": ("N", "S")}


def alphabetical(name: str) -> bytes:
    """A name's place in an alphabetical list, accents aside (Élise with the E's)."""
    return names.sort_key(name)


@dataclass
class RoundView:
    round: Round
    tables: list[TableView] = field(default_factory=list)
    byes: list[Entry] = field(default_factory=list)
    bye_positions: dict[int, Entry] = field(default_factory=dict)

    @cached_property
    def seat_list(self) -> list[SeatLine]:
        """An individual night's round, player by player in alphabetical order: where each
        sits (the room's "where do I sit?"), those sitting out with them."""
        lines = [SeatLine(entry, t.table.number, seat, t.seats[PARTNER[seat]],
                          tuple(t.seats[o] for o in OPPONENTS[seat]))
                 for t in self.tables for seat, entry in t.seats.items()]
        lines += [SeatLine(entry) for entry in self.byes]
        return sorted(lines, key=lambda line: alphabetical(line.player.name))

    def seat_of(self, entry_id: int) -> SeatLine | None:
        return next((line for line in self.seat_list if line.player.pk == entry_id), None)

    @property
    def finished(self) -> bool:
        return all(t.finished for t in self.tables)

    @property
    def playing(self) -> int:
        return sum(not t.finished for t in self.tables)

    @property
    def waiting(self) -> list[TableView]:
        """The tables whose score waits for the opponents' confirmation."""
        return [t for t in self.tables if t.match.confirmation == Confirmation.WAITING]

    @property
    def time_ended(self) -> bool:
        """A match of the round has ended by the called time (the call stays)."""
        return any(t.match.finish_reason == "time" for t in self.tables)

    @property
    def disputed(self) -> list[TableView]:
        return [t for t in self.tables if t.match.confirmation == Confirmation.DISPUTED]


@dataclass(frozen=True)
class PlayerRound:
    """A round of an individual night as one player lived it: where they sat (or that they
    sat out) and their table's match."""

    number: int
    line: SeatLine
    table: TableView | None

    @property
    def side(self) -> str:
        """The player's side of the match: "a" (North and South) or "b" (East and West)."""
        return "a" if self.line.seat in ("N", "S") else "b"

    @property
    def won(self) -> bool | None:
        if self.table is None or not self.table.finished:
            return None
        return self.table.match.winner == self.side

    @property
    def score_for(self) -> int:
        return self.table.match.score_a if self.side == "a" else self.table.match.score_b

    @property
    def score_against(self) -> int:
        return self.table.match.score_b if self.side == "a" else self.table.match.score_a


@dataclass
class BracketSlot:
    """A place of a knockout round: its table, its bye, or (a round not drawn yet) who will
    meet there as far as it is known (None: not decided yet). A drawn place with neither
    table nor bye is empty (both its teams withdrew)."""

    position: int
    table: TableView | None
    bye: Entry | None
    coming: tuple[Entry | None, Entry | None] | None = None

    @property
    def winner(self) -> Entry | None:
        """Who comes out of this place: the bye, or the finished table's winner."""
        return self.bye or (self.table.winner if self.table else None)


def knockout_round_name(places: int) -> str:
    """A knockout round named by its places (matches or byes): Final, Semi-finals,
    Quarter-finals, Round of 16, Round of 32..."""
    if places == 1:
        return gettext("Final")
    if places == 2:
        return gettext("Semi-finals")
    if places == 4:
        return gettext("Quarter-finals")
    if places == 8:
        return gettext("Round of 16")
    return gettext("Round of %(teams)d") % {"teams": 2 * places}


@dataclass
class BracketRound:
    """A knockout round as the bracket shows it, drawn (`view`) or still to come (None)."""

    name: str
    view: RoundView | None
    slots: list[BracketSlot]


@dataclass
class Overview:
    tournament: Tournament
    entries: list[Entry]
    rounds: list[RoundView]
    standings: list[Standing]
    total_rounds: int
    # The teams (entry ids) whose standing counts a result not yet confirmed.
    provisional_teams: set[int]

    @property
    def current(self) -> RoundView | None:
        return self.rounds[-1] if self.rounds else None

    def night_of(self, entry_id: int) -> list[PlayerRound]:
        """An individual night's rounds as one player lived them, the latest first (the
        rounds drawn before they came are not theirs)."""
        lived = []
        for round_view in self.rounds:
            line = round_view.seat_of(entry_id)
            if line is not None:
                table = next((t for t in round_view.tables if t.table.number == line.table),
                             None)
                lived.append(PlayerRound(round_view.round.number, line, table))
        return lived[::-1]

    def standing_of(self, entry_id: int) -> Standing | None:
        return next((s for s in self.standings if s.team_id == entry_id), None)

    @property
    def entry_by_id(self) -> dict[int, Entry]:
        return {entry.pk: entry for entry in self.entries}

    @property
    def finished(self) -> bool:
        return bool(self.rounds) and len(self.rounds) >= self.total_rounds \
            and self.rounds[-1].finished

    @property
    def champion(self) -> Entry | None:
        """Who won the tournament: the final's winner in a knockout, else the top of the
        standings; None until it is over (or when the final's place is empty). A withdrawn
        team is never champion."""
        if not self.finished:
            return None
        last = self.rounds[-1]
        if last.round.stage != Stage.KNOCKOUT:
            in_play = [s for s in self.standings if not s.withdrawn]
            winner = self.entry_by_id.get(in_play[0].team_id) if in_play else None
        elif last.tables:
            winner = last.tables[0].winner
        else:
            winner = last.byes[0] if last.byes else None
        return winner if winner is not None and not winner.withdrawn else None

    @property
    def ends_at(self):
        """When the round being played ends, if rounds are timed (None once it is over or
        time was called)."""
        minutes, current = self.tournament.round_minutes, self.current
        if not minutes or current is None or current.finished or current.round.time_called_at:
            return None
        return current.round.started_at + timedelta(minutes=minutes)

    @property
    def standings_shown(self) -> list[Standing]:
        """The standings a screen shows: without the teams that never played (never drawn,
        not at a table of the round being played); all of them before the first draw."""
        current = self.current
        if current is None:
            return self.standings
        here = {e.pk for t in current.tables for e in t.players} | {
            e.pk for e in current.byes}
        shown = [s for s in self.standings if s.played or s.byes or s.team_id in here]
        if len(shown) == len(self.standings):
            return shown
        ranked = []  # ranked again without them: no gap, shared places still shared
        for position, s in enumerate(shown, start=1):
            before = shown[position - 2] if position > 1 else None
            rank = ranked[-1].rank if before and before.rank == s.rank else position
            ranked.append(replace(s, rank=rank))
        return ranked

    @property
    def can_draw(self) -> bool:
        return not self.finished and (self.current is None or (
            self.current.finished and not self.current.disputed))

    @property
    def active_count(self) -> int:
        return sum(not e.withdrawn for e in self.entries)

    @property
    def checked_in_count(self) -> int:
        """The teams still in that are checked in (check-in has begun when any is)."""
        return sum(e.checked_in and not e.withdrawn for e in self.entries)

    @property
    def bracket(self) -> list[BracketRound]:
        """The whole knockout, from its first round to the final, once its first round is
        drawn: each round named by its places, each place in bracket order (its table, its
        bye, or who comes to it from the round before, as far as known)."""
        drawn = [r for r in self.rounds if r.round.stage == Stage.KNOCKOUT]
        if not drawn:
            return []
        count = self.total_rounds - (len(self.rounds) - len(drawn))
        bracket: list[BracketRound] = []
        for index in range(max(count, len(drawn))):
            places = 2 ** max(count - index - 1, 0)
            if index < len(drawn):
                view = drawn[index]
                at = {t.table.position: BracketSlot(t.table.position, t, None)
                      for t in view.tables}
                at.update({pos: BracketSlot(pos, None, entry)
                           for pos, entry in view.bye_positions.items()})
                slots = [at.get(pos) or BracketSlot(pos, None, None)
                         for pos in range(max(places, max(at, default=-1) + 1))]
            else:
                view, before = None, bracket[-1].slots
                slots = [BracketSlot(pos, None, None, coming=tuple(
                    before[i].winner if i < len(before) else None
                    for i in (2 * pos, 2 * pos + 1))) for pos in range(places)]
            bracket.append(BracketRound(knockout_round_name(len(slots)), view, slots))
        return bracket


def _add_individual_tables(rounds: dict[int, RoundView], tables: list[Table],
                           by_id: dict[int, Entry]) -> None:
    """An individual night's tables, each with its four players by seat and its two
    partnerships (one query for the seats of all of them)."""
    seats: dict[int, dict[str, Entry]] = {}
    for table_id, seat, entry_id in TableSeat.objects.filter(
            table__in=[t.pk for t in tables]).values_list("table_id", "seat", "entry_id"):
        seats.setdefault(table_id, {})[seat] = by_id[entry_id]
    for table in tables:
        at = {seat: seats[table.pk][seat] for seat in rules.SEATS}
        match = table.match
        rounds[table.round_id].tables.append(TableView(
            table, match, Partnership(match.team_a.name, match.team_a, (at["N"], at["S"])),
            Partnership(match.team_b.name, match.team_b, (at["E"], at["W"])), at))


def overview(tournament: Tournament, *, past_tables: bool = True,
             players: bool = True) -> Overview:
    """Entries, rounds, tables with their matches, byes and standings: four queries.

    Without `past_tables` (the organizer's dashboard, which shows the round being played)
    only the current round's tables and byes are read as models, the earlier rounds' left
    empty; the standings come from plain values (kept_standings): six queries, and no
    model for each match of a long evening. Without `players` the teams are read without
    their players, for pages that show only the teams' names (half the models of a field).
    """
    entries = Entry.objects.filter(tournament=tournament).order_by("seed")
    entries = list(entries.select_related(
        *(("team__first_player", "team__second_player") if players else ("team",))))
    by_id = {entry.pk: entry for entry in entries}
    rounds = {r.pk: RoundView(r) for r in Round.objects.filter(tournament=tournament)
              .order_by("number")}
    tables = Table.objects.filter(round__tournament=tournament).select_related(
        *(("match__team_a", "match__team_b") if tournament.is_individual else ("match",)))
    byes = Bye.objects.filter(round__tournament=tournament)
    if not past_tables:
        current = list(rounds)[-1:]  # the last round's id, when there is one
        tables, byes = tables.filter(round_id__in=current), byes.filter(round_id__in=current)
    tables = list(tables.order_by("round__number", "number"))
    byes = list(byes.order_by("position"))
    if tournament.is_individual:
        _add_individual_tables(rounds, tables, by_id)
    for table in tables if not tournament.is_individual else ():
        rounds[table.round_id].tables.append(
            TableView(table, table.match, by_id[table.entry_a_id], by_id[table.entry_b_id])
        )
    for bye in byes:
        rounds[bye.round_id].byes.append(by_id[bye.entry_id])
        rounds[bye.round_id].bye_positions[bye.position] = by_id[bye.entry_id]
    if past_tables and tournament.is_individual:
        drawn, read = None, individual_standings(tournament, entries)
        standings, provisional = read.standings, read.provisional
    elif past_tables:
        drawn = {e for t in tables for e in (t.entry_a_id, t.entry_b_id)} | {
            b.entry_id for b in byes}
        standings = placed(tournament, standings_from(tournament, entries, tables, byes))
        provisional = {entry for t in tables if t.match.status == rules.Status.FINISHED
                       and t.match.confirmation in PROVISIONAL
                       for entry in (t.entry_a_id, t.entry_b_id)}
    else:  # drawn: read again
        drawn, (standings, provisional) = None, kept_standings(tournament, entries)
    return Overview(
        tournament=tournament,
        entries=entries,
        rounds=list(rounds.values()),
        standings=standings,
        total_rounds=rounds_in_all(tournament, entries, drawn),
        provisional_teams=provisional,
    )
