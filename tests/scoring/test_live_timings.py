"""How often the live pages ask for news, and how soon what is typed is checked, are the
settings' (POLL_SECONDS, OFFLINE_RETRY_SECONDS, LIVE_CHECK_DELAY_MS): the browser tests run
them faster, production keeps its own."""

import pytest
from django.test import override_settings
from django.urls import reverse

from tests.conftest import url
from tests.tournaments.helpers import make_tournament
from tournaments import services as tournaments

pytestmark = pytest.mark.django_db

SLOW = {"table": 7, "opponents": 8, "public": 11, "player": 12, "projector": 13,
        "dashboard": 14, "season_projector": 31}


@override_settings(POLL_SECONDS=SLOW, OFFLINE_RETRY_SECONDS=9, LIVE_CHECK_DELAY_MS=120)
def test_the_keepers_page_polls_retries_and_checks_as_the_settings_say(client, match):
    client.force_login(match.owner)
    page = client.get(url(match)).content.decode()
    assert 'hx-trigger="every 7s"' in page
    assert 'data-retry-seconds="9"' in page
    assert 'hx-trigger="input delay:120ms"' in page and 'delay:300ms' not in page
    opponents = client.get(reverse("opponents", args=[match.opponents_token]))
    assert 'hx-trigger="every 8s"' in opponents.content.decode()


@override_settings(POLL_SECONDS=SLOW)
def test_a_nights_pages_poll_as_the_settings_say(client, organizer):
    tournament = make_tournament(organizer, teams=4)
    tournaments.draw_next_round(tournament=tournament)
    pages = {"dashboard": reverse("tournament_dashboard", args=[tournament.pk]),
             "public": reverse("public_standings", args=[tournament.pk]),
             "projector": reverse("public_projector", args=[tournament.pk])}
    for name, address in pages.items():
        assert f'hx-trigger="every {SLOW[name]}s"' in client.get(address).content.decode(), name
