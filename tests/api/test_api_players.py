"""The player's door through the API: a club's nights with their start time and sign-up,
a night scheduled and its sign-up opened by PATCH, and the caller's own page (`/me`),
which is theirs alone."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.urls import resolve
from django.utils import timezone

from accounts.services import issue_token
from api.api import api as ninja_api
from clubs import services as clubs
from clubs.models import PublicName
from players import services
from players.models import Signup, SignupSheet
from tests.api.conftest import ApiClient
from tests.api.door_helpers import club_with_members, night_ahead, players, refused
from tests.factories import MatchFactory, UserFactory
from tests.tournaments.helpers import make_tournament, play_rounds
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def nights(club, query=""):
    return f"/clubs/{club.pk}/nights{query}"


# --- the nights ------------------------------------------------------------------------------

def test_anyone_reads_a_public_clubs_nights_ahead_with_their_sign_up(client, owner):
    club, _members, apis = players(client, owner, 4)
    club.time_zone = "America/Vancouver"
    club.save()
    night = night_ahead(club, owner, individual=True, cap=3)
    for player in apis:
        player.post(f"/tournaments/{night.tournament_id}/signups", {})
    answer = ApiClient(client).get(nights(club, "?upcoming=true"))
    assert answer.status_code == 200
    body = answer.json()
    assert (body["time_zone"], body["count"], body["club"]["name"]) == (
        "America/Vancouver", 1, club.name)
    found = body["nights"][0]
    assert found["id"] == night.tournament_id and found["time_zone"] == "America/Vancouver"
    starts_at = datetime.fromisoformat(found["starts_at"])
    assert abs(starts_at - night.tournament.starts_at) < timedelta(milliseconds=1)
    assert starts_at.utcoffset() == night.tournament.starts_at.astimezone(
        ZoneInfo("America/Vancouver")).utcoffset()
    assert (found["format"], found["variant"], found["cancelled"]) == (
        "individual", "politaine", False)
    assert found["signup"] == {
        "opens_at": None, "closes_at": found["starts_at"], "cap": 3, "unit": "player",
        "taken": 3, "waiting": 1, "places_left": 0, "state": "open"}


def test_a_night_without_sign_up_and_a_team_nights_unit(client, owner):
    club, _members, _apis = players(client, owner, 1)
    pairs = night_ahead(club, owner, cap=8, opens_in=timedelta(days=1), days=5)
    bare = night_ahead(club, owner, individual=True, name="Sans inscription", days=6)
    services.set_sheet(night=bare, settings=None, by=owner)
    found = ApiClient(client).get(nights(club, "?upcoming=true")).json()["nights"]
    assert [n["id"] for n in found] == [pairs.tournament_id, bare.tournament_id]
    assert found[0]["signup"]["unit"] == "pair" and found[0]["signup"]["state"] == "not_open"
    assert found[1]["signup"] is None


def test_private_nights_are_their_organizers_and_those_taking_sign_ups_their_players(
        client, owner, api):
    club, _members, apis = players(client, owner, 1)
    open_night = night_ahead(club, owner, individual=True)
    private = night_ahead(club, owner, individual=True, name="Entre nous", days=8)
    hidden = night_ahead(club, owner, individual=True, name="Comité", days=9)
    services.set_sheet(night=hidden, settings=None, by=owner)
    Tournament.objects.filter(pk__in=[private.tournament_id, hidden.tournament_id]).update(
        public=False)
    stranger = ApiClient(client, issue_token(user=UserFactory(username="stranger")))
    for query in ("?upcoming=true", ""):
        # A linked player sees the private night that takes sign-ups, as the club's page
        # shows it; not the one without; anyone else, the public one alone.
        assert [n["id"] for n in apis[0].get(nights(club, query)).json()["nights"]] in (
            [open_night.tournament_id, private.tournament_id],
            [private.tournament_id, open_night.tournament_id])
        assert [n["id"] for n in stranger.get(nights(club, query)).json()["nights"]] == [
            open_night.tournament_id]
    assert {n["id"] for n in api.get(nights(club)).json()["nights"]} == {
        open_night.tournament_id, private.tournament_id, hidden.tournament_id}
    club.public = False
    club.save()
    refused(ApiClient(client).get(nights(club)), 401, "unauthorized")
    refused(stranger.get(nights(club)), 404, "not_found")
    assert apis[0].get(nights(club)).json()["count"] == 2
    assert api.get(nights(club)).json()["count"] == 3
    refused(api.get("/clubs/987654321/nights"), 404, "not_found")


def test_every_night_with_a_start_time_newest_first_page_by_page(client, owner, api):
    club, _members, _apis = players(client, owner, 1)
    made = [night_ahead(club, owner, individual=True, name=f"Soirée {n}", days=n)
            for n in (3, -30, 10)]
    found = api.get(nights(club, "?page_size=2")).json()
    assert (found["count"], found["page"], found["page_size"]) == (3, 1, 2)
    assert [n["id"] for n in found["nights"]] == [made[2].tournament_id, made[0].tournament_id]
    rest = api.get(nights(club, "?page_size=2&page=2")).json()["nights"]
    assert [n["id"] for n in rest] == [made[1].tournament_id]
    assert rest[0]["signup"]["state"] == "closed"  # its start is past
    ahead = api.get(nights(club, "?upcoming=true")).json()["nights"]
    assert [n["id"] for n in ahead] == [made[0].tournament_id, made[2].tournament_id]


def test_a_night_whose_rounds_are_drawn_counts_each_sign_up_once(client, owner, api):
    club, members, _apis = players(client, owner, 8)
    night = night_ahead(club, owner, days=0)
    for first in range(0, 8, 2):
        services.add_signup(night=night, member=members[first], partner=members[first + 1],
                            by=owner)
    services.enter_signups(night=night, by=owner)
    play_rounds(night.tournament, 2)
    found = api.get(nights(club)).json()["nights"][0]
    assert (found["signup"]["taken"], found["signup"]["state"]) == (4, "closed")


def test_a_hidden_name_never_shows_on_the_nights_list(client, owner):
    club, members, apis = players(client, owner, 2)
    members[0].public_name = PublicName.HIDDEN
    members[0].save()
    night = night_ahead(club, owner, individual=True)
    apis[0].post(f"/tournaments/{night.tournament_id}/signups", {})
    for query in ("?upcoming=true", ""):
        listed = ApiClient(client).get(nights(club, query))
        assert listed.json()["nights"][0]["signup"]["taken"] == 1
        assert "Anne" not in listed.content.decode()


@pytest.mark.parametrize("query", ["?upcoming=maybe", "?page=0", "?page_size=1000",
                                   "?page=x", f"?page={2**70}"])
def test_odd_queries_on_the_nights_are_refused_never_a_500(client, owner, query):
    club, _members, _apis = players(client, owner, 1)
    assert ApiClient(client).get(nights(club, query)).status_code == 422
    assert ApiClient(client).get("/clubs/0/nights").status_code == 422
    assert ApiClient(client).get(f"/clubs/{2**70}/nights").status_code == 422


def _nights_of(owner, count):
    club, members, _users = club_with_members(owner, 2, name=f"Club de {count}")
    for day in range(count):
        night = night_ahead(club, owner, individual=True, cap=1, days=day + 1,
                            name=f"Soirée {day}")
        services.add_signup(night=night, member=members[0], by=owner)
    return club


@pytest.mark.parametrize("count", [5, 40])
def test_the_nights_are_read_in_a_fixed_number_of_queries(client, owner, api, count,
                                                          django_assert_max_num_queries):
    club = _nights_of(owner, count)
    for query in ("?upcoming=true&page_size=100", "?page_size=100"):
        with django_assert_max_num_queries(5):
            found = api.get(nights(club, query)).json()
        assert found["count"] == count and len(found["nights"]) == count


# --- scheduling and opening sign-up ---------------------------------------------------------

def _night(owner, **kwargs):
    club, _members, _users = club_with_members(owner, 2)
    return club, night_ahead(club, owner, **kwargs)


def test_an_organizer_schedules_a_night_in_the_clubs_time_zone(client, owner, api):
    club, night = _night(owner, individual=True)
    club.time_zone = "Europe/Paris"
    club.save()
    # 23:30 in Montréal is the next day in Paris: the night's date is the club's.
    answer = api.patch(f"/tournaments/{night.tournament_id}",
                       {"starts_at": "2031-03-04T23:30:00-05:00"})
    assert answer.status_code == 200, answer.content
    assert answer.json()["starts_at"] == "2031-03-05T05:30:00+01:00"
    assert answer.json()["time_zone"] == "Europe/Paris"
    tournament = Tournament.objects.get(pk=night.tournament_id)
    assert str(tournament.date) == "2031-03-05"
    read = api.get(f"/tournaments/{night.tournament_id}").json()
    assert datetime.fromisoformat(read["starts_at"]) == tournament.starts_at
    assert (read["date"], read["cancelled"]) == ("2031-03-05", False)


def test_an_organizer_opens_changes_and_closes_a_nights_sign_up(client, owner, api):
    _club, night = _night(owner)
    path = f"/tournaments/{night.tournament_id}"
    opens = (timezone.now() + timedelta(days=1)).replace(microsecond=0)
    answer = api.patch(path, {"signup": {"opens_at": opens.isoformat(), "cap": 8,
                                         "unit": "pair"}})
    assert answer.status_code == 200, answer.content
    signup = answer.json()["signup"]
    assert (signup["cap"], signup["unit"], signup["state"]) == (8, "pair", "not_open")
    assert datetime.fromisoformat(signup["opens_at"]) == opens
    sheet = SignupSheet.objects.get(night=night)
    assert (sheet.cap, sheet.opens_at) == (8, opens)
    # A key left out is none: open now, no cap.
    assert api.patch(path, {"signup": {}}).json()["signup"]["state"] == "open"
    assert SignupSheet.objects.get(night=night).cap is None
    # null: no more sign-up (with none made, the sheet goes).
    assert api.patch(path, {"signup": None}).json()["signup"] is None
    assert not SignupSheet.objects.filter(night=night).exists()


def test_closing_a_sign_up_keeps_the_sign_ups_made(client, owner, api):
    club, _members, apis = players(client, owner, 1)
    night = night_ahead(club, owner, individual=True)
    apis[0].post(f"/tournaments/{night.tournament_id}/signups", {})
    closed = api.patch(f"/tournaments/{night.tournament_id}", {"signup": None}).json()
    assert closed["signup"]["state"] == "closed" and closed["signup"]["taken"] == 1
    refused(apis[0].post(f"/tournaments/{night.tournament_id}/signups", {}), 409,
            "signup_closed")


def test_the_unit_must_be_the_formats(client, owner, api_fr):
    _club, night = _night(owner, individual=True)
    body = refused(api_fr.patch(f"/tournaments/{night.tournament_id}",
                                {"signup": {"cap": 8, "unit": "pair"}}), 422, "signup_unit")
    assert body["errors"][0]["field"] == "signup.unit"
    assert "Une soirée individuelle" in body["detail"]
    assert SignupSheet.objects.get(night=night).cap is None


def test_a_refused_change_changes_nothing(client, owner, api, api_fr):
    _club, night = _night(owner, individual=True)
    path = f"/tournaments/{night.tournament_id}"
    before = Tournament.objects.get(pk=night.tournament_id).starts_at
    opens = (before - timedelta(days=1)).isoformat()
    closes = (before - timedelta(days=2)).isoformat()
    body = refused(api.patch(path, {"starts_at": "2031-03-04T19:00:00-05:00", "signup": {
        "opens_at": opens, "closes_at": closes}}), 422, "signup_dates")
    assert body["detail"] == "Sign-up must close after it opens."
    assert Tournament.objects.get(pk=night.tournament_id).starts_at == before
    body = refused(api_fr.patch(path, {"signup": {"cap": 3, "opens_at": (
        before + timedelta(hours=1)).isoformat()}}), 422, "signup_dates")
    assert body["detail"] == "Les inscriptions doivent ouvrir avant le début de la soirée."


@pytest.mark.parametrize("body, code", [
    ({"starts_at": "2031-03-04T19:00:00"}, "time_zone"),
    ({"signup": {"opens_at": "2031-03-04T19:00:00"}}, "time_zone"),
    ({"starts_at": "1850-03-04T19:00:00+00:00"}, "time_range"),
    ({"starts_at": "9999-12-31T23:59:59-12:00"}, "time_range"),
    ({"starts_at": "tomorrow"}, "datetime_from_date_parsing"),
    ({"starts_at": "2031-02-30T19:00:00-05:00"}, "datetime_from_date_parsing"),
    ({"signup": {"cap": 0}}, "greater_than_equal"),
    ({"signup": {"cap": 513}}, "less_than_equal"),
    ({"signup": {"cap": "8"}}, "int_type"),
    ({"signup": {"unit": "trio"}}, "literal_error"),
    ({"signup": {"places": 8}}, "extra_forbidden"),
    ({"signup": 8}, "model_attributes_type"),
    ({"cancelled": "yes"}, "bool_type"),
    ({"name": "x"}, "extra_forbidden"),
])
def test_odd_changes_are_refused_in_words_never_a_500(client, owner, api, body, code):
    _club, night = _night(owner, individual=True)
    before = Tournament.objects.get(pk=night.tournament_id)
    answer = api.patch(f"/tournaments/{night.tournament_id}", body)
    assert answer.status_code == 422, answer.content
    assert answer.json()["errors"][0]["code"] == code, answer.json()
    assert answer.json()["detail"]
    after = Tournament.objects.get(pk=night.tournament_id)
    assert (after.starts_at, after.version) == (before.starts_at, before.version)


def test_a_time_without_its_offset_is_refused_in_french(client, owner, api_fr):
    _club, night = _night(owner, individual=True)
    body = refused(api_fr.patch(f"/tournaments/{night.tournament_id}",
                                {"starts_at": "2031-03-04T19:00:00"}), 422, "time_zone")
    assert body["detail"].startswith("starts_at : donnez l’heure avec son décalage horaire")


def test_only_club_nights_take_sign_up(client, owner, api):
    plain = make_tournament(owner, teams=2)
    path = f"/tournaments/{plain.pk}"
    for body in ({"signup": {"cap": 4}}, {"signup": None}, {"cancelled": True}):
        refused(api.patch(path, body), 409, "not_a_club_night")
    # Its start time it takes, in the site's zone.
    answer = api.patch(path, {"starts_at": "2031-03-04T19:00:00-05:00"})
    assert answer.status_code == 200 and answer.json()["signup"] is None
    assert Tournament.objects.get(pk=plain.pk).date.isoformat() == "2031-03-04"


def test_an_organizer_calls_a_night_off_and_players_see_it(client, owner, api):
    club, _members, apis = players(client, owner, 1)
    night = night_ahead(club, owner, individual=True)
    apis[0].post(f"/tournaments/{night.tournament_id}/signups", {})
    answer = api.patch(f"/tournaments/{night.tournament_id}", {"cancelled": True})
    assert answer.json()["cancelled"] is True
    assert answer.json()["signup"]["state"] == "closed"
    assert apis[0].get("/me").json()["signups"][0]["night"]["cancelled"] is True
    assert api.patch(f"/tournaments/{night.tournament_id}",
                     {"cancelled": False}).json()["cancelled"] is False


def test_only_organizers_change_a_night(client, owner):
    club, _members, apis = players(client, owner, 1)
    night = night_ahead(club, owner, individual=True)
    path = f"/tournaments/{night.tournament_id}"
    refused(apis[0].patch(path, {"starts_at": None}), 404, "not_found")
    refused(ApiClient(client).patch(path, {"starts_at": None}), 401, "unauthorized")
    keeper = ApiClient(client, MatchFactory(owner=owner).scorekeeper_token)
    refused(keeper.patch(path, {"starts_at": None}), 403, "scorekeeper_token")
    assert Tournament.objects.get(pk=night.tournament_id).starts_at is not None


# --- the caller's own ------------------------------------------------------------------------

def test_my_page_lists_my_clubs_my_sign_ups_and_my_calendar(client, owner):
    club, members, apis = players(client, owner, 4)
    members[1].public_name = PublicName.HIDDEN
    members[1].save()
    _other_club, _m, _u = club_with_members(owner, 1, name="Autre club")  # player01 too
    night = night_ahead(club, owner, cap=1)
    later = night_ahead(club, owner, cap=1, days=9, name="Plus tard")
    other = apis[2].post(f"/tournaments/{night.tournament_id}/signups",
                         {"partner": members[3].pk}).json()["id"]
    pair = apis[0].post(f"/tournaments/{night.tournament_id}/signups",
                        {"partner": members[1].pk}).json()["id"]
    apis[3].post(f"/tournaments/{night.tournament_id}/signups/{other}/confirm")
    apis[1].post(f"/tournaments/{night.tournament_id}/signups/{pair}/confirm")
    looking = apis[0].post(f"/tournaments/{later.tournament_id}/signups",
                           {"looking_for_partner": True}).json()["id"]
    mine = apis[0].get("/me")
    assert mine.status_code == 200
    body = mine.json()
    assert body["username"] == "player01"
    assert [(m["club"]["name"], m["member"]["name"]) for m in body["members"]] == [
        ("Autre club", "Anne Roy"), (club.name, "Anne Roy")]
    assert [(s["id"], s["state"], s["position"]) for s in body["signups"]] == [
        (pair, "waiting", 1), (looking, "looking", None)]
    first = body["signups"][0]
    assert first["night"]["id"] == night.tournament_id
    assert first["partner"] == {"id": members[1].pk, "name": f"Player {members[1].number}"}
    assert first["to_confirm"] is False
    match = resolve(body["calendar_url"].removeprefix("http://testserver"))
    assert match.url_name == "my_calendar"
    # The partner's page: the pair they are part of, and their own name in full.
    theirs = apis[1].get("/me").json()["signups"]
    assert [s["id"] for s in theirs] == [pair]
    assert theirs[0]["partner"]["name"] == "Luc Côté"
    assert apis[1].get("/me").json()["calendar_url"] != body["calendar_url"]


def test_a_partner_asked_sees_what_to_confirm(client, owner):
    club, members, apis = players(client, owner, 2)
    night = night_ahead(club, owner)
    pair = apis[0].post(f"/tournaments/{night.tournament_id}/signups",
                        {"partner": members[1].pk}).json()["id"]
    asked = apis[1].get("/me").json()["signups"]
    assert [(s["id"], s["state"], s["to_confirm"]) for s in asked] == [
        (pair, "partner_to_confirm", True)]
    assert apis[0].get("/me").json()["signups"][0]["to_confirm"] is False


def test_my_page_is_mine_alone(client, owner):
    club, _members, apis = players(client, owner, 2)
    night = night_ahead(club, owner, individual=True)
    apis[0].post(f"/tournaments/{night.tournament_id}/signups", {})
    assert apis[1].get("/me").json()["signups"] == []
    assert "Anne" not in apis[1].get("/me").content.decode()
    nobody = ApiClient(client, issue_token(user=UserFactory(username="nobody"))).get("/me")
    assert nobody.json()["members"] == [] and nobody.json()["signups"] == []
    refused(ApiClient(client).get("/me"), 401, "unauthorized")
    keeper = ApiClient(client, MatchFactory(owner=owner).scorekeeper_token)
    refused(keeper.get("/me"), 403, "scorekeeper_token")


def test_past_and_withdrawn_sign_ups_leave_my_page(client, owner):
    club, _members, apis = players(client, owner, 1)
    night = night_ahead(club, owner, individual=True)
    signup = apis[0].post(f"/tournaments/{night.tournament_id}/signups", {}).json()["id"]
    assert len(apis[0].get("/me").json()["signups"]) == 1
    Tournament.objects.filter(pk=night.tournament_id).update(
        starts_at=timezone.now() - timedelta(days=2))
    assert apis[0].get("/me").json()["signups"] == []
    Tournament.objects.filter(pk=night.tournament_id).update(
        starts_at=timezone.now() + timedelta(days=2))
    Signup.objects.filter(pk=signup).update(state="withdrawn", position=1)
    assert apis[0].get("/me").json()["signups"] == []


@pytest.mark.parametrize("count", [5, 40])
def test_my_page_is_read_in_a_fixed_number_of_queries(client, owner, count,
                                                     django_assert_max_num_queries):
    club, members, users = club_with_members(owner, 2)
    for day in range(count):
        night = night_ahead(club, owner, individual=True, cap=1, days=day + 1,
                            name=f"Soirée {day}")
        services.add_signup(night=night, member=members[1], by=owner)
        services.sign_up(night=night, user=users[0])
    mine = ApiClient(client, issue_token(user=users[0]))
    mine.get("/me")  # the calendar's key made once
    with django_assert_max_num_queries(7):
        found = mine.get("/me").json()
    assert len(found["signups"]) == count
    assert {s["position"] for s in found["signups"]} == {1}


@pytest.mark.parametrize("count", [5, 40])
def test_a_nights_sign_ups_are_read_in_a_fixed_number_of_queries(
        client, owner, api, count, django_assert_max_num_queries):
    club, _members, users = club_with_members(owner, 1)
    night = night_ahead(club, owner, individual=True, cap=2)
    for number in range(count - 1):
        member = clubs.add_member(club=club, name=f"Invité {number} Roy")
        services.add_signup(night=night, member=member, by=owner)
    services.sign_up(night=night, user=users[0])  # past the cap: waits
    path = f"/tournaments/{night.tournament_id}/signups"
    with django_assert_max_num_queries(7):
        found = api.get(path).json()
    assert len(found) == count
    assert (found[-1]["state"], found[-1]["position"]) == ("waiting", 1)
    player = ApiClient(client, issue_token(user=users[0]))
    with django_assert_max_num_queries(7):
        assert len(player.get(path).json()) == 1


def test_the_openapi_document_lists_the_players_door():
    paths = ninja_api.get_openapi_schema()["paths"]
    assert {"/api/v1/clubs/{id}/nights", "/api/v1/tournaments/{id}/signups",
            "/api/v1/tournaments/{id}/signups/{signup_id}",
            "/api/v1/tournaments/{id}/signups/{signup_id}/confirm",
            "/api/v1/tournaments/{id}/signups/{signup_id}/decline",
            "/api/v1/tournaments/{id}/signups/enter", "/api/v1/me",
            "/api/v1/clubs/{id}/invitations", "/api/v1/invitations/{token}",
            "/api/v1/invitations/{token}/accept"} <= set(paths)
    assert "patch" in paths["/api/v1/tournaments/{id}"]
    assert paths["/api/v1/me"]["get"]["tags"] == ["players"]
