"""A tournament's teams: adding them, their seeds, check-in and withdrawal."""

import random
import re
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext_noop

from scoring import names, rules
from scoring import services as scoring
from scoring.errors import InvalidInput
from scoring.models import Player
from scoring.services import PLAYER_NAME_MAX, NewTeam
from tournaments.formats import Format, swiss_rounds_played
from tournaments.models import Bye, Entry, Table, Tournament
from tournaments.services._common import (
    MAX_TEAMS,
    bump,
    conflict,
    lock,
    partnership_name,
    refuse,
    refuse_once_over,
    violation,
)

# What is wrong with a new entry, said of a team or (individual=True) of a player, on a
# line of a pasted list or at a place in a list.
_WRONG = {
    (False, True): gettext_noop(
        "Line %(line)s: a team name of 1 to 60 characters and two players, or none."),
    (False, False): gettext_noop(
        "Team %(line)s: a name of 1 to 60 characters and two players, or none."),
    (True, True): gettext_noop("Line %(line)s: a player's name has 1 to 60 characters."),
    (True, False): gettext_noop("Player %(line)s: a name has 1 to 60 characters."),
}
_TAKEN = {
    (False, True): gettext_noop("Line %(line)s: %(name)s is already in the tournament."),
    (False, False): gettext_noop("Team %(line)s: %(name)s is already in the tournament."),
    (True, True): gettext_noop("Line %(line)s: %(name)s is already in the tournament."),
    (True, False): gettext_noop("Player %(line)s: %(name)s is already in the tournament."),
}


def validate_new_teams(teams, taken=(), players=None, *,
                       individual: bool = False) -> list[rules.Violation]:
    """Every reason the teams cannot join: a team as scoring.services.team_refusal sees it,
    said per line of a pasted list (or per place in the list); a name already taken, in any
    look-alike form; a player on two teams (one player, one team: names compared as
    scoring.names.key compares them, `players` the tournament's players and their teams);
    too many teams. At an individual night (`individual`), each entry is a player, and
    said so."""
    problems = []
    keys = {names.key(name) for name in taken}
    playing = {names.key(player): team for player, team in (players or {}).items()}
    for number, team in enumerate(teams, start=1):
        # A pasted list names the line of the text; other lists, the team's place in them.
        line = getattr(team, "line", None)
        wrong = violation("team", _WRONG[individual, bool(line)], "teams", line=line or number)
        if refusals := scoring.team_refusal(team, wrong, wrong):
            problems.append(refusals[0])
        elif names.key(team.name) in keys:
            problems.append(violation(
                "team_name_taken", _TAKEN[individual, bool(line)], "teams",
                name=names.normalise(team.name), line=line or number))
        elif problem := _player_elsewhere(team, playing, line or number, bool(line)):
            problems.append(problem)
        else:
            keys.add(names.key(team.name))
            playing.update({names.key(player): names.normalise(team.name)
                            for player in team.players})
    if len(keys) > MAX_TEAMS:
        problems.append(violation("too_many_teams", gettext_noop(
            "A tournament has at most %(max)s players.") if individual else gettext_noop(
            "A tournament has at most %(max)s teams."), "teams", max=MAX_TEAMS))
    return problems


def _player_elsewhere(team, playing: dict[str, str], line: int,
                      pasted: bool) -> rules.Violation | None:
    """One player, one team: a player already on another team of the tournament (or named
    twice in this one)."""
    if len(team.players) == 2 and names.key(team.players[0]) == names.key(team.players[1]):
        return violation("player_twice", gettext_noop(
            "Line %(line)s: %(player)s cannot be both players of %(team)s.") if pasted else
            gettext_noop("Team %(line)s: %(player)s cannot be both players of %(team)s."),
            "teams", line=line, player=names.normalise(team.players[0]),
            team=names.normalise(team.name))
    for player in team.players:
        if (other := playing.get(names.key(player))) is not None:
            return violation("player_on_two_teams", gettext_noop(
                "Line %(line)s: %(player)s already plays for %(other)s; a player plays for "
                "one team of a tournament.") if pasted else gettext_noop(
                "Team %(line)s: %(player)s already plays for %(other)s; a player plays for "
                "one team of a tournament."),
                "teams", line=line, player=names.normalise(player), other=other)
    return None


def tournament_players(tournament: Tournament) -> dict[str, str]:
    """The tournament's players, each with the name of the team they play for."""
    found = {}
    for entry in tournament.entries.select_related("team__first_player",
                                                   "team__second_player"):
        for player in (entry.team.first_player, entry.team.second_player):
            if player is not None:
                found[player.name] = entry.team.name
    return found


def create_entry(tournament: Tournament, team: NewTeam, seed: int) -> Entry:
    """A team's entry; in an individual night a player's: the player who sits at the
    tables, and a team of their name alone (partners change every round)."""
    if tournament.is_individual:
        name = names.normalise(team.name)
        return Entry.objects.create(
            tournament=tournament, team=scoring.make_team(NewTeam(name)),
            player=Player.objects.create(name=name), seed=seed)
    return Entry.objects.create(tournament=tournament, team=scoring.make_team(team), seed=seed)


