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
