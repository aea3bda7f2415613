"""What a keeper sees at the table, hand after hand, on a phone and a laptop (issue 31)."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import choose, save, save_points, start_match, type_points

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
SHOTS = Path(os.environ.get("SHOTS", "test-results"))


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def in_view(page, selector) -> bool:
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_keeper_sees_who_deals_and_when_a_hand_ends_the_match(
        live_server, new_context, log_in, viewport):
    page = new_context(viewport=viewport).new_page()
    log_in(page)
    start_match(page, live_server.url, variant="politaine", first_dealer="N")
    dealer = page.locator("#entry-dealer")
    expect(dealer).to_have_text("North (Anne) deals this hand; East (Luc) leads.")
    # Another first dealer, drawn at the table: the form says so at once.
    choose(page, "first_dealer", "E", scope="#entry")
    expect(dealer).to_have_text("East (Luc) deals this hand; South (Marc) leads.")
    for a, b in ((11, 0), (11, 0), (2, 9)):
        save_points(page, a, b)
        # Where the keeper types next, she reads who deals it, the scoreboard scrolled away.
        assert in_view(page, "#entry-dealer")
    # Hand 4: round the table from East, North deals again.
    expect(dealer).to_have_text("North (Anne) deals this hand; East (Luc) leads.")
    type_points(page, a=10)
    ends = page.locator("#entry-feedback .ends")
    expect(ends).to_have_text("This hand ends the match: Les Bleus win 34–10.")
    # Read just above the button that saves it.
    page.locator("#entry button.primary").scroll_into_view_if_needed()
    assert in_view(page, "#entry-feedback .ends")
    shot(page, f"item6-ends-{'phone' if viewport == PHONE else 'laptop'}-en")
    save(page)
    expect(page.locator("#entry-title")).to_have_text("End of the match")
