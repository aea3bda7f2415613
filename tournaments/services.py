"""The only code that writes tournaments.

Each function runs in one transaction and locks the tournament's row first, so that two
organizers drawing at once draw one round. Matches are created and scored by
scoring.services: a tournament match is a normal match.
"""

import random
import re
from collections import Counter
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_noop

from scoring import names, rules
from scoring import services as scoring
from scoring.errors import Conflict, InvalidInput
from scoring.models import Match
from scoring.selectors import MAX_ID
from scoring.services import NewTeam
from tournaments import draw as drawing
from tournaments.formats import (
    FORMATS,
    knockout_places,
    stage_of_round,
    suggested_swiss_rounds,
    swiss_rounds_played,
    total_rounds,
)
from tournaments.models import (
    MAX_SWISS_ROUNDS,
    Bye,
    Entry,
    FirstRound,
    Format,
    Round,
    Stage,
    Table,
    Tournament,
)
from tournaments.selectors import draw_candidates, field_size, is_over, standings_of
from tournaments.standings import TIEBREAKS

NAME_MAX = 100
MAX_ROUND_MINUTES = 600
MAX_TEAMS = 512


def _violation(code, message, field=None, **params):
    return rules.Violation(code, message, field, params)


def _refuse(code, message, field=None, **params):
    raise InvalidInput([_violation(code, message, field, **params)])


def _conflict(code, message, field=None, **params):
    raise Conflict([_violation(code, message, field, **params)])


def _lock(tournament: Tournament | int) -> Tournament:
    pk = tournament.pk if isinstance(tournament, Tournament) else tournament
    return Tournament.objects.select_for_update().get(pk=pk)


def _bump(tournament: Tournament) -> None:
    tournament.version += 1
    tournament.save(update_fields=["version"])


# --- The tournament ----------------------------------------------------------------------


@dataclass
class Settings:
    """What an organizer chooses for a tournament."""

    name: str
    variant: str
    format: str
    target: int | None = None
    swiss_rounds: int | None = None
    knockout_size: int | None = None
    public: bool = True
    date: object = None
    place: str = ""
    round_minutes: int | None = None
    tiebreaks: list[str] = field(default_factory=list)
    swiss_first_round: str = FirstRound.BY_SEED


def validate_settings(settings: Settings) -> list[rules.Violation]:
    problems = [problem for problem in (
        names.refusal([settings.name], NAME_MAX, _violation(
            "name", gettext_noop("A tournament name has 1 to 100 characters."), "name")),
        settings.place and names.refusal([settings.place], NAME_MAX, _violation(
            "place", gettext_noop("A place has at most 100 characters."), "place")),
    ) if problem]
    problems += rules.validate_new_match(settings.variant, settings.target, "N")
    if settings.format not in FORMATS:
        problems.append(_violation(
            "format", gettext_noop("Choose a format: round robin, Swiss, knockout, or Swiss "
                                   "then a knockout."), "format"))
    if settings.format in ("swiss", "swiss_knockout") and settings.swiss_rounds is not None \
            and not (rules.is_whole(settings.swiss_rounds)
                     and 1 <= settings.swiss_rounds <= MAX_SWISS_ROUNDS):
        problems.append(_violation(
            "swiss_rounds", gettext_noop("A Swiss has 1 to %(max)s rounds (leave it empty for "
                                         "what suits the field)."), "swiss_rounds",
            max=MAX_SWISS_ROUNDS))
    if settings.swiss_first_round not in FirstRound.values:
        problems.append(_violation(
            "swiss_first_round", gettext_noop("Pair the first Swiss round by seed or at "
                                              "random."), "swiss_first_round"))
    if settings.format == "swiss_knockout" and not (
        rules.is_whole(settings.knockout_size) and 2 <= settings.knockout_size <= MAX_TEAMS
    ):
        problems.append(_violation(
            "knockout_size", gettext_noop("The knockout takes the top 2 to %(max)s teams."),
            "knockout_size", max=MAX_TEAMS))
    if settings.round_minutes is not None and not (
        rules.is_whole(settings.round_minutes) and 1 <= settings.round_minutes <= MAX_ROUND_MINUTES
    ):
        problems.append(_violation(
            "round_minutes", gettext_noop("A round lasts 1 to 600 minutes."), "round_minutes"))
    if sorted(settings.tiebreaks) not in ([], sorted(TIEBREAKS)):
        problems.append(_violation(
            "tiebreaks", gettext_noop("Order the tie-breaks: Buchholz, difference and points "
                                      "for, each once."), "tiebreaks"))
    return problems


