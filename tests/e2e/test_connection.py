"""A weak venue Wi-Fi: a save that does not get through is kept on the phone, shown as
waiting, and sent again until it is stored, once."""

import pytest
from playwright.sync_api import expect

from scoring.models import Hand
from tests.e2e.helpers import expect_score, field, start_match, type_points

pytestmark = pytest.mark.e2e


def saving(url: str) -> bool:
    return url.endswith(("/hands/", "/hands/send/"))


def test_a_save_that_does_not_get_through_is_kept_and_sent_again_until_stored_once(
        live_server, page, log_in, console_errors):
    console_errors.allow(r"status of 503")  # the server's answer this test makes up
    log_in(page)
    start_match(page, live_server.url, variant="politaine")
    type_points(page, a=7)
    expect(field(page, "points_b")).to_have_value("4")

    # The phone loses the network as the keeper presses Save (the browser still thinks it is
    # online): the hand is kept on the phone, and the keeper moves on to the next one.
    page.route(saving, lambda route: route.abort("internetdisconnected"))
    page.locator("#entry button.primary").click()
    expect(page.locator("#waiting-1")).to_contain_text("waiting to send")
    expect(page.locator("#waiting-1 .score")).to_have_text("7–4")
    expect(page.locator("#offline")).to_contain_text("Sending 1 hand kept on this phone")
    expect(page.locator("#connection")).to_be_hidden()
    expect(page.locator("#entry-title")).to_have_text("Hand 2")
    assert not Hand.objects.exists()

    # The server answers 503 (its database is away): still kept, tried again a little later.
    page.unroute(saving)
    page.route(saving, lambda route: route.fulfill(status=503, body="database away"))
    with page.expect_response(lambda r: saving(r.url) and r.status == 503, timeout=15_000):
        pass
    expect(page.locator("#waiting-1")).to_be_visible()
    assert not Hand.objects.exists()

    # The server is back: the hand is stored, once, without the keeper doing anything.
    page.unroute(saving)
    expect(page.locator("#offline")).to_be_hidden(timeout=15_000)
    expect_score(page, 7, 4)
    expect(page.locator("tr.waiting")).to_have_count(0)
    expect(page.locator("#hand-1")).to_be_visible()
    assert Hand.objects.count() == 1
