"""Creating, reading and listing matches through the API."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import rules, services
from scoring.models import Match
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db


def test_create_answers_201_with_the_match_object_the_token_and_the_page(politaine):
    assert politaine["variant"] == "politaine" and politaine["target"] == 33
    assert politaine["status"] == "in_progress" and politaine["winner"] is None
    assert politaine["finish_reason"] is None and politaine["tournament"] is None
    assert politaine["team_a"] == {"name": "Les Bleus", "players": ["Anne", "Marc"]}
    assert politaine["team_b"] == {"name": "Les Rouges", "players": ["Luc", "Julie"]}
    assert politaine["score"] == {"a": 0, "b": 0} and politaine["hands"] == []
    assert politaine["next_hand"] == 1 and politaine["dealer"] == "N"
    token = politaine["scorekeeper_token"]
    assert len(token) >= 22 and all(c.isalnum() or c in "-_" for c in token)  # >= 128 bits
    assert politaine["url"] == f"http://testserver/k/{token}/"
    match = Match.objects.get(pk=politaine["id"])
    assert (match.seat_n.name, match.seat_e.name, match.seat_s.name) == ("Anne", "Luc", "Marc")


@pytest.mark.parametrize(("variant", "target"), [("quatre_sept", 31), ("politaine", 33),
                                                  ("poule", 200), ("quadrette", 7)])
def test_defaults(api, variant, target):
    response = api.post("/matches", {"variant": variant, "team_a": {"name": "A"},
                                     "team_b": {"name": "B"}})
    body = response.json()
    assert response.status_code == 201
    assert (body["target"], body["first_dealer"], body["dealer"]) == (target, "N", "N")
    assert body["team_a"]["players"] == []


BASE = {"variant": "politaine", "team_a": {"name": "A"}, "team_b": {"name": "B"}}


@pytest.mark.parametrize(
    ("change", "field", "code", "english", "french"),
    [
        ({"target": 10}, "target", "target_range", "from 11 to 999", "de 11 à 999"),
        ({"target": 1000}, "target", "target_range", "from 11 to 999", "de 11 à 999"),
        ({"variant": "quadrette", "target": 100}, "target", "target_range", "from 1 to 99",
         "de 1 à 99"),
        ({"target": "33"}, "target", "int_type", "whole number", "nombre entier"),
        ({"target": 33.5}, "target", "int_type", "whole number", "nombre entier"),
        ({"variant": "belote"}, "variant", "literal_error", "must be one of", "doit être"),
        ({"first_dealer": "X"}, "first_dealer", "literal_error", "must be one of", "doit être"),
        ({"team_a": {"name": ""}}, "team_a.name", "string_too_short", "must not be empty",
         "vide"),
        ({"team_a": {"name": "x" * 61}}, "team_a.name", "string_too_long", "at most 60",
         "60"),
        ({"team_a": {"name": "   "}}, "team_a_name", "team_name", "1 to 60 characters",
         "1 à 60"),
        ({"team_b": {"name": "B", "players": ["Solo"]}}, "team_b_players", "team_players",
         "or neither", "ou aucun"),
        ({"team_b": {"name": "B", "players": ["A", "B", "C"]}}, "team_b.players", "too_long",
         "at most 2", "2"),
        ({"team_b": {"name": "B", "captain": "Luc"}}, "team_b.captain", "extra_forbidden",
         "not a field", "champ"),
        ({"colour": "blue"}, "colour", "extra_forbidden", "not a field", "champ"),
    ],
)
def test_a_bad_match_is_refused_in_the_callers_language(api, api_fr, change, field, code,
                                                         english, french):
    body = {**BASE, **change}
    for client, words in ((api, english), (api_fr, french)):
        response = client.post("/matches", body)
        assert response.status_code == 422, response.content
        error = response.json()
        assert (error["errors"][0]["field"], error["errors"][0]["code"]) == (field, code)
        assert words in error["detail"], error["detail"]
    assert not Match.objects.exists()


def test_a_missing_team_and_a_body_that_is_not_json(api):
    response = api.post("/matches", {"variant": "politaine", "team_a": {"name": "A"}})
    assert response.status_code == 422 and response.json()["errors"][0]["field"] == "team_b"
    response = api.post("/matches", raw="{not json")
    assert response.status_code == 400 and response.json()["code"] == "json_invalid"
    response = api.post("/matches", raw="[1, 2]")
    assert response.status_code == 422
    response = api.post("/matches", raw="")
    assert response.status_code == 422


def test_get_returns_the_match_with_its_hands(api, politaine):
    services.record_hand(match=politaine["id"], number=1, hand=rules.Hand.played(7, 4))
    services.record_hand(match=politaine["id"], number=2, hand=rules.Hand.played(3, 8, 0, 1))
    body = api.get(f"/matches/{politaine['id']}").json()
    assert body["score"] == {"a": 10, "b": 23} and body["next_hand"] == 3
    assert body["dealer"] == "S"
    assert body["hands"] == [
        {"number": 1, "dealer": "N", "kind": "played", "points": {"a": 7, "b": 4},
         "politaines": {"a": 0, "b": 0}, "score": {"a": 7, "b": 4}},
        {"number": 2, "dealer": "E", "kind": "played", "points": {"a": 3, "b": 8},
         "politaines": {"a": 0, "b": 1}, "score": {"a": 10, "b": 23}},
    ]


def test_the_list_is_the_callers_matches_newest_first_and_paginated(api, owner, politaine):
    for _ in range(24):
        MatchFactory(owner=owner)
    MatchFactory()  # someone else's
    first = api.get("/matches?page_size=10").json()
    assert first["count"] == 25 and first["page"] == 1 and len(first["items"]) == 10
    ids = [m["id"] for m in first["items"]]
    assert ids == sorted(ids, reverse=True)
    last = api.get("/matches?page=3&page_size=10").json()
    assert len(last["items"]) == 5 and last["items"][-1]["id"] == politaine["id"]
    assert api.get("/matches?page=9").json()["items"] == []
    assert api.get("/matches?page_size=1000").status_code == 422


def test_the_list_costs_the_same_queries_for_1_and_6_long_matches(api, owner):
    api.get("/matches")  # the token's first use of the minute is noted: a write, once

    def queries():
        with CaptureQueriesContext(connection) as captured:
            assert api.get("/matches").status_code == 200
        return len(captured)

    match = MatchFactory(owner=owner, variant="poule", target=999)
    services.record_hand(match=match, number=1, hand=rules.Hand.played(5, 6))
    few = queries()
    for _ in range(5):
        other = MatchFactory(owner=owner, variant="poule", target=999)
        for number in range(1, 11):
            services.record_hand(match=other, number=number, hand=rules.Hand.played(5, 6))
    assert queries() == few


def test_reading_one_match_costs_the_same_for_1_and_60_hands(api, owner):
    api.get("/matches")  # the token's first use of the minute is noted: a write, once
    counts = []
    for hands in (1, 60):
        match = MatchFactory(owner=owner, variant="poule", target=999)
        for number in range(1, hands + 1):
            services.record_hand(match=match, number=number, hand=rules.Hand.played(5, 6))
        with CaptureQueriesContext(connection) as captured:
            assert api.get(f"/matches/{match.pk}").json()["next_hand"] == hands + 1
        counts.append(len(captured))
    assert counts[0] == counts[1]


def test_the_openapi_document_and_the_docs_page(client):
    schema = client.get("/api/v1/openapi.json").json()
    assert set(schema["paths"]) == {"/api/v1/matches", "/api/v1/matches/{id}",
                                    "/api/v1/matches/{id}/hands",
                                    "/api/v1/matches/{id}/confirm",
                                    "/api/v1/matches/{id}/dispute",
                                    "/api/v1/matches/{id}/hands/{number}",
                                    "/api/v1/matches/{id}/scorekeeper-token",
                                    "/api/v1/matches/{id}/opponents-token",
                                    "/api/v1/tournaments", "/api/v1/tournaments/{id}",
                                    "/api/v1/tournaments/{id}/rounds",
                                    "/api/v1/tournaments/{id}/close",
                                    "/api/v1/tournaments/{id}/reopen",
                                    "/api/v1/tournaments/{id}/standings",
                                    "/api/v1/tournaments/{id}/teams/{team_id}",
                                    "/api/v1/tournaments/{id}/players",
                                    "/api/v1/tournaments/{id}/players/{player_id}",
                                    "/api/v1/clubs/{id}", "/api/v1/clubs/{id}/players",
                                    "/api/v1/clubs/{id}/ladder", "/api/v1/players/{id}",
                                    "/api/v1/seasons/{id}/standings",
                                    "/api/v1/clubs/{id}/nights",
                                    "/api/v1/tournaments/{id}/signups",
                                    "/api/v1/tournaments/{id}/signups/enter",
                                    "/api/v1/tournaments/{id}/signups/{signup_id}",
                                    "/api/v1/tournaments/{id}/signups/{signup_id}/confirm",
                                    "/api/v1/tournaments/{id}/signups/{signup_id}/decline",
                                    "/api/v1/me", "/api/v1/me/calendar",
                                    "/api/v1/clubs/{id}/invitations",
                                    "/api/v1/invitations/{token}",
                                    "/api/v1/invitations/{token}/accept"}
    docs = client.get("/api/v1/docs").content.decode()
    assert "/static/ninja/swagger-ui-bundle.js" in docs and "cdn." not in docs
