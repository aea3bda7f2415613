"""Rounds: drawing the next one onto numbered tables, changing a draw before play, a
knockout's corrected winner, calling time, table links."""

import random
from collections import Counter
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_noop

from scoring import rules
from scoring import services as scoring
from scoring.errors import Conflict
from scoring.models import Confirmation, Match
from tournaments import draw as drawing
from tournaments import individual
from tournaments.formats import (
    SWISS_FORMATS,
    Format,
    Stage,
    knockout_places,
    stage_of_round,
    suggested_individual_rounds,
    suggested_swiss_rounds,
    swiss_rounds_played,
    total_rounds,
)
from tournaments.models import (
    Bye,
    Entry,
    FirstRound,
    MissedRounds,
    Round,
    Table,
    Tournament,
)
from tournaments.selectors import (
    bracket_winners,
    draw_candidates,
    field_size,
    played_pairs,
    standings_of,
)
from tournaments.services import individual_rounds
from tournaments.services._common import (
    bump,
    conflict,
    lock,
    refuse,
    refuse_once_over,
    violation,
)


@transaction.atomic
def draw_next_round(*, tournament: Tournament, allow_rematches: bool = False) -> Round:
    """Draw the next round onto tables 1..n, each a new match with its own score keeper link.

    A Swiss round never repeats a match unless no draw can avoid it (after withdrawals or
    late arrivals): then it is refused with the pairs that would meet again, and drawn
    with the fewest rematches only when the organizer asks (`allow_rematches`).
    """
    locked = lock(tournament)
    if locked.cancelled_at is not None:
        conflict("tournament_cancelled", gettext_noop(
            "This night is cancelled: no round can be drawn (take the cancellation back "
            "first)."))
    rounds = list(locked.rounds.order_by("number"))
    if rounds and (unfinished := rounds[-1].tables.exclude(
            match__status=rules.Status.FINISHED).count()):
        conflict("round_unfinished", rules.ngettext(
            "Round %(number)s is not over: %(count)s table still playing.",
            "Round %(number)s is not over: %(count)s tables still playing.", "count"),
            number=rounds[-1].number, count=unfinished)
    if rounds:
        refuse_disputed_round(rounds[-1])
    entries = {entry.pk: entry for entry in locked.entries.select_related(
        "team__first_player", "team__second_player")}
    number = len(rounds) + 1
    if number == 1:
        _fix_the_field(locked, entries)
    size = field_size(locked, entries.values())
    total = total_rounds(locked.format, field_size=size, swiss_rounds=locked.swiss_rounds,
                         knockout_size=locked.knockout_size,
                         individual_rounds=locked.individual_rounds)
    if number > total:
        conflict("no_round_left", gettext_noop(
            "All %(total)s rounds are drawn: the tournament is complete."), total=total)
    if locked.is_individual:
        new_round = individual_rounds.draw_round(tournament=locked, number=number, entries=entries,
                                          allow_repeats=allow_rematches)
        locked.version += 1
        locked.save(update_fields=["field", "individual_rounds", "version"])
        return new_round
    stage = stage_of_round(locked.format, number, swiss_rounds=locked.swiss_rounds,
                           field_size=size)
    if stage == Stage.SWISS and number > 1 and locked.missed_rounds == MissedRounds.BYE:
        _count_missed_rounds_as_byes(locked, rounds, entries)
    try:
        plan = _plan(locked, stage, number, rounds, entries, allow_rematches, size)
    except drawing.RematchNeeded as needed:
        raise Conflict(_rematch_refusal(needed, entries, locked)) from needed
    except drawing.DrawError as error:
        raise Conflict([violation(error.code, error.message, None, **error.params)]) from error
    new_round = Round.objects.create(tournament=locked, number=number, stage=stage,
                                     with_rematches=bool(plan.rematches))
    _write(locked, new_round, plan, entries)
    locked.version += 1
    locked.save(update_fields=["field", "swiss_rounds", "version"])
    return new_round


