"""Confirmation in Chromium: the keeper enters hands, the opponents confirm and dispute from
their own phone (their own browser context, no account), the organizer sees the dispute on
the dashboard and settles it."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import correct_points, expect_score, save_points, settled
from tests.tournaments.helpers import make_tournament
from tournaments import services

pytestmark = pytest.mark.e2e


def test_the_opponents_confirm_and_dispute_and_the_organizer_settles(
        live_server, page, new_context, log_in):
    organizer = new_context(viewport={"width": 1280, "height": 900}).new_page()
    user = log_in(organizer, "organizer")
    tournament = make_tournament(user, teams=2, format="round_robin", target=21,
                                 confirmation="hand")
    match = services.draw_next_round(tournament=tournament).tables.get().match

    # The keeper enters hand 1 through the score keeper link.
    page.goto(f"{live_server.url}/k/{match.scorekeeper_token}/")
    save_points(page, 7, 4)
    expect_score(page, 7, 4)

    # The opponents open their own link, on their own phone: hand 1 waits for them.
    opponents = new_context().new_page()
    opponents.goto(f"{live_server.url}/o/{match.opponents_token}/")
    expect(opponents.locator("#confirmation-state")).to_contain_text(
        "Waiting for your confirmation")
    expect(opponents.locator("#hand-1")).to_contain_text("waiting")
    opponents.get_by_role("button", name="Confirm 7–4").click()
    expect(opponents.locator(".messages")).to_contain_text("the score is confirmed")
    expect(opponents.locator("#hand-1")).to_contain_text("confirmed")

    # Hand 2 appears on the opponents' phone by itself; they dispute it, with a reason.
    save_points(page, 6, 5)
    expect(opponents.locator("#hand-2")).to_contain_text("waiting", timeout=15_000)
    opponents.fill("#dispute-reason", "Hand 2 was 5–6")
    opponents.get_by_role("button", name="Dispute the score").click()
    expect(opponents.locator("#confirmation-state")).to_contain_text("Hand 2 was 5–6")

    # The keeper cannot go on while hand 2 is disputed, and is told why.
    save_points(page, 8, 3)
    expect(page.locator("#flash")).to_contain_text("The opponents dispute hand 2")
    expect(page.locator("#disputed")).to_contain_text("“Hand 2 was 5–6”")
    expect_score(page, 13, 9)

    # The organizer sees the dispute and its reason; the next round waits for it.
    organizer.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    expect(organizer.locator("#disputed")).to_contain_text("1 result is disputed")
    expect(organizer.locator("ol.tables")).to_contain_text("disputed: “Hand 2 was 5–6”")
    # Settled by correcting the hand on the table's page.
    organizer.locator("ol.tables").get_by_role("link", name="Open").click()
    correct_points(organizer, 2, 5, 6)
    settled(organizer)
    expect_score(organizer, 12, 10)
    organizer.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    expect(organizer.locator("ol.tables")).to_contain_text("waiting for confirmation")
    organizer.get_by_role("button", name="Confirm for the opponents").click()
    expect(organizer.locator(".messages")).to_contain_text("confirmed for the opponents")
    expect(organizer.locator("ol.tables")).to_contain_text("confirmed")

    # The opponents' phone follows, with every step in the match's history.
    expect(opponents.locator("#confirmation-state")).to_contain_text(
        "Every hand so far is confirmed", timeout=15_000)
    history = opponents.locator("#confirmation-history")
    # Named by what they did, never by their login name (they gave no name).
    expect(history).to_contain_text("for the team by an organizer, through an organizer's "
                                    "account")
    expect(history).to_contain_text("Disputed at 13–9 (2 hands) by the opponents, through the "
                                    "opponents' link: “Hand 2 was 5–6”")

    # And the keeper goes on.
    page.reload()
    save_points(page, 8, 3)
    expect_score(page, 20, 13)


def pages_of(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def test_each_score_sheet_prints_on_one_page_of_a4_and_of_letter(live_server, page, log_in):
    user = log_in(page, "organizer")
    for variant, target in (("politaine", 33), ("quadrette", 7)):
        tournament = make_tournament(user, teams=6, variant=variant, target=target)
        services.draw_next_round(tournament=tournament)
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/rounds/1/sheets/")
        expect(page.locator("article.sheet")).to_have_count(3)
        page.emulate_media(media="print")
        for paper_format in ("A4", "Letter"):
            assert pages_of(page.pdf(format=paper_format)) == 3, (variant, paper_format)
        page.emulate_media(media="screen")
