"""Entering a hand as a keeper on a phone really does it: typing fast, the first dealer, a
correction, the focus, a closed round's link, and the politaine floors."""

import contextlib
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from scoring import rules, services
from scoring.models import Hand, Match
from scoring.services import NewTeam
from tests.e2e.helpers import (
    choose,
    expect_score,
    field,
    settled,
    slot,
    type_in,
    type_points,
    wait_until,
)

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}


def own_match(user, **kwargs):
    return services.create_match(owner=user, variant="politaine", team_a=NewTeam("Les Bleus"),
                                 team_b=NewTeam("Les Rouges"), **kwargs)


def open_match_with_hand_1(live_server, page, log_in):
    """A keeper's match with hand 1 (7-4) entered, open on `page`."""
    match = own_match(log_in(page))
    services.record_hand(match=match, number=1, hand=rules.Hand.played(7, 4))
    page.goto(live_server.url + f"/matches/{match.pk}/")
    return match


def test_fast_typing_never_loses(live_server, page, log_in):
    """Type 8, see 3, clear it, type 6 and press Enter at once: 6-5 is saved."""
    user = log_in(page)
    match = own_match(user)
    page.goto(live_server.url + f"/matches/{match.pk}/")
    type_in(page, "points_a", 8)
    expect(field(page, "points_b")).to_have_value("3")
    points_a = field(page, "points_a")
    points_a.fill("")
    points_a.press_sequentially("6")  # no delay: machine speed, well within 150 ms
    points_a.press("Enter")
    expect(page.locator("#flash")).to_have_text("Hand 1 saved. The score is 6–5.")
    expect_score(page, 6, 5)
    assert [(h.points_a, h.points_b) for h in Hand.objects.all()] == [(6, 5)]


def type_8_and_hold_its_check(live_server, page, log_in) -> list:
    """On a new match, type 8: its live check leaves and is held on the way (the routes
    held are returned, to be let go when the test says); later checks go through."""
    match = own_match(log_in(page))
    held = []
    page.route("**/hands/check/",
               lambda route: route.continue_() if held else held.append(route))
    page.goto(live_server.url + f"/matches/{match.pk}/")
    type_in(page, "points_a", 8)
    wait_until(page, lambda: held)  # the check leaves once she pauses
    assert len(held) == 1
    return held


def test_a_live_check_answer_about_an_older_keystroke_is_dropped(live_server, page, log_in):
    """The answer for "8" comes back after the keeper typed "6", before the check of "6"
    leaves: it must not write 3."""
    match = own_match(log_in(page))
    held = []
    page.route("**/hands/check/",
               lambda route: route.continue_() if held else held.append(route))
    page.clock.install()
    page.goto(live_server.url + f"/matches/{match.pk}/")
    type_in(page, "points_a", 8)
    wait_until(page, lambda: held)
    # The page's clock stands still: the check of "6" waits for the keeper's pause.
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    type_in(page, "points_a", 6)
    held[0].continue_()
    assert held[0].request.response() is not None
    settled(page)
    assert field(page, "points_b").input_value() != "3"
    expect(page.locator("#entry-feedback")).not_to_contain_text("+8")
    # The check of "6" answers in its turn.
    page.clock.resume()
    expect(field(page, "points_b")).to_have_value("5")
    expect(page.locator("#entry-feedback")).to_contain_text("Les Bleus +6, Les Rouges +5.")


def test_a_politaine_ticked_while_the_points_are_checked_still_fills_in_the_other_share(
        live_server, page, log_in):
    """She types 8 and ticks Les Rouges' politaine while the check of her 8 is on its way:
    the politaine's check replaces it, and still fills in their 3 and shows the hand."""
    held = type_8_and_hold_its_check(live_server, page, log_in)
    with page.expect_response(lambda response: "/hands/check/" in response.url):
        choose(page, "politaines_b", "1", scope="#entry")  # the check of 8 is dropped
    settled(page)
    expect(field(page, "points_b")).to_have_value("3")
    expect(page.locator("#entry-feedback")).to_contain_text("Les Bleus +8, Les Rouges +14.")
    with contextlib.suppress(PlaywrightError):
        held[0].continue_()


def test_a_late_live_check_never_lands_in_the_next_hand(live_server, page, log_in):
    held = type_8_and_hold_its_check(live_server, page, log_in)
    field(page, "points_a").press("Enter")  # Save sends what is on the screen
    expect(page.locator("#entry-title")).to_have_text("Hand 2")
    expect_score(page, 8, 3)
    # The form that sent it is drawn again: its check is aborted (static/js/live-check.js),
    # and were it answered, the answer would land nowhere.
    with contextlib.suppress(PlaywrightError):
        held[0].continue_()
    held[0].request.response()  # its answer, or None at once: the page aborted it
    settled(page)
    expect(page.locator("#entry-feedback")).to_have_text("")
    expect(field(page, "points_b")).to_have_value("")


