"""Reads for tournaments: a fixed handful of queries, whatever the size of the field."""

import hashlib
from dataclasses import dataclass, field, fields
from functools import cached_property

from django.core.cache import cache
from django.db.models import Count, F, Q, Sum
from django.http import Http404
from django.utils.translation import get_language

from lib.compiled import CompiledRead
from scoring import rules
from scoring.models import MAX_ID, Confirmation, Match
from tournaments.formats import total_rounds
from tournaments.metrics import default_tiebreaks
from tournaments.models import Bye, Entry, Format, Round, Stage, Table, Tournament
from tournaments.standings import Result, Standing, TeamRecord, compute_standings

# A finished match's result counts, but provisionally, while its confirmation stands so.
PROVISIONAL = (Confirmation.WAITING, Confirmation.DISPUTED)

# --- Who may see what -------------------------------------------------------------------


def organized_by(user):
    """The tournaments `user` runs, as owner or co-organizer."""
    if not user.is_authenticated:
        return Tournament.objects.none()
    if user.is_superuser:
        return Tournament.objects.all()
    return Tournament.objects.filter(Q(owner=user) | Q(organizers=user)).distinct()


def can_organize(user, tournament: Tournament) -> bool:
    if not user.is_authenticated:  # a spectator: no query
        return False
    return organized_by(user).filter(pk=tournament.pk).exists()


def tournament_for_organizer(pk: int, user) -> Tournament:
    found = organized_by(user).filter(pk=pk).first() if 1 <= pk <= MAX_ID else None
    if found is None:
        raise Http404
    return found


# The reads every spectator's request starts with, compiled once (lib.compiled).
_MATCH = "rounds__tables__match"  # a tournament's matches, from the tournament


def _counted(finished_only: bool) -> Q | None:
    return Q(**{f"{_MATCH}__status": rules.Status.FINISHED}) if finished_only else None


def _totals_by_tournament(finished_only: bool) -> CompiledRead:
    """Which of a tournament's matches count, and their versions, summed in one row."""
    def build(tournament_id):
        return Tournament.objects.filter(pk=tournament_id).values("pk").annotate(
            **_totals(finished_only)).values_list(*_TOTAL_NAMES)
    return CompiledRead(Tournament, build)


def _with_totals(finished_only: bool) -> CompiledRead:
    """The tournament, and the totals of its ETag in the same query (a spectator's page asks
    the database once). Without round 1's field, a list of every team that only the count
    of rounds asks for, on a page drawn anew (one query then): not decoded from JSON at
    every spectator's poll."""
    return CompiledRead(Tournament, lambda pk: Tournament.objects.filter(pk=pk).defer(
        "field").annotate(**_totals(finished_only)))


def _totals(finished_only: bool) -> dict:
    """Which matches count, and the version of each, summed. Sums of ids and versions
    alone can stay the same while matches stop counting and others start (tables 1 and 4
    ending, taken back, then tables 2 and 3): sums of each (id, version) mixed (_mixed)
    tell such sets apart all but once in 2⁶². The sum of versions grows at every write
    to a match, so that the ETag of every match never comes back."""
    counted = _counted(finished_only)
    match_id, version = F(f"{_MATCH}__id"), F(f"{_MATCH}__version")
    return dict(zip(_TOTAL_NAMES, (
        Count(_MATCH, filter=counted), Sum(version, filter=counted),
        *(Sum(_mixed(match_id, version, prime, factor), filter=counted)
          for prime, factor in _MIXINGS)), strict=True))


# Two primes under 2³¹ and factors under 2³⁰: every product below stays under 2⁶³, in
# PostgreSQL's bigint and SQLite's integers alike.
_MIXINGS = ((2_147_483_647, 1_000_000_007), (2_147_483_629, 999_999_937))


def _mixed(match_id, version, prime: int, factor: int):
    """(id, version) made a number under `prime` that no simple sum of others repeats:
    x = id·1000003 + version, then x² + factor·x, all modulo the prime."""
    x = ((match_id % prime) * 1_000_003 + version) % prime
    return (x * x + x * factor) % prime