def _count_missed_rounds_as_byes(tournament: Tournament, rounds: list[Round],
                                 entries) -> None:
    """A late team about to be drawn for the first time, in a Swiss whose organizer chose
    "a bye each" for the rounds it missed: a bye in each of those rounds (a win with no
    points), written before the draw so that the pairing counts it."""
    seen = set(tournament.field)
    for pair in Table.objects.filter(round__in=rounds).values_list("entry_a_id", "entry_b_id"):
        seen.update(pair)
    seen.update(Bye.objects.filter(round__in=rounds).values_list("entry_id", flat=True))
    late = [e for e in draw_candidates(entries.values(), tournament.field) if e.pk not in seen]
    for round_ in rounds if late else ():
        if round_.stage != Stage.SWISS:
            continue
        position = max(round_.byes.values_list("position", flat=True), default=None)
        position = max(position or 0, round_.tables.count()) + 1
        for offset, entry in enumerate(sorted(late, key=lambda e: e.seed)):
            Bye.objects.create(round=round_, entry=entry, position=position + offset)


def refuse_disputed_round(round_: Round | None) -> None:
    """A round closes (the next one drawn, or the tournament closed after the last) only
    once no result of it is disputed. Its matches are locked first, as a dispute locks its
    match: a dispute made while the round closes waits, then finds the round closed."""
    if round_ is None:
        return
    matches = Match.objects.select_for_update().filter(table__round=round_).order_by("pk")
    if disputed := sum(confirmation == Confirmation.DISPUTED
                       for confirmation in matches.values_list("confirmation", flat=True)):
        conflict("round_disputed", rules.ngettext(
            "Round %(number)s cannot close: %(count)s result is disputed. Settle it first "
            "(correct the hand, or confirm it for the team).",
            "Round %(number)s cannot close: %(count)s results are disputed. Settle them first "
            "(correct the hand, or confirm it for the team).", "count"),
            number=round_.number, count=disputed)


def _fix_the_field(tournament: Tournament, entries) -> None:
    """Round 1's teams in seed order, and a Swiss's number of rounds when left to what
    suits the field."""
    active = {entry.pk for entry in draw_candidates(entries.values())}
    tournament.field = [e.pk for e in sorted(entries.values(), key=lambda e: e.seed)
                        if e.pk in active]
    if tournament.is_individual:
        if len(tournament.field) < individual.TABLE:
            refuse("too_few_players", gettext_noop(
                "A table seats four: an individual night needs at least 4 players (%(count)s "
                "here)."), count=len(tournament.field))
        if tournament.individual_rounds is None:
            tournament.individual_rounds = suggested_individual_rounds(len(tournament.field))
        return
    if len(tournament.field) < 2 and any(e.checked_in for e in entries.values()):
        refuse("too_few_checked_in", gettext_noop(
            "Check-in has begun and only %(count)s team is checked in: check in the "
            "teams that are here (a draw needs at least 2)."), count=len(tournament.field))
    if len(tournament.field) < 2:
        refuse("too_few_teams", gettext_noop("A draw needs at least 2 teams."))
    if tournament.format in SWISS_FORMATS and tournament.swiss_rounds is None:
        tournament.swiss_rounds = suggested_swiss_rounds(len(tournament.field))


@dataclass
class _Plan:
    """A round before it is written: (a, b) pairs in table order, (a, None) for a bye,
    (None, None) for an empty place of a knockout bracket; round robin forfeits; and the
    pairs that meet again."""

    slots: list[tuple[int | None, int | None]]
    forfeits: list[drawing.Pairing] = field(default_factory=list)
    rematches: list[drawing.Pairing] = field(default_factory=list)


