"""Confirm and dispute through the API, with the opponents' token: every state."""

import pytest

from tests.tournaments.helpers import make_tournament
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(owner):
    """A tournament table asking for the final result, to 11."""
    tournament = make_tournament(owner, teams=2, format="round_robin")
    round_1 = services.draw_next_round(tournament=tournament)
    return round_1.tables.select_related("match").get().match


@pytest.fixture
def by_hand(owner):
    tournament = make_tournament(owner, teams=2, format="round_robin", confirmation="hand")
    round_1 = services.draw_next_round(tournament=tournament)
    return round_1.tables.select_related("match").get().match


def add(api, match, number, a, b):
    response = api.post(f"/matches/{match.pk}/hands", {"number": number,
                                                        "points": {"a": a, "b": b}})
    assert response.status_code == 201, response.content
    return response.json()


def test_the_match_object_shows_the_confirmation_and_the_keepers_see_the_token(api, table):
    body = api.get(f"/matches/{table.pk}").json()
    assert (body["confirmation_mode"], body["confirmation"]) == ("result", "none")
    assert body["opponents_token"] == table.opponents_token
    assert body["entered_from_paper"] is False


def test_the_opponents_read_and_confirm_the_final_result(api, table):
    opponents = api.as_token(table.opponents_token)
    assert opponents.get(f"/matches/{table.pk}").json()["confirmation"] == "none"
    refused = opponents.post(f"/matches/{table.pk}/confirm")
    assert refused.status_code == 409 and refused.json()["code"] == "nothing_to_confirm"
    add(api, table, 1, 8, 3)
    body = add(api, table, 2, 8, 3)
    assert body["status"] == "finished" and body["confirmation"] == "waiting"
    confirmed = opponents.post(f"/matches/{table.pk}/confirm")
    assert confirmed.status_code == 200
    assert confirmed.json()["confirmation"] == "confirmed"
    assert "opponents_token" not in confirmed.json()  # the secrets are the keepers'
    again = opponents.post(f"/matches/{table.pk}/confirm")
    assert again.status_code == 200 and again.json()["confirmation"] == "confirmed"


def test_a_dispute_carries_its_reason_and_a_correction_asks_again(api, table):
    opponents = api.as_token(table.opponents_token)
    add(api, table, 1, 8, 3)
    add(api, table, 2, 8, 3)
    body = opponents.post(f"/matches/{table.pk}/dispute", {"reason": "Hand 2 was 6–5"}).json()
    assert (body["confirmation"], body["dispute_reason"]) == ("disputed", "Hand 2 was 6–5")
    corrected = api.put(f"/matches/{table.pk}/hands/2", {"points": {"a": 9, "b": 2}}).json()
    assert (corrected["confirmation"], corrected["dispute_reason"]) == ("waiting", "")


def test_a_score_changed_since_it_was_read_is_refused(api, table):
    opponents = api.as_token(table.opponents_token)
    add(api, table, 1, 8, 3)
    add(api, table, 2, 8, 3)
    read = opponents.get(f"/matches/{table.pk}").json()
    api.put(f"/matches/{table.pk}/hands/2", {"points": {"a": 9, "b": 2}})
    match = table
    match.refresh_from_db()
    refused = opponents.post(f"/matches/{table.pk}/confirm?version={match.version - 2}")
    assert refused.status_code == 409 and refused.json()["code"] == "score_changed"
    assert read["score"] == {"a": 16, "b": 6}


def test_every_hand_and_no_next_hand_while_one_is_disputed(api, by_hand):
    opponents = api.as_token(by_hand.opponents_token)
    body = add(api, by_hand, 1, 6, 5)
    assert (body["confirmation"], body["confirmed_hands"]) == ("waiting", 0)
    body = opponents.post(f"/matches/{by_hand.pk}/confirm").json()
    assert (body["confirmation"], body["confirmed_hands"]) == ("confirmed", 1)
    add(api, by_hand, 2, 5, 6)  # level at 11: one more hand
    opponents.post(f"/matches/{by_hand.pk}/dispute", {})
    refused = api.post(f"/matches/{by_hand.pk}/hands", {"number": 3,
                                                        "points": {"a": 6, "b": 5}})
    assert refused.status_code == 409 and refused.json()["code"] == "hand_disputed"


def test_the_opponents_token_writes_no_hand_and_the_keepers_token_confirms_nothing(api, table):
    opponents = api.as_token(table.opponents_token)
    response = opponents.post(f"/matches/{table.pk}/hands", {"number": 1,
                                                              "points": {"a": 8, "b": 3}})
    assert response.status_code == 404
    add(api, table, 1, 8, 3)
    add(api, table, 2, 8, 3)
    keeper = api.as_token(table.scorekeeper_token)
    response = keeper.post(f"/matches/{table.pk}/confirm")
    assert response.status_code == 403 and response.json()["code"] == "keeper_cannot_confirm"
    other = api.as_token(table.opponents_token).post("/matches/999999/confirm")
    assert other.status_code == 404


def test_an_organizer_confirms_for_the_team(api, table):
    add(api, table, 1, 8, 3)
    add(api, table, 2, 8, 3)
    body = api.post(f"/matches/{table.pk}/confirm").json()
    assert body["confirmation"] == "confirmed"
    assert table.confirmation_steps.get().action == "confirmed_for_team"


def test_a_standalone_match_asks_for_no_confirmation(api, politaine):
    assert politaine["confirmation"] == "none" and politaine["confirmation_mode"] == "none"
    response = api.post(f"/matches/{politaine['id']}/confirm")
    assert response.status_code == 409 and response.json()["code"] == "no_confirmation"


def test_a_dispute_in_french_and_a_reason_too_long(api_fr, table):
    add(api_fr, table, 1, 8, 3)
    add(api_fr, table, 2, 8, 3)
    opponents = api_fr.as_token(table.opponents_token)
    refused = opponents.post(f"/matches/{table.pk}/dispute", {"reason": "x" * 301})
    assert refused.status_code == 422
    refused = opponents.post(f"/matches/{table.pk}/dispute", {"reason": 5})
    assert refused.status_code == 422


def test_a_tournament_chooses_its_confirmation(api):
    body = api.post("/tournaments", {"name": "Soirée", "variant": "politaine",
                                     "format": "round_robin", "confirmation": "hand",
                                     "teams": [{"name": "A"}, {"name": "B"}]}).json()
    assert body["confirmation"] == "hand"
    default = api.post("/tournaments", {"name": "Soirée 2", "variant": "politaine",
                                        "format": "round_robin",
                                        "teams": [{"name": "A"}, {"name": "B"}]}).json()
    assert default["confirmation"] == "result"
    refused = api.post("/tournaments", {"name": "Soirée 3", "variant": "politaine",
                                        "format": "round_robin", "confirmation": "maybe"})
    assert refused.status_code == 422
