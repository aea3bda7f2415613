"""Signing up for a club night through the API: alone, as a pair whose partner confirms,
looking for a partner; the waiting line past the cap; withdrawals; the organizers' list
and its entry into the night; every refusal coded, in the caller's language; a player
reads only the sign-ups they are part of."""

from datetime import timedelta

import pytest

from accounts.services import issue_token
from clubs.models import PublicName
from players import services
from players.models import Signup
from tests.api.conftest import ApiClient
from tests.api.door_helpers import night_ahead, players, refused
from tests.factories import MatchFactory, UserFactory
from tests.tournaments.helpers import make_tournament

pytestmark = pytest.mark.django_db


def signups(night):
    return f"/tournaments/{night.tournament_id}/signups"


def test_past_the_cap_players_wait_in_line_and_are_told_their_place(client, owner):
    club, _members, apis = players(client, owner, 5)
    night = night_ahead(club, owner, individual=True, cap=3)
    answers = [api.post(signups(night), {}) for api in apis]
    assert [a.status_code for a in answers] == [201] * 5
    assert [(a.json()["state"], a.json()["position"]) for a in answers] == [
        ("in", None), ("in", None), ("in", None), ("waiting", 1), ("waiting", 2)]
    assert set(answers[0].json()) == {"id", "state", "position"}


def test_a_withdrawal_gives_the_place_to_the_first_who_waits(client, owner):
    club, _members, apis = players(client, owner, 5)
    night = night_ahead(club, owner, individual=True, cap=3)
    ids = [api.post(signups(night), {}).json()["id"] for api in apis]
    gone = apis[1].delete(f"{signups(night)}/{ids[1]}")
    assert gone.status_code == 200 and gone.json()["state"] == "withdrawn"
    mine = apis[3].get(signups(night)).json()
    assert [(s["id"], s["state"], s["position"]) for s in mine] == [(ids[3], "in", None)]
    assert apis[4].get(signups(night)).json()[0]["position"] == 1


def test_a_pair_holds_no_place_until_the_partner_confirms(client, owner):
    club, members, apis = players(client, owner, 4)
    night = night_ahead(club, owner, cap=1)
    asked = apis[0].post(signups(night), {"partner": members[1].pk,
                                          "looking_for_partner": False})
    assert asked.status_code == 201
    assert asked.json()["state"] == "partner_to_confirm" and asked.json()["position"] is None
    pair = asked.json()["id"]
    # The player who asked cannot confirm for the partner.
    refused(apis[0].post(f"{signups(night)}/{pair}/confirm"), 403, "not_yours")
    confirmed = apis[1].post(f"{signups(night)}/{pair}/confirm")
    assert confirmed.status_code == 200
    assert (confirmed.json()["state"], confirmed.json()["position"]) == ("in", None)
    refused(apis[1].post(f"{signups(night)}/{pair}/confirm"), 409, "not_to_confirm")
    other = apis[2].post(signups(night), {"partner": members[3].pk}).json()["id"]
    assert apis[3].post(f"{signups(night)}/{other}/confirm").json() == {
        "id": other, "state": "waiting", "position": 1}


def test_the_partner_named_may_decline(client, owner):
    club, members, apis = players(client, owner, 2)
    night = night_ahead(club, owner)
    pair = apis[0].post(signups(night), {"partner": members[1].pk}).json()["id"]
    declined = apis[1].post(f"{signups(night)}/{pair}/decline")
    assert declined.status_code == 200 and declined.json()["state"] == "declined"
    # Free again: the partner signs up with someone else, or the player asks again.
    assert apis[1].post(signups(night), {"looking_for_partner": True}).json()["state"] \
        == "looking"


def test_the_partner_may_withdraw_the_pair_and_an_organizer_anyone(client, owner, api):
    club, members, apis = players(client, owner, 4)
    night = night_ahead(club, owner)
    first = apis[0].post(signups(night), {"partner": members[1].pk}).json()["id"]
    assert apis[1].delete(f"{signups(night)}/{first}").json()["state"] == "withdrawn"
    second = apis[2].post(signups(night), {"partner": members[3].pk}).json()["id"]
    assert api.delete(f"{signups(night)}/{second}").json()["state"] == "withdrawn"
    refused(api.delete(f"{signups(night)}/{second}"), 409, "not_signed_up")