def _plan(tournament, stage, number, rounds, entries, allow_rematches, size) -> _Plan:
    """The round, from the pure draw (tournaments/draw.py) over what the tables say."""
    if stage == Stage.ROUND_ROBIN:
        withdrawn = {pk for pk, entry in entries.items() if entry.withdrawn}
        draw = drawing.draw_round_robin(tournament.field, number, withdrawn)
        return _Plan(_slots(draw), draw.forfeits)
    present = {e.pk for e in draw_candidates(entries.values(), tournament.field)}
    standings = standings_of(tournament, list(entries.values()), rounds_before=number)
    ranked = [s.team_id for s in standings if s.team_id in present]
    if stage == Stage.SWISS:
        draw = _swiss_draw(tournament, number, ranked, standings, allow_rematches, size)
        return _Plan(_slots(draw), rematches=draw.rematches)
    places = knockout_places(tournament.format, field_size=size,
                             knockout_size=tournament.knockout_size)
    swiss = swiss_rounds_played(tournament.swiss_rounds, size) \
        if tournament.format == Format.SWISS_KNOCKOUT else 0
    return _Plan(drawing.knockout_round(
        places, number - swiss, present=present,
        # A knockout's bracket is its field by seed; after a Swiss, exactly its top K.
        seeded=tournament.field if tournament.format == Format.KNOCKOUT
        else ranked[:tournament.knockout_size],
        winners=bracket_winners(rounds[-1]) if number - swiss > 1 else None))


def _swiss_draw(tournament, number, ranked, standings, allow_rematches, size) -> drawing.Draw:
    if number == 1:
        rng = random.SystemRandom() if tournament.swiss_first_round == FirstRound.RANDOM \
            else None
        return drawing.swiss_round_one(tournament.field, rng)
    if len(ranked) < 2:
        # Everyone else has gone home: the last team sits out, and the event still ends.
        return drawing.Draw([], ranked)
    swiss_rounds = swiss_rounds_played(tournament.swiss_rounds, size)
    return drawing.draw_swiss(
        ranked, {s.team_id: s.wins for s in standings}, played_pairs(tournament),
        Counter(Bye.objects.filter(round__tournament=tournament)
                .values_list("entry_id", flat=True)),
        rounds_left=swiss_rounds - number + 1, allow_rematches=allow_rematches,
    )


def _slots(draw: drawing.Draw) -> list[tuple[int, int | None]]:
    return [(p.team_a, p.team_b) for p in draw.pairings] + [(b, None) for b in draw.byes]


def _write(tournament, new_round, plan: _Plan, entries) -> None:
    """The round's tables (each a new match), byes, and forfeits won at the draw."""
    table_number = 0
    for position, (a, b) in enumerate(plan.slots):
        if a is None:  # an empty place of the bracket: nobody plays there
            continue
        if b is None:
            Bye.objects.create(round=new_round, entry=entries[a], position=position)
            continue
        table_number += 1
        _seat_table(tournament, new_round, table_number, position, entries[a], entries[b])
    # A withdrawn team's round robin games: no table is played, each opponent wins.
    for offset, forfeit in enumerate(plan.forfeits, start=len(plan.slots)):
        table_number += 1
        table = _seat_table(tournament, new_round, table_number, offset,
                            entries[forfeit.team_a], entries[forfeit.team_b])
        scoring.forfeit(match=table.match_id, team=rules.Team.B)


def _seat_table(tournament, round, number, position, entry_a, entry_b) -> Table:
    match = scoring.create_match(
        owner=tournament.owner, variant=tournament.variant, target=tournament.target,
        team_a=entry_a.team, team_b=entry_b.team, confirmation_mode=tournament.confirmation,
    )
    return Table.objects.create(round=round, number=number, position=position, match=match,
                                entry_a=entry_a, entry_b=entry_b)


def _rematch_refusal(needed: drawing.RematchNeeded, entries, tournament) -> list:
    """Why the round cannot be drawn as usual, and which pairs would meet again."""
    met = {frozenset((t.entry_a_id, t.entry_b_id)): t.round.number
           for t in Table.objects.filter(round__tournament=tournament).select_related("round")}
    refusal = [violation(needed.code, needed.message, None, **needed.params)]
    for pairing in needed.draw.rematches:
        refusal.append(violation(
            "rematch", gettext_noop("%(a)s and %(b)s would meet again (they met in round "
                                    "%(round)s)."), None,
            a=entries[pairing.team_a].name, b=entries[pairing.team_b].name,
            round=met[frozenset((pairing.team_a, pairing.team_b))]))
    return refusal