def refuse_late_check_in(tournament: Tournament, entries) -> None:
    """Entries checked in once the draw has started: refused where the field is closed to
    new teams (tournament locked; `entries` not yet checked in)."""
    if _field_is_closed(tournament) and any(e.pk not in tournament.field for e in entries):
        _refuse_new_team(tournament)


def _refuse_new_team(tournament: Tournament) -> None:
    if tournament.format == Format.SWISS_KNOCKOUT:
        conflict("field_closed", gettext_noop(
            "The Swiss rounds are all drawn: the knockout takes no new team."))
    conflict("field_closed", gettext_noop(
        "The draw has started: a %(format)s takes no new team."),
        format=tournament.get_format_display())


def _field_is_closed(tournament: Tournament) -> bool:
    """A round robin's schedule and a knockout's bracket are made from round 1's field; a
    Swiss takes a late team into its next round, and so does a Swiss then a knockout while
    a Swiss round is still to draw."""
    drawn = tournament.rounds.count()
    if not drawn or tournament.format in (Format.SWISS, Format.INDIVIDUAL):
        return False
    if tournament.format == Format.SWISS_KNOCKOUT:
        return drawn >= swiss_rounds_played(tournament.swiss_rounds, len(tournament.field))
    return True


@transaction.atomic
def add_teams(*, tournament: Tournament, teams) -> list[Entry]:
    """Add teams after the others, in the order given (their seeds follow)."""
    locked = lock(tournament)
    refuse_once_over(locked)
    if _field_is_closed(locked):
        _refuse_new_team(locked)
    taken = [entry.team.name for entry in locked.entries.select_related("team")]
    if problems := validate_new_teams(teams, taken, tournament_players(locked),
                                      individual=locked.is_individual):
        raise InvalidInput(problems)
    seed = max((e.seed for e in locked.entries.all()), default=0)
    entries = [create_entry(locked, team, seed + i) for i, team in enumerate(teams, start=1)]
    if locked.rounds.exists():
        # Added once a Swiss is under way: the team is here, it joins the next round.
        Entry.objects.filter(pk__in=[e.pk for e in entries]).update(checked_in=True)
        for entry in entries:
            entry.checked_in = True
    bump(locked)
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


def parse_player_list(text: str) -> list[ListedTeam]:
    """An individual night's list: one player per line, the whole line their name (a
    comma there is part of it: "Tremblay, Anne"). Blank lines are skipped (and counted)."""
    return [ListedTeam(line.strip(), line=number)
            for number, line in enumerate((text or "").splitlines(), start=1) if line.strip()]


def teams_by_lot(text: str, rng: random.Random | None = None) -> list[ListedTeam]:
    """Partners drawn by lot for a whole night: the players listed (one per line) paired at
    random, each pair a team named after its two players. An odd count is refused: somebody
    would have no partner; so is a name too long, or listed twice, by its line."""
    listed = parse_player_list(text)
    # Each name said by its line of the text: once paired, a refusal could only name a pair.
    seen: set[str] = set()
    for player in listed:
        if problem := names.refusal([player.name], PLAYER_NAME_MAX, violation(
                "team", _WRONG[True, True], "players", line=player.line)):
            raise InvalidInput([problem])
        if names.key(player.name) in seen:
            refuse("player_listed_twice", gettext_noop(
                "Line %(line)s: %(name)s is listed twice."), "players",
                name=names.normalise(player.name), line=player.line)
        seen.add(names.key(player.name))
    players = [player.name for player in listed]
    if len(players) % 2:
        refuse("odd_players", gettext_noop(
            "%(count)s players: an odd number, so one would have no partner. Add or remove "
            "one."), "teams", count=len(players))
    (rng or random.SystemRandom()).shuffle(players)
    return [ListedTeam(partnership_name(first, second), (first, second), line=number)
            for number, (first, second) in enumerate(zip(players[::2], players[1::2],
                                                         strict=True), start=1)]


def parse_entry_list(tournament_format: str, text: str) -> list[ListedTeam]:
    """A pasted list as the format takes it: players for an individual night, else teams."""
    if tournament_format == Format.INDIVIDUAL:
        return parse_player_list(text)
    return parse_team_list(text)


@transaction.atomic
def set_seeds(*, tournament: Tournament, order: list[int]) -> None:
    """Seeds 1, 2, 3... to the entries in `order` (entry ids); before the first draw."""
    locked = lock(tournament)
    if locked.rounds.exists():
        conflict("seeds_fixed", gettext_noop("Seeds cannot change once a round is drawn."))
    entries = {entry.pk: entry for entry in locked.entries.all()}
    if sorted(order) != sorted(entries):
        refuse("seeds", gettext_noop("Give every team of the tournament a seed, once each."),
               "seeds")
    # Two steps, so that the unique (tournament, seed) never sees two teams on one seed.
    for offset, pk in enumerate(order, start=1):
        Entry.objects.filter(pk=pk).update(seed=MAX_TEAMS * 2 + offset)
    for seed, pk in enumerate(order, start=1):
        Entry.objects.filter(pk=pk).update(seed=seed)
    bump(locked)