def _apply(tournament: Tournament, settings: Settings) -> None:
    if settings.target is None and rules.is_variant(settings.variant):
        settings.target = rules.variant_rules(settings.variant).default_target
    for name in ("variant", "target", "format", "swiss_rounds", "knockout_size", "public",
                 "date", "round_minutes", "tiebreaks", "swiss_first_round"):
        setattr(tournament, name, getattr(settings, name))
    tournament.name = names.normalise(settings.name)
    tournament.place = names.normalise(settings.place or "")
    if settings.format not in ("swiss", "swiss_knockout"):
        tournament.swiss_rounds = None
    if settings.format != "swiss_knockout":
        tournament.knockout_size = None


@transaction.atomic
def create_tournament(*, owner, settings: Settings, teams=()) -> Tournament:
    """A new tournament, with its teams in seed order (the first is seed 1)."""
    if settings.target is None and rules.is_variant(settings.variant):
        settings.target = rules.variant_rules(settings.variant).default_target
    problems = validate_settings(settings)
    problems += _validate_new_teams(teams)
    if problems:
        raise InvalidInput(problems)
    tournament = Tournament(owner=owner)
    _apply(tournament, settings)
    tournament.save()
    for seed, team in enumerate(teams, start=1):
        _create_entry(tournament, team, seed)
    return tournament


@transaction.atomic
def update_tournament(*, tournament: Tournament, settings: Settings) -> Tournament:
    """Change the settings; the game, target and format only before the first draw."""
    locked = _lock(tournament)
    if settings.target is None and rules.is_variant(settings.variant):
        settings.target = rules.variant_rules(settings.variant).default_target
    if problems := validate_settings(settings):
        raise InvalidInput(problems)
    drawn = locked.rounds.exists()
    fixed = ("variant", "target", "format", "swiss_rounds", "knockout_size",
             "swiss_first_round")
    if drawn and any(getattr(settings, name) != getattr(locked, name) for name in fixed):
        _conflict("settings_fixed", gettext_noop(
            "The game, target and format cannot change once a round is drawn."))
    _apply(locked, settings)
    locked.version += 1
    locked.save()
    return locked


@transaction.atomic
def add_organizer(*, tournament: Tournament, username: str):
    locked = _lock(tournament)
    user = get_user_model().objects.filter(username=(username or "").strip()).first()
    if user is None:
        _refuse("unknown_user", gettext_noop("Nobody has the user name %(name)s."), "username",
                name=(username or "").strip()[:150])
    if user.pk != locked.owner_id:
        locked.organizers.add(user)
    _bump(locked)
    return user


@transaction.atomic
def remove_organizer(*, tournament: Tournament, user_id: int) -> None:
    locked = _lock(tournament)
    gone = locked.organizers.filter(pk=user_id).first() if 1 <= user_id <= MAX_ID else None
    if gone is not None:
        locked.organizers.remove(gone)
        _bump(locked)


# --- Teams ------------------------------------------------------------------------------


def _validate_new_teams(teams, taken=()) -> list[rules.Violation]:
    problems = []
    keys = {names.key(name) for name in taken}
    for number, team in enumerate(teams, start=1):
        # A pasted list names the line of the text; other lists, the team's place in them.
        line = getattr(team, "line", None)
        where = {"line": line or number}
        wrong = _violation("team", gettext_noop(
            "Line %(line)s: a team name of 1 to 60 characters and two players, or none.")
            if line else gettext_noop(
            "Team %(line)s: a name of 1 to 60 characters and two players, or none."),
            "teams", **where)
        refusal = names.refusal([team.name, *team.players], scoring.TEAM_NAME_MAX, wrong) or (
            wrong if len(team.players) not in (0, 2) else None)
        if refusal:
            problems.append(refusal)
        elif names.key(team.name) in keys:
            problems.append(_violation(
                "team_name_taken", gettext_noop("Line %(line)s: %(name)s is already in the "
                                                "tournament.") if line else
                gettext_noop("Team %(line)s: %(name)s is already in the tournament."),
                "teams", name=names.normalise(team.name), **where))
        else:
            keys.add(names.key(team.name))
    if len(keys) > MAX_TEAMS:
        problems.append(_violation("too_many_teams", gettext_noop(
            "A tournament has at most %(max)s teams."), "teams", max=MAX_TEAMS))
    return problems


