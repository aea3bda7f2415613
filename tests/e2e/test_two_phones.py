"""Two phones on one match: the owner's, and a friend's through the score keeper link."""

import pytest
from playwright.sync_api import expect

from scoring.models import Hand
from tests.e2e.helpers import expect_score, field, save, start_match, type_points

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

    # The owner enters hand 1; the friend's phone shows it within a few seconds.
    type_points(page, a=7)
    expect(field(page, "points_b")).to_have_value("4")
    save(page)
    expect_score(other, 7, 4)
    expect(other.locator("#scoreboard .notice")).to_contain_text(
        "The hands changed on another phone while you were on hand 1.")

    # The friend, still on hand 1, enters it again: told, shown the score, nothing doubled.
    type_points(other, a=2)
    save(other)
    expect(other.locator("#flash")).to_contain_text(
        "Hand 1 is already entered, perhaps from another phone. The score is now 7–4; "
        "the next hand is hand 2.")
    expect(other.locator("#entry-title")).to_have_text("Hand 2")
    assert Hand.objects.count() == 1

    # The friend enters hand 2; the owner's phone follows.
    type_points(other, a=5)
    expect(field(other, "points_b")).to_have_value("6")
    save(other)
    expect_score(page, 12, 10)
    expect(page.locator("#hand-2")).to_be_visible()
    assert Hand.objects.get(number=2).entered_by is None
