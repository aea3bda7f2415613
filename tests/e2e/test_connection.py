"""A weak venue Wi-Fi: a save that does not get through says so, keeps what was typed, and
the same press of the button later stores the hand once."""

import pytest
from playwright.sync_api import expect

from scoring.models import Hand
from tests.e2e.helpers import expect_score, field, start_match, type_points

pytestmark = pytest.mark.e2e


def test_a_lost_connection_says_not_saved_and_the_retry_stores_the_hand_once(
        live_server, page, log_in):
    log_in(page)
    start_match(page, live_server.url, variant="politaine")
    type_points(page, a=7)
    expect(field(page, "points_b")).to_have_value("4")

    # The phone loses the network as the keeper presses Save.
    page.route("**/hands/", lambda route: route.abort("internetdisconnected"))
    page.locator("#entry button.primary").click()
    expect(page.locator("#connection")).to_be_visible()
    expect(page.locator("#connection")).to_contain_text("Not saved: the connection failed.")
    expect(field(page, "points_a")).to_have_value("7")  # what was typed is still there
    assert not Hand.objects.exists()

    # The server answers 503 (its database is away): the same, in other words.
    page.unroute("**/hands/")
    page.route("**/hands/", lambda route: route.fulfill(status=503, body="database away"))
    page.locator("#entry button.primary").click()
    expect(page.locator("#connection")).to_contain_text("Not saved: the server could not answer.")

    # Back online: the same press stores the hand, once.
    page.unroute("**/hands/")
    page.locator("#entry button.primary").click()
    expect_score(page, 7, 4)
    expect(page.locator("#connection")).to_be_hidden()
    assert Hand.objects.count() == 1