_TOTAL_NAMES = ("etag_matches", "etag_versions", "etag_mixed", "etag_mixed_again")
_TOTALS = {finished_only: _totals_by_tournament(finished_only) for finished_only in (False, True)}
_PUBLIC = {finished_only: _with_totals(finished_only) for finished_only in (False, True)}


def tournament_for_public(pk: int, user, *, finished_only: bool = False) -> Tournament:
    """A public tournament, or a private one for its organizers; read with the totals its
    ETag needs (`etag(..., finished_only=...)` with the same `finished_only`)."""
    found = _PUBLIC[finished_only](pk) if 1 <= pk <= MAX_ID else None
    if found is None or not (found.public or can_organize(user, found)):
        raise Http404
    found.etag_totals_of = finished_only
    return found


def counted_totals(tournament: Tournament, *, finished_only: bool = False) -> tuple:
    """The totals an ETag is made of (`etag(..., totals=...)`): one query, or none for a
    tournament just read with them (`tournament_for_public`)."""
    # The totals read with the tournament serve once: a write after the read changes them.
    if tournament.__dict__.pop("etag_totals_of", None) is finished_only:
        return tuple(getattr(tournament, name) for name in _TOTAL_NAMES)
    return _TOTALS[finished_only](tournament.pk)


def etag(tournament: Tournament, *extra, finished_only: bool = False,
         totals: tuple | None = None) -> str:
    """Changes with any write to the tournament or to one of its matches: one query, or
    none with the `totals` already read (counted_totals with the same `finished_only`).

    With `finished_only`, only finished matches count: the standings change when a match
    ends (or a finished one is corrected), not with every hand played.
    """
    if totals is None:
        totals = counted_totals(tournament, finished_only=finished_only)
    return _etag_of(tournament, totals, extra)


def _etag_of(tournament: Tournament, totals, extra) -> str:
    # The creation time to the microsecond: a database restored or filled again gives the
    # same id to another tournament, maybe within the same second (as scoring.states).
    parts = [tournament.pk, f"{tournament.created_at.timestamp():.6f}", tournament.version,
             *_plain(totals), get_language(), *extra]
    return 'W/"' + "-".join(str(part) for part in parts) + '"'


def _plain(totals) -> tuple:
    """Totals as an ETag writes them: a sum over no match (None) is 0."""
    return tuple(total or 0 for total in totals or (0,) * len(_TOTAL_NAMES))


# Every match's totals and the finished ones', in one row (the organizer's dashboard).
_BOTH_TOTALS = CompiledRead(Tournament, lambda pk: Tournament.objects.filter(pk=pk).values(
    "pk").annotate(
        **{f"every_{name}": total for name, total in _totals(False).items()},
        **{f"finished_{name}": total for name, total in _totals(True).items()},
).values_list(*(f"{which}_{name}" for which in ("every", "finished") for name in _TOTAL_NAMES)))


def both_totals(tournament: Tournament) -> tuple[tuple, tuple]:
    """The totals of every match and those of the finished ones, read in one query."""
    row = _BOTH_TOTALS(tournament.pk) or (None,) * (2 * len(_TOTAL_NAMES))
    return row[:len(_TOTAL_NAMES)], row[len(_TOTAL_NAMES):]


def is_over(tournament: Tournament) -> bool:
    """Every round drawn and the last one finished."""
    last = tournament.rounds.order_by("-number").first()
    if last is None or last.tables.exclude(match__status=rules.Status.FINISHED).exists():
        return False
    return last.number >= rounds_in_all(tournament, tournament.entries.all())


# --- Standings -------------------------------------------------------------------------


def finished_results(tables) -> list[Result]:
    return [Result(t.entry_a_id, t.entry_b_id, t.match.score_a, t.match.score_b,
                   t.entry_of(t.match.winner))
            for t in tables if t.match.status == rules.Status.FINISHED]


def played_pairs(tournament: Tournament) -> set[frozenset[int]]:
    """Every pair of teams that has met at a table (a Swiss never repeats one)."""
    return {frozenset(pair) for pair in Table.objects.filter(round__tournament=tournament)
            .values_list("entry_a_id", "entry_b_id")}


