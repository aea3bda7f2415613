"""Reads for tournaments: a fixed handful of queries, whatever the size of the field."""

from dataclasses import dataclass

from django.db.models import Q
from django.http import Http404

from scoring import rules
from scoring.models import MAX_ID, Confirmation
from tournaments import individual
from tournaments.formats import BRACKET_FORMATS, SWISS_FORMATS, Stage, total_rounds
from tournaments.metrics import default_tiebreaks
from tournaments.models import Bye, Entry, Format, Round, Table, TableSeat, Tournament
from tournaments.standings import (
    Result,
    Standing,
    TeamRecord,
    compute_standings,
    final_placings,
)

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
    found = (organized_by(user).filter(pk=pk).select_related("results_version").first()
             if 1 <= pk <= MAX_ID else None)
    if found is None:
        raise Http404
    return found


def tournament_for_public(pk: int, user) -> Tournament:
    """A public tournament, or a private one for its organizers, with its results version
    (its ETags': tournaments.etags): a spectator's poll asks the database once."""
    try:
        found = Tournament.objects.defer("field").select_related("results_version").get(
            pk=pk) if 1 <= pk <= MAX_ID else None
    except Tournament.DoesNotExist:
        found = None
    if found is None or not (found.public or can_organize(user, found)):
        raise Http404
    return found


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
    """The tie-breaks in the organizer's order (else the format's usual one). An individual
    night keeps those that mean something for a player (tournaments.individual): the
    settings form offers Buchholz to every format, and its order may name it."""
    chosen = tuple(tournament.tiebreaks) or default_tiebreaks(tournament.format)
    if tournament.is_individual:
        return tuple(key for key in chosen if key in individual.TIEBREAKS)
    return chosen


def placed(tournament: Tournament, standings: list[Standing]) -> list[Standing]:
    """The standings a page shows: once a tournament's knockout is over, its final placings
    (the champion, the finalist, the semi-finalists...) before the other teams (one query,
    for a tournament with a knockout only)."""
    if tournament.format not in BRACKET_FORMATS:
        return standings
    rounds: dict[int, list] = {}
    for number, a, b, winner in Table.objects.filter(
            round__tournament=tournament, round__stage=Stage.KNOCKOUT).order_by(
            "round__number", "number").values_list("round__number", "entry_a_id",
                                                   "entry_b_id", "match__winner"):
        rounds.setdefault(number, []).append(
            (a, b, None if winner is None else a if winner == rules.Team.A else b))
    return final_placings(standings, list(rounds.values()))


def standings_from(tournament, entries, tables, byes, seats=None) -> list[Standing]:
    """The standings from the tables (their matches read) and byes; an individual night's
    with its tables' `seats` (seats_of_tables), read here when not given."""
    if tournament.is_individual:
        if seats is None:
            return individual_standings(tournament, entries).standings
        finished = [(t.pk, t.round_id, t.match.score_a, t.match.score_b, t.match.winner,
                     t.match.confirmation)
                    for t in tables if t.match.status == rules.Status.FINISHED]
        return individual_standings_of(tournament, entries, seats, finished,
                                       [(b.round_id, b.entry_id) for b in byes]).standings
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
    """The standings, and the teams (entry ids) whose standing counts a result that waits
    for the opponents' confirmation or that they dispute."""

    standings: list[Standing]
    provisional: set[int]


def read_standings(tournament: Tournament, entries=None) -> StandingsRead:
    """The standings from plain values, no model built for each of the field's matches:
    the finished results and the byes (and the teams, unless `entries` are given)."""
    if tournament.is_individual:
        return individual_standings(tournament, entries)
    if entries is None:
        teams = [TeamRecord(*values) for values in Entry.objects.filter(tournament=tournament)
                 .order_by("seed").values_list("pk", "team__name", "seed", "withdrawn")]
    else:
        teams = [TeamRecord(e.pk, e.team.name, e.seed, e.withdrawn) for e in entries]
    results, provisional = [], set()
    for a, b, score_a, score_b, winner, confirmation in Table.objects.filter(
        round__tournament=tournament, match__status=rules.Status.FINISHED,
    ).values_list("entry_a_id", "entry_b_id", "match__score_a", "match__score_b",
                  "match__winner", "match__confirmation"):
        results.append(Result(a, b, score_a, score_b, a if winner == rules.Team.A else b))
        if confirmation in PROVISIONAL:
            provisional.update((a, b))
    byes = Bye.objects.filter(round__tournament=tournament).values_list("entry_id", flat=True)
    return StandingsRead(
        placed(tournament, compute_standings(teams, results, list(byes),
                                             tiebreaks_of(tournament))), provisional)