def test_a_player_cannot_touch_or_see_another_players_sign_up(client, owner):
    club, _members, apis = players(client, owner, 3)
    night = night_ahead(club, owner, individual=True)
    theirs = apis[0].post(signups(night), {}).json()["id"]
    for answer in (apis[1].delete(f"{signups(night)}/{theirs}"),
                   apis[1].post(f"{signups(night)}/{theirs}/confirm"),
                   apis[1].post(f"{signups(night)}/{theirs}/decline")):
        refused(answer, 404, "not_found")
    assert apis[1].get(signups(night)).json() == []
    assert Signup.objects.get(pk=theirs).state == "in"


def test_organizers_read_every_sign_up_players_only_their_own(client, owner, api):
    club, members, apis = players(client, owner, 5)
    night = night_ahead(club, owner, cap=1)
    pair = apis[0].post(signups(night), {"partner": members[1].pk}).json()["id"]
    apis[1].post(f"{signups(night)}/{pair}/confirm")
    waiting = apis[2].post(signups(night), {"partner": members[3].pk}).json()["id"]
    apis[3].post(f"{signups(night)}/{waiting}/confirm")
    looking = apis[4].post(signups(night), {"looking_for_partner": True}).json()["id"]
    everyone = api.get(signups(night)).json()
    assert [(s["id"], s["state"], s["position"]) for s in everyone] == [
        (pair, "in", None), (waiting, "waiting", 1), (looking, "looking", None)]
    assert everyone[0]["member"] == {"id": members[0].pk, "name": "Anne Roy"}
    assert everyone[0]["partner"] == {"id": members[1].pk, "name": "Luc Côté"}
    # The partner reads the pair they are part of, and nothing else.
    assert [s["id"] for s in apis[1].get(signups(night)).json()] == [pair]
    assert [s["id"] for s in apis[4].get(signups(night)).json()] == [looking]
    # Someone of no club: nothing to read; nobody without a token.
    stranger = ApiClient(client, issue_token(user=UserFactory(username="stranger")))
    assert stranger.get(signups(night)).json() == []
    refused(ApiClient(client).get(signups(night)), 401, "unauthorized")


def test_a_hidden_name_shows_as_player_n_to_other_players(client, owner, api):
    club, members, apis = players(client, owner, 2)
    members[1].public_name = PublicName.HIDDEN
    members[1].save()
    night = night_ahead(club, owner)
    pair = apis[0].post(signups(night), {"partner": members[1].pk}).json()["id"]
    seen = apis[0].get(signups(night)).json()[0]
    assert seen["partner"] == {"id": members[1].pk, "name": f"Player {members[1].number}"}
    assert seen["member"]["name"] == "Anne Roy"  # their own, in full
    assert "Luc" not in str(apis[0].get(signups(night)).content)
    # Their own name, to themselves, and to the organizers: in full.
    assert apis[1].get(signups(night)).json()[0]["partner"]["name"] == "Luc Côté"
    assert api.get(signups(night)).json()[0]["partner"]["name"] == "Luc Côté"
    assert pair


def test_the_sign_ups_become_the_nights_entries_once(client, owner, api):
    club, members, apis = players(client, owner, 5)
    night = night_ahead(club, owner, individual=True, cap=4)
    for player in apis:
        player.post(signups(night), {})
    entered = api.post(f"{signups(night)}/enter")
    assert entered.status_code == 200
    assert [e["name"] for e in entered.json()] == [m.name for m in members[:4]]
    assert api.post(f"{signups(night)}/enter").json() == []
    assert all(s["entered"] for s in api.get(signups(night)).json()[:4])
    refused(apis[0].post(f"{signups(night)}/enter"), 403, "not_organizer")
    mine = apis[0].get(signups(night)).json()[0]["id"]
    refused(apis[0].delete(f"{signups(night)}/{mine}"), 409, "already_entered")


