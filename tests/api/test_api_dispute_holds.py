"""A dispute holds until it is really settled (issue 30, item 1), through the API: a net-zero
change to the disputed hand (other values and back, or undo and the same hand again) settles
nothing, in both modes."""

import pytest

from tests.factories import seen_version
from tests.tournaments.helpers import make_tournament
from tournaments import services

pytestmark = pytest.mark.django_db


def table_of(owner, confirmation):
    tournament = make_tournament(owner, teams=4, format="round_robin",
                                 confirmation=confirmation)
    round_1 = services.draw_next_round(tournament=tournament)
    return tournament, round_1.tables.select_related("match").get(number=1).match


def add(api, match, number, a, b, status=201):
    response = api.post(f"/matches/{match.pk}/hands", {"number": number,
                                                        "points": {"a": a, "b": b}})
    assert response.status_code == status, response.content
    return response.json().get("match", response.json())


def put(api, match, number, a, b):
    response = api.put(f"/matches/{match.pk}/hands/{number}", {"points": {"a": a, "b": b}})
    assert response.status_code == 200, response.content
    return response.json()["match"]


def test_every_hand_other_values_and_back_keep_the_next_hand_refused(api, owner):
    _tournament, match = table_of(owner, "hand")
    keeper = api.as_token(match.scorekeeper_token)
    opponents = api.as_token(match.opponents_token)
    add(keeper, match, 1, 6, 5)
    opponents.post(f"/matches/{match.pk}/dispute",
                   {"reason": "5–6", "version": seen_version(match)})
    assert put(keeper, match, 1, 5, 6)["confirmation"] == "waiting"
    body = put(keeper, match, 1, 6, 5)
    assert (body["confirmation"], body["dispute_reason"]) == ("disputed", "5–6")
    refused = add(keeper, match, 2, 6, 5, status=409)
    assert refused["code"] == "hand_disputed"


def test_every_hand_undo_and_the_same_hand_again_keep_the_next_hand_refused(api, owner):
    _tournament, match = table_of(owner, "hand")
    keeper = api.as_token(match.scorekeeper_token)
    add(keeper, match, 1, 6, 5)
    api.as_token(match.opponents_token).post(f"/matches/{match.pk}/dispute",
                                             {"version": seen_version(match)})
    assert keeper.delete(f"/matches/{match.pk}/hands/1").json()["match"]["confirmation"] == "none"
    assert add(keeper, match, 1, 6, 5)["confirmation"] == "disputed"
    assert add(keeper, match, 2, 6, 5, status=409)["code"] == "hand_disputed"
    # The opponents settle it: the next hand goes in.
    api.as_token(match.opponents_token).post(f"/matches/{match.pk}/confirm?version={seen_version(match)}")
    assert add(keeper, match, 2, 6, 5)["confirmation"] == "waiting"


def test_final_result_net_zero_changes_still_block_the_draw(api, owner):
    tournament, match = table_of(owner, "result")
    keeper = api.as_token(match.scorekeeper_token)
    add(keeper, match, 1, 8, 3)
    add(keeper, match, 2, 8, 3)
    api.as_token(match.opponents_token).post(f"/matches/{match.pk}/dispute",
                                             {"version": seen_version(match)})
    assert put(keeper, match, 2, 9, 2)["confirmation"] == "waiting"
    assert put(keeper, match, 2, 8, 3)["confirmation"] == "disputed"
    keeper.delete(f"/matches/{match.pk}/hands/2")
    assert add(keeper, match, 2, 8, 3)["confirmation"] == "disputed"
    other = tournament.rounds.get().tables.select_related("match").get(number=2).match
    add(api, other, 1, 8, 3)
    add(api, other, 2, 8, 3)
    refused = api.post(f"/tournaments/{tournament.pk}/rounds")
    assert refused.status_code == 409 and refused.json()["code"] == "round_disputed"
    # An organizer settles it for the team: the round closes.
    api.post(f"/matches/{match.pk}/confirm?version={seen_version(match)}")
    assert api.post(f"/tournaments/{tournament.pk}/rounds").status_code == 201
