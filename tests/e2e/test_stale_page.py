"""A page drawn before its session ended (or before the app was updated) cannot save: the
keeper is told to reload, and what was typed stays."""

import pytest
from playwright.sync_api import expect

from scoring.models import Hand
from tests.e2e.helpers import field, shot, start_match, type_points

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("locale", ["en-CA", "fr-CA"])
def test_a_save_refused_before_any_view_tells_the_keeper_to_reload(
        live_server, new_context, log_in, console_errors, locale):
    console_errors.allow(r"Response Status Error Code 403 from /matches/\d+/")
    page = new_context(locale=locale).new_page()
    log_in(page)
    start_match(page, live_server.url, variant="politaine")
    page.context.clear_cookies()  # the session and its CSRF token gone, the page as drawn
    # The live check is refused as the save will be: the keeper is told while typing.
    type_points(page, a=7, b=4)
    with page.expect_response(lambda r: r.request.method == "POST" and "/hands/" in r.url):
        page.locator("#save-hand").click()
    banner = page.locator("#connection")
    expect(banner).to_be_visible()
    expect(banner.locator("[data-message=reload]")).to_be_visible()
    expect(banner.locator("[data-message=reload]")).to_contain_text(
        "reload it" if locale == "en-CA" else "rechargez-la")
    expect(field(page, "points_a")).to_have_value("7")
    expect(field(page, "points_b")).to_have_value("4")
    shot(page, f"stale-page-{locale}", full_page=True)
    assert Hand.objects.count() == 0