# --- every refusal, coded, in both languages ----------------------------------------------

def test_sign_up_before_it_opens_and_after_it_closes(client, owner):
    club, _members, apis = players(client, owner, 1, language="fr")
    later = night_ahead(club, owner, individual=True, opens_in=timedelta(days=1))
    body = refused(apis[0].post(signups(later), {}), 409, "signup_not_open")
    assert body["detail"] == "Les inscriptions à cette soirée ne sont pas encore ouvertes."
    over = night_ahead(club, owner, individual=True, opens_in=timedelta(days=-2),
                       closes_in=timedelta(seconds=-1), name="Passée")
    body = refused(apis[0].post(signups(over), {}), 409, "signup_closed")
    assert body["detail"] == "Les inscriptions à cette soirée sont fermées."
    english = apis[0].as_token(apis[0].token, language="en")
    assert refused(english.post(signups(over), {}), 409, "signup_closed")["detail"] == \
        "Sign-up for this night is closed."


def test_a_full_night_never_refuses_a_sign_up(client, owner):
    club, _members, apis = players(client, owner, 3)
    night = night_ahead(club, owner, individual=True, cap=1)
    states = [api.post(signups(night), {}).json()["state"] for api in apis]
    assert states == ["in", "waiting", "waiting"]


def test_signing_up_twice_or_with_a_taken_partner_is_refused(client, owner):
    club, members, apis = players(client, owner, 4, language="fr")
    night = night_ahead(club, owner)
    apis[0].post(signups(night), {"partner": members[1].pk})
    body = refused(apis[0].post(signups(night), {"looking_for_partner": True}), 409,
                   "already_signed_up")
    assert body["detail"] == "Anne Roy a déjà une inscription à cette soirée."
    body = refused(apis[1].post(signups(night), {"partner": members[2].pk}), 409,
                   "already_signed_up")
    assert "Anne Roy" in body["detail"]  # who named them: confirm on their page
    body = refused(apis[2].post(signups(night), {"partner": members[0].pk}), 409,
                   "partner_taken")
    assert body["errors"][0]["field"] == "partner"


def test_a_partner_taken_who_hides_their_name_stays_hidden(client, owner):
    club, members, apis = players(client, owner, 3)
    members[0].public_name = PublicName.HIDDEN
    members[0].save()
    night = night_ahead(club, owner)
    apis[0].post(signups(night), {"looking_for_partner": False, "partner": members[1].pk})
    body = refused(apis[2].post(signups(night), {"partner": members[1].pk}), 409,
                   "partner_taken")
    assert "Luc Côté" in body["detail"]
    body = refused(apis[2].post(signups(night), {"partner": members[0].pk}), 409,
                   "partner_taken")
    assert f"Player {members[0].number}" in body["detail"] and "Anne" not in body["detail"]


def test_a_partner_outside_the_roster_is_refused(client, owner):
    club, members, apis = players(client, owner, 1, language="fr")
    other = players(client, owner, 1, name="Autre club")[1][0]
    night = night_ahead(club, owner)
    for partner in (other.pk, 987654321, members[0].pk):
        body = refused(apis[0].post(signups(night), {"partner": partner}), 422,
                       "partner_not_member")
        assert body["errors"][0]["field"] == "partner"
    assert "partenaire" in body["detail"]
    assert not Signup.objects.exists()


def test_an_account_not_linked_to_the_club_cannot_sign_up(client, owner):
    club, _members, _apis = players(client, owner, 1)
    night = night_ahead(club, owner, individual=True)
    stranger = ApiClient(client, issue_token(user=UserFactory(username="stranger")), "fr")
    body = refused(stranger.post(signups(night), {}), 403, "not_linked")
    assert "invitation" in body["detail"] and "relié à aucune place" in body["detail"]
    english = stranger.as_token(stranger.token, language="en")
    assert refused(english.post(signups(night), {}), 403, "not_linked")["detail"].startswith(
        "Your account is not linked to a player of this club")