def bracket_winners(round: Round) -> dict[int, int]:
    """Who came out of each bracket position of a knockout round: the winner of its table,
    or its team on a bye (positions nobody came out of are missing)."""
    winners = {table.position: table.entry_of(table.match.winner)
               for table in round.tables.select_related("match") if table.match.winner}
    winners.update(round.byes.values_list("position", "entry_id"))
    return winners


def tiebreaks_of(tournament: Tournament) -> tuple[str, ...]:
    return tuple(tournament.tiebreaks) or default_tiebreaks(tournament.format)


def standings_from(tournament, entries, tables, byes) -> list[Standing]:
    teams = [TeamRecord(e.pk, e.team.name, e.seed, e.withdrawn) for e in entries]
    return compute_standings(teams, finished_results(tables), [b.entry_id for b in byes],
                             tiebreaks_of(tournament))


def standings_of(tournament: Tournament, entries, *, rounds_before: int | None = None):
    """Standings from the rounds before `rounds_before` (all rounds when None)."""
    tables = Table.objects.filter(round__tournament=tournament).select_related("match")
    byes = Bye.objects.filter(round__tournament=tournament)
    if rounds_before is not None:
        tables = tables.filter(round__number__lt=rounds_before)
        byes = byes.filter(round__number__lt=rounds_before)
    return standings_from(tournament, entries, list(tables), list(byes))


@dataclass(frozen=True)
class StandingsRead:
    """The standings, the teams (entry ids) whose standing counts a result that waits for
    the opponents' confirmation or that they dispute, and the totals of the finished
    matches they count."""

    standings: list[Standing]
    provisional: set[int]
    counted: tuple

    def are_those_of(self, totals) -> bool:
        """Whether these standings count the very matches of an ETag's `totals` (with
        `finished_only`, read before them), so that they may be kept under it. A match that
        ended, or ended and was taken back, between that read and this one makes them
        differ: kept, such standings would come back with that ETag when the match's last
        hand is taken back."""
        return self.counted == _plain(totals)

    def sent_under(self, tournament: Tournament, tag: str, totals, *extra) -> str:
        """The ETag these standings go out under: `tag` (of `totals`, with `extra`) when
        they are its; otherwise, not to be kept, the tag of what was read, since `tag`
        comes back when that last hand is taken back, and a client holding these
        standings under it would be told 304 and go on showing the win."""
        return tag if self.are_those_of(totals) else etag(tournament, *extra,
                                                          totals=self.counted)


def read_standings(tournament: Tournament, entries=None) -> StandingsRead:
    """The standings from plain values, no model built for each of the field's matches:
    the finished results and the byes (and the teams, unless `entries` are given). With
    each result, its match's id and version, for the totals of the matches counted."""
    if entries is None:
        teams = [TeamRecord(*values) for values in Entry.objects.filter(tournament=tournament)
                 .order_by("seed").values_list("pk", "team__name", "seed", "withdrawn")]
    else:
        teams = [TeamRecord(e.pk, e.team.name, e.seed, e.withdrawn) for e in entries]
    results, provisional, matches = [], set(), []
    for a, b, score_a, score_b, winner, confirmation, match_id, version in Table.objects.filter(
        round__tournament=tournament, match__status=rules.Status.FINISHED,
    ).values_list("entry_a_id", "entry_b_id", "match__score_a", "match__score_b",
                  "match__winner", "match__confirmation", "match_id", "match__version"):
        results.append(Result(a, b, score_a, score_b, a if winner == rules.Team.A else b))
        matches.append((match_id, version))
        if confirmation in PROVISIONAL:
            provisional.update((a, b))
    byes = Bye.objects.filter(round__tournament=tournament).values_list("entry_id", flat=True)
    return StandingsRead(
        compute_standings(teams, results, list(byes), tiebreaks_of(tournament)), provisional,
        _totals_of(matches))


def _totals_of(matches: list[tuple[int, int]]) -> tuple:
    """The totals of an ETag with `finished_only` (_totals(True)), counted here over the
    (id, version) of the finished matches a read found: the database's numbers for the
    same matches (tests/test_compiled.py). _mixed, in one pass: (id·1000003 + version) mod
    the prime is the same x, and x·(x + factor) the same product."""
    (first, factor), (second, factor_again) = _MIXINGS
    versions = mixed = mixed_again = 0
    for match_id, version in matches:
        x = match_id * 1_000_003 + version
        one, two = x % first, x % second
        versions += version
        mixed += one * (one + factor) % first
        mixed_again += two * (two + factor_again) % second
    return len(matches), versions, mixed, mixed_again


