"""A spectator's phone in Chromium: the public standings come in the phone's language; the
language switch works from them and from a signed-in organizer's page."""

import pytest
from playwright.sync_api import expect

from tests.tournaments.helpers import make_tournament, play_round
from tournaments import services

pytestmark = pytest.mark.e2e


def test_a_french_phone_follows_the_standings_and_switches_to_english_and_back(
        live_server, new_context, log_in):
    from tests.factories import UserFactory

    tournament = make_tournament(UserFactory(), teams=4)
    play_round(services.draw_next_round(tournament=tournament))
    url = f"{live_server.url}/t/{tournament.pk}/"

    phone = new_context(locale="fr-CA", viewport={"width": 390, "height": 844}).new_page()
    response = phone.goto(url)
    assert response.status == 200
    expect(phone.locator("html")).to_have_attribute("lang", "fr")
    expect(phone.locator("table.standings tbody tr")).to_have_count(4)
    expect(phone.locator("main")).to_contain_text("Classement")

    phone.select_option("#language", "en")
    phone.get_by_role("button", name="Changer").click()
    expect(phone.locator("html")).to_have_attribute("lang", "en")
    assert phone.url == url
    expect(phone.locator("main")).to_contain_text("Standings")
    expect(phone.locator("table.standings tbody tr")).to_have_count(4)

    # An organizer, signed in (their page holds a CSRF token), switches to French and back.
    organizer = new_context(viewport={"width": 1280, "height": 900}).new_page()
    log_in(organizer, "organizer")
    organizer.goto(url)
    organizer.select_option("#language", "fr")
    organizer.get_by_role("button", name="Change").click()
    expect(organizer.locator("html")).to_have_attribute("lang", "fr")
    assert organizer.url == url
    organizer.select_option("#language", "en")
    organizer.get_by_role("button", name="Changer").click()
    expect(organizer.locator("html")).to_have_attribute("lang", "en")
