"""A club evening in Chromium: the organizer creates a tournament and draws a round, a score
keeper scores a table through its link without an account, the public standings follow."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import expect_score, save_points

pytestmark = pytest.mark.e2e

TEAMS = "Les Bleuets; Ginette; Réal\nLes Castors; Lise; Gaétan\nLes Huards; Claudette; Yvon\n" \
        "Les Outardes; Monique; Normand"


def test_organizer_draws_a_keeper_scores_through_the_link_and_standings_change(
        live_server, page, new_context, log_in):
    organizer = new_context(viewport={"width": 1280, "height": 900}).new_page()
    log_in(organizer, "organizer")
    organizer.goto(live_server.url + "/tournaments/new/")
    organizer.fill("#id_name", "Soirée du club")
    organizer.select_option("#id_variant", "politaine")
    organizer.fill("#id_target", "11")
    # The list's words follow the format: players for an individual night, else teams.
    organizer.get_by_text("Individual: players come alone", exact=False).click()
    expect(organizer.get_by_label("Paste a list of players")).to_be_visible()
    expect(organizer.get_by_text("One player per line, in seed order.")).to_be_visible()
    expect(organizer.get_by_text("One team per line")).to_be_hidden()
    organizer.get_by_text("Swiss", exact=True).click()
    expect(organizer.get_by_label("Paste a list of teams")).to_be_visible()
    expect(organizer.get_by_text("One player per line, in seed order.")).to_be_hidden()
    organizer.fill("#id_swiss_rounds", "3")
    organizer.fill("#id_list-teams", TEAMS)
    organizer.get_by_role("button", name="Create the tournament").click()
    expect(organizer.get_by_role("heading", level=1)).to_have_text("Soirée du club")
    expect(organizer.locator("#dashboard")).to_contain_text("4 teams ready.")

    organizer.get_by_role("button", name="Draw round 1").click()
    expect(organizer.locator("main")).to_contain_text("Round 1 is drawn")
    # The table cards carry each table's score keeper link as a QR code.
    organizer.get_by_role("link", name="Print the table cards").click()
    expect(organizer.locator("article.slip-keeper")).to_have_count(2)
    # ... and the opponents' link on a slip of its own, for the team that confirms.
    expect(organizer.locator("article.slip-opponents")).to_have_count(2)
    expect(organizer.locator("article.slip svg")).to_have_count(4)
    link = organizer.locator("article.slip-keeper code").first.inner_text()
    table_1 = organizer.locator("article.slip-keeper").first.inner_text()
    winner = re.search(r"\n(Les \w+)\s*\(N–S\)", "\n" + table_1).group(1)

    # A spectator watches the public standings (no login).
    tournament_id = re.search(r"/tournaments/(\d+)/", organizer.url).group(1)
    spectator = new_context().new_page()
    spectator.goto(f"{live_server.url}/t/{tournament_id}/")
    expect(spectator.locator("table.standings tbody tr")).to_have_count(4)
    first_row = spectator.locator("table.standings tbody tr").first
    expect(first_row.locator("td.strong")).to_have_text("0")

    # The score keeper at table 1 opens the link: no account, straight to the table.
    page.goto(link)
    expect(page.locator("#entry-title")).to_have_text("Hand 1")
    expect(page.locator("#scoreboard h1")).to_contain_text("Soirée du club · round 1, table 1")
    save_points(page, 11, 0)
    expect_score(page, 11, 0)
    expect(page.locator("#scoreboard .standing")).to_contain_text(", 11–0 (target reached).")

    # The public standings follow within a few seconds, without a reload.
    expect(first_row.locator("td.strong")).to_have_text("1", timeout=15_000)
    # Provisional until the opponents confirm (a new tournament asks for the final result).
    expect(first_row.locator("td.name")).to_have_text(f"{winner} (provisional)")
    # And the organizer's dashboard shows the finished table.
    organizer.goto(f"{live_server.url}/tournaments/{tournament_id}/")
    expect(organizer.locator("#dashboard")).to_contain_text("1 table still playing.")
