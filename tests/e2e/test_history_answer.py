"""A save's answer changes only what the hand changes in the history (its row, the undo
button, the chart; the first hand opens the empty history): what the phone shows then is
what a reload draws, whatever else happened on the way (scoring/views/table.py)."""

import re

import pytest
from playwright.sync_api import expect

from scoring import rules, services
from scoring.services import NewTeam
from tests.conftest import link_url
from tests.e2e.helpers import field, save_points, settled
from tests.factories import UserFactory

pytestmark = pytest.mark.e2e


def history(page) -> str:
    """The history as the phone shows it, its CSRF tokens (new on each answer) and the
    spaces between its tags left out."""
    html = page.locator("#history").inner_html()
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)
    return re.sub(r"\s+", " ", re.sub(r">\s+<", "><", html)).strip()


def assert_shows_what_a_reload_draws(page):
    settled(page)
    shown = history(page)
    page.reload()
    assert shown == history(page)


def new_match(variant="politaine", **kwargs):
    return services.create_match(
        owner=UserFactory(), variant=variant, team_a=NewTeam("Les Bleus", ("Anne", "Marc")),
        team_b=NewTeam("Les Rouges", ("Luc", "Julie")), **kwargs)


@pytest.mark.parametrize("undone_before", [False, True])
def test_the_first_hands_leave_the_history_a_reload_draws(live_server, page, undone_before):
    match = new_match()
    if undone_before:  # hand 1 entered and undone: the changes list it
        services.record_hand(match=match, number=1, hand=rules.Hand.played(6, 5))
        services.undo_last_hand(match=match, number=1)
    page.goto(live_server.url + link_url(match))
    expect(page.locator("#no-hand-yet")).to_be_visible()
    with page.expect_response(lambda r: r.request.method == "POST" and "/check/" not in r.url
                              ) as answer:
        save_points(page, 7, 4)
    assert 'id="history"' not in answer.value.text()  # one row, not the whole history
    expect(page.locator("#history tbody tr")).to_have_count(1)
    expect(page.locator("#history table.history")).to_be_visible()
    expect(page.locator("#no-hand-yet")).to_have_count(0)
    expect(page.locator("#undo-button")).to_have_text("Undo hand 1")
    assert page.locator("#history .revisions li").count() == int(undone_before)
    assert_shows_what_a_reload_draws(page)
    save_points(page, 5, 6)
    expect(page.locator("#history tbody tr")).to_have_count(2)
    assert_shows_what_a_reload_draws(page)


def test_a_poll_that_drew_the_first_hand_first_is_left_as_it_is(live_server, page):
    """The first hand's answer is held on its way while the phone's poll draws the history
    with that hand in it, and another phone's hand 2: the answer, late, takes none out."""
    match = new_match(target=99)
    held = []
    page.route("**/hands/", lambda route: held.append((route, route.fetch())))
    page.goto(live_server.url + link_url(match))
    field(page, "points_a").fill("7")
    field(page, "points_b").fill("4")
    page.locator("#entry button.primary").click()
    page.wait_for_timeout(200)
    assert len(held) == 1  # saved on the server, its answer not yet on the phone
    services.record_hand(match=match.pk, number=2, hand=rules.Hand.played(5, 6))
    expect(page.locator("#history tbody tr")).to_have_count(2, timeout=8000)  # the poll
    # No later poll to draw the history again: what shows is what the answer left.
    page.route(re.compile(r"/live/"), lambda route: route.abort())
    route, response = held[0]
    route.fulfill(response=response)
    expect(page.locator("#flash")).to_contain_text("Hand 1 saved")
    settled(page)
    expect(page.locator("#history tbody tr")).to_have_count(2)
    expect(page.locator("#undo-button")).to_have_text("Undo hand 2")
    assert_shows_what_a_reload_draws(page)
