"""The answer to a write to a match's hands is built from the state the write returned: it
must be the very match object that GET /matches/{id} gives for the same match."""

import pytest

from tests.tournaments.helpers import make_tournament
from tournaments import services as tournaments

COUNT = {"a": {"aces": 2, "counters": 9, "last_trick": True},
         "b": {"aces": 2, "counters": 11, "last_trick": False}}


def hands(match):
    return f"/matches/{match['id']}/hands"


def same_as_get(api, match, response, status):
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    read = api.get(f"/matches/{match['id']}")
    assert read.status_code == 200
    assert response.json() == read.json()
    return response.json()


def test_every_kind_of_hand_answers_the_match_object_of_matchout(api, politaine):
    bodies = [{"number": 1, "points": {"a": 7, "b": 4}, "politaines": {"a": 1, "b": 0}},
              {"number": 2, "count": COUNT},
              {"number": 3, "points": {"a": 0, "b": 11}},
              {"number": 4, "four_sevens": "b"}]
    for body in bodies:
        answer = same_as_get(api, politaine, api.post(hands(politaine), body), 201)
    assert answer["status"] == "finished" and len(answer["hands"]) == 4
    assert answer["scorekeeper_token"] and answer["url"].startswith("http")
    corrected = same_as_get(api, politaine, api.put(hands(politaine) + "/4", {
        "points": {"a": 6, "b": 5}}), 200)
    assert corrected["status"] == "in_progress" and corrected["hands"][3]["points"] == {
        "a": 6, "b": 5}
    undone = same_as_get(api, politaine, api.delete(hands(politaine) + "/4"), 200)
    assert [hand["number"] for hand in undone["hands"]] == [1, 2, 3]


def test_a_quadrette_answers_its_tricks(api, quadrette):
    answer = same_as_get(api, quadrette, api.post(hands(quadrette), {
        "number": 1, "tricks": {"a": 6, "b": 0}}), 201)
    assert answer["hands"][0]["tricks"] == {"a": 6, "b": 0}


@pytest.mark.django_db
def test_a_tournament_table_answers_where_it_belongs(api, owner):
    tournament = make_tournament(owner, teams=2)
    table = tournaments.draw_next_round(tournament=tournament).tables.get()
    match = {"id": table.match_id}
    answer = same_as_get(api, match, api.post(hands(match), {
        "number": 1, "points": {"a": 11, "b": 0}}), 201)
    assert answer["tournament"]["table"] == table.number


def test_a_name_that_looks_like_json_stays_a_name(api):
    created = api.post("/matches", {
        "variant": "politaine", "team_a": {"name": '"hands": [], "x'},
        "team_b": {"name": "Les \"Rouges\" \\ é"}}).json()
    answer = same_as_get(api, created, api.post(hands(created), {
        "number": 1, "points": {"a": 6, "b": 5}}), 201)
    assert answer["team_a"]["name"] == '"hands": [], "x'
    assert len(answer["hands"]) == 1
