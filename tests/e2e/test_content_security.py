"""No page breaks its own Content Security Policy (issue 43, item 12), without loosening it
(style-src 'self'). htmx settles a swapped element by copying the old one's attributes onto
the new one; copying `style` is an inline style the policy refuses, logged on every swap
whose old element something had styled (a browser extension, a screenshot tool). The
console watch of tests/e2e/conftest.py fails the test on any violation."""

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import settled
from tests.tournaments.helpers import make_tournament

pytestmark = pytest.mark.e2e

STYLED_FROM_OUTSIDE = """() => document.querySelectorAll('#door-list tr, #door-list button')
    .forEach(element => { element.style.outline = '2px solid transparent'; })"""


def test_a_check_in_swapped_by_htmx_over_a_styled_row_breaks_no_policy(
        live_server, page, log_in):
    user = log_in(page)
    tournament = make_tournament(user, teams=4)
    page.goto(live_server.url + f"/tournaments/{tournament.pk}/teams/")
    page.evaluate(STYLED_FROM_OUTSIDE)
    for _ in range(2):  # checked in, then back
        button = page.locator("#door-list tbody tr").first.locator("button[aria-pressed]").first
        pressed = button.get_attribute("aria-pressed")
        button.click()
        expect(page.locator("#door-list tbody tr").first.locator(
            "button[aria-pressed]").first).not_to_have_attribute("aria-pressed", pressed)
        settled(page)
        page.evaluate(STYLED_FROM_OUTSIDE)
    page.wait_for_timeout(200)  # a violation is reported to the page a moment after