def _create_entry(tournament: Tournament, team: NewTeam, seed: int) -> Entry:
    return Entry.objects.create(tournament=tournament, team=scoring.make_team(team), seed=seed)


def _refuse_once_over(tournament: Tournament) -> None:
    """A finished tournament's field is its results' ground: no team comes or goes."""
    if is_over(tournament):
        _conflict("tournament_over", gettext_noop(
            "The tournament is over: its teams and results are final (the organizers can "
            "still correct a score)."))


def _refuse_new_team(tournament: Tournament) -> None:
    _conflict("field_closed", gettext_noop(
        "The draw has started: a %(format)s takes no new team."),
        format=tournament.get_format_display())


def _field_is_closed(tournament: Tournament) -> bool:
    # A round robin's schedule and a knockout's bracket are made from round 1's field.
    return tournament.format != "swiss" and tournament.rounds.exists()


@transaction.atomic
def add_teams(*, tournament: Tournament, teams) -> list[Entry]:
    """Add teams after the others, in the order given (their seeds follow)."""
    locked = _lock(tournament)
    _refuse_once_over(locked)
    if _field_is_closed(locked):
        _refuse_new_team(locked)
    taken = [entry.team.name for entry in locked.entries.select_related("team")]
    if problems := _validate_new_teams(teams, taken):
        raise InvalidInput(problems)
    seed = max((e.seed for e in locked.entries.all()), default=0)
    entries = [_create_entry(locked, team, seed + i) for i, team in enumerate(teams, start=1)]
    if locked.rounds.exists():
        # Added once a Swiss is under way: the team is here, it joins the next round.
        Entry.objects.filter(pk__in=[e.pk for e in entries]).update(checked_in=True)
        for entry in entries:
            entry.checked_in = True
    _bump(locked)
    return entries


LIST_SEPARATOR = re.compile(r"\t|;|,| - | – ")


@dataclass(frozen=True)
class ListedTeam(NewTeam):
    """A team from a pasted list, with the number of its line in the text."""

    line: int = 0


def parse_team_list(text: str) -> list[ListedTeam]:
    """One team per line: its name, then its two players, separated by commas, semicolons
    or tabs (a spreadsheet's column). Blank lines are skipped (and still counted)."""
    teams = []
    for number, line in enumerate((text or "").splitlines(), start=1):
        if not line.strip():
            continue
        parts = [part.strip() for part in LIST_SEPARATOR.split(line)]
        parts = [part for part in parts if part]
        if parts:  # a row of a spreadsheet with nothing in it
            teams.append(ListedTeam(parts[0], tuple(parts[1:]), line=number))
    return teams


@transaction.atomic
def set_seeds(*, tournament: Tournament, order: list[int]) -> None:
    """Seeds 1, 2, 3... to the entries in `order` (entry ids); before the first draw."""
    locked = _lock(tournament)
    if locked.rounds.exists():
        _conflict("seeds_fixed", gettext_noop("Seeds cannot change once a round is drawn."))
    entries = {entry.pk: entry for entry in locked.entries.all()}
    if sorted(order) != sorted(entries):
        _refuse("seeds", gettext_noop("Give every team of the tournament a seed, once each."),
                "seeds")
    # Two steps, so that the unique (tournament, seed) never sees two teams on one seed.
    for offset, pk in enumerate(order, start=1):
        Entry.objects.filter(pk=pk).update(seed=MAX_TEAMS * 2 + offset)
    for seed, pk in enumerate(order, start=1):
        Entry.objects.filter(pk=pk).update(seed=seed)
    _bump(locked)


