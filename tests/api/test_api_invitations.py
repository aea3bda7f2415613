"""Invitations through the API: an organizer's personal link for a player of the roster,
accepted once by the account that opens it, revocable, expiring; every refusal coded, in
the caller's language."""

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from accounts.services import issue_token
from clubs import services as clubs
from clubs.models import ClubEvent, Member
from players.models import Invitation
from tests.api.conftest import ApiClient
from tests.api.door_helpers import refused
from tests.factories import MatchFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(owner):
    club = clubs.create_club(owner=owner, name="Les As")
    for name in ("Anne Roy", "Luc Côté"):
        clubs.add_member(club=club, name=name)
    return club


@pytest.fixture
def anne(club):
    return Member.objects.get(club=club, name="Anne Roy")


def user_api(client, username, language="en"):
    return ApiClient(client, issue_token(user=UserFactory(username=username)), language)


def invite(api, club, member, **extra):
    return api.post(f"/clubs/{club.pk}/invitations", {"member": member.pk, **extra})


def test_an_organizer_invites_and_the_player_accepts_once(client, api, club, anne):
    answer = invite(api, club, anne, email="anne@example.com")
    assert answer.status_code == 201, answer.content
    body = answer.json()
    token = body["token"]
    assert body["url"] == f"http://testserver/invitations/{token}/"
    assert body["member"] == {"id": anne.pk, "name": "Anne Roy"}
    assert (body["email"], body["used"], body["revoked"]) == ("anne@example.com", False, False)
    assert body["expires_at"].startswith(
        (timezone.now() + timedelta(days=14)).date().isoformat())
    player = user_api(client, "anne")
    accepted = player.post(f"/invitations/{token}/accept")
    assert accepted.status_code == 200, accepted.content
    assert accepted.json() == {"club": {"id": club.pk, "name": "Les As"},
                               "member": {"id": anne.pk, "number": anne.number,
                                          "name": "Anne Roy"}}
    assert Member.objects.get(pk=anne.pk).account.username == "anne"
    assert ClubEvent.objects.filter(club=club, kind=ClubEvent.Kind.ACCOUNT_LINKED).exists()
    assert [m["club"]["id"] for m in player.get("/me").json()["members"]] == [club.pk]
    again = user_api(client, "someone", language="fr").post(f"/invitations/{token}/accept")
    assert refused(again, 409, "invitation_used")["detail"] == "Cette invitation a déjà servi."


