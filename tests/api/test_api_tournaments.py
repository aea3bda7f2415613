"""The tournament API: create, draw, read, standings; matches scored through the match API."""

import pytest

from accounts.services import issue_token
from tests.api.conftest import ApiClient
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

TEAMS = [{"name": f"Équipe {i}", "players": [f"J{i}a", f"J{i}b"]} for i in range(1, 6)]


@pytest.fixture
def tournament(api):
    response = api.post("/tournaments", {"name": "Open de Rimouski", "variant": "politaine",
                                         "target": 11, "format": "swiss", "rounds": 3,
                                         "teams": TEAMS})
    assert response.status_code == 201, response.content
    return response.json()


def test_create_answers_201_with_teams_in_seed_order_and_no_round(tournament):
    assert tournament["name"] == "Open de Rimouski" and tournament["format"] == "swiss"
    assert tournament["public"] is True and tournament["rounds"] == []
    assert [(t["name"], t["seed"]) for t in tournament["teams"]] == [
        (f"Équipe {i}", i) for i in range(1, 6)]
    assert tournament["total_rounds"] == 3


@pytest.mark.parametrize(
    ("change", "code"),
    [({"format": "swiss", "rounds": 0}, "swiss_rounds"), ({"format": "ladder"}, "literal_error"),
     ({"teams": [{"name": "A"}, {"name": "A"}]}, "team_name_taken"),
     ({"teams": [{"name": "A", "players": ["solo"]}]}, "team"),
     ({"target": 5}, "target_range"), ({"name": ""}, "string_too_short"),
     ({"date": "not a date"}, "date_from_datetime_parsing")],
)
def test_bad_tournaments_are_refused(api, change, code):
    body = {"name": "Club", "variant": "politaine", "format": "round_robin", **change}
    response = api.post("/tournaments", body)
    assert response.status_code == 422, response.content
    codes = [e["code"] for e in response.json()["errors"]]
    assert code in codes or any(c.startswith(code.split("_")[0]) for c in codes), codes


def test_draw_a_round_score_it_through_the_match_api_and_read_the_standings(api, client,
                                                                            tournament):
    drawn = api.post(f"/tournaments/{tournament['id']}/rounds")
    assert drawn.status_code == 201
    round_1 = drawn.json()
    assert round_1["number"] == 1 and len(round_1["matches"]) == 2
    assert round_1["byes"] == [tournament["teams"][-1]["id"]]  # the lowest seed
    assert [m["table"] for m in round_1["matches"]] == [1, 2]
    again = api.post(f"/tournaments/{tournament['id']}/rounds")
    assert again.status_code == 409 and again.json()["code"] == "round_unfinished"
    for match in round_1["matches"]:
        keeper = ApiClient(client, match["scorekeeper_token"])
        response = keeper.post(f"/matches/{match['id']}/hands",
                               {"number": 1, "points": {"a": 11, "b": 0}})
        assert response.status_code == 201
        assert response.json()["hand"]["score"] == {"a": 11, "b": 0}
        assert keeper.get(f"/matches/{match['id']}").json()["tournament"] == {
            "id": tournament["id"], "name": "Open de Rimouski", "round": 1,
            "table": match["table"]}
    standings = ApiClient(client).get(f"/tournaments/{tournament['id']}/standings").json()
    rows = standings["standings"]
    assert [row["rank"] for row in rows] == [1, 2, 3, 4, 5]
    assert {row["team"]["id"] for row in rows if row["wins"] == 1} == {
        round_1["matches"][0]["team_a"], round_1["matches"][1]["team_a"], round_1["byes"][0]}
    bye = next(row for row in rows if row["team"]["id"] == round_1["byes"][0])
    assert (bye["byes"], bye["played"], bye["points_for"]) == (1, 0, 0)
    assert api.post(f"/tournaments/{tournament['id']}/rounds").status_code == 201


def test_public_tournaments_are_readable_without_a_token(client, tournament, api):
    api.post(f"/tournaments/{tournament['id']}/rounds")
    anyone = ApiClient(client)
    body = anyone.get(f"/tournaments/{tournament['id']}").json()
    assert body["rounds"][0]["matches"][0].get("scorekeeper_token") is None
    match_id = body["rounds"][0]["matches"][0]["id"]
    assert anyone.get(f"/matches/{match_id}").status_code == 200  # a public tournament's match
    assert anyone.post(f"/tournaments/{tournament['id']}/rounds").status_code == 401


def test_private_tournaments_and_other_users(client, api):
    private = api.post("/tournaments", {"name": "Privé", "variant": "quadrette",
                                        "format": "knockout", "public": False,
                                        "teams": TEAMS[:2]}).json()
    anyone = ApiClient(client)
    assert anyone.get(f"/tournaments/{private['id']}").status_code == 401
    assert anyone.get(f"/tournaments/{private['id']}/standings").status_code == 401
    stranger = ApiClient(client, issue_token(user=UserFactory()))
    assert stranger.get(f"/tournaments/{private['id']}").status_code == 404
    assert stranger.post(f"/tournaments/{private['id']}/rounds").status_code == 404
    match = api.post(f"/tournaments/{private['id']}/rounds").json()["matches"][0]
    assert anyone.get(f"/matches/{match['id']}").status_code == 401


def test_a_finished_format_has_no_round_left(api, client):
    knockout = api.post("/tournaments", {"name": "Finale", "variant": "politaine",
                                         "target": 11, "format": "knockout",
                                         "teams": TEAMS[:2]}).json()
    final = api.post(f"/tournaments/{knockout['id']}/rounds").json()["matches"][0]
    api.post(f"/matches/{final['id']}/hands", {"number": 1, "points": {"a": 11, "b": 0}})
    response = api.post(f"/tournaments/{knockout['id']}/rounds")
    assert response.status_code == 409 and response.json()["code"] == "no_round_left"
    assert api.get(f"/tournaments/{knockout['id']}").json()["finished"] is True
