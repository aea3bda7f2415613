"""Who may call what: personal tokens, score keeper tokens, sessions, nobody."""

import json

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from accounts.models import ApiToken, token_hash
from accounts.services import issue_token
from tests.api.conftest import ApiClient
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

NEW_MATCH = {"variant": "politaine", "team_a": {"name": "A"}, "team_b": {"name": "B"}}


def test_the_command_prints_a_working_token_alone_on_the_last_line(client, capsys):
    UserFactory(username="marc")
    call_command("api_token", "marc")
    token = capsys.readouterr().out.strip().splitlines()[-1]
    assert token.startswith("pol_") and " " not in token
    response = ApiClient(client, token).get("/matches")
    assert response.status_code == 200


def test_the_command_creates_the_user_when_there_is_none(client, capsys):
    call_command("api_token", "nouveau")
    token = capsys.readouterr().out.strip().splitlines()[-1]
    assert ApiClient(client, token).post("/matches", NEW_MATCH).status_code == 201


def test_tokens_are_stored_hashed(owner):
    token = issue_token(user=owner, name="site")
    stored = ApiToken.objects.get()
    assert stored.key_hash == token_hash(token) and token not in stored.key_hash
    assert stored.prefix == token[:12] and stored.name == "site"


def test_the_account_page_creates_shows_once_and_revokes_tokens(client, owner):
    client.force_login(owner)
    response = client.post(reverse("token_create"), {"name": "Club web site"})
    body = response.content.decode()
    assert "Copy it now: it will not be shown again." in body
    token = body.split('id="new-token" type="text" readonly value="')[1].split('"')[0]
    assert ApiClient(Client(), token).get("/matches").status_code == 200
    page = client.get(reverse("account")).content.decode()
    assert "Club web site" in page and token not in page and token[:12] in page
    stored = ApiToken.objects.get()
    client.post(reverse("token_revoke", args=[stored.pk]))
    assert ApiClient(Client(), token).get("/matches").status_code == 401


def test_nobody_can_revoke_someone_elses_token(client, owner):
    issue_token(user=owner)
    client.force_login(UserFactory())
    client.post(reverse("token_revoke", args=[ApiToken.objects.get().pk]))
    assert ApiToken.objects.count() == 1


@pytest.mark.parametrize("header", [None, "Bearer nope", "Bearer pol_nope", "Token abc", "Bearer"])
def test_without_a_valid_token_the_answer_is_401(client, politaine, header):
    headers = {"HTTP_AUTHORIZATION": header} if header else {}
    for method, path in (("get", "/matches"), ("post", "/matches"),
                         ("get", f"/matches/{politaine['id']}"),
                         ("post", f"/matches/{politaine['id']}/hands"),
                         ("delete", f"/matches/{politaine['id']}/hands/1")):
        response = getattr(client, method)("/api/v1" + path, **headers)
        assert response.status_code == 401, (method, path)
        assert response.json()["code"] == "unauthorized"


def test_another_users_token_gets_404(client, politaine):
    stranger = ApiClient(client, issue_token(user=UserFactory()))
    match = politaine["id"]
    assert stranger.get(f"/matches/{match}").status_code == 404
    response = stranger.post(f"/matches/{match}/hands", {"number": 1, "points": {"a": 7, "b": 4}})
    assert response.status_code == 404
    assert stranger.delete(f"/matches/{match}/hands/1").status_code == 404
    assert stranger.get("/matches").json()["count"] == 0


def test_a_missing_match_and_an_absurd_id_are_404_or_422(api):
    assert api.get("/matches/999999").status_code == 404
    assert api.get("/matches/99999999999999999999999").status_code == 422
    assert api.get("/matches/0").status_code == 422


def test_the_score_keeper_token_scores_its_own_match_only(client, politaine, strangers_match):
    keeper = ApiClient(client, politaine["scorekeeper_token"])
    match = politaine["id"]
    response = keeper.get(f"/matches/{match}")
    assert response.status_code == 200 and "scorekeeper_token" not in response.json()
    added = keeper.post(f"/matches/{match}/hands", {"number": 1, "points": {"a": 7, "b": 4}})
    assert added.status_code == 201 and added.json()["match"]["score"] == {"a": 7, "b": 4}
    assert keeper.put(f"/matches/{match}/hands/1", {"points": {"a": 6, "b": 5}}).status_code == 200
    assert keeper.delete(f"/matches/{match}/hands/1").status_code == 200
    # Nothing else: no new match, no list, no other match.
    created = keeper.post("/matches", NEW_MATCH)
    assert created.status_code == 403 and created.json()["code"] == "scorekeeper_token"
    assert keeper.get("/matches").status_code == 403
    assert keeper.get(f"/matches/{strangers_match.pk}").status_code == 404
    response = keeper.post(f"/matches/{strangers_match.pk}/hands",
                           {"number": 1, "points": {"a": 7, "b": 4}})
    assert response.status_code == 404


def test_a_browser_session_may_use_the_api_with_csrf(owner):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(owner)
    assert browser.get("/api/v1/matches").status_code == 200
    refused = browser.post("/api/v1/matches", json.dumps(NEW_MATCH),
                           content_type="application/json")
    assert refused.status_code == 403 and refused.json()["code"] == "csrf"
    browser.get(reverse("home"))  # sets the CSRF cookie
    token = browser.cookies["csrftoken"].value
    created = browser.post("/api/v1/matches", json.dumps(NEW_MATCH),
                           content_type="application/json", HTTP_X_CSRFTOKEN=token)
    assert created.status_code == 201


def test_only_the_owner_sees_the_secret_of_the_link(api, politaine):
    mine = api.get(f"/matches/{politaine['id']}").json()
    assert mine["scorekeeper_token"] == politaine["scorekeeper_token"]
    assert mine["url"].endswith(f"/k/{politaine['scorekeeper_token']}/")


@pytest.mark.django_db
def test_a_write_with_a_wrong_or_missing_token_is_told_401_not_to_send_a_csrf_token():
    browser = Client(enforce_csrf_checks=True)
    body = json.dumps({"number": 1, "points": {"a": 7, "b": 4}})
    for headers in ({}, {"HTTP_AUTHORIZATION": "Bearer wrong-token"}):
        answer = browser.post("/api/v1/matches/1/hands", body, content_type="application/json",
                              **headers)
        assert answer.status_code == 401, answer.content


@pytest.mark.django_db
def test_a_logged_in_browser_writes_through_the_api_only_with_its_csrf_token(user):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(user)
    body = json.dumps({"variant": "politaine", "team_a": {"name": "A"}, "team_b": {"name": "B"}})
    refused = browser.post("/api/v1/matches", body, content_type="application/json")
    assert refused.status_code == 403 and refused.json()["code"] == "csrf"