@transaction.atomic
def put_winner_through(*, table: Table | None, bye: Bye | None, old: int, new: int) -> None:
    """A knockout result corrected: entry `new` takes `old`'s place in the next round (its
    table, not yet started, or its bye)."""
    round_id = (bye or table).round_id
    if bye is not None:
        bye.entry_id = new
        bye.save(update_fields=["entry"])
    if table is not None:
        side = "entry_a" if table.entry_a_id == old else "entry_b"
        setattr(table, f"{side}_id", new)
        table.save(update_fields=[side])
        _seat_teams(table)
    Tournament.objects.filter(rounds=round_id).update(version=F("version") + 1)


def _seat_teams(table: Table) -> None:
    """The table's match takes the table's entries' teams (after a swap or a correction)."""
    teams = dict(Entry.objects.filter(pk__in=[table.entry_a_id, table.entry_b_id])
                 .values_list("pk", "team_id"))
    scoring.replace_teams(match=table.match_id, team_a=teams[table.entry_a_id],
                          team_b=teams[table.entry_b_id])


@transaction.atomic
def swap_teams(*, round: Round, first: int, second: int,
               allow_rematch: bool = False) -> list[rules.Violation]:
    """Swap two teams of the current round before their matches start.

    A swap that would make two teams meet again is refused (nothing changes) with the
    earlier meeting named, and made only when the organizer confirms it (`allow_rematch`).
    Returns warnings: the round's pairs that have met before.
    """
    locked = lock(round.tournament_id)
    round = Round.objects.get(pk=round.pk)
    if locked.rounds.filter(number__gt=round.number).exists():
        conflict("round_past", gettext_noop("Only the current round's draw can change."))
    refuse_once_over(locked)
    if round.stage == Stage.INDIVIDUAL:
        conflict("swap_individual", gettext_noop(
            "An individual night's tables are drawn for new partners: its players cannot be "
            "swapped."))
    if round.stage == Stage.ROUND_ROBIN:
        # The circle schedule pairs everyone with everyone once: a swap would break it.
        conflict("swap_round_robin", gettext_noop(
            "A round robin follows its schedule, where every team meets every other once: "
            "its pairings cannot be swapped."))
    places = {}
    for table in round.tables.select_related("match"):
        places[table.entry_a_id] = (table, "entry_a")
        places[table.entry_b_id] = (table, "entry_b")
    for bye in round.byes.all():
        places[bye.entry_id] = (bye, "entry")
    if first == second or first not in places or second not in places:
        refuse("swap", gettext_noop("Choose two different teams of this round."))
    if isinstance(places[first][0], Bye) and isinstance(places[second][0], Bye):
        refuse("swap_byes", gettext_noop("Both teams have a bye: swapping them changes "
                                         "nothing."))
    (holder_1, side_1), (holder_2, side_2) = places[first], places[second]
    for holder in (holder_1, holder_2):
        # A forfeit is a finished match without a hand: it has started, in a way.
        if isinstance(holder, Table) and (holder.match.hand_count or holder.match.is_finished):
            conflict("swap_started", gettext_noop(
                "Table %(table)s has started: its teams cannot change."), table=holder.number)
    gone = Entry.objects.filter(pk__in=[first, second], withdrawn=True).select_related(
        "team").first()
    if gone is not None:
        conflict("swap_withdrawn", gettext_noop(
            "%(name)s has withdrawn: it takes no place in the draw."), name=gone.team.name)
    # Both tables' matches locked first, in order: each is written, and each write moves
    # the tournament's results version on (taken after every match's row).
    scoring.lock_matches(h.match_id for h in (holder_1, holder_2) if isinstance(h, Table))
    setattr(holder_1, f"{side_1}_id", second)
    setattr(holder_2, f"{side_2}_id", first)
    if not allow_rematch:
        _refuse_swap_rematch(round, [h for h in (holder_1, holder_2) if isinstance(h, Table)])
    for holder in {id(h): h for h in (holder_1, holder_2)}.values():
        holder.save()
        if isinstance(holder, Table):
            _seat_teams(holder)
    bump(locked)
    return rematch_warnings(round)