@transaction.atomic
def set_entry_flags(*, entry: Entry, checked_in: bool | None = None,
                    withdrawn: bool | None = None) -> Entry:
    locked = _lock(entry.tournament_id)
    entry = Entry.objects.get(pk=entry.pk, tournament=locked)
    _refuse_once_over(locked)
    if checked_in and not entry.checked_in and _field_is_closed(locked) \
            and entry.pk not in locked.field:
        _refuse_new_team(locked)
    if checked_in is not None:
        entry.checked_in = checked_in
    if withdrawn is not None:
        entry.withdrawn = withdrawn
    entry.save(update_fields=["checked_in", "withdrawn"])
    current = locked.rounds.order_by("-number").first()
    tables = Table.objects.filter(round=current).filter(Q(entry_a=entry) | Q(entry_b=entry))
    if withdrawn:
        # A team that leaves mid-match forfeits it: the round can go on.
        for table in tables.exclude(match__status=rules.Status.FINISHED):
            scoring.forfeit(match=table.match_id,
                            team=rules.Team.A if table.entry_a_id == entry.pk else rules.Team.B)
    elif withdrawn is False:
        # Back after all (a click by mistake): its forfeits of this round are taken back.
        for table in tables.filter(match__finish_reason=rules.FinishReason.FORFEIT):
            side = rules.Team.A if table.entry_a_id == entry.pk else rules.Team.B
            if table.match.forfeited_by == side:
                scoring.take_back_forfeit(match=table.match_id)
    _bump(locked)
    return entry


@transaction.atomic
def remove_entry(*, entry: Entry) -> None:
    """Take a team off the list, as long as it has not been drawn."""
    locked = _lock(entry.tournament_id)
    drawn = (
        Table.objects.filter(Q(entry_a=entry) | Q(entry_b=entry)).exists()
        or Bye.objects.filter(entry=entry).exists()
    )
    if drawn:
        _conflict("entry_drawn", gettext_noop(
            "%(name)s has been drawn: withdraw the team instead; its results stay."),
            name=entry.team.name)
    team = entry.team
    entry.delete()
    team.delete()
    _bump(locked)


# --- Rounds ----------------------------------------------------------------------------


def _unfinished_tables(round: Round) -> int:
    return round.tables.exclude(match__status=rules.Status.FINISHED).count()


@transaction.atomic
def draw_next_round(*, tournament: Tournament, allow_rematches: bool = False) -> Round:
    """Draw the next round onto tables 1..n, each a new match with its own score keeper link.

    A Swiss round never repeats a match unless no draw can avoid it (after withdrawals or
    late arrivals): then it is refused with the pairs that would meet again, and drawn
    with the fewest rematches only when the organizer asks (`allow_rematches`).
    """
    locked = _lock(tournament)
    rounds = list(locked.rounds.order_by("number"))
    if rounds and (unfinished := _unfinished_tables(rounds[-1])):
        _conflict("round_unfinished", rules.ngettext(
            "Round %(number)s is not over: %(count)s table still playing.",
            "Round %(number)s is not over: %(count)s tables still playing.", "count"),
            number=rounds[-1].number, count=unfinished)
    entries = {entry.pk: entry for entry in locked.entries.select_related(
        "team__first_player", "team__second_player")}
    number = len(rounds) + 1
    if number == 1:
        locked.field = _first_field(list(entries.values()))
        if len(locked.field) < 2 and any(e.checked_in for e in entries.values()):
            _refuse("too_few_checked_in", gettext_noop(
                "Check-in has begun and only %(count)s team is checked in: check in the "
                "teams that are here (a draw needs at least 2)."), count=len(locked.field))
        if len(locked.field) < 2:
            _refuse("too_few_teams", gettext_noop("A draw needs at least 2 teams."))
        if locked.format in (Format.SWISS, Format.SWISS_KNOCKOUT) and locked.swiss_rounds is None:
            # What suits the field, fixed now that the field is known.
            locked.swiss_rounds = suggested_swiss_rounds(len(locked.field))
    size = field_size(locked, entries.values())
    total = total_rounds(locked.format, field_size=size, swiss_rounds=locked.swiss_rounds,
                         knockout_size=locked.knockout_size)
    if number > total:
        _conflict("no_round_left", gettext_noop(
            "All %(total)s rounds are drawn: the tournament is complete."), total=total)
    stage = stage_of_round(locked.format, number, swiss_rounds=locked.swiss_rounds,
                           field_size=size)
    try:
        plan = _plan(locked, stage, number, rounds, entries, allow_rematches, size)
    except drawing.RematchNeeded as needed:
        raise Conflict(_rematch_refusal(needed, entries, rounds)) from needed
    except drawing.DrawError as error:
        raise Conflict([_violation(error.code, error.message, None, **error.params)]) from error
    new_round = Round.objects.create(tournament=locked, number=number, stage=stage,
                                     with_rematches=bool(plan.rematches))
    table_number = 0
    for position, (a, b) in enumerate(plan.slots):
        if a is None:  # an empty place of the bracket: nobody plays there
            continue
        if b is None:
            Bye.objects.create(round=new_round, entry=entries[a], position=position)
            continue
        table_number += 1
        _seat_table(locked, new_round, table_number, position, entries[a], entries[b])
    # A withdrawn team's round robin games: no table is played, each opponent wins.
    for offset, forfeit in enumerate(plan.forfeits, start=len(plan.slots)):
        table_number += 1
        table = _seat_table(locked, new_round, table_number, offset,
                            entries[forfeit.team_a], entries[forfeit.team_b])
        scoring.forfeit(match=table.match_id, team=rules.Team.B)
    locked.version += 1
    locked.save(update_fields=["field", "swiss_rounds", "version"])
    return new_round


