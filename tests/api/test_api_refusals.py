"""Refusals of the API in its own JSON shape: a body too large, a tournament that is not there."""

import json

import pytest
from django.conf import settings

from accounts.services import issue_token
from scoring.models import Match
from tests.api.conftest import ApiClient
from tests.factories import UserFactory
from tests.tournaments.helpers import make_tournament

TOO_LARGE = settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1


def refusal(response, status, code):
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"detail", "code", "errors"} and body["code"] == code, body
    return body


@pytest.mark.parametrize("content_type", ["application/json", "application/x-www-form-urlencoded"])
def test_a_body_over_the_size_limit_is_refused_in_json_with_413(api_fr, politaine, content_type):
    body = json.dumps({"number": 1, "points": {"a": 7, "b": 4}, "padding": "x" * TOO_LARGE})
    response = api_fr.client.post(f"/api/v1/matches/{politaine['id']}/hands", body,
                                  content_type=content_type, **api_fr.headers())
    detail = refusal(response, 413, "too_large")["detail"]
    assert "Mo" in detail  # in French, with the limit in megabytes
    assert api_fr.get(f"/matches/{politaine['id']}").json()["hands"] == []


def test_a_large_body_without_a_token_is_still_a_json_refusal(client):
    response = client.post("/api/v1/matches", "x" * TOO_LARGE, content_type="application/json")
    assert response.status_code in (401, 413)
    assert set(response.json()) == {"detail", "code", "errors"}


@pytest.mark.django_db
def test_a_tournament_that_is_not_there_says_so(client, api):
    private = make_tournament(UserFactory(username="elsewhere"), teams=2, public=False)
    for path in (f"/tournaments/{private.pk}", f"/tournaments/{private.pk + 1000}",
                 f"/tournaments/{private.pk + 1000}/standings",
                 f"/tournaments/{private.pk}/rounds"):
        method = api.post if path.endswith("rounds") else api.get
        detail = refusal(method(path), 404, "not_found")["detail"]
        assert detail == "There is no such tournament, or it is not yours to see.", path
    french = ApiClient(client, issue_token(user=UserFactory()), language="fr")
    detail = refusal(french.get(f"/tournaments/{private.pk}"), 404, "not_found")["detail"]
    assert "tournoi" in detail and "partie" not in detail
    assert "match" in refusal(api.get("/matches/999999"), 404, "not_found")["detail"]


@pytest.mark.django_db
def test_the_api_refuses_one_player_on_two_seats_naming_them(api):
    answer = api.post("/matches", {
        "variant": "politaine", "team_a": {"name": "A", "players": ["Anne", "Marc"]},
        "team_b": {"name": "B", "players": ["Luc", "anne"]}})
    assert answer.status_code == 422
    body = json.dumps(answer.json())
    assert "player_in_two_seats" in body and "anne is named in two seats" in body
    assert not Match.objects.exists()
