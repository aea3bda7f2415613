"""An individual night through the API: players, tables by seat, who sits out, the players'
standings; hands through the match API as for any match."""

import pytest

from tests.api.conftest import ApiClient

pytestmark = pytest.mark.django_db

PLAYERS = [{"name": name} for name in (
    "Anne", "Bruno", "Carole", "Denis", "Élise", "François", "Gisèle", "Hugo", "Isabelle")]


@pytest.fixture
def night(api):
    response = api.post("/tournaments", {
        "name": "Vendredi à la mêlée", "variant": "politaine", "target": 11,
        "format": "individual", "rounds": 3, "players": PLAYERS,
        "sit_out_score": {"kind": "fixed", "points": 5}})
    assert response.status_code == 201, response.content
    return response.json()


def test_an_individual_night_is_created_with_its_players_and_what_a_round_sat_out_scores(
        night):
    assert night["format"] == "individual" and night["teams"] == []
    assert [(p["name"], p["seed"], p["checked_in"], p["withdrawn"]) for p in night["players"]] \
        == [(p["name"], seed, False, False) for seed, p in enumerate(PLAYERS, start=1)]
    assert night["sit_out_score"] == {"kind": "fixed", "points": 5}
    assert night["total_rounds"] == 3


@pytest.mark.parametrize("body", [
    {"format": "individual", "teams": [{"name": "Les Bleus"}]},
    {"format": "swiss", "players": [{"name": "Anne"}]},
    {"format": "individual", "players": PLAYERS, "sit_out_score": {"kind": "bonus"}},
    {"format": "individual", "players": PLAYERS, "rounds": 0},
    {"format": "individual", "players": [{"name": "Anne"}, {"name": "ANNE"}]},
])
def test_an_individual_night_with_teams_or_bad_settings_is_refused(api, body):
    response = api.post("/tournaments", {"name": "Club", "variant": "politaine", **body})
    assert response.status_code == 422, response.content


def test_a_round_seats_every_player_once_and_the_standings_count_partnerships(
        api, client, night):
    drawn = api.post(f"/tournaments/{night['id']}/rounds")
    assert drawn.status_code == 201, drawn.content
    round_1 = drawn.json()
    assert round_1["stage"] == "individual" and round_1["matches"] == []
    seated = [player for table in round_1["tables"] for player in table["seats"].values()]
    assert len(round_1["tables"]) == 2 and len(round_1["sitting_out"]) == 1
    assert sorted(seated + round_1["sitting_out"]) == sorted(p["id"] for p in night["players"])
    for table in round_1["tables"]:
        keeper = ApiClient(client, table["scorekeeper_token"])
        answer = keeper.post(f"/matches/{table['match']}/hands",
                             {"number": 1, "points": {"a": 11, "b": 0}})
        assert answer.status_code == 201, answer.content  # 11 of 11: North–South win
    tables = api.get(f"/tournaments/{night['id']}").json()["rounds"][0]["tables"]
    assert {t["winner"] for t in tables} == {"NS"} and {t["status"] for t in tables} == {
        "finished"}
    lines = {line["player"]["id"]: line for line in
             api.get(f"/tournaments/{night['id']}/standings").json()["standings"]}
    for table in tables:
        for seat, player in table["seats"].items():
            line = lines[player]
            assert (line["wins"], line["rounds_played"], line["sat_out"]) == (
                1 if seat in "NS" else 0, 1, 0)
            assert line["points_for"] == table["score"]["NS" if seat in "NS" else "EW"]
    out = lines[round_1["sitting_out"][0]]
    assert (out["sat_out"], out["rounds_played"], out["wins"], out["points_for"]) == (1, 0, 0, 5)


def test_a_late_player_is_added_and_a_player_withdrawn_through_the_api(api, night):
    added = api.post(f"/tournaments/{night['id']}/players", {"name": "Raymond"})
    assert added.status_code == 201, added.content
    assert added.json()["seed"] == 10
    player = night["players"][0]["id"]
    changed = api.patch(f"/tournaments/{night['id']}/players/{player}", {"withdrawn": True})
    assert changed.status_code == 200 and changed.json()["withdrawn"] is True
    drawn = api.post(f"/tournaments/{night['id']}/rounds").json()
    everyone = [p for t in drawn["tables"] for p in t["seats"].values()] + drawn["sitting_out"]
    assert added.json()["id"] in everyone and player not in everyone


def test_players_are_not_teams_and_teams_not_players(api, night):
    player = night["players"][0]["id"]
    assert api.patch(f"/tournaments/{night['id']}/teams/{player}",
                     {"checked_in": True}).status_code == 404
    swiss = api.post("/tournaments", {"name": "Open", "variant": "politaine",
                                      "format": "swiss", "teams": [{"name": "A"}, {"name": "B"}]})
    team = swiss.json()["teams"][0]["id"]
    assert api.patch(f"/tournaments/{swiss.json()['id']}/players/{team}",
                     {"checked_in": True}).status_code == 404
    assert api.post(f"/tournaments/{swiss.json()['id']}/players",
                    {"name": "Anne"}).status_code == 404