def _seat_table(tournament, round, number, position, entry_a, entry_b) -> Table:
    match = scoring.create_match(
        owner=tournament.owner, variant=tournament.variant, target=tournament.target,
        team_a=entry_a.team, team_b=entry_b.team,
    )
    return Table.objects.create(round=round, number=number, position=position, match=match,
                                entry_a=entry_a, entry_b=entry_b)


def _rematch_refusal(needed: drawing.RematchNeeded, entries, rounds) -> list[rules.Violation]:
    """Why the round cannot be drawn as usual, and which pairs would meet again."""
    met = {frozenset((t.entry_a_id, t.entry_b_id)): t.round.number
           for t in Table.objects.filter(round__in=rounds).select_related("round")}
    refusal = [_violation(needed.code, needed.message, None, **needed.params)]
    for pairing in needed.draw.rematches:
        refusal.append(_violation(
            "rematch", gettext_noop("%(a)s and %(b)s would meet again (they met in round "
                                    "%(round)s)."), None,
            a=entries[pairing.team_a].name, b=entries[pairing.team_b].name,
            round=met[frozenset((pairing.team_a, pairing.team_b))]))
    return refusal


def _first_field(entries) -> list[int]:
    """Round 1's teams in seed order."""
    active = {entry.pk for entry in draw_candidates(entries)}
    return [e.pk for e in sorted(entries, key=lambda e: e.seed) if e.pk in active]


@dataclass
class _Plan:
    """A round before it is written: (a, b) pairs in table order, (a, None) for a bye,
    (None, None) for an empty place of a knockout bracket; round robin forfeits; and the
    pairs that meet again."""

    slots: list[tuple[int | None, int | None]]
    forfeits: list[drawing.Pairing] = field(default_factory=list)
    rematches: list[drawing.Pairing] = field(default_factory=list)


def _plan(tournament, stage, number, rounds, entries, allow_rematches, size) -> _Plan:
    withdrawn = {pk for pk, entry in entries.items() if entry.withdrawn}
    if stage == Stage.ROUND_ROBIN:
        draw = drawing.draw_round_robin(tournament.field, number, withdrawn)
        return _Plan(_from_draw(draw), draw.forfeits)
    active = {e.pk for e in draw_candidates(entries.values(), tournament.field)}
    standings = standings_of(tournament, list(entries.values()), rounds_before=number)
    if stage == Stage.SWISS:
        draw = _swiss_draw(tournament, number, standings, active, allow_rematches, size)
        return _Plan(_from_draw(draw), rematches=draw.rematches)
    return _Plan(_knockout_slots(tournament, number, rounds, standings, active, size))


def _swiss_draw(tournament, number, standings, active, allow_rematches, size) -> drawing.Draw:
    if number == 1:
        rng = random.SystemRandom() if tournament.swiss_first_round == FirstRound.RANDOM \
            else None
        return drawing.swiss_round_one(tournament.field, rng)
    ranked = [s.team_id for s in standings if s.team_id in active]
    if len(ranked) < 2:
        # Everyone else has gone home: the last team sits out, and the event still ends.
        return drawing.Draw([], ranked)
    swiss_rounds = swiss_rounds_played(tournament.swiss_rounds, size)
    # By the standings, late entries included, absent teams not.
    return drawing.draw_swiss(
        ranked,
        {s.team_id: s.wins for s in standings},
        {frozenset((t.entry_a_id, t.entry_b_id))
         for t in Table.objects.filter(round__tournament=tournament)},
        Counter(Bye.objects.filter(round__tournament=tournament)
                .values_list("entry_id", flat=True)),
        rounds_left=swiss_rounds - number + 1,
        allow_rematches=allow_rematches,
    )


