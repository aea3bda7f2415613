"""Two phones on one match: the owner's, and a friend's through the score keeper link."""

import pytest
from playwright.sync_api import expect

from scoring.models import Hand
from tests.e2e.helpers import (
    expect_score,
    field,
    save_points,
    shot,
    start_match,
    type_points,
)

pytestmark = pytest.mark.e2e


def test_a_hand_entered_on_one_phone_shows_on_the_other(live_server, page, new_context,
                                                        log_in):
    log_in(page)
    start_match(page, live_server.url, variant="politaine")
    link = page.locator("#scorekeeper-link").input_value()
    assert "/k/" in link
    other = new_context().new_page()  # no account: the link is enough
    other.goto(link)
    expect(other.locator("#entry-title")).to_have_text("Hand 1")

    # The owner enters hand 1; the friend's phone, where nobody is typing, shows it within a
    # few seconds and moves on to hand 2 by itself.
    save_points(page, 7, 4)
    expect_score(other, 7, 4)
    expect(other.locator("#entry-title")).to_have_text("Hand 2")
    expect(other.locator("#scoreboard .notice")).to_have_count(0)

    # The friend starts typing hand 2 while the owner saves it: the friend's form stays as
    # typed, and the friend is told.
    type_points(other, a=2)
    save_points(page, 5, 6)
    expect_score(other, 12, 10)
    expect(other.locator("#scoreboard .notice")).to_contain_text(
        "The hands changed on another phone while you were on hand 2.")
    expect(field(other, "points_a")).to_have_value("2")

    # Save waits (issue 31, item 10): the friend is told beside it, and shown the current
    # hand; nothing doubled.
    expect(other.locator("#entry-conflict [role=alert]")).to_contain_text(
        "The hands changed on another phone while you were on hand 2.")
    expect(other.locator("#save-hand")).to_be_disabled()
    other.locator("#entry-conflict a").click()
    expect(other.locator("#entry-title")).to_have_text("Hand 3")
    expect(other.locator("#save-hand")).to_be_enabled()
    assert Hand.objects.count() == 2

    # The friend enters hand 3; the owner's phone follows, and moves on too.
    save_points(other, 4, 7)
    expect_score(page, 16, 17)
    expect(page.locator("#hand-3")).to_be_visible()
    expect(page.locator("#entry-title")).to_have_text("Hand 4")
    assert Hand.objects.get(number=3).entered_by is None

    # Each phone shows every hand once, in order, and the chart's line through them: the
    # polls added the other phone's rows to the history as shown.
    for phone in (page, other):
        expect(phone.locator("#history tbody tr")).to_have_count(3)
        assert phone.locator("#history tbody tr").evaluate_all(
            "rows => rows.map((row) => row.id)") == ["hand-1", "hand-2", "hand-3"]
        expect(phone.locator("#chart-lines polyline")).to_have_count(6)
    shot(page, "two-phones-history-added-by-the-poll", full_page=True)
