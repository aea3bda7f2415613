"""An individual night's rounds: the players there seated four to a table, North and South
partners against East and West, the rest sitting out. Who sits where comes from the pure
draw (tournaments.individual); this module reads the night so far and writes the round."""

from django.utils.translation import gettext_noop

from scoring import services as scoring
from scoring.errors import Conflict
from scoring.models import Team
from tournaments import individual
from tournaments.draw import DrawError
from tournaments.models import Bye, Entry, Round, Stage, Table, TableSeat, Tournament
from tournaments.selectors import draw_candidates
from tournaments.services._common import partnership_name, violation


def past_rounds(tournament: Tournament) -> list[individual.PastRound]:
    """Every round of the night so far, as the draw reads it (entry ids)."""
    tables: dict[int, dict] = {}
    for round_id, table_id, dealer, seat, entry_id in TableSeat.objects.filter(
            table__round__tournament=tournament).order_by(
            "table__round__number", "table__number").values_list(
            "table__round_id", "table_id", "table__match__first_dealer", "seat", "entry_id"):
        found = tables.setdefault(table_id, {"round": round_id, "first_dealer": dealer})
        found[seat] = entry_id
    rounds = {pk: ([], []) for pk in Round.objects.filter(tournament=tournament)
              .order_by("number").values_list("pk", flat=True)}
    for table in tables.values():
        rounds[table["round"]][0].append(individual.Seating(
            north=table["N"], east=table["E"], south=table["S"], west=table["W"],
            first_dealer=table["first_dealer"]))
    for round_id, entry_id in Bye.objects.filter(round__tournament=tournament).values_list(
            "round_id", "entry_id"):
        rounds[round_id][1].append(entry_id)
    return [individual.PastRound(tuple(seated), tuple(out)) for seated, out in rounds.values()]


def draw_round(*, tournament: Tournament, number: int, entries: dict[int, Entry],
               allow_repeats: bool) -> Round:
    """Round `number` for the players there (round 1's field, and those checked in since,
    never a withdrawn one). A round that would partner two players again, because no draw
    for who is there avoids it, is refused with the pairs named, and drawn only when the
    organizer asks (`allow_repeats`)."""
    present = [e.pk for e in sorted(draw_candidates(entries.values(), tournament.field),
                                    key=lambda e: e.seed)]
    try:
        draw = individual.draw_individual_round(present, past_rounds(tournament))
    except DrawError as error:
        raise Conflict([violation(error.code, error.message, None, **error.params)]) from error
    if draw.repeated_partners and not allow_repeats:
        raise Conflict([violation("partners_again", gettext_noop(
            "No draw for the players here keeps every partner new: draw it anyway to seat "
            "these partners together again."))] + [
            violation("partners_again_pair", gettext_noop(
                "%(a)s and %(b)s would partner again."), None,
                a=entries[a].name, b=entries[b].name) for a, b in draw.repeated_partners])
    new_round = Round.objects.create(tournament=tournament, number=number,
                                     stage=Stage.INDIVIDUAL,
                                     with_rematches=bool(draw.repeated_partners))
    for table_number, seating in enumerate(draw.tables, start=1):
        _seat_table(tournament, new_round, table_number, seating, entries)
    for position, entry_id in enumerate(draw.sitting_out):
        Bye.objects.create(round=new_round, entry=entries[entry_id], position=position)
    return new_round


def partnerships(seats: dict[str, Entry]) -> tuple[Team, Team]:
    """A table's two teams of the round: the match's team A sits North and South, its team
    B East and West (scoring.services seats a team's first player North or East)."""
    return tuple(Team.objects.create(
        name=partnership_name(seats[first].name, seats[second].name),
        first_player=seats[first].player, second_player=seats[second].player)
        for first, second in (("N", "S"), ("E", "W")))


def seat_players(table: Table, seats: dict[str, Entry]) -> None:
    TableSeat.objects.bulk_create([TableSeat(table=table, seat=seat, entry=entry)
                                   for seat, entry in seats.items()])


def _seat_table(tournament, round, number, seating: individual.Seating, entries) -> Table:
    seats = {"N": entries[seating.north], "E": entries[seating.east],
             "S": entries[seating.south], "W": entries[seating.west]}
    team_a, team_b = partnerships(seats)
    match = scoring.create_match(
        owner=tournament.owner, variant=tournament.variant, target=tournament.target,
        team_a=team_a, team_b=team_b, first_dealer=seating.first_dealer,
        confirmation_mode=tournament.confirmation,
    )
    table = Table.objects.create(round=round, number=number, position=number - 1, match=match)
    seat_players(table, seats)
    return table