def _from_draw(draw) -> list[tuple[int, int | None]]:
    return [(p.team_a, p.team_b) for p in draw.pairings] + [(b, None) for b in draw.byes]


def _knockout_slots(tournament, number, rounds, standings, active, size):
    places = knockout_places(tournament.format, field_size=size,
                             knockout_size=tournament.knockout_size)
    swiss = swiss_rounds_played(tournament.swiss_rounds, size) \
        if tournament.format == Format.SWISS_KNOCKOUT else 0
    knockout_round = number - swiss
    if knockout_round == 1:
        if tournament.format == Format.KNOCKOUT:
            seeded = list(tournament.field)
        else:
            # Exactly the top K of the standings; the bracket's empty places go to the top.
            seeded = [s.team_id for s in standings if s.team_id in active][
                : tournament.knockout_size]
        slots = drawing.bracket_slots(seeded, places)
    else:
        slots = drawing.next_bracket_slots(
            _winners_in_bracket_order(rounds[-1], places >> (knockout_round - 1)))
    pairs = []
    for slot in slots:
        # A withdrawn team's place is empty: its opponent goes through as on a bye.
        present = [team for team in slot if team is not None and team in active]
        pairs.append((*present, None, None)[:2])
    return pairs


def _winners_in_bracket_order(previous: Round, slots: int) -> list[int | None]:
    winners: list[int | None] = [None] * slots
    for table in previous.tables.select_related("match"):
        winners[table.position] = table.entry_a_id if table.match.winner == rules.Team.A \
            else table.entry_b_id
    for bye in previous.byes.all():
        winners[bye.position] = bye.entry_id
    return winners


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
        teams = dict(Entry.objects.filter(pk__in=[table.entry_a_id, table.entry_b_id])
                     .values_list("pk", "team_id"))
        scoring.replace_teams(match=table.match_id, team_a=teams[table.entry_a_id],
                              team_b=teams[table.entry_b_id])
    Tournament.objects.filter(rounds=round_id).update(version=F("version") + 1)


@transaction.atomic
def swap_teams(*, round: Round, first: int, second: int) -> list[rules.Violation]:
    """Swap two teams of the current round before their matches start.

    Returns warnings (not refusals): the pairs that have met before.
    """
    locked = _lock(round.tournament_id)
    round = Round.objects.get(pk=round.pk)
    if locked.rounds.filter(number__gt=round.number).exists():
        _conflict("round_past", gettext_noop("Only the current round's draw can change."))
    _refuse_once_over(locked)
    if round.stage == Stage.ROUND_ROBIN:
        # The circle schedule pairs everyone with everyone once: a swap would break it.
        _conflict("swap_round_robin", gettext_noop(
            "A round robin follows its schedule, where every team meets every other once: "
            "its pairings cannot be swapped."))
    tables = list(round.tables.select_related("match", "entry_a__team", "entry_b__team"))
    byes = list(round.byes.select_related("entry__team"))
    places = {}
    for table in tables:
        places[table.entry_a_id] = (table, "entry_a")
        places[table.entry_b_id] = (table, "entry_b")
    for bye in byes:
        places[bye.entry_id] = (bye, "entry")
    if first == second or first not in places or second not in places:
        _refuse("swap", gettext_noop("Choose two different teams of this round."))
    if isinstance(places[first][0], Bye) and isinstance(places[second][0], Bye):
        _refuse("swap_byes", gettext_noop("Both teams have a bye: swapping them changes "
                                          "nothing."))
    (holder_1, side_1), (holder_2, side_2) = places[first], places[second]
    for holder in (holder_1, holder_2):
        # A forfeit is a finished match without a hand: it has started, in a way.
        if isinstance(holder, Table) and (holder.match.hand_count or holder.match.is_finished):
            _conflict("swap_started", gettext_noop(
                "Table %(table)s has started: its teams cannot change."), table=holder.number)
    gone = Entry.objects.filter(pk__in=[first, second], withdrawn=True).select_related(
        "team").first()
    if gone is not None:
        _conflict("swap_withdrawn", gettext_noop(
            "%(name)s has withdrawn: it takes no place in the draw."), name=gone.team.name)
    setattr(holder_1, f"{side_1}_id", second)
    setattr(holder_2, f"{side_2}_id", first)
    for holder in {id(h): h for h in (holder_1, holder_2)}.values():
        holder.save()
        if isinstance(holder, Table):
            teams = dict(Entry.objects.filter(pk__in=[holder.entry_a_id, holder.entry_b_id])
                         .values_list("pk", "team_id"))
            scoring.replace_teams(match=holder.match, team_a=teams[holder.entry_a_id],
                                  team_b=teams[holder.entry_b_id])
    _bump(locked)
    return rematch_warnings(round)