def test_a_night_sign_up_takes_the_shape_of_its_format(client, owner):
    club, members, apis = players(client, owner, 2)
    individual = night_ahead(club, owner, individual=True)
    refused(apis[0].post(signups(individual), {"partner": members[1].pk}), 422,
            "signup_alone")
    refused(apis[0].post(signups(individual), {"looking_for_partner": True}), 422,
            "signup_alone")
    pairs = night_ahead(club, owner, name="En équipes")
    refused(apis[0].post(signups(pairs), {}), 422, "partner_needed")


def test_a_night_that_takes_no_sign_up_or_a_tournament_that_is_no_club_night(
        client, owner, api):
    club, _members, apis = players(client, owner, 1)
    night = night_ahead(club, owner, individual=True)
    services.set_sheet(night=night, settings=None, by=owner)
    refused(apis[0].post(signups(night), {}), 409, "signup_closed")
    assert apis[0].get(signups(night)).json() == []
    plain = make_tournament(owner, teams=2)
    body = refused(api.post(f"/tournaments/{plain.pk}/signups", {}), 409, "not_a_club_night")
    assert "club night" in body["detail"]
    private = make_tournament(UserFactory(username="other"), teams=2, public=False)
    refused(api.post(f"/tournaments/{private.pk}/signups", {}), 404, "not_found")
    refused(api.get("/tournaments/987654321/signups"), 404, "not_found")


def test_a_private_night_taking_sign_ups_is_open_to_its_club_s_players_not_to_others(
        client, owner, api):
    club, members, apis = players(client, owner, 2)
    night = night_ahead(club, owner, individual=True)
    night.tournament.public = False
    night.tournament.save()
    # As its sign-up page: the club's linked players sign up; nobody else sees it.
    assert apis[0].post(signups(night), {}).status_code == 201
    stranger = ApiClient(client, issue_token(user=UserFactory(username="stranger")))
    refused(stranger.post(signups(night), {}), 404, "not_found")
    services.add_signup(night=night, member=members[1], by=owner)
    # Signed up by the organizer: the player reads and withdraws their own.
    theirs = apis[1].get(signups(night)).json()
    assert [s["member"]["id"] for s in theirs] == [members[1].pk]
    assert apis[1].delete(f"{signups(night)}/{theirs[0]['id']}").status_code == 200


def test_a_score_keepers_token_and_nobody_are_refused(client, owner):
    club, _members, _apis = players(client, owner, 1)
    night = night_ahead(club, owner, individual=True)
    keeper = ApiClient(client, MatchFactory(owner=owner).scorekeeper_token)
    refused(keeper.post(signups(night), {}), 403, "scorekeeper_token")
    refused(keeper.get(signups(night)), 403, "scorekeeper_token")
    refused(ApiClient(client).post(signups(night), {}), 401, "unauthorized")


@pytest.mark.parametrize("body, status", [
    ({"partner": "7"}, 422), ({"partner": 7.5}, 422), ({"partner": 2**70}, 422),
    ({"partner": 0}, 422), ({"looking_for_partner": "yes"}, 422), ({"who": 1}, 422),
    ([], 422), ("[", 400),
])
def test_odd_input_is_refused_in_words_never_a_500(client, owner, body, status):
    club, _members, apis = players(client, owner, 1)
    night = night_ahead(club, owner)
    answer = apis[0].post(signups(night), raw=body) if isinstance(body, str) \
        else apis[0].post(signups(night), body)
    assert answer.status_code == status, answer.content
    assert answer.json()["detail"]
    assert not Signup.objects.exists()


def test_odd_ids_in_the_path_are_refused_never_a_500(client, owner):
    club, _members, apis = players(client, owner, 1)
    night = night_ahead(club, owner)
    for path in (f"/tournaments/{night.tournament_id}/signups/0",
                 f"/tournaments/{night.tournament_id}/signups/{2**70}",
                 f"/tournaments/{night.tournament_id}/signups/x",
                 f"/tournaments/{2**70}/signups/1", "/tournaments/0/signups/1"):
        assert apis[0].delete(path).status_code == 422, path
    refused(apis[0].delete(f"{signups(night)}/987654321"), 404, "not_found")