def _earlier_meetings(round: Round) -> dict[frozenset, int]:
    """Each pair of teams that met before `round`, and the round they met in."""
    return {frozenset(pair): number for *pair, number in Table.objects.filter(
        round__tournament_id=round.tournament_id, round__number__lt=round.number,
        entry_a__isnull=False)
        .values_list("entry_a_id", "entry_b_id", "round__number")}


def _refuse_swap_rematch(round: Round, tables: list[Table]) -> None:
    """The swap's tables as they would be: refused when a pair there met before."""
    earlier = _earlier_meetings(round)
    names = None
    found = []
    for table in sorted({id(t): t for t in tables}.values(), key=lambda t: t.number):
        met = earlier.get(frozenset((table.entry_a_id, table.entry_b_id)))
        if met:
            if names is None:
                names = dict(Entry.objects.filter(tournament_id=round.tournament_id)
                             .values_list("pk", "team__name"))
            found.append(violation(
                "swap_rematch", gettext_noop(
                    "Table %(table)s: %(a)s and %(b)s would meet again (they met in round "
                    "%(round)s)."), None, table=table.number, a=names[table.entry_a_id],
                b=names[table.entry_b_id], round=met))
    if found:
        raise Conflict(found)


def rematch_warnings(round: Round) -> list[rules.Violation]:
    """The tables of `round` whose teams have met in an earlier round."""
    earlier = _earlier_meetings(round)
    warnings = []
    for table in round.tables.filter(entry_a__isnull=False).select_related(
            "entry_a__team", "entry_b__team"):
        met = earlier.get(frozenset((table.entry_a_id, table.entry_b_id)))
        if met:
            warnings.append(violation(
                "rematch", gettext_noop("Table %(table)s: %(a)s and %(b)s already met in "
                                        "round %(round)s."), None,
                table=table.number, a=table.entry_a.team.name, b=table.entry_b.team.name,
                round=met))
    return warnings


@transaction.atomic
def call_time(*, round: Round) -> int:
    """Time is up: every match still playing ends after the hand being played. Returns how
    many matches were still playing."""
    lock(round.tournament_id)
    round = Round.objects.select_for_update().get(pk=round.pk)
    if round.time_called_at is None:
        round.time_called_at = timezone.now()
        round.save(update_fields=["time_called_at"])
    playing = list(round.tables.exclude(match__status=rules.Status.FINISHED)
                   .values_list("match_id", flat=True))
    scoring.lock_matches(playing)
    for match_id in playing:
        scoring.call_time(match=match_id)
    Tournament.objects.filter(pk=round.tournament_id).update(version=F("version") + 1)
    return len(playing)


@transaction.atomic
def take_back_time_call(*, round: Round) -> int:
    """Time called by mistake: every match of the round plays on to its target. Refused
    (nothing changes) once a match has ended by the call. Returns how many matches play
    on."""
    lock(round.tournament_id)
    round = Round.objects.select_for_update().get(pk=round.pk)
    tables = list(round.tables.select_related("match").order_by("number"))
    if ended := [t.number for t in tables
                 if t.match.finish_reason == rules.FinishReason.TIME]:
        conflict("time_ended_match", rules.ngettext(
            "Time has already ended the match of table %(tables)s: the call cannot be taken "
            "back.",
            "Time has already ended the matches of tables %(tables)s: the call cannot be "
            "taken back.", "count"), count=len(ended), tables=", ".join(map(str, ended)))
    if round.time_called_at is not None:
        round.time_called_at = None
        round.save(update_fields=["time_called_at"])
    playing = [t.match_id for t in tables if not t.match.is_finished]
    scoring.lock_matches(playing)
    for match_id in playing:
        scoring.take_back_time_call(match=match_id)
    Tournament.objects.filter(pk=round.tournament_id).update(version=F("version") + 1)
    return len(playing)


@transaction.atomic
def reissue_table_link(*, table: Table) -> Match:
    """Revoke a table's score keeper link and make a new one."""
    return scoring.reissue_scorekeeper_token(match=table.match_id)


@transaction.atomic
def reissue_table_opponents_link(*, table: Table) -> Match:
    """Revoke a table's opponents' link and make a new one."""
    return scoring.reissue_opponents_token(match=table.match_id)