def individual_standings(tournament: Tournament, entries=None) -> StandingsRead:
    """An individual night's standings (tournaments.individual): each player's rounds are
    their partnerships' results, a round sat out scores what the night says. Shown in the
    teams' columns: a player is a line, the rounds sat out its byes."""
    if entries is None:
        entries = Entry.objects.filter(tournament=tournament).select_related("team")
    finished = Table.objects.filter(
        round__tournament=tournament, match__status=rules.Status.FINISHED).values_list(
        "pk", "round_id", "match__score_a", "match__score_b", "match__winner",
        "match__confirmation")
    return individual_standings_of(
        tournament, entries, seats_of_tables(TableSeat.objects.filter(
            table__round__tournament=tournament)), finished,
        Bye.objects.filter(round__tournament=tournament).values_list("round_id", "entry_id"))


def seats_of_tables(seats) -> dict[int, dict[str, int]]:
    """Each table's players (entry ids) by seat, from TableSeat rows (one query)."""
    found: dict[int, dict[str, int]] = {}
    for table_id, seat, entry_id in seats.values_list("table_id", "seat", "entry_id"):
        found.setdefault(table_id, {})[seat] = entry_id
    return found


def individual_standings_of(tournament: Tournament, entries, seats: dict[int, dict[str, int]],
                            finished, sat_out) -> StandingsRead:
    """An individual night's standings from what was read: `seats` (seats_of_tables), the
    `finished` tables (table id, round id, the match's scores, winner and confirmation) and
    those who sat out (round id, entry id)."""
    players = [individual.PlayerRecord(e.pk, e.name, e.seed, e.withdrawn) for e in entries]
    rounds: dict[int, tuple[list, list]] = {}
    provisional = set()
    for table_id, round_id, score_a, score_b, winner, confirmation in finished:
        at = seats[table_id]
        rounds.setdefault(round_id, ([], []))[0].append(individual.TableResult(
            north=at["N"], east=at["E"], south=at["S"], west=at["W"], score_ns=score_a,
            score_ew=score_b, winner="NS" if winner == rules.Team.A else "EW"))
        if confirmation in PROVISIONAL:
            provisional.update(at.values())
    for round_id, entry_id in sat_out:
        rounds.setdefault(round_id, ([], []))[1].append(entry_id)
    rows = individual.individual_standings(
        players, [individual.RoundRecord(tuple(results), tuple(out))
                  for results, out in rounds.values()],
        individual.SitOutRule(individual.SitOut(tournament.sit_out), tournament.sit_out_points),
        tiebreaks_of(tournament))
    return StandingsRead([Standing(
        rank=row.rank, team_id=row.player_id, name=row.name, seed=row.seed,
        withdrawn=row.withdrawn, played=row.rounds_played, wins=row.wins, losses=row.losses,
        byes=row.sat_out, points_for=row.points_for, points_against=row.points_against,
        difference=row.difference, buchholz=0) for row in rows], provisional)


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


def left_out_of_next_draw(tournament: Tournament) -> list[Entry]:
    """The teams entered and still in that the next draw would leave out (not checked in
    once check-in has begun), in seed order; none when no team can join any more (a round
    robin or a knockout after round 1, a Swiss then a knockout past its Swiss rounds)."""
    entries = list(tournament.entries.select_related("team").order_by("seed"))
    if tournament.field:
        drawn = tournament.rounds.count()
        if tournament.format not in {*SWISS_FORMATS, Format.INDIVIDUAL} or (
                tournament.format == Format.SWISS_KNOCKOUT
                and drawn >= (tournament.swiss_rounds or 0)):
            return []
    candidates = {e.pk for e in draw_candidates(entries, tournament.field or None)}
    return [e for e in entries if not e.withdrawn and e.pk not in candidates]


def field_size(tournament: Tournament, entries, drawn=None) -> int:
    """How many teams the rounds are for: before round 1, the teams a draw would take; then
    round 1's field, and in a Swiss the teams that joined it since (drawn, or checked in
    and waiting), so that late arrivals never cut the rounds short. `drawn`: the teams
    drawn in any round so far (read when not given)."""
    if not tournament.field:
        return len(draw_candidates(entries))
    if tournament.format not in SWISS_FORMATS:  # an individual night's rounds are fixed
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
    """The rounds of the tournament in all. An individual night that fewer than four
    players are left to play (the others gone home) ends with the rounds it has drawn: no
    table can be seated any more."""
    if tournament.is_individual and tournament.field and len(
            draw_candidates(entries, tournament.field)) < individual.TABLE:
        return tournament.rounds.count()
    return total_rounds(tournament.format, field_size=field_size(tournament, entries, drawn),
                        swiss_rounds=tournament.swiss_rounds,
                        knockout_size=tournament.knockout_size,
                        individual_rounds=tournament.individual_rounds)