def rematch_warnings(round: Round) -> list[rules.Violation]:
    """The tables of `round` whose teams have met in an earlier round."""
    earlier = {}
    for table in Table.objects.filter(round__tournament_id=round.tournament_id,
                                      round__number__lt=round.number).select_related("round"):
        earlier[frozenset((table.entry_a_id, table.entry_b_id))] = table.round.number
    warnings = []
    for table in round.tables.select_related("entry_a__team", "entry_b__team"):
        met = earlier.get(frozenset((table.entry_a_id, table.entry_b_id)))
        if met:
            warnings.append(_violation(
                "rematch", gettext_noop("Table %(table)s: %(a)s and %(b)s already met in "
                                        "round %(round)s."), None,
                table=table.number, a=table.entry_a.team.name, b=table.entry_b.team.name,
                round=met))
    return warnings


@transaction.atomic
def call_time(*, round: Round) -> int:
    """Time is up: every match still playing ends after the hand being played. Returns how
    many matches were still playing."""
    _lock(round.tournament_id)
    round = Round.objects.select_for_update().get(pk=round.pk)
    if round.time_called_at is None:
        round.time_called_at = timezone.now()
        round.save(update_fields=["time_called_at"])
    playing = list(round.tables.exclude(match__status=rules.Status.FINISHED)
                   .values_list("match_id", flat=True))
    for match_id in playing:
        scoring.call_time(match=match_id)
    Tournament.objects.filter(pk=round.tournament_id).update(version=F("version") + 1)
    return len(playing)


@transaction.atomic
def reissue_table_link(*, table: Table) -> Match:
    """Revoke a table's score keeper link and make a new one."""
    return scoring.reissue_scorekeeper_token(match=table.match_id)



# --- Backups -----------------------------------------------------------------------------


def import_tournament(*, data: dict, owner=None) -> Tournament:
    """Rebuild a tournament from tournaments.exports.tournament_data: teams, rounds, tables,
    every hand (through the scoring services, so every rule is checked again), corrections,
    byes. Users are matched by user name; the owner defaults to the exported one.

    A file that does not hold together is refused whole: nothing of it is saved."""
    from django.db import DatabaseError

    if not isinstance(data, dict) or data.get("format_version") != 1:
        _refuse("backup_version", gettext_noop("This file is not a tournament backup this "
                                               "version can read."))
    try:
        return _import_tournament(data, owner)
    except (KeyError, TypeError, ValueError, AttributeError, DatabaseError) as error:
        raise InvalidInput([_violation(
            "backup_broken", gettext_noop("This backup is damaged and was not imported "
                                          "(%(problem)s)."), problem=str(error)[:200] or
            type(error).__name__)]) from error


def _check_backup_rounds(data: dict) -> None:
    numbers = [round_data["number"] for round_data in data["rounds"]]
    if numbers != list(range(1, len(numbers) + 1)):
        raise ValueError("rounds must be numbered 1, 2, 3...")
    for round_data in data["rounds"]:
        if round_data["stage"] not in ("round_robin", "swiss", "knockout"):
            raise ValueError(f"unknown stage {round_data['stage']!r}")
        for table in round_data["tables"]:
            for revision in table.get("revisions", []):
                for side in ("before", "after"):
                    if revision[side] is not None and rules.validate_hand(
                            data["tournament"]["variant"], rules.Hand.from_dict(revision[side])):
                        raise ValueError(f"revision of hand {revision['number']} is no hand")