def test_a_share_the_keeper_clears_stays_hers_to_type(live_server, page, log_in):
    """The app's 4 cleared to type her own, or her own 7 cleared to type it again: a pause
    (she looks at the cards), a politaine ticked, and the share is still empty, so that
    what she types next is all it holds."""
    match = own_match(log_in(page))
    page.goto(live_server.url + f"/matches/{match.pk}/")
    type_in(page, "points_a", 7)
    expect(field(page, "points_b")).to_have_value("4")
    settled(page)  # htmx listens to the 4 it drew once settled (20 ms: no finger is quicker)
    with page.expect_response(lambda response: "/hands/check/" in response.url):
        field(page, "points_b").fill("")
    settled(page)
    with page.expect_response(lambda response: "/hands/check/" in response.url):
        choose(page, "politaines_b", "1", scope="#entry")
    settled(page)
    expect(field(page, "points_b")).to_have_value("")
    with page.expect_response(lambda response: "/hands/check/" in response.url):
        field(page, "points_b").press_sequentially("4")
    settled(page)
    with page.expect_response(lambda response: "/hands/check/" in response.url):
        field(page, "points_a").fill("")
    settled(page)
    expect(field(page, "points_a")).to_have_value("")
    field(page, "points_a").press_sequentially("6")
    expect(slot(page, "points")).to_contain_text("add up to 10")
    expect(field(page, "points_a")).to_have_value("6")


def test_the_share_the_keeper_moves_into_is_never_filled_in_under_her(live_server, page,
                                                                     log_in):
    """She types B's 4 and moves at once into A (blank) to type it herself: the check of
    her 4, sent while she is in A, leaves A alone; her 6 is all it holds."""
    match = own_match(log_in(page))
    page.clock.install()
    page.goto(live_server.url + f"/matches/{match.pk}/")
    settled(page)
    # The page's clock stands still while she types and moves: however slow the machine,
    # she is in A before the check's delay is up.
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    field(page, "points_b").press_sequentially("4")
    field(page, "points_a").focus()
    with page.expect_response(lambda response: "/hands/check/" in response.url):
        page.clock.resume()
    settled(page)
    expect(field(page, "points_a")).to_have_value("")
    field(page, "points_a").press_sequentially("6")
    expect(field(page, "points_a")).to_have_value("6")
    expect(slot(page, "points")).to_contain_text("add up to 10")


def test_the_first_dealer_chosen_on_hand_1_is_kept(live_server, new_context, log_in):
    page = new_context(viewport=PHONE).new_page()
    user = log_in(page)
    match = services.create_match(owner=user, variant="politaine", first_dealer="N",
                                  team_a=NewTeam("Les Bleus", ("Anne", "Marc")),
                                  team_b=NewTeam("Les Rouges", ("Luc", "Julie")))
    page.goto(live_server.url + f"/matches/{match.pk}/")
    # The points come first: above the fold of a phone, the chooser below them.
    box = field(page, "points_a").bounding_box()
    assert box["y"] + box["height"] <= PHONE["height"]
    choose(page, "first_dealer", "E", scope="#entry")
    expect(page.locator("#scoreboard .deal")).to_contain_text("East (Luc)")
    type_points(page, a=7)
    expect(field(page, "points_b")).to_have_value("4")
    field(page, "points_b").press("Enter")
    expect(page.locator("#entry-title")).to_have_text("Hand 2")
    match.refresh_from_db()
    assert match.first_dealer == "E"
    expect(page.locator("#scoreboard .deal")).to_contain_text("South (Marc)")  # E, then S


def test_a_correction_works_like_the_entry_form(live_server, page, log_in):
    open_match_with_hand_1(live_server, page, log_in)
    page.locator("#correct-hand-1").click()
    row = page.locator("#hand-1.editing")
    expect(row.locator("legend", has_text="Card points (they add up to 11)")).to_be_visible()
    expect(row.locator("legend", has_text="Politaines made (+11 each)")).to_be_visible()
    expect(row.locator("summary", has_text="Count the cards instead")).to_be_visible()
    # One team's points fill in the other's, and the corrected score shows as it is typed.
    points_a = row.locator("input[name=points_a]")
    points_a.fill("")
    points_a.press_sequentially("1")
    expect(row.locator("input[name=points_b]")).to_have_value("10")
    expect(row.locator("#edit-feedback")).to_contain_text("Score after the correction: 1–10.")
    # A politaine below its floor is refused there, as at entry.
    row.locator("label[for=edit-politaines_a_1]").click()
    expect(row.locator("#edit-slot-politaines_a")).to_contain_text(
        "1 politaine brings at least 2 card points")
    row.locator("label[for=edit-politaines_a_0]").click()
    points_a.fill("")
    points_a.press_sequentially("3")
    expect(row.locator("input[name=points_b]")).to_have_value("8")
    expect(row.locator("#edit-feedback")).to_contain_text("Score after the correction: 3–8.")
    row.locator("button[type=submit]").click()
    expect(page.locator("#flash")).to_contain_text("Hand 1 corrected. The score is 3–8.")
    assert (Hand.objects.get().points_a, Hand.objects.get().points_b) == (3, 8)


