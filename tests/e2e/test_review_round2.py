"""Outside review, round 2, in Chromium: a phone whose history differs from the database."""

import pytest
from playwright.sync_api import expect

from scoring import rules, services
from scoring.models import Hand
from tests.e2e.helpers import expect_score, field, save, type_points
from tests.factories import MatchFactory

pytestmark = pytest.mark.e2e


@pytest.fixture
def browser_context_args(browser_context_args):
    """The page's service worker would fetch for it, out of Playwright's routes' reach."""
    return {**browser_context_args, "service_workers": "block"}
LEVEL = (rules.Hand.played(6, 5), rules.Hand.played(5, 6))


def polls(url: str) -> bool:
    return "/live/" in url


def test_a_refused_save_then_a_good_one_leaves_another_phones_correction_unseen(
        live_server, page):
    """Weak venue Wi-Fi: phone A's polls do not get through for a few seconds, while phone
    B corrects hand 1 (5-6 becomes 11-0). Phone A's keeper presses Save with 7 and 7 (the
    form is refused, redrawn alone) then fixes it to 7-4 and saves. Phone A's scoreboard says
    29-15, but its history still shows hand 1 as 5-6 and rows 1-3 with the old running
    score 5-6, 11-11, 16-17; once the network is back, the polls answer 304 (the scoreboard
    carries the current version) and the wrong rows stay until the keeper reloads."""
    match = MatchFactory()
    for number in range(1, 4):
        services.record_hand(match=match.pk, number=number, hand=LEVEL[number % 2])
    match.refresh_from_db()
    page.goto(f"{live_server.url}/k/{match.scorekeeper_token}/")
    expect(page.locator("#hand-1 .score")).to_have_text("5–6")

    page.route(polls, lambda route: route.abort("internetdisconnected"))
    services.correct_hand(match=match.pk, number=1, hand=rules.Hand.played(11, 0))  # phone B

    type_points(page, a=7, b=7)
    save(page)  # refused: 7 and 7 add up to 14
    expect(page.locator("#entry-title")).to_have_text("Hand 4")
    type_points(page, b=4)
    expect(field(page, "points_b")).to_have_value("4")
    save(page)
    expect_score(page, 29, 15)
    assert Hand.objects.filter(match=match).count() == 4

    page.unroute(polls)
    page.wait_for_timeout(4000)  # a poll or two get through again
    expect(page.locator("#history tbody tr .score")).to_have_text(
        ["11–0", "17–5", "22–11", "29–15"])


def test_a_poll_answered_between_the_save_and_its_answer_doubles_the_new_row(
        live_server, page):
    """The phone saves hand 4; the server stores it, and while its answer is on the way (a
    slow phone network, a bigger answer than a poll's) the phone's poll, sent with the old
    ETag, is answered with the whole history, hand 4 in it. Then the save's answer arrives
    and adds hand 4's row again: the history shows hand 4 twice (two rows id="hand-4"),
    and no later poll repairs it (both answers carried the current version)."""
    match = MatchFactory()
    for number in range(1, 4):
        services.record_hand(match=match.pk, number=number, hand=LEVEL[number % 2])
    page.goto(f"{live_server.url}/k/{match.scorekeeper_token}/")
    held = []
    page.route("**/hands/", lambda route: held.append(route))  # the save, not the checks
    type_points(page, a=7)
    expect(field(page, "points_b")).to_have_value("4")
    page.locator("#entry button.primary").click()
    for _ in range(50):  # the save reaches the route
        if held:
            break
        page.wait_for_timeout(100)
    assert len(held) == 1
    answer = held[0].fetch()  # the server stores hand 4 and answers; the answer waits
    assert Hand.objects.filter(match=match).count() == 4
    with page.expect_response(lambda r: "/live/" in r.url and r.status == 200,
                              timeout=10_000):
        pass  # the next poll: the whole history, hand 4 in it
    page.wait_for_timeout(300)
    held[0].fulfill(response=answer)
    page.wait_for_timeout(4000)  # and a poll after it
    expect(page.locator("#history tbody tr th")).to_have_text(["1", "2", "3", "4"])
