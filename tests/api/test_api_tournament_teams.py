"""Check-in and withdrawals through the API, the champion, draws that cannot avoid a
rematch, and results that are final once the tournament is."""

import pytest

from accounts.services import issue_token
from tests.api.conftest import ApiClient
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def make(api, format="swiss", teams=4, **extra):
    body = {"name": "Soirée", "variant": "politaine", "target": 11, "format": format,
            "teams": [{"name": f"Équipe {i}"} for i in range(1, teams + 1)], **extra}
    response = api.post("/tournaments", body)
    assert response.status_code == 201, response.content
    return response.json()


def play(api, round_, winners="a"):
    """Each table of the round plays one hand that ends it; `winners` by table, cycled."""
    for number, match in enumerate(round_["matches"]):
        side = winners[number % len(winners)]
        points = {"a": 11, "b": 0} if side == "a" else {"a": 0, "b": 11}
        response = api.post(f"/matches/{match['id']}/hands", {"number": 1, "points": points})
        assert response.status_code == 201, response.content


def draw(api, tournament, **query):
    suffix = "?allow_rematches=true" if query.get("allow_rematches") else ""
    return api.post(f"/tournaments/{tournament['id']}/rounds{suffix}")


def team_url(tournament, team_id):
    return f"/tournaments/{tournament['id']}/teams/{team_id}"


def test_check_in_through_the_api_decides_who_is_drawn(api):
    tournament = make(api, teams=5)
    here = [team["id"] for team in tournament["teams"][:4]]
    for team_id in here:
        response = api.patch(team_url(tournament, team_id), {"checked_in": True})
        assert response.status_code == 200, response.content
        assert response.json()["checked_in"] is True and response.json()["withdrawn"] is False
    round_1 = draw(api, tournament).json()
    drawn = {t for m in round_1["matches"] for t in (m["team_a"], m["team_b"])} | set(
        round_1["byes"])
    assert drawn == set(here)


def test_a_withdrawal_mid_match_forfeits_it_and_the_team_goes_to_the_bottom(api, client):
    tournament = make(api, teams=4)
    round_1 = draw(api, tournament).json()
    match = round_1["matches"][0]
    api.post(f"/matches/{match['id']}/hands", {"number": 1, "points": {"a": 8, "b": 3}})
    leaving = match["team_a"]
    response = api.patch(team_url(tournament, leaving), {"withdrawn": True})
    assert response.status_code == 200 and response.json()["withdrawn"] is True
    forfeited = api.get(f"/matches/{match['id']}").json()
    assert forfeited["status"] == "finished" and forfeited["finish_reason"] == "forfeit"
    assert forfeited["winner"] == "b"
    standings = ApiClient(client).get(f"/tournaments/{tournament['id']}/standings").json()
    assert standings["standings"][-1]["team"]["id"] == leaving
    assert standings["standings"][-1]["withdrawn"] is True
    assert not any(row["withdrawn"] for row in standings["standings"][:-1])


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"withdrawn": "yes"}, 422, "bool_type"),
    ({"retired": True}, 422, "extra_forbidden"),
])
def test_bad_team_changes_are_refused(api, body, status, code):
    tournament = make(api)
    response = api.patch(team_url(tournament, tournament["teams"][0]["id"]), body)
    assert response.status_code == status
    assert code in [e["code"] for e in response.json()["errors"]]


def test_only_the_organizers_change_teams(api, client):
    tournament = make(api)
    team = tournament["teams"][0]["id"]
    assert ApiClient(client).patch(team_url(tournament, team), {"withdrawn": True}) \
        .status_code == 401
    stranger = ApiClient(client, issue_token(user=UserFactory()))
    assert stranger.patch(team_url(tournament, team), {"withdrawn": True}).status_code == 404
    missing = api.patch(team_url(tournament, 10**9), {"withdrawn": True})
    assert missing.status_code == 404 and "no such team" in missing.json()["detail"]
    other = make(api)
    elsewhere = api.patch(team_url(tournament, other["teams"][0]["id"]), {"withdrawn": True})
    assert elsewhere.status_code == 404
    keeper = ApiClient(client, draw(api, tournament).json()["matches"][0]["scorekeeper_token"])
    assert keeper.patch(team_url(tournament, team), {"withdrawn": True}).status_code == 403
    assert not any(t["withdrawn"] for t in api.get(f"/tournaments/{tournament['id']}")
                   .json()["teams"])


def test_the_champion_of_a_knockout_is_the_winner_of_the_final(api):
    tournament = make(api, format="knockout", teams=4)
    assert tournament["champion"] is None
    play(api, draw(api, tournament).json())
    final = draw(api, tournament).json()
    assert api.get(f"/tournaments/{tournament['id']}").json()["champion"] is None
    play(api, final, winners="b")
    body = api.get(f"/tournaments/{tournament['id']}").json()
    assert body["finished"] is True
    assert body["champion"] == final["matches"][0]["team_b"]


