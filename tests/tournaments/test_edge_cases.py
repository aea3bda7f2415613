"""What a real evening throws at a tournament: absent and late teams, withdrawals in the
middle of a match or of a knockout, swaps of byes, closed rounds, damaged backups."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from accounts.services import issue_token
from scoring import rules
from scoring import services as scoring
from scoring.errors import Conflict, InvalidInput
from tests.factories import UserFactory
from tests.tournaments.helpers import finish, make_tournament, play_round, play_rounds
from tournaments import services
from tournaments.models import Tournament
from tournaments.overview import overview

pytestmark = pytest.mark.django_db



def drawn_entries(round_):
    return {*round_.tables.values_list("entry_a", flat=True),
            *round_.tables.values_list("entry_b", flat=True),
            *round_.byes.values_list("entry", flat=True)}


def test_absent_teams_stay_out_of_later_swiss_rounds_and_late_arrivals_join(organizer):
    tournament = make_tournament(organizer, teams=6, swiss_rounds=3)
    here = list(tournament.entries.filter(seed__lte=4))
    for entry in here:
        services.set_entry_flags(entry=entry, checked_in=True)
    round_1 = services.draw_next_round(tournament=tournament)
    assert drawn_entries(round_1) == {e.pk for e in here}
    play_round(round_1)
    late = tournament.entries.get(seed=5)
    services.set_entry_flags(entry=late, checked_in=True)
    round_2 = services.draw_next_round(tournament=tournament)
    assert drawn_entries(round_2) == {e.pk for e in here} | {late.pk}


def test_swiss_then_knockout_counts_only_the_teams_that_came(organizer):
    tournament = make_tournament(organizer, teams=8, format="swiss_knockout", swiss_rounds=1,
                                 knockout_size=8)
    for entry in tournament.entries.filter(seed__lte=4):
        services.set_entry_flags(entry=entry, checked_in=True)
    play_rounds(tournament, 1)
    semis = services.draw_next_round(tournament=tournament)
    assert semis.stage == "knockout" and semis.tables.count() == 2
    play_round(semis)
    final = services.draw_next_round(tournament=tournament)
    assert final.tables.count() == 1
    play_round(final, winners={1: "b"})
    view = overview(tournament)
    assert view.finished and view.champion.pk == final.tables.get().entry_b_id


def test_the_champion_of_a_knockout_is_the_winner_of_the_final(client, organizer):
    tournament = make_tournament(organizer, teams=4, format="knockout")
    play_rounds(tournament, 1)
    final = services.draw_next_round(tournament=tournament)
    play_round(final, winners={1: "b"})
    champion = final.tables.get().entry_b
    client.force_login(organizer)
    body = client.get(reverse("tournament_dashboard", args=[tournament.pk])).content.decode()
    assert f"The tournament is over. Champions: {champion.team.name}." in body


def test_a_team_that_withdraws_mid_match_forfeits_it_and_the_round_goes_on(organizer):
    tournament = make_tournament(organizer, teams=4, target=33)
    round_1 = services.draw_next_round(tournament=tournament)
    table = round_1.tables.order_by("number").first()
    scoring.record_hand(match=table.match, number=1, hand=rules.Hand.played(8, 3))
    services.set_entry_flags(entry=table.entry_a, withdrawn=True)
    table.match.refresh_from_db()
    assert (table.match.status, table.match.winner, table.match.finish_reason) == (
        "finished", "b", "forfeit")
    play_round(round_1)
    round_2 = services.draw_next_round(tournament=tournament)
    assert table.entry_a_id not in drawn_entries(round_2)


def test_withdrawals_in_a_knockout_leave_empty_places_never_a_withdrawn_winner(organizer):
    tournament = make_tournament(organizer, teams=4, format="knockout")
    semis = services.draw_next_round(tournament=tournament)
    play_round(semis, winners={1: "a", 2: "a"})
    for table in semis.tables.all():
        services.set_entry_flags(entry=table.entry_a, withdrawn=True)
    final = services.draw_next_round(tournament=tournament)
    assert not final.tables.exists() and not final.byes.exists()
    view = overview(tournament)
    assert view.finished and view.champion is None


def test_a_finalist_who_withdraws_hands_the_other_a_walkover(organizer):
    tournament = make_tournament(organizer, teams=4, format="knockout")
    semis = services.draw_next_round(tournament=tournament)
    play_round(semis, winners={1: "a", 2: "a"})
    gone = semis.tables.order_by("number").first().entry_a
    services.set_entry_flags(entry=gone, withdrawn=True)
    final = services.draw_next_round(tournament=tournament)
    assert not final.tables.exists() and final.byes.count() == 1
    assert overview(tournament).champion.pk == semis.tables.order_by("number")[1].entry_a_id


def test_swapping_two_teams_on_byes_is_refused_clearly(organizer):
    tournament = make_tournament(organizer, teams=5, format="knockout")
    round_1 = services.draw_next_round(tournament=tournament)
    first, second = round_1.byes.all()[:2]
    with pytest.raises(InvalidInput) as refused:
        services.swap_teams(round=round_1, first=first.entry_id, second=second.entry_id)
    assert refused.value.codes == ["swap_byes"]


def test_more_swiss_rounds_than_a_field_can_play_are_cut_to_what_it_can(organizer):
    tournament = make_tournament(organizer, teams=4, swiss_rounds=5)
    play_rounds(tournament, 3)
    assert overview(tournament).finished
    with pytest.raises(Conflict) as refused:
        services.draw_next_round(tournament=tournament)
    assert refused.value.codes == ["no_round_left"]


def test_a_closed_round_refuses_the_table_link_but_not_the_organizers(client, organizer):
    tournament = make_tournament(organizer, teams=4, format="knockout")
    semis = services.draw_next_round(tournament=tournament)
    play_round(semis)
    services.draw_next_round(tournament=tournament)
    match = semis.tables.order_by("number").first().match
    last = f"/api/v1/matches/{match.pk}/hands/{match.hand_count}"
    link = client.delete(last, HTTP_AUTHORIZATION=f"Bearer {match.scorekeeper_token}")
    assert link.status_code == 409 and link.json()["code"] == "round_closed"
    page = Client().post(reverse("link:undo", args=[match.scorekeeper_token]),
                       {"number": match.hand_count})
    assert page.status_code == 409
    assert "only the organizers can change its matches now" in page.content.decode()
    organizer_api = client.delete(last, HTTP_AUTHORIZATION=f"Bearer {issue_token(user=organizer)}")
    assert organizer_api.status_code == 200


def test_a_co_organizer_cannot_choose_the_other_organizers_but_may_step_down(organizer):
    tournament = make_tournament(organizer, teams=2)
    UserFactory(username="co"), UserFactory(username="co2"), UserFactory(username="stranger")
    services.add_organizer(tournament=tournament, username="co")
    services.add_organizer(tournament=tournament, username="co2")
    co = Client()
    co.force_login(tournament.organizers.get(username="co"))
    added = co.post(reverse("tournament_organizer_add", args=[tournament.pk]),
                    {"username": "stranger"})
    co2 = tournament.organizers.get(username="co2")
    removed = co.post(reverse("tournament_organizer_remove", args=[tournament.pk, co2.pk]))
    assert added.status_code == removed.status_code == 403
    me = tournament.organizers.get(username="co")
    co.post(reverse("tournament_organizer_remove", args=[tournament.pk, me.pk]))
    assert sorted(tournament.organizers.values_list("username", flat=True)) == ["co2"]


def test_odd_ids_and_empty_list_lines_are_no_500(client, organizer):
    tournament = make_tournament(organizer, teams=2)
    client.force_login(organizer)
    huge = reverse("tournament_organizer_remove",
                   args=[tournament.pk, 9999999999999999999999999])
    assert client.post(huge).status_code == 302
    response = client.post(reverse("tournament_teams", args=[tournament.pk]),
                           {"paste": "1", "teams": ";\n , \nLes Verts; A; B"})
    assert response.status_code == 302
    assert tournament.entries.count() == 3


@pytest.mark.parametrize(
    "damage",
    [lambda d: [d], lambda d: {**d, "tournament": {**d["tournament"], "date": "32/13/2026"}},
     lambda d: {**d, "rounds": [{**d["rounds"][0], "number": 2}]},
     lambda d: {**d, "rounds": [{**d["rounds"][0], "stage": "ladder"}]},
     lambda d: {**d, "teams": d["teams"] + d["teams"][:1]}],
    ids=["a list", "a bad date", "rounds from 2", "an unknown stage", "a team twice"],
)
def test_a_damaged_backup_is_refused_whole(organizer, tmp_path, damage):
    from django.core.management import call_command
    from django.core.management.base import CommandError

    tournament = make_tournament(organizer, teams=3)
    play_rounds(tournament, 1)
    path = tmp_path / "backup.json"
    call_command("export_tournament", str(tournament.pk), output=str(path))
    path.write_text(json.dumps(damage(json.loads(path.read_text()))), encoding="utf-8")
    with pytest.raises(CommandError):
        call_command("import_tournament", str(path), owner="org")
    assert Tournament.objects.count() == 1


def test_a_browser_session_writes_through_the_api_from_this_site_only(organizer):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(organizer)
    browser.get(reverse("home"))
    token = browser.cookies["csrftoken"].value
    body = json.dumps({"variant": "politaine", "team_a": {"name": "A"},
                       "team_b": {"name": "B"}})
    same_site = browser.post("/api/v1/matches", body, content_type="application/json",
                             HTTP_X_CSRFTOKEN=token, HTTP_ORIGIN="http://testserver",
                             HTTP_SEC_FETCH_SITE="same-origin")
    assert same_site.status_code == 201
    other_site = browser.post("/api/v1/matches", body, content_type="application/json",
                              HTTP_X_CSRFTOKEN=token, HTTP_ORIGIN="https://evil.example",
                              HTTP_SEC_FETCH_SITE="cross-site")
    assert other_site.status_code == 403


def test_finish_helper_reaches_the_end(organizer):
    tournament = make_tournament(organizer, teams=2)
    match = services.draw_next_round(tournament=tournament).tables.get().match
    finish(match, winner="b")
    match.refresh_from_db()
    assert match.winner == "b"
