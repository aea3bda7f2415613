"""The score keeper's pages with JavaScript off: every form posts and redirects."""

import pytest
from playwright.sync_api import expect

from scoring.models import Hand, Match
from tests.e2e.helpers import choose, correct_points, start_match

pytestmark = pytest.mark.e2e


@pytest.fixture
def page(new_context):
    return new_context(java_script_enabled=False).new_page()


def test_a_politaine_match_without_javascript(live_server, page, log_in_by_form):
    log_in_by_form(page)
    start_match(page, live_server.url, variant="politaine", first_dealer="E")
    expect(page.locator("#scoreboard")).to_contain_text("East (Luc)")

    # One team's points are enough: the other's are filled in on saving.
    page.locator("#entry input[name=points_a]").fill("7")
    page.locator("#entry button.primary").click()
    expect(page.locator("#flash")).to_contain_text("Hand 1 saved. The score is 7–4.")
    expect(page.locator("#scoreboard .total").first).to_have_text("7")

    # A 10-point hand comes back with the message and what was typed.
    page.locator("#entry input[name=points_a]").fill("6")
    page.locator("#entry input[name=points_b]").fill("4")
    page.locator("#entry button.primary").click()
    expect(page.locator("#entry")).to_contain_text("they always add up to 11. Recount.")
    expect(page.locator("#entry input[name=points_a]")).to_have_value("6")
    assert Hand.objects.count() == 1

    page.locator("#entry input[name=points_b]").fill("5")
    choose(page, "politaines_a", "1", scope="#entry")
    page.locator("#entry button.primary").click()
    expect(page.locator("#flash")).to_contain_text("Hand 2 saved. The score is 24–9.")

    # Correct hand 1 on its own page.
    correct_points(page, 1, 8, 3)
    expect(page.locator("#flash")).to_contain_text("Hand 1 corrected. The score is 25–8.")

    # Undo hand 2.
    page.get_by_role("button", name="Undo hand 2").click()
    expect(page.locator("#flash")).to_contain_text("Hand 2 undone.")
    expect(page.locator("#entry-title")).to_have_text("Hand 2")

    # Four sevens, confirmed.
    page.get_by_text("Four sevens", exact=True).click()
    page.get_by_label("Yes: one player was dealt all four 7s. The match ends now.").check()
    page.get_by_role("button", name="Four sevens for Les Rouges").click()
    expect(page.locator("#scoreboard .standing")).to_have_text(
        "Winners: Les Rouges, 3–8 (four sevens).")
    match = Match.objects.get()
    assert (match.winner, match.finish_reason) == ("b", "four_sevens")
