"""The answer to a write to a match's hands is built from the summary the write returned:
its hand and summary must be what GET /matches/{id} then gives, and the whole match object,
when preferred (Prefer: return=representation), the very object GET gives."""

import pytest

from tests.tournaments.helpers import make_tournament
from tournaments import services as tournaments

COUNT = {"a": {"aces": 2, "counters": 9, "last_trick": True},
         "b": {"aces": 2, "counters": 11, "last_trick": False}}


def hands(match):
    return f"/matches/{match['id']}/hands"


WHOLE = "return=representation"
SUMMARY = ("id", "status", "winner", "finish_reason", "score", "next_hand", "dealer", "version",
           "updated_at", "confirmation", "confirmed_hands", "dispute_reason",
           "entered_from_paper")


def same_as_get(api, match, response, status):
    """A write answered with the whole match: GET's object, to the key."""
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    assert response["Preference-Applied"] == WHOLE
    read = api.get(f"/matches/{match['id']}")
    assert read.status_code == 200
    assert response.json() == read.json()
    return response.json()


def minimal_as_get(api, match, response, status, number=None):
    """A write answered by default: its hand (`number`'s) and summary are GET's."""
    assert response.status_code == status, response.content
    assert "Preference-Applied" not in response and "Prefer" in response["Vary"]
    read = api.get(f"/matches/{match['id']}").json()
    body = response.json()
    assert {key: body["match"][key] for key in SUMMARY} == {key: read[key] for key in SUMMARY}
    assert body["match"]["hand_count"] == len(read["hands"])
    assert body["hand"] == (read["hands"][number - 1] if number else None)
    assert response["ETag"] == f'"match-{read["id"]}-v{read["version"]}"'
    return body


def test_every_kind_of_hand_answers_that_hand_and_the_summary_get_then_gives(api, politaine):
    bodies = [{"number": 1, "points": {"a": 7, "b": 4}, "politaines": {"a": 1, "b": 0}},
              {"number": 2, "count": COUNT},
              {"number": 3, "points": {"a": 0, "b": 11}},
              {"number": 4, "four_sevens": "b"}]
    for body in bodies:
        answer = minimal_as_get(api, politaine, api.post(hands(politaine), body), 201,
                                body["number"])
    assert answer["match"]["status"] == "finished"
    corrected = minimal_as_get(api, politaine, api.put(hands(politaine) + "/3", {
        "points": {"a": 6, "b": 5}}), 200, 3)
    assert corrected["hand"]["points"] == {"a": 6, "b": 5}
    undone = minimal_as_get(api, politaine, api.delete(hands(politaine) + "/4"), 200)
    assert undone["match"]["status"] == "in_progress" and undone["match"]["next_hand"] == 4
    again = minimal_as_get(api, politaine, api.post(hands(politaine), bodies[0]), 200, 1)
    assert again["hand"]["politaines"] == {"a": 1, "b": 0}  # a retry: that hand, as stored


def test_every_kind_of_hand_answers_the_match_object_of_matchout(api, politaine):
    bodies = [{"number": 1, "points": {"a": 7, "b": 4}, "politaines": {"a": 1, "b": 0}},
              {"number": 2, "count": COUNT},
              {"number": 3, "points": {"a": 0, "b": 11}},
              {"number": 4, "four_sevens": "b"}]
    for body in bodies:
        answer = same_as_get(api, politaine, api.post(hands(politaine), body, prefer=WHOLE), 201)
    assert answer["status"] == "finished" and len(answer["hands"]) == 4
    assert answer["scorekeeper_token"] and answer["url"].startswith("http")
    corrected = same_as_get(api, politaine, api.put(hands(politaine) + "/4", {
        "points": {"a": 6, "b": 5}}, prefer=WHOLE), 200)
    assert corrected["status"] == "in_progress" and corrected["hands"][3]["points"] == {
        "a": 6, "b": 5}
    undone = same_as_get(api, politaine, api.delete(hands(politaine) + "/4", prefer=WHOLE), 200)
    assert [hand["number"] for hand in undone["hands"]] == [1, 2, 3]


def test_a_quadrette_answers_its_tricks(api, quadrette):
    answer = same_as_get(api, quadrette, api.post(hands(quadrette), {
        "number": 1, "tricks": {"a": 6, "b": 0}}, prefer=WHOLE), 201)
    assert answer["hands"][0]["tricks"] == {"a": 6, "b": 0}


@pytest.mark.django_db
def test_a_tournament_table_answers_where_it_belongs(api, owner):
    tournament = make_tournament(owner, teams=2)
    table = tournaments.draw_next_round(tournament=tournament).tables.get()
    match = {"id": table.match_id}
    answer = same_as_get(api, match, api.post(hands(match), {
        "number": 1, "points": {"a": 11, "b": 0}}, prefer=WHOLE), 201)
    assert answer["tournament"]["table"] == table.number


def test_a_name_that_looks_like_json_stays_a_name(api):
    created = api.post("/matches", {
        "variant": "politaine", "team_a": {"name": '"hands": [], "x'},
        "team_b": {"name": "Les \"Rouges\" \\ é"}}).json()
    answer = same_as_get(api, created, api.post(hands(created), {
        "number": 1, "points": {"a": 6, "b": 5}}, prefer=WHOLE), 201)
    assert answer["team_a"]["name"] == '"hands": [], "x'
    assert len(answer["hands"]) == 1
