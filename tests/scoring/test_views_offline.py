"""The keeper's page as an installable app, and the endpoint that receives the hands kept on
the phone while offline (static/js/offline.js sends them there, in order)."""

import html
import json
import re
import struct
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from scoring import rules, services
from scoring.models import Hand, HandRevision
from tests.conftest import link_url, url
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

P = rules.Hand.played


@pytest.fixture
def keeper(client, match):
    client.force_login(match.owner)
    return client


def data_attribute(body: str, name: str) -> str:
    return html.unescape(re.search(rf'{name}="([^"]*)"', body).group(1))


# --- Installable, and kept for a reload offline -----------------------------------------------


def test_the_service_worker_is_served_from_the_root_to_cover_every_page(client):
    response = client.get(reverse("service_worker"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]  # a new version is picked up at once
    # It reads the very caches the page fills (signed in, or through a link), and the
    # logout deletes the signed-in one.
    worker = response.content.decode()
    page_script = Path(finders.find("js/offline.js")).read_text(encoding="utf-8")
    logout_script = Path(finders.find("js/logout.js")).read_text(encoding="utf-8")
    caches = re.search(r"var CACHES = \[([^\]]+)\]", worker).group(1)
    link, account = re.findall(r'"([^"]+)"', caches)
    assert f'"{account}"\n    : "{link}"' in page_script
    assert f'const ACCOUNT_COPIES = "{account}"' in logout_script


@pytest.mark.parametrize("via", [url, link_url])
def test_the_manifest_opens_this_match_and_its_icons_exist(keeper, match, via):
    response = keeper.get(via(match, "manifest"), HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/manifest+json")
    manifest = json.loads(response.content)
    assert manifest["start_url"] == manifest["scope"] == via(match)
    assert manifest["name"] == "Politaine : Les Bleus – Les Rouges"
    assert manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        path = finders.find(icon["src"].removeprefix("/static/"))
        with open(path, "rb") as png:
            head = png.read(24)
        assert head[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", head[16:24])
        assert icon["sizes"] == f"{width}x{height}"


def test_the_page_links_its_manifest_and_the_offline_script_with_its_words_and_rules(keeper,
                                                                                     match):
    services.record_hand(match=match, number=1, hand=P(7, 4))
    body = keeper.get(url(match)).content.decode()
    assert f'<link rel="manifest" href="{url(match, "manifest")}">' in body
    assert "js/offline.js" in body and "<script>" not in body  # no inline script (CSP)
    assert data_attribute(body, "data-send-url") == url(match, "send")
    assert 'data-score-a="7" data-score-b="4" data-hand-count="1"' in body
    data = json.loads(data_attribute(body, "data-rules"))
    assert data["target"] == 33 and data["bonus"] == 11 and data["totals"]["points"] == 11
    assert data["card_points"][2][9][1] == rules.card_points(2, 9, True) == 6
    seats = [label.split()[0] for label in data["dealers"]["N"]]
    assert seats == ["North", "East", "South", "West"]
    french = keeper.get(url(match), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert data_attribute(french, "data-text-waiting") == "en attente d'envoi"
    assert data_attribute(french, "data-text-offline-many").startswith(
        "Pas de connexion : {count} tours sont gardés sur ce téléphone")


def test_la_quadrette_gets_its_points_for_every_split_of_the_tricks(client, user):
    match = MatchFactory(owner=user, variant="quadrette", target=7)
    client.force_login(user)
    data = json.loads(data_attribute(client.get(url(match)).content.decode(), "data-rules"))
    assert data["quadrette"] is True
    assert data["tricks"] == {"0": [0, 2], "1": [0, 1], "2": [0, 1], "3": [1, 1], "4": [1, 0],
                              "5": [1, 0], "6": [2, 0]}


# --- Sending the hands kept on the phone --------------------------------------------------------


def send(client, match, via=url, **fields):
    response = client.post(via(match, "send"), fields)
    return response.status_code, json.loads(response.content)


def test_a_kept_hand_is_saved_then_already_saved_when_sent_again(client, match):
    status, answer = send(client, match, link_url, number=1, points_a=7, first_dealer="E")
    assert (status, answer["status"]) == (201, "saved")
    assert answer["message"] == "Hand 1 saved. The score is 7–4."
    status, answer = send(client, match, link_url, number=1, points_a=7, points_b=4)
    assert (status, answer["status"]) == (200, "already_saved")
    assert answer["message"] == "Hand 1 was already saved, just as sent: nothing is entered twice."
    match.refresh_from_db()
    assert match.hand_count == 1 == Hand.objects.count() and match.first_dealer == "E"


def test_another_hand_under_a_taken_number_is_a_conflict_with_both_versions(keeper, match):
    services.record_hand(match=match, number=1, hand=P(9, 2))
    status, answer = send(keeper, match, number=1, points_a=3, politaines_b=1,
                          HTTP_ACCEPT_LANGUAGE="en")
    assert (status, answer["status"], answer["number"]) == (409, "conflict", 1)
    assert answer["saved"] == "Points 9–2"
    assert answer["sent"] == "Points 3–8, 1 politaine for Les Rouges"
    # The keeper keeps this phone's version: the hand is corrected, with its history.
    status, answer = send(keeper, match, number=1, points_a=3, politaines_b=1, correct="1")
    assert (status, answer["status"]) == (200, "corrected")
    assert Hand.objects.get().points_a == 3
    assert HandRevision.objects.get().action == "corrected"


def test_a_kept_hand_the_rules_refuse_is_refused_with_the_reason(keeper, match):
    status, answer = send(keeper, match, number=1, points_a=6, points_b=4)
    assert (status, answer["status"]) == (422, "refused")
    assert "add up to 10" in answer["message"]
    status, answer = send(keeper, match, number=3, points_a=6)
    assert (status, answer["status"]) == (409, "refused")
    assert answer["message"] == "The next hand is hand 1, not 3."
    status, answer = send(keeper, match, number="x")
    assert status == 422 and answer["status"] == "refused"
    assert not Hand.objects.exists()


def test_answers_are_in_the_keepers_language(keeper, match):
    services.record_hand(match=match, number=1, hand=P(9, 2))
    response = keeper.post(url(match, "send"), {"number": 1, "points_a": 9},
                           HTTP_ACCEPT_LANGUAGE="fr")
    assert json.loads(response.content)["message"] == (
        "Le tour 1 était déjà enregistré, tel qu'envoyé : rien n'est entré deux fois.")


def test_a_read_only_table_has_nothing_to_keep_offline(client, match):
    services.record_hand(match=match, number=1, hand=P(9, 2))
    # A stranger reaches nothing; the link of a match works as the page does.
    assert client.post(url(match, "send"), {"number": 2, "points_a": 5}).status_code == 302
    assert client.post(link_url(match, "send") + "x", {"number": 2}).status_code == 404


# --- Four sevens and a redeal kept on the phone ---------------------------------------------


def test_four_sevens_kept_offline_ends_the_match_once_however_often_it_is_sent(keeper, match):
    services.record_hand(match=match, number=1, hand=P(7, 4))
    fields = {"entry": "four_sevens", "number": 2, "team": "b", "confirm": "on"}
    status, answer = send(keeper, match, **fields)
    assert (status, answer["status"]) == (201, "saved")
    assert answer["message"] == "Four sevens: the match is over."
    status, answer = send(keeper, match, **fields)
    assert (status, answer["status"]) == (200, "already_saved")
    assert answer["message"] == "Hand 2 was already saved, just as sent: nothing is entered twice."
    match.refresh_from_db()
    assert (match.hand_count, match.winner, match.finish_reason) == (2, "b", "four_sevens")
    assert Hand.objects.filter(match=match, kind="four_sevens").count() == 1


def test_four_sevens_kept_offline_on_a_match_already_over_is_refused_with_the_reason(keeper,
                                                                                     match):
    services.record_hand(match=match, number=1, hand=rules.Hand.four_sevens("a"))
    status, answer = send(keeper, match, entry="four_sevens", number=2, team="b", confirm="on")
    assert (status, answer["status"]) == (409, "refused")
    assert answer["message"].startswith("This match is over (winners: Les Bleus")
    # Unconfirmed, or for no team: what the form would have said.
    status, answer = send(keeper, match, entry="four_sevens", number=2, team="c")
    assert (status, answer["status"]) == (422, "refused")
    assert "Tick the box to confirm the four sevens." in answer["message"]
    assert Hand.objects.filter(match=match).count() == 1


def test_four_sevens_kept_offline_under_a_hand_played_elsewhere_is_a_conflict_to_correct(
        keeper, match):
    services.record_hand(match=match, number=1, hand=P(9, 2))
    fields = {"entry": "four_sevens", "number": 1, "team": "a", "confirm": "on"}
    status, answer = send(keeper, match, **fields)
    assert (status, answer["status"], answer["saved"]) == (409, "conflict", "Points 9–2")
    assert answer["sent"] == "Four sevens: Les Bleus"
    status, answer = send(keeper, match, **fields, correct="1")
    assert (status, answer["status"]) == (200, "corrected")
    match.refresh_from_db()
    assert (match.winner, match.finish_reason) == ("a", "four_sevens")


def test_a_redeal_kept_offline_is_noted_once_however_often_it_is_sent(keeper, match):
    services.record_hand(match=match, number=1, hand=P(7, 4))
    status, answer = send(keeper, match, entry="redeal", number=2, redeals=1)
    assert (status, answer["status"]) == (201, "saved")
    assert answer["message"] == "Redeal noted: the same dealer deals again."
    status, answer = send(keeper, match, entry="redeal", number=2, redeals=1)
    assert (status, answer["status"]) == (200, "already_saved")
    assert answer["message"] == "This redeal was already noted: nothing is counted twice."
    match.refresh_from_db()
    assert (match.redeals, match.hand_count, match.score_a, match.score_b) == (1, 1, 7, 4)
    # The next one kept on the phone is the match's second.
    status, answer = send(keeper, match, entry="redeal", number=2, redeals=2)
    assert (status, answer["status"]) == (201, "saved")
    match.refresh_from_db()
    assert match.redeals == 2


def test_a_redeal_kept_offline_is_refused_once_the_match_is_over_or_when_garbled(keeper, match):
    services.record_hand(match=match, number=1, hand=rules.Hand.four_sevens("a"))
    status, answer = send(keeper, match, entry="redeal", number=2, redeals=1)
    assert (status, answer["status"]) == (409, "refused")
    assert answer["message"].startswith("This match is over")
    status, answer = send(keeper, match, entry="redeal", number=2, redeals="x")
    assert (status, answer["status"]) == (422, "refused")
    status, answer = send(keeper, match, entry="shuffle", number=2)
    assert (status, answer["status"]) == (422, "refused")
    assert answer["message"] == ("This phone sent something the app does not know. "
                                 "Reload the page.")
    match.refresh_from_db()
    assert match.redeals == 0


def test_la_quadrette_has_no_redeal_to_keep_offline(client, user):
    match = MatchFactory(owner=user, variant="quadrette", target=7)
    client.force_login(user)
    status, answer = send(client, match, entry="redeal", number=1, redeals=1)
    assert (status, answer["status"]) == (409, "refused")
    assert answer["message"] == "La Quadrette has no redeal rule."


def test_the_page_scores_kept_four_sevens_and_says_the_standing_as_it_will_be(keeper, match):
    body = keeper.get(url(match)).content.decode()
    data = json.loads(data_attribute(body, "data-rules"))
    assert data["four_sevens"] == {"points": [0, 0], "wins": True}
    assert data_attribute(body, "data-redeals") == "0"
    assert data_attribute(body, "data-text-standing-leading-2") == (
        "Leading: {team}, by {lead} points.")
    assert data_attribute(body, "data-text-standing-wins-four_sevens-b") == (
        "Winners: Les Rouges, {won}–{lost} (four sevens).")
    assert data_attribute(body, "data-text-total") == "{name}: {score} points"
    french = keeper.get(url(match), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert data_attribute(french, "data-text-pending-many") == (
        "Compte {count} tours pas encore envoyés.")
    assert data_attribute(french, "data-text-standing-level") == "Égalité à {a}–{b}."
    assert 'id="pending" hidden' in body


def test_the_standing_words_say_what_the_server_says_once_the_figures_are_in(match):
    from scoring.standing import standing_text, standing_words

    words = standing_words(match)
    hands = [P(7, 4), P(2, 9), P(5, 6), P(11, 0, 1, 0)]  # the last ends it
    for count in range(1, len(hands) + 1):
        state = rules.match_state("politaine", match.target, "N", hands[:count])
        a, b = state.score
        name = {"a": "Les Bleus", "b": "Les Rouges"}
        if state.finished:
            expected = words[f"wins-target-{state.winner}"].format(won=max(a, b), lost=min(a, b))
        elif state.leading_team is None:
            expected = words["level"].format(a=a, b=b)
        else:
            lead = abs(a - b)
            expected = words["leading-1" if lead == 1 else "leading-2"].format(
                team=name[state.leading_team], lead=lead)
        assert standing_text(match, state) == expected
    state = rules.match_state("politaine", match.target, "N",
                              [P(7, 4), rules.Hand.four_sevens("b")])
    assert standing_text(match, state) == words["wins-four_sevens-b"].format(won=4, lost=7)