def test_focus_returns_to_the_first_points_field_after_a_save(live_server, page, log_in):
    user = log_in(page)
    match = own_match(user)
    page.goto(live_server.url + f"/matches/{match.pk}/")
    for number, points in enumerate((7, 2, 9), start=1):
        type_in(page, "points_a", points)
        expect(field(page, "points_b")).to_have_value(str(11 - points))
        page.keyboard.press("Enter")
        expect(page.locator("#entry-title")).to_have_text(f"Hand {number + 1}")
        # The phone's keyboard stays up: the new form's first field has the focus.
        expect(page.locator(f"#hand{number + 1}-points_a")).to_be_focused()


def test_a_share_typed_before_htmx_listens_to_the_next_hands_form_is_checked(
        live_server, page, log_in):
    """After a save, htmx listens to the next hand's form only once its answer has settled
    (htmx's settle delay; longer on a slow phone): a quick keeper's share typed before that
    is still checked and its partner filled in, as typed before a slow page's scripts ran."""
    match = own_match(log_in(page))
    page.goto(live_server.url + f"/matches/{match.pk}/")
    page.evaluate("() => { htmx.config.defaultSettleDelay = 2000; }")  # a slow phone's
    type_in(page, "points_a", 7)
    expect(field(page, "points_b")).to_have_value("4")
    page.keyboard.press("Enter")
    expect(page.locator("#entry-title")).to_have_text("Hand 2")
    type_in(page, "points_a", 9)  # before the answer settles: no htmx on this input yet
    expect(page.locator("#entry form.hand-form.htmx-settling, #entry.htmx-settling")
           ).to_have_count(1)
    expect(field(page, "points_b")).to_have_value("2")
    expect(page.locator("#entry-feedback")).to_contain_text("Les Bleus +9, Les Rouges +2.")
    page.keyboard.press("Enter")
    expect(page.locator("#flash")).to_have_text("Hand 2 saved. The score is 16–6.")


def test_a_keyboard_user_stays_where_they_were(live_server, page, log_in):
    match = open_match_with_hand_1(live_server, page, log_in)
    page.locator("#correct-hand-1").focus()
    # Another phone saves hand 2: the poll redraws the history, the focus stays put.
    services.record_hand(match=match, number=2, hand=rules.Hand.played(5, 6))
    expect(page.locator("#hand-2")).to_be_visible(timeout=10_000)
    expect(page.locator("#correct-hand-1")).to_be_focused()


def test_a_politaine_below_its_floor_is_refused_on_the_page(live_server, page, log_in):
    user = log_in(page)
    match = own_match(user)
    page.goto(live_server.url + f"/matches/{match.pk}/")
    type_points(page, a=1)
    choose(page, "politaines_a", "1", scope="#entry")
    expect(slot(page, "politaines_a")).to_have_text(
        "Les Bleus: 1 politaine brings at least 2 card points (three whole tricks, 12 cards, "
        "and only the eight 7s and 8s are worth nothing), not 1. Check the points or the "
        "politaines.")
    page.locator("#entry button.primary").click()
    settled(page)
    assert not Hand.objects.exists() and Match.objects.get().hand_count == 0


def test_a_late_poll_never_redraws_the_form_being_typed_in(live_server, page, log_in):
    """A poll sent while the form was blank, answered after the keeper saved the hand and
    began the next one (a slow server or network), must not wipe what is being typed."""
    user = log_in(page)
    match = own_match(user)
    held = []

    def hold_blank_poll(route):
        # The first poll sent for hand 2 with nothing typed waits until we let it go.
        query = parse_qs(urlparse(route.request.url).query, keep_blank_values=True)
        if not held and query.get("number") == ["2"] and query.get("points_a") == [""]:
            held.append(route)
        else:
            route.continue_()

    page.goto(live_server.url + f"/matches/{match.pk}/")
    type_in(page, "points_a", 7)
    expect(field(page, "points_b")).to_have_value("4")
    page.keyboard.press("Enter")
    expect(page.locator("#entry-title")).to_have_text("Hand 2")
    page.route("**/live/**", hold_blank_poll)
    # A poll goes out with hand 2's blank form, and is held.
    wait_until(page, lambda: held)
    type_in(page, "points_a", 2)
    expect(field(page, "points_b")).to_have_value("9")
    page.keyboard.press("Enter")
    expect(page.locator("#entry-title")).to_have_text("Hand 3")
    type_in(page, "points_a", 9)
    held[0].continue_()  # the late answer: hand 2 was blank, and the match has moved on
    settled(page)  # the poll's answer is in (htmx sends no other poll while one waits)
    expect(field(page, "points_a")).to_have_value("9")
    expect(field(page, "points_b")).to_have_value("2")
    page.keyboard.press("Enter")
    expect(page.locator("#entry-title")).to_have_text("Hand 4")
    assert list(Hand.objects.filter(match=match).order_by("number")
                .values_list("points_a", flat=True)) == [7, 2, 9]