# How long standings are kept in the shared cache: as the public pages' fragments.
STANDINGS_SECONDS = 600
# A kept line is a plain tuple in the order of Standing's fields, named in the key: a
# release that changes them never reads another's lines.
_LINE_FIELDS = tuple(f.name for f in fields(Standing))
_KEPT = "standings:" + hashlib.sha256(",".join(_LINE_FIELDS).encode()).hexdigest()[:8] + ":"


def kept_standings(tournament: Tournament, entries=None, *,
                   finished_totals: tuple | None = None) -> tuple[list[Standing], set[int]]:
    """The standings and the provisional teams, kept in the shared cache while the
    standings stand still: until a match ends, a finished one changes, or the tournament
    does (its ETag with `finished_only`, of `finished_totals` when this request has read
    them already). The dashboard and the spectators' draw and projector are drawn again at
    every hand played at any table; they read one row of totals, not every result of the
    evening."""
    if finished_totals is None:
        finished_totals = counted_totals(tournament, finished_only=True)
    key = _KEPT + etag(tournament, totals=finished_totals)
    kept = cache.get(key)
    if kept is not None:
        lines, provisional = kept
        return [Standing(**dict(zip(_LINE_FIELDS, line, strict=True))) for line in lines], \
            set(provisional)
    read = read_standings(tournament, entries)
    if read.are_those_of(finished_totals):
        cache.set(key, ([tuple(getattr(s, name) for name in _LINE_FIELDS)
                         for s in read.standings], sorted(read.provisional)),
                  STANDINGS_SECONDS)
    return read.standings, read.provisional


@dataclass(frozen=True)
class StandingsOnly:
    """What a page that shows only the standings reads of an Overview."""

    standings: list[Standing]
    provisional_teams: set[int]

    @classmethod
    def of(cls, read: StandingsRead) -> "StandingsOnly":
        return cls(read.standings, read.provisional)


# --- What the pages show ------------------------------------------------------------------


@dataclass
class TableView:
    table: Table
    match: Match
    entry_a: Entry
    entry_b: Entry

    @property
    def finished(self) -> bool:
        return self.match.status == rules.Status.FINISHED

    @cached_property  # asked four times by each table's card
    def winner(self) -> Entry | None:
        if not self.finished:
            return None
        return self.entry_a if self.match.winner == rules.Team.A else self.entry_b

    @property
    def provisional(self) -> bool:
        """Over, and its result waits for the opponents' confirmation (or is disputed)."""
        return self.finished and self.match.confirmation in PROVISIONAL


@dataclass
class RoundView:
    round: Round
    tables: list[TableView] = field(default_factory=list)
    byes: list[Entry] = field(default_factory=list)
    bye_positions: dict[int, Entry] = field(default_factory=dict)

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
    def disputed(self) -> list[TableView]:
        return [t for t in self.tables if t.match.confirmation == Confirmation.DISPUTED]


@dataclass
class BracketSlot:
    position: int
    table: TableView | None
    bye: Entry | None


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
    def can_draw(self) -> bool:
        return not self.finished and (self.current is None or (
            self.current.finished and not self.current.disputed))

    @property
    def active_count(self) -> int:
        return sum(not e.withdrawn for e in self.entries)

    @property
    def bracket(self) -> list[tuple[RoundView, list[BracketSlot]]]:
        """The knockout rounds, each with its slots in bracket order."""
        bracket = []
        for round_view in self.rounds:
            if round_view.round.stage != Stage.KNOCKOUT:
                continue
            slots = [BracketSlot(t.table.position, t, None) for t in round_view.tables]
            slots += [BracketSlot(pos, None, e) for pos, e in round_view.bye_positions.items()]
            bracket.append((round_view, sorted(slots, key=lambda slot: slot.position)))
        return bracket


