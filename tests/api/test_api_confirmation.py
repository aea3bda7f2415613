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
    return response.json()["match"]


def test_the_match_object_shows_the_confirmation_and_the_keepers_see_the_token(api, table):
    body = api.get(f"/matches/{table.pk}").json()
    assert (body["confirmation_mode"], body["confirmation"]) == ("result", "none")
    assert body["opponents_token"] == table.opponents_token
    assert body["entered_from_paper"] is False


def test_the_opponents_read_and_confirm_the_final_result(api, table):
    opponents = api.as_token(table.opponents_token)
    read = opponents.get(f"/matches/{table.pk}").json()
    assert read["confirmation"] == "none"
    refused = opponents.post(f"/matches/{table.pk}/confirm?version={read['version']}")
    assert refused.status_code == 409 and refused.json()["code"] == "nothing_to_confirm"
    add(api, table, 1, 8, 3)
    body = add(api, table, 2, 8, 3)
    assert body["status"] == "finished" and body["confirmation"] == "waiting"
    confirmed = opponents.post(f"/matches/{table.pk}/confirm?version={body['version']}")
    assert confirmed.status_code == 200
    assert confirmed.json()["match"]["confirmation"] == "confirmed"
    assert "opponents_token" not in confirmed.json()  # the secrets are the keepers'
    # Pressed twice (or on a second phone) at the score it read: no error.
    again = opponents.post(f"/matches/{table.pk}/confirm?version={body['version']}")
    assert again.status_code == 200 and again.json()["match"]["confirmation"] == "confirmed"


def test_a_dispute_carries_its_reason_and_a_correction_asks_again(api, table):
    opponents = api.as_token(table.opponents_token)
    add(api, table, 1, 8, 3)
    read = add(api, table, 2, 8, 3)
    body = opponents.post(f"/matches/{table.pk}/dispute", {"reason": "Hand 2 was 6–5",
                                                            "version": read["version"]}).json()
    body = body["match"]
    assert (body["confirmation"], body["dispute_reason"]) == ("disputed", "Hand 2 was 6–5")
    corrected = api.put(f"/matches/{table.pk}/hands/2", {"points": {"a": 9, "b": 2}}).json()
    corrected = corrected["match"]
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
    body = opponents.post(f"/matches/{by_hand.pk}/confirm?version={body['version']}").json()
    body = body["match"]
    assert (body["confirmation"], body["confirmed_hands"]) == ("confirmed", 1)
    body = add(api, by_hand, 2, 5, 6)  # level at 11: one more hand
    opponents.post(f"/matches/{by_hand.pk}/dispute", {"version": body["version"]})
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
    read = add(api, table, 2, 8, 3)
    body = api.post(f"/matches/{table.pk}/confirm?version={read['version']}").json()["match"]
    assert body["confirmation"] == "confirmed"
    assert table.confirmation_steps.get().action == "confirmed_for_team"


def test_a_standalone_match_asks_for_no_confirmation(api, politaine):
    assert politaine["confirmation"] == "none" and politaine["confirmation_mode"] == "none"
    response = api.post(f"/matches/{politaine['id']}/confirm?version={politaine['version']}")
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


# --- What was seen is what is confirmed (issue 30, item 4) ---------------------------------


def test_the_match_object_carries_its_version_and_the_answer_its_etag(api, table):
    opponents = api.as_token(table.opponents_token)
    response = opponents.get(f"/matches/{table.pk}")
    table.refresh_from_db()
    assert response.json()["version"] == table.version
    assert response["ETag"] == f'"match-{table.pk}-v{table.version}"'
    written = api.post(f"/matches/{table.pk}/hands", {"number": 1, "points": {"a": 8, "b": 3}})
    assert written["ETag"] == f'"match-{table.pk}-v{written.json()["match"]["version"]}"'
    assert written.json()["match"]["version"] == table.version + 1


