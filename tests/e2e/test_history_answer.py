"""A save's answer changes only what the hand changes in the history (its row, the undo
button, the chart; the first hand opens the empty history): what the phone shows then is
what a reload draws, whatever else happened on the way (scoring/views/table.py)."""

import re

import pytest
from playwright.sync_api import expect

from scoring import rules, services
from scoring.models import Hand
from scoring.services import NewTeam
from tests.conftest import link_url
from tests.e2e.helpers import (
    expect_score,
    field,
    save,
    save_points,
    settled,
    type_points,
    wait_until,
)
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
    wait_until(page, lambda: held)  # saved on the server, its answer not yet on the phone
    assert len(held) == 1
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


LEVEL = (rules.Hand.played(6, 5), rules.Hand.played(5, 6))


def polls(url: str) -> bool:
    return "/live/" in url


def phone_with_three_hands(live_server, new_context):
    """A match at hands 1-3 (5-6, 6-5, 5-6) open on a phone whose routes see every request:
    its service worker, which would fetch out of their reach, is blocked."""
    match = new_match()
    for number in range(1, 4):
        services.record_hand(match=match.pk, number=number, hand=LEVEL[number % 2])
    page = new_context(service_workers="block").new_page()
    page.goto(live_server.url + link_url(match))
    expect(page.locator("#hand-1 .score")).to_have_text("5–6")
    return match, page


def test_a_save_after_a_refused_one_shows_another_phones_correction(live_server,
                                                                    new_context):
    """Weak venue Wi-Fi: the phone's polls do not get through while another phone corrects
    hand 1 (5-6 becomes 11-0). The keeper saves 7 and 7 (refused), then 7-4: the history
    shows the corrected hand 1 and the running scores that follow from it, and the polls,
    once through again, leave it so."""
    match, page = phone_with_three_hands(live_server, new_context)
    page.route(polls, lambda route: route.abort("internetdisconnected"))
    services.correct_hand(match=match.pk, number=1, hand=rules.Hand.played(11, 0))

    type_points(page, a=7, b=7)
    save(page)  # refused: 7 and 7 add up to 14
    expect(page.locator("#entry-title")).to_have_text("Hand 4")
    type_points(page, b=4)
    expect(field(page, "points_b")).to_have_value("4")
    save(page)
    expect_score(page, 29, 15)
    assert Hand.objects.filter(match=match).count() == 4

    page.unroute(polls)
    with page.expect_response(lambda response: polls(response.url)):
        pass  # a poll gets through again
    settled(page)
    expect(page.locator("#history tbody tr .score")).to_have_text(
        ["11–0", "17–5", "22–11", "29–15"])


def test_a_poll_answered_before_the_saves_answer_leaves_the_new_hand_once(live_server,
                                                                         new_context):
    """The phone saves hand 4; the server stores it and, while its answer is on the way, the
    phone's poll brings the whole history, hand 4 in it. The save's answer, arriving after,
    leaves one row for hand 4, and so do the polls after it."""
    match, page = phone_with_three_hands(live_server, new_context)
    held = []
    # The save is stored on the server at once; its answer is held (the checks pass).
    page.route("**/hands/", lambda route: held.append((route, route.fetch())))
    type_points(page, a=7)
    expect(field(page, "points_b")).to_have_value("4")
    page.locator("#entry button.primary").click()
    # Only a poll can draw hand 4's row while the save's answer is held.
    expect(page.locator("#history tbody tr")).to_have_count(4, timeout=10_000)
    assert len(held) == 1 and Hand.objects.filter(match=match).count() == 4
    # The poll's swap done (the save, held, is still in flight for htmx).
    expect(page.locator(".htmx-swapping, .htmx-settling")).to_have_count(0)
    route, answer = held[0]
    route.fulfill(response=answer)
    expect(page.locator("#flash")).to_contain_text("Hand 4 saved")
    settled(page)
    expect(page.locator("#history tbody tr th")).to_have_text(["1", "2", "3", "4"])
    with page.expect_response(lambda response: polls(response.url)):
        pass  # and a poll after it
    settled(page)
    expect(page.locator("#history tbody tr th")).to_have_text(["1", "2", "3", "4"])