@transaction.atomic
def _import_tournament(data: dict, owner) -> Tournament:
    from datetime import date, datetime

    from scoring.models import HandRevision, is_scorekeeper_token_shaped, new_scorekeeper_token

    _check_backup_rounds(data)
    if data.get("format_version") != 1:
        _refuse("backup_version", gettext_noop("This file is not a tournament backup this "
                                               "version can read."))
    users = get_user_model().objects
    info = data["tournament"]
    owner = owner or users.filter(username=info["owner"]).first()
    if owner is None:
        _refuse("backup_owner", gettext_noop("Nobody has the user name %(name)s: say who owns "
                                             "the tournament."), name=info["owner"])

    def user(name):
        return users.filter(username=name).first() if name else None

    def when(text):
        return datetime.fromisoformat(text) if text else None

    settings = Settings(
        name=info["name"], variant=info["variant"], format=info["format"],
        target=info["target"], swiss_rounds=info["swiss_rounds"],
        knockout_size=info["knockout_size"], public=info["public"],
        date=date.fromisoformat(info["date"]) if info["date"] else None,
        place=info["place"], round_minutes=info["round_minutes"],
        tiebreaks=list(info["tiebreaks"] or []),
        swiss_first_round=info.get("swiss_first_round", FirstRound.BY_SEED),
    )
    teams = [NewTeam(team["name"], tuple(team["players"])) for team in data["teams"]]
    tournament = create_tournament(owner=owner, settings=settings, teams=teams)
    tournament.created_at = when(info.get("created_at")) or tournament.created_at
    tournament.organizers.set(filter(None, (user(name) for name in info["organizers"])))
    entries = {}
    for team, entry in zip(data["teams"], tournament.entries.order_by("seed"), strict=True):
        entries[team["key"]] = entry
    # Seeds and flags as they were (the list was in seed order, but seeds may have gaps).
    for team in data["teams"]:
        Entry.objects.filter(pk=entries[team["key"]].pk).update(
            seed=MAX_TEAMS * 2 + team["seed"], checked_in=team["checked_in"],
            withdrawn=team["withdrawn"])
    for team in data["teams"]:
        Entry.objects.filter(pk=entries[team["key"]].pk).update(seed=team["seed"])
    tournament.field = [entries[key].pk for key in data["field"]]
    tournament.save(update_fields=["created_at", "field"])
    for round_data in data["rounds"]:
        new_round = Round.objects.create(
            tournament=tournament, number=round_data["number"], stage=round_data["stage"],
            started_at=when(round_data["started_at"]),
            time_called_at=when(round_data["time_called_at"]),
            with_rematches=bool(round_data.get("with_rematches", False)),
        )
        for table in round_data["tables"]:
            entry_a, entry_b = entries[table["team_a"]], entries[table["team_b"]]
            token = table["scorekeeper_token"]
            if not is_scorekeeper_token_shaped(token) or Match.objects.filter(
                    scorekeeper_token=token).exists():
                token = new_scorekeeper_token()  # the original link is still in use here
            match = scoring.create_match(
                owner=owner, variant=tournament.variant, target=tournament.target,
                first_dealer=table["first_dealer"], team_a=entry_a.team, team_b=entry_b.team,
            )
            Match.objects.filter(pk=match.pk).update(
                scorekeeper_token=token, time_called_after=table["time_called_after"],
                redeals=table["redeals"], created_at=when(table.get("created_at"))
                or match.created_at)
            for hand in table["hands"]:
                scoring.record_hand(match=match.pk, number=hand["number"],
                                    hand=rules.Hand.from_dict(hand), by=user(hand["entered_by"]))
                match.hands.filter(number=hand["number"]).update(
                    entered_at=when(hand["entered_at"]))
            for revision in table.get("revisions", []):
                HandRevision.objects.create(
                    match=match, number=revision["number"], action=revision["action"],
                    before=revision["before"], after=revision["after"],
                    by=user(revision["by"]), at=when(revision["at"]))
            if table.get("forfeited_by"):
                scoring.forfeit(match=match.pk, team=table["forfeited_by"])
            Table.objects.create(round=new_round, number=table["table"],
                                 position=table["position"], match=match,
                                 entry_a=entry_a, entry_b=entry_b)
        for bye in round_data["byes"]:
            Bye.objects.create(round=new_round, entry=entries[bye["team"]],
                               position=bye["position"])
    return tournament