@transaction.atomic
def set_entry_flags(*, entry: Entry, checked_in: bool | None = None,
                    withdrawn: bool | None = None) -> Entry:
    """Check a team in (or out), withdraw it (or take the withdrawal back)."""
    locked = lock(entry.tournament_id)
    entry = Entry.objects.get(pk=entry.pk, tournament=locked)
    # A withdrawal clicked by mistake can end a small night at once (three players seat no
    # table): it is taken back as long as the night is not closed.
    taking_back = withdrawn is False and checked_in is None and entry.withdrawn
    if not taking_back or locked.closed_at is not None:
        refuse_once_over(locked)
    if checked_in and not entry.checked_in:
        refuse_late_check_in(locked, [entry])
    if checked_in is not None:
        entry.checked_in = checked_in
    if withdrawn is not None:
        entry.withdrawn = withdrawn
    entry.save(update_fields=["checked_in", "withdrawn"])
    current = locked.rounds.order_by("-number").first()
    tables = Table.objects.filter(round=current).filter(
        Q(entry_a=entry) | Q(entry_b=entry) | Q(seats__entry=entry)).distinct()
    scoring.lock_matches(tables.values_list("match_id", flat=True))
    if withdrawn:
        # A team (or a player) that leaves mid-match forfeits it: the round can go on.
        for table in tables.exclude(match__status=rules.Status.FINISHED):
            scoring.forfeit(match=table.match_id, team=_side(table, entry))
    elif withdrawn is False:
        # Back after all (a click by mistake): its forfeits of this round are taken back,
        # unless another player of the table has left since.
        for table in tables.filter(match__finish_reason=rules.FinishReason.FORFEIT):
            side = _side(table, entry)
            if table.match.forfeited_by == side:
                _forfeit_after_return(table, side)
    bump(locked)
    return entry


def _forfeit_after_return(table: Table, side: rules.Team) -> None:
    """`side`'s forfeit, its withdrawn player back: a table with a partner still withdrawn
    stays forfeited by `side`; with an opponent withdrawn, the other side forfeits it (a
    match with an empty seat cannot go on); else it goes on from its hands."""
    still_out = {_side(table, other) for other in _table_entries(table) if other.withdrawn}
    if side in still_out:
        return
    scoring.take_back_forfeit(match=table.match_id)
    if still_out:
        scoring.forfeit(match=table.match_id, team=side.other)


def _table_entries(table: Table) -> list[Entry]:
    """The entries playing at the table: its two teams, or its four players."""
    if table.entry_a_id is not None:
        return list(Entry.objects.filter(pk__in=(table.entry_a_id, table.entry_b_id)))
    return [seat.entry for seat in table.seats.select_related("entry")]


def _side(table: Table, entry: Entry) -> rules.Team:
    """The side of the table's match an entry plays: a team's, or a player's seat's."""
    if table.entry_a_id is not None:
        return table.side_of(entry.pk)
    seat = table.seats.get(entry=entry).seat
    return rules.Team.A if seat in rules.SEATS_OF_TEAM[rules.Team.A] else rules.Team.B


@transaction.atomic
def remove_entry(*, entry: Entry) -> None:
    """Take a team off the list, as long as it has not been drawn."""
    locked = lock(entry.tournament_id)
    drawn = (
        Table.objects.filter(Q(entry_a=entry) | Q(entry_b=entry) | Q(seats__entry=entry))
        .exists()
        or Bye.objects.filter(entry=entry).exists()
    )
    if drawn:
        conflict("entry_drawn", gettext_noop(
            "%(name)s has been drawn: withdraw the team instead; its results stay."),
            name=entry.team.name)
    team, player = entry.team, entry.player
    entry.delete()
    team.delete()
    if player is not None:
        player.delete()
    bump(locked)


@transaction.atomic
def restore_entry(*, tournament: Tournament, team: NewTeam, seed: int,
                  checked_in: bool = False) -> Entry:
    """A team removed by mistake comes back (the "Undo" after a removal): its name and
    players, its seed (the last one when another team holds it since) and its check-in.
    Before the first draw, as a removal is; refused as a new team would be when its name
    or a player is now taken."""
    locked = lock(tournament)
    refuse_once_over(locked)
    if locked.rounds.exists():
        conflict("restore_drawn", gettext_noop(
            "A round has been drawn since: add %(name)s again as a new team."),
            name=names.normalise(team.name))
    taken = [entry.team.name for entry in locked.entries.select_related("team")]
    if problems := validate_new_teams([team], taken, tournament_players(locked),
                                      individual=locked.is_individual):
        raise InvalidInput(problems)
    seeds = set(locked.entries.values_list("seed", flat=True))
    if not (1 <= seed <= MAX_TEAMS) or seed in seeds:
        seed = max(seeds, default=0) + 1
    entry = create_entry(locked, team, seed)
    if checked_in:
        entry.checked_in = True
        entry.save(update_fields=["checked_in"])
    bump(locked)
    return entry
