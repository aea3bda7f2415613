"""A whole Politaine match played through the pages in Chromium, as a score keeper would."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Hand, Match
from tests.e2e.helpers import (
    choose,
    correct_points,
    expect_score,
    field,
    save,
    save_points,
    slot,
    start_match,
    type_points,
)

pytestmark = pytest.mark.e2e


def test_a_whole_politaine_match(live_server, page, log_in):
    log_in(page)
    start_match(page, live_server.url, variant="politaine", first_dealer="N")
    expect(page.locator("#scoreboard")).to_contain_text("North (Anne)")  # deals hand 1
    expect(page.locator("#scoreboard")).to_contain_text("East (Luc)")  # leads it

    # Hand 1: the keeper types 7, the app fills in 4 and shows what the hand gives.
    type_points(page, a=7)
    expect(field(page, "points_b")).to_have_value("4")
    expect(page.locator("#entry-feedback")).to_contain_text(
        "This hand: Les Bleus +7, Les Rouges +4.")
    save(page)
    expect(page.locator("#flash")).to_contain_text("Hand 1 saved. The score is 7–4.")
    expect_score(page, 7, 4)
    expect(page.locator("#entry-title")).to_have_text("Hand 2")

    # A 10-point hand is refused beside the fields, and nothing is saved.
    type_points(page, a=6, b=4)
    expect(slot(page, "points")).to_have_text(
        "The two teams' points add up to 10; they always add up to 11. Recount.")
    save(page)
    expect(slot(page, "points")).to_contain_text("add up to 10")
    expect(page.locator("#entry-title")).to_have_text("Hand 2")
    expect_score(page, 7, 4)
    type_points(page, b=5)
    expect(slot(page, "points")).to_have_text("")
    save(page)
    expect_score(page, 13, 9)

    # A politaine for Les Rouges: 8 card points + 11.
    type_points(page, a=3)
    choose(page, "politaines_b", "1", scope="#entry")
    expect(page.locator("#entry-feedback")).to_contain_text("Les Rouges +19")
    save(page)
    expect_score(page, 16, 28)
    expect(page.locator("#hand-3")).to_contain_text("politaine")

    # Correct hand 1 in place: it was 4–7.
    correct_points(page, 1, 4, 7)
    expect(page.locator("#flash")).to_contain_text("Hand 1 corrected. The score is 13–31.")
    expect_score(page, 13, 31)
    expect(page.locator("#history .revisions")).to_contain_text("Points 7–4 → Points 4–7")

    # Undo the politaine hand.
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Undo hand 3").click()
    expect(page.locator("#flash")).to_contain_text("Hand 3 undone.")
    expect_score(page, 10, 12)
    expect(page.locator("#entry-title")).to_have_text("Hand 3")
    expect(page.locator("#history .revisions")).to_contain_text("Hand 3 undone by anne")

    # Play on to 33–33: a tie at the target means another hand.
    for a, b in ((11, 0), (0, 11), (9, 2), (3, 8)):
        save_points(page, a, b)
    expect_score(page, 33, 33)
    expect(page.locator("#scoreboard .standing")).to_have_text(
        "Tied 33–33 at the target: another hand is played, until the totals differ.")
    expect(page.locator("#entry-title")).to_have_text("Hand 7")
    expect(page.locator("#scoreboard")).to_contain_text("South (Marc)")  # N, E, S, W, N, E, S

    type_points(page, a=6)
    save(page)
    expect(page.locator("#flash")).to_have_text("Hand 7 saved. The match is over.")
    expect(page.locator("#scoreboard .standing")).to_have_text(
        "Winners: Les Bleus, 39–38 (target reached).")
    expect(page.locator("main")).to_contain_text("End of the match")
    assert page.locator("main").inner_text().count("Les Bleus, 39–38") == 1  # said once
    expect(page.locator("#entry form.hand-form")).to_have_count(0)
    # The chart has both teams' lines, hand by hand: each save added its hand's segments
    # to the chart as drawn, as lines the browser draws (SVG, not unknown HTML elements).
    segments = page.locator("#chart-lines polyline.team-a")
    expect(segments).to_have_count(7)
    assert segments.evaluate_all("lines => lines.every(line => line.namespaceURI === "
                                 "'http://www.w3.org/2000/svg' && line.getBBox().width > 0)")
    # Each save added its row to the history (only that row came back): all in order.
    rows = page.locator("#history tbody tr")
    expect(rows.locator("td.score")).to_have_text(
        ["4–7", "10–12", "21–12", "21–23", "30–25", "33–33", "39–38"])
    expect(rows.locator("th")).to_have_text([str(n) for n in range(1, 8)])
    expect(page.locator("#undo-button")).to_have_text("Undo hand 7")

    match = Match.objects.get()
    assert (match.status, match.winner, match.score_a, match.score_b) == ("finished", "a", 39, 38)
    assert Hand.objects.filter(match=match).count() == 7
    page.screenshot(path="test-results/politaine-finished.png", full_page=True)


def test_four_sevens_ends_the_match_after_a_confirmation(live_server, page, log_in):
    log_in(page)
    start_match(page, live_server.url, variant="quatre_sept")
    type_points(page, a=2)
    save(page)
    expect_score(page, 2, 9)
    page.get_by_text("Four sevens", exact=True).click()
    page.get_by_role("button", name="Four sevens for Les Bleus").click()
    # The browser asks for the box to be ticked first: nothing is sent.
    expect(page.locator("#entry-title")).to_have_text("Hand 2")
    page.get_by_label(re.compile("one player was dealt all four 7s")).check()
    page.get_by_role("button", name="Four sevens for Les Bleus").click()
    expect(page.locator("#flash")).to_contain_text("Four sevens: the match is over.")
    expect(page.locator("#scoreboard .standing")).to_have_text(
        "Winners: Les Bleus, 2–9 (four sevens).")
    expect(page.locator("#hand-2")).to_contain_text("Four sevens: Les Bleus")
    # Like any hand, it can be undone: the match is back in progress.
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Undo hand 2").click()
    expect(page.locator("#entry-title")).to_have_text("Hand 2")