def overview(tournament: Tournament, *, past_tables: bool = True, players: bool = True,
             finished_totals: tuple | None = None) -> Overview:
    """Entries, rounds, tables with their matches, byes and standings: four queries.

    Without `past_tables` (the organizer's dashboard, which shows the round being played)
    only the current round's tables and byes are read as models, the earlier rounds' left
    empty; the standings come from plain values (kept_standings): six queries, and no
    model for each match of a long evening. Without `players` the teams are read without
    their players, for pages that show only the teams' names (half the models of a field).
    `finished_totals`, read by the same request (both_totals), spare kept_standings its own.
    """
    entries = Entry.objects.filter(tournament=tournament).order_by("seed")
    entries = list(entries.select_related(
        *(("team__first_player", "team__second_player") if players else ("team",))))
    by_id = {entry.pk: entry for entry in entries}
    rounds = {r.pk: RoundView(r) for r in Round.objects.filter(tournament=tournament)
              .order_by("number")}
    tables = Table.objects.filter(round__tournament=tournament).select_related("match")
    byes = Bye.objects.filter(round__tournament=tournament)
    if not past_tables:
        current = list(rounds)[-1:]  # the last round's id, when there is one
        tables, byes = tables.filter(round_id__in=current), byes.filter(round_id__in=current)
    tables = list(tables.order_by("round__number", "number"))
    byes = list(byes.order_by("position"))
    for table in tables:
        rounds[table.round_id].tables.append(
            TableView(table, table.match, by_id[table.entry_a_id], by_id[table.entry_b_id])
        )
    for bye in byes:
        rounds[bye.round_id].byes.append(by_id[bye.entry_id])
        rounds[bye.round_id].bye_positions[bye.position] = by_id[bye.entry_id]
    if past_tables:
        drawn = {e for t in tables for e in (t.entry_a_id, t.entry_b_id)} | {
            b.entry_id for b in byes}
        standings = standings_from(tournament, entries, tables, byes)
        provisional = {entry for t in tables if t.match.status == rules.Status.FINISHED
                       and t.match.confirmation in PROVISIONAL
                       for entry in (t.entry_a_id, t.entry_b_id)}
    else:  # drawn: read again
        drawn, (standings, provisional) = None, kept_standings(
            tournament, entries, finished_totals=finished_totals)
    return Overview(
        tournament=tournament,
        entries=entries,
        rounds=list(rounds.values()),
        standings=standings,
        total_rounds=rounds_in_all(tournament, entries, drawn),
        provisional_teams=provisional,
    )


def draw_candidates(entries, field=None) -> list[Entry]:
    """The teams a draw may take, never a withdrawn one. Round 1 (no `field` yet): every
    team, or only the checked-in ones once check-in has begun. Later rounds: round 1's
    `field`, and the teams checked in since (a late team joins the next Swiss round)."""
    entries = list(entries)
    present = [e for e in entries if not e.withdrawn]
    if field is None:
        if any(e.checked_in for e in entries):
            present = [e for e in present if e.checked_in]
        return present
    first = set(field)
    return [e for e in present if e.pk in first or e.checked_in]


def field_size(tournament: Tournament, entries, drawn=None) -> int:
    """How many teams the rounds are for: before round 1, the teams a draw would take; then
    round 1's field, and in a Swiss the teams that joined it since (drawn, or checked in
    and waiting), so that late arrivals never cut the rounds short. `drawn`: the teams
    drawn in any round so far (read when not given)."""
    if not tournament.field:
        return len(draw_candidates(entries))
    if tournament.format != Format.SWISS:
        return len(tournament.field)
    if drawn is None:
        drawn = {entry for pair in Table.objects.filter(round__tournament=tournament)
                 .values_list("entry_a_id", "entry_b_id") for entry in pair}
        drawn.update(Bye.objects.filter(round__tournament=tournament)
                     .values_list("entry_id", flat=True))
    joined = set(tournament.field) | set(drawn)
    joined |= {e.pk for e in draw_candidates(entries, tournament.field)}
    return len(joined)


def rounds_in_all(tournament: Tournament, entries, drawn=None) -> int:
    return total_rounds(tournament.format, field_size=field_size(tournament, entries, drawn),
                        swiss_rounds=tournament.swiss_rounds,
                        knockout_size=tournament.knockout_size)