def test_a_confirmation_says_which_version_it_confirms(api, table):
    opponents = api.as_token(table.opponents_token)
    add(api, table, 1, 8, 3)
    add(api, table, 2, 8, 3)
    for response in (opponents.post(f"/matches/{table.pk}/confirm"),
                     opponents.post(f"/matches/{table.pk}/dispute", {"reason": "non"}),
                     api.post(f"/matches/{table.pk}/confirm")):  # an organizer too
        assert response.status_code == 428, response.content
        assert response.json()["code"] == "version_required"
        assert "version" in response.json()["detail"]
    table.refresh_from_db()
    assert table.confirmation == "waiting"


def test_if_match_carries_the_version_read_and_a_changed_score_is_refused(api, table, client):
    add(api, table, 1, 8, 3)
    read = add(api, table, 2, 8, 3)
    headers = {"HTTP_AUTHORIZATION": f"Bearer {table.opponents_token}"}
    etag = f'"match-{table.pk}-v{read["version"]}"'
    api.put(f"/matches/{table.pk}/hands/2", {"points": {"a": 9, "b": 2}})
    refused = client.post(f"/api/v1/matches/{table.pk}/confirm", HTTP_IF_MATCH=etag, **headers)
    assert refused.status_code == 409 and refused.json()["code"] == "score_changed"
    assert "17–5" in refused.json()["detail"]  # the score as it is now
    now = client.get(f"/api/v1/matches/{table.pk}", **headers)
    confirmed = client.post(f"/api/v1/matches/{table.pk}/confirm", HTTP_IF_MATCH=now["ETag"],
                            **headers)
    body = confirmed.json()["match"]
    assert confirmed.status_code == 200 and body["confirmation"] == "confirmed"
    assert confirmed["ETag"] == f'"match-{table.pk}-v{body["version"]}"'


@pytest.mark.parametrize("if_match", ['"match-1-v"', "*", '"other"', "\x00", '"match-1-v9"' * 40])
def test_an_if_match_that_names_no_version_of_this_match_is_refused(api, table, client,
                                                                      if_match):
    add(api, table, 1, 8, 3)
    add(api, table, 2, 8, 3)
    response = client.post(f"/api/v1/matches/{table.pk}/confirm", HTTP_IF_MATCH=if_match,
                           HTTP_AUTHORIZATION=f"Bearer {table.opponents_token}")
    assert response.status_code in (409, 422, 428), response.content
    table.refresh_from_db()
    assert table.confirmation == "waiting"


def test_the_openapi_document_says_the_version_is_required(api):
    schema = api.get("/openapi.json").json()
    confirm = schema["paths"]["/api/v1/matches/{id}/confirm"]["post"]
    assert "428" in confirm["responses"]
    assert "If-Match" in confirm["description"]
    assert "version" in schema["components"]["schemas"]["MatchOut"]["required"]


# --- Each team its own link (issue 30, item 2) ---------------------------------------------


def test_a_new_opponents_token_and_the_old_one_answers_404(api, table, client):
    old = table.opponents_token
    response = api.post(f"/matches/{table.pk}/opponents-token")
    assert response.status_code == 200, response.content
    new = response.json()["opponents_token"]
    assert new != old and response.json()["scorekeeper_token"] == table.scorekeeper_token
    # The old token is no token any more: the API says so as for any unknown token.
    assert api.as_token(old).post(f"/matches/{table.pk}/confirm?version=1").status_code == 401
    assert api.as_token(old).post(f"/matches/{table.pk}/dispute",
                                  {"version": 1}).status_code == 401
    assert client.get(f"/o/{old}/").status_code == 404
    assert client.get(f"/o/{new}/").status_code == 200
    assert api.as_token(new).get(f"/matches/{table.pk}").status_code == 200
    # Only the match's keepers (through an account) make a new one.
    assert api.as_token(table.scorekeeper_token).post(
        f"/matches/{table.pk}/opponents-token").status_code == 403
    assert api.as_token(new).post(f"/matches/{table.pk}/opponents-token").status_code == 403