def test_a_withdrawn_team_is_never_the_round_robin_champion(api):
    tournament = make(api, format="round_robin", teams=4)
    first = tournament["teams"][0]["id"]
    # Team 1 wins the first two rounds, then leaves: its last game is won by forfeit.
    for _ in range(2):
        round_ = draw(api, tournament).json()
        play(api, round_, winners=["a" if m["team_a"] == first else "b" if m["team_b"] == first
                                   else "a" for m in round_["matches"]])
    assert api.patch(team_url(tournament, first), {"withdrawn": True}).status_code == 200
    last = draw(api, tournament).json()
    forfeit = next(m for m in last["matches"] if first in (m["team_a"], m["team_b"]))
    assert forfeit["status"] == "finished" and forfeit["winner"] != first
    play(api, {"matches": [m for m in last["matches"] if m is not forfeit]})
    body = api.get(f"/tournaments/{tournament['id']}").json()
    assert body["finished"] is True
    assert body["champion"] not in (None, first)
    standings = api.get(f"/tournaments/{tournament['id']}/standings").json()["standings"]
    assert standings[0]["team"]["id"] == body["champion"]
    assert {row["played"] for row in standings if not row["withdrawn"]} == {3}


def test_a_rematch_is_drawn_only_when_asked_and_names_the_pairs(api):
    tournament = make(api, teams=4, rounds=3)
    round_1 = draw(api, tournament).json()  # 1 v 3, 2 v 4
    play(api, round_1)
    one, two, three, four = (t["id"] for t in tournament["teams"])
    for gone in (two, four):
        api.patch(team_url(tournament, gone), {"withdrawn": True})
    refused = draw(api, tournament)
    assert refused.status_code == 409
    body = refused.json()
    assert body["code"] == "rematch_unavoidable"
    pairs = [e["message"] for e in body["errors"] if e["code"] == "rematch"]
    assert pairs == ["Équipe 1 and Équipe 3 would meet again (they met in round 1)."]
    assert len(api.get(f"/tournaments/{tournament['id']}").json()["rounds"]) == 1
    drawn = draw(api, tournament, allow_rematches=True)
    assert drawn.status_code == 201 and drawn.json()["with_rematches"] is True
    assert {drawn.json()["matches"][0]["team_a"], drawn.json()["matches"][0]["team_b"]} == {
        one, three}


def test_a_finished_tournament_is_final_for_table_links_not_for_organizers(api, client):
    tournament = make(api, format="knockout", teams=2)
    final = draw(api, tournament).json()["matches"][0]
    keeper = ApiClient(client, final["scorekeeper_token"])
    assert keeper.post(f"/matches/{final['id']}/hands",
                       {"number": 1, "points": {"a": 11, "b": 0}}).status_code == 201
    assert api.get(f"/tournaments/{tournament['id']}").json()["champion"] == final["team_a"]
    refused = keeper.put(f"/matches/{final['id']}/hands/1", {"points": {"a": 0, "b": 11}})
    assert refused.status_code == 409 and refused.json()["code"] == "tournament_over"
    assert "final" in refused.json()["detail"]
    assert keeper.delete(f"/matches/{final['id']}/hands/1").status_code == 409
    assert api.get(f"/tournaments/{tournament['id']}").json()["champion"] == final["team_a"]
    # The organizers may still correct: the champion follows.
    corrected = api.put(f"/matches/{final['id']}/hands/1", {"points": {"a": 0, "b": 11}})
    assert corrected.status_code == 200
    assert api.get(f"/tournaments/{tournament['id']}").json()["champion"] == final["team_b"]
    # And nobody joins or leaves a finished tournament.
    late = api.patch(team_url(tournament, final["team_a"]), {"withdrawn": True})
    assert late.status_code == 409 and late.json()["code"] == "tournament_over"


def test_the_swiss_rounds_default_to_what_suits_the_field(api):
    tournament = make(api, teams=12)  # no "rounds": ceil(log2 12) = 4
    assert tournament["swiss_rounds"] is None and tournament["total_rounds"] == 4
    draw(api, tournament)
    assert api.get(f"/tournaments/{tournament['id']}").json()["swiss_rounds"] == 4
    small = make(api, teams=4)  # at least 3, as far as the field allows
    assert small["total_rounds"] == 3
    pair = make(api, teams=2)
    assert pair["total_rounds"] == 1


def test_round_one_by_seed_or_at_random(api):
    seeded = make(api, teams=8)
    round_1 = draw(api, seeded).json()
    ids = [t["id"] for t in seeded["teams"]]
    assert [(m["team_a"], m["team_b"]) for m in round_1["matches"]] == [
        (ids[0], ids[4]), (ids[1], ids[5]), (ids[2], ids[6]), (ids[3], ids[7])]
    shuffled = make(api, teams=8, swiss_first_round="random")
    assert shuffled["swiss_first_round"] == "random"
    drawn = draw(api, shuffled).json()
    assert sorted(t for m in drawn["matches"] for t in (m["team_a"], m["team_b"])) == sorted(
        t["id"] for t in shuffled["teams"])


def test_a_match_owner_revokes_the_score_keeper_link(api, client, politaine):
    old = politaine["scorekeeper_token"]
    keeper = ApiClient(client, old)
    assert keeper.post(f"/matches/{politaine['id']}/scorekeeper-token").status_code == 403
    stranger = ApiClient(client, issue_token(user=UserFactory()))
    assert stranger.post(f"/matches/{politaine['id']}/scorekeeper-token").status_code == 404
    renewed = api.post(f"/matches/{politaine['id']}/scorekeeper-token")
    assert renewed.status_code == 200
    new = renewed.json()["scorekeeper_token"]
    assert new != old and new in renewed.json()["url"]
    assert keeper.get(f"/matches/{politaine['id']}").status_code == 401
    assert keeper.post(f"/matches/{politaine['id']}/hands",
                       {"number": 1, "points": {"a": 6, "b": 5}}).status_code == 401
    assert ApiClient(client, new).get(f"/matches/{politaine['id']}").status_code == 200
