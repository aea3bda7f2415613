"""The "Withdrawn" toggle on the teams page, clicked by mistake during a match and clicked
back at once."""

import pytest
from django.urls import reverse

from scoring import rules
from scoring import services as scoring
from scoring.errors import Conflict
from scoring.services import NewTeam
from tests.tournaments.helpers import make_tournament
from tournaments import services
from tournaments.services import Settings
from tournaments.services.closing import close_tournament

pytestmark = pytest.mark.django_db


def test_a_withdrawal_clicked_back_gives_the_table_its_match_back(client, organizer):
    tournament = make_tournament(organizer, teams=4, swiss_rounds=3, target=33)
    round_1 = services.draw_next_round(tournament=tournament)
    table = round_1.tables.order_by("number").first()
    scoring.record_hand(match=table.match_id, number=1, hand=rules.Hand.played(6, 5))
    flag = reverse("tournament_team_flag", args=[tournament.pk, table.entry_a_id, "withdrawn"])
    client.post(flag, {"value": "1"})   # the wrong row
    client.post(flag, {"value": "0"})   # clicked back a second later
    table.entry_a.refresh_from_db()
    assert not table.entry_a.withdrawn
    table.match.refresh_from_db()
    # The team is in again, yet its match stays lost by forfeit and the table cannot go on.
    assert table.match.status == rules.Status.IN_PROGRESS, (
        f"match is {table.match.status} ({table.match.finish_reason})")
    scoring.record_hand(match=table.match_id, number=2, hand=rules.Hand.played(6, 5))


def _individual_table(owner):
    """An individual night of eight, round 1 drawn: a table, its four players by seat, a
    hand played."""
    night = services.create_tournament(owner=owner, settings=Settings(
        name="Vendredi à la mêlée", variant="politaine", format="individual", target=11),
        teams=[NewTeam(name) for name in
               ["Anne", "Bruno", "Carole", "Denis", "Élise", "François", "Gisèle", "Hugo"]])
    table = services.draw_next_round(tournament=night).tables.order_by("number").first()
    scoring.record_hand(match=table.match_id, number=1, hand=rules.Hand.played(6, 5))
    return night, table, {seat.seat: seat.entry for seat in table.seats.all()}


def _flag(entry, **flag):
    entry.refresh_from_db()
    return services.set_entry_flags(entry=entry, **flag)


def test_a_player_back_while_an_opponent_is_still_withdrawn_gives_the_forfeit_to_the_opponents(
        organizer):
    night, table, seats = _individual_table(organizer)
    _flag(seats["N"], withdrawn=True)   # North leaves: her side forfeits
    _flag(seats["E"], withdrawn=True)   # then East, of the other side
    _flag(seats["N"], withdrawn=False)  # North comes back
    table.match.refresh_from_db()
    # A table with an empty seat cannot go on: East's side forfeits it now.
    assert table.match.status == rules.Status.FINISHED
    assert (table.match.finish_reason, table.match.forfeited_by) == (
        rules.FinishReason.FORFEIT, rules.Team.B)
    for other in night.rounds.get().tables.exclude(pk=table.pk):
        scoring.record_hand(match=other.match_id, number=1, hand=rules.Hand.four_sevens("a"))
    assert services.draw_next_round(tournament=night).number == 2


def test_a_player_back_while_a_partner_is_still_withdrawn_keeps_their_sides_forfeit(
        organizer):
    _night, table, seats = _individual_table(organizer)
    _flag(seats["N"], withdrawn=True)
    _flag(seats["S"], withdrawn=True)
    _flag(seats["N"], withdrawn=False)
    table.match.refresh_from_db()
    assert (table.match.status, table.match.forfeited_by) == (
        rules.Status.FINISHED, rules.Team.A)


def test_a_player_back_with_everyone_else_there_plays_on_from_the_hands(organizer):
    _night, table, seats = _individual_table(organizer)
    _flag(seats["W"], withdrawn=True)
    _flag(seats["W"], withdrawn=False)
    table.match.refresh_from_db()
    assert table.match.status == rules.Status.IN_PROGRESS and table.match.hand_count == 1


def test_a_team_back_while_its_opponents_have_left_wins_by_their_forfeit(organizer):
    tournament = make_tournament(organizer, teams=4, swiss_rounds=3, target=33)
    table = services.draw_next_round(tournament=tournament).tables.order_by("number").first()
    _flag(table.entry_a, withdrawn=True)
    _flag(table.entry_b, withdrawn=True)
    _flag(table.entry_a, withdrawn=False)
    table.match.refresh_from_db()
    assert (table.match.status, table.match.winner, table.match.forfeited_by) == (
        rules.Status.FINISHED, rules.Team.A, rules.Team.B)


def test_a_withdrawal_clicked_by_mistake_at_a_night_of_four_is_taken_back_and_play_goes_on(
        client, organizer):
    night = services.create_tournament(owner=organizer, settings=Settings(
        name="Mardi à quatre", variant="politaine", format="individual", target=11),
        teams=[NewTeam(name) for name in ["Anne", "Bruno", "Carole", "Denis"]])
    table = services.draw_next_round(tournament=night).tables.get()
    scoring.record_hand(match=table.match_id, number=1, hand=rules.Hand.played(6, 5))
    north = table.seats.get(seat="N").entry
    flag = reverse("tournament_team_flag", args=[night.pk, north.pk, "withdrawn"])
    client.post(flag, {"value": "1"})  # three players left: no table, the night looks over
    answer = client.post(flag, {"value": "0"})  # clicked back
    assert answer.status_code == 302
    north.refresh_from_db()
    table.match.refresh_from_db()
    assert not north.withdrawn and table.match.status == rules.Status.IN_PROGRESS
    scoring.record_hand(match=table.match_id, number=2, hand=rules.Hand.played(6, 5))


def test_a_closed_night_takes_no_withdrawal_back(organizer):
    night = services.create_tournament(owner=organizer, settings=Settings(
        name="Mardi à quatre", variant="politaine", format="individual", target=11),
        teams=[NewTeam(name) for name in ["Anne", "Bruno", "Carole", "Denis"]])
    table = services.draw_next_round(tournament=night).tables.get()
    north = table.seats.get(seat="N").entry
    services.set_entry_flags(entry=north, withdrawn=True)
    close_tournament(tournament=night)
    with pytest.raises(Conflict):
        _flag(north, withdrawn=False)