def test_an_invitation_with_an_address_is_emailed(client, api, club, anne,
                                                 django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        token = invite(api, club, anne, email=" anne@example.com ").json()["token"]
    [message] = mail.outbox
    assert message.to == ["anne@example.com"] and f"/invitations/{token}/" in message.body


def test_a_revoked_invitation_no_longer_links(client, api, club, anne):
    token = invite(api, club, anne).json()["token"]
    revoked = api.delete(f"/invitations/{token}")
    assert revoked.status_code == 200 and revoked.json()["revoked"] is True
    assert api.delete(f"/invitations/{token}").status_code == 200  # twice: no error
    body = refused(user_api(client, "anne").post(f"/invitations/{token}/accept"), 409,
                   "invitation_revoked")
    assert body["detail"].startswith("This invitation was withdrawn by the club.")
    assert Member.objects.get(pk=anne.pk).account is None


def test_a_new_invitation_ends_the_previous_one(client, api, club, anne):
    first = invite(api, club, anne).json()["token"]
    second = invite(api, club, anne).json()["token"]
    refused(user_api(client, "anne").post(f"/invitations/{first}/accept"), 409,
            "invitation_revoked")
    assert user_api(client, "anne").post(f"/invitations/{second}/accept").status_code == 200


def test_an_expired_invitation_is_refused(client, api, club, anne):
    token = invite(api, club, anne).json()["token"]
    Invitation.objects.filter(token=token).update(
        created_at=timezone.now() - timedelta(days=15),
        expires_at=timezone.now() - timedelta(days=1))
    body = refused(user_api(client, "anne", "fr").post(f"/invitations/{token}/accept"),
                   409, "invitation_expired")
    assert body["detail"] == ("Cette invitation est expirée. Demandez-en une nouvelle aux "
                              "organisateurs.")


def test_a_used_invitation_cannot_be_revoked(client, api, club, anne):
    token = invite(api, club, anne).json()["token"]
    user_api(client, "anne").post(f"/invitations/{token}/accept")
    refused(api.delete(f"/invitations/{token}"), 409, "invitation_used")


def test_an_unknown_token_says_so(client, api):
    refused(user_api(client, "anne").post("/invitations/nosuchtoken/accept"), 409,
            "invitation_unknown")
    body = refused(api.delete("/invitations/nosuchtoken"), 404, "not_found")
    assert body["detail"] == "There is no such invitation."


def test_one_account_one_player_per_club_and_one_account_per_player(client, api, club, anne):
    luc = Member.objects.get(club=club, name="Luc Côté")
    player = user_api(client, "anne")
    player.post(f"/invitations/{invite(api, club, anne).json()['token']}/accept")
    # Anne's account takes no second player of the club.
    body = refused(player.post(f"/invitations/{invite(api, club, luc).json()['token']}"
                               "/accept"), 409, "already_linked")
    assert body["detail"] == "Your account is already linked to a player of this club."
    # Anne, linked, is invited no more.
    body = refused(invite(api, club, anne), 409, "member_linked")
    assert body["errors"][0]["field"] == "member"


def test_only_the_clubs_organizers_invite_or_revoke(client, api, club, anne):
    stranger = user_api(client, "stranger", "fr")
    body = refused(invite(stranger, club, anne), 403, "not_organizer")
    assert body["detail"] == "Seuls les organisateurs du club peuvent faire ceci."
    token = invite(api, club, anne).json()["token"]
    refused(stranger.delete(f"/invitations/{token}"), 403, "not_organizer")
    assert Invitation.objects.get(token=token).revoked_at is None
    club.public = False
    club.save()
    refused(invite(stranger, club, anne), 404, "not_found")
    refused(ApiClient(client).post(f"/clubs/{club.pk}/invitations", {"member": anne.pk}),
            401, "unauthorized")
    refused(ApiClient(client).post(f"/invitations/{token}/accept"), 401, "unauthorized")
    keeper = ApiClient(client, MatchFactory().scorekeeper_token)
    refused(keeper.post(f"/invitations/{token}/accept"), 403, "scorekeeper_token")
    refused(keeper.delete(f"/invitations/{token}"), 403, "scorekeeper_token")


def test_a_player_of_another_club_or_none_is_refused(client, api, owner, club):
    other = clubs.create_club(owner=owner, name="Ailleurs")
    elsewhere = clubs.add_member(club=other, name="Élise Bouchard")
    for member_id in (elsewhere.pk, 987654321):
        body = refused(api.post(f"/clubs/{club.pk}/invitations", {"member": member_id}),
                       422, "not_a_member")
        assert body["errors"][0]["field"] == "member"
    assert not Invitation.objects.exists()


@pytest.mark.parametrize("body, code", [
    ({"member": "1"}, "int_type"), ({"member": 0}, "greater_than_equal"),
    ({"member": 2**70}, "less_than_equal"), ({}, "missing"),
    ({"member": None}, "int_type"), ({"member": 1, "email": 7}, "string_type"),
    ({"member": 1, "email": "x" * 300}, "string_too_long"),
    ({"member": 1, "role": "admin"}, "extra_forbidden"),
])
def test_odd_input_is_refused_in_words_never_a_500(client, api, club, body, code):
    answer = api.post(f"/clubs/{club.pk}/invitations", body)
    assert answer.status_code == 422, answer.content
    assert answer.json()["errors"][0]["code"] == code
    assert not Invitation.objects.exists()


def test_an_email_address_that_is_not_one_is_refused(client, api, club, anne):
    body = refused(invite(api, club, anne, email="not an address"), 422, "email")
    assert body["errors"][0]["field"] == "email"
    assert invite(api, club, anne, email=None).json()["email"] == ""
    assert invite(api, club, anne, email="  ").status_code == 201


@pytest.mark.parametrize("token", ["a b", "ab%2Fcd", "x" * 65, "é"])
def test_odd_tokens_are_refused_never_a_500(client, api, token):
    assert api.post(f"/invitations/{token}/accept").status_code in (404, 422)
    assert api.delete(f"/invitations/{token}").status_code in (404, 422)
