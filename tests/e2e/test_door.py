"""The door of a 40-player night (issue 43, item 4), in Chromium on a 390 x 844 phone: one
compact line a player, a search that narrows the list as a name is typed, "Check in everyone
listed", and the count checked in kept in view while the list scrolls; the same page for a
team tournament in French. Checked with axe-core and for its width at a phone's size and a
laptop's; SCREENSHOTS=folder saves them."""

import pytest
from playwright.sync_api import expect

from scoring.services import NewTeam
from tests.e2e.accessibility import LAPTOP, PHONE, axe_violations, too_wide
from tests.e2e.helpers import settled, shot
from tests.tournaments.helpers import make_tournament
from tournaments import services
from tournaments.services import Settings

pytestmark = pytest.mark.e2e

FIRST = ["Anne", "Bruno", "Carole", "Denis", "Élise", "François", "Gisèle", "Hugo",
         "Isabelle", "Jacques"]
LAST = ["Tremblay", "Gagnon", "Côté", "Bouchard"]
PLAYERS = [f"{first} {last}" for last in LAST for first in FIRST]  # 40, 10 Tremblay


def test_the_door_of_a_forty_player_night_on_a_phone(live_server, new_context, log_in):
    page = new_context(viewport=PHONE).new_page()
    user = log_in(page)
    night = services.create_tournament(owner=user, settings=Settings(
        name="Soirée du club", variant="politaine", format="individual", target=11),
        teams=[NewTeam(name) for name in PLAYERS])
    early = list(night.entries.filter(seed__range=(4, 12)))  # 7 Tremblay and 2 Gagnon
    for entry in early:
        services.set_entry_flags(entry=entry, checked_in=True)
    checked = len(early)
    page.goto(live_server.url + f"/tournaments/{night.pk}/teams/")
    count = page.locator("#checked-in-count")
    expect(count).to_have_text(f"{checked} of 40 players checked in.")
    rows = page.locator("#door-list tbody tr")
    expect(rows).to_have_count(40)
    settled(page)
    # One line a player: the list is at most 60 px a player, every switch a 44 px target.
    heights = [box["height"] for box in (rows.nth(i).bounding_box() for i in range(40))]
    assert max(heights) <= 60, heights
    assert page.locator("#door-list tbody").bounding_box()["height"] / 40 <= 60
    first_row = page.locator(f"#entry-{night.entries.get(seed=1).pk}")
    for control in first_row.locator("button, a, input.seed").all():
        box = control.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, control.inner_html()
    shot(page, "door-en-phone", full_page=True)
    assert axe_violations(page) == []
    assert too_wide(page, PHONE, LAPTOP) == []

    # The name typed narrows the list at once, accents and case aside.
    page.get_by_label("Find a player").press_sequentially("trEmbl")
    visible = page.locator("#door-list tbody tr:visible")
    expect(visible).to_have_count(10)
    expect(page.locator("#door-list tbody tr:visible td.team-name")).to_have_text(
        [f"{first} Tremblay" for first in FIRST])
    page.get_by_label("Find a player").fill("ÉLISE")
    expect(visible).to_have_count(4)
    page.get_by_label("Find a player").fill("trembl")
    expect(visible).to_have_count(10)
    shot(page, "door-en-phone-search")

    # Everyone listed, and no one else, is checked in; the list stays narrowed.
    page.get_by_role("button", name="Check in everyone listed").click()
    expect(count).to_have_text(f"{checked + 3} of 40 players checked in.")
    expect(visible).to_have_count(10)
    expect(page.locator("#door-list tbody tr:visible button[aria-pressed=true]"
                        ":has-text('Checked in')")).to_have_count(10)
    assert set(night.entries.filter(checked_in=True).values_list("team__name", flat=True)) \
        == {e.team.name for e in early} | {name for name in PLAYERS if "Tremblay" in name}
    assert axe_violations(page) == []

    # Every player again; a switch tapped far down the list: the count, in view, follows.
    page.get_by_label("Find a player").fill("")
    expect(visible).to_have_count(40)
    late = page.get_by_role("button", name="Not checked in (Jacques Bouchard)")
    late.scroll_into_view_if_needed()
    late.click()
    expect(page.get_by_role("button", name="Checked in (Jacques Bouchard)")).to_be_visible()
    expect(count).to_have_text(f"{checked + 4} of 40 players checked in.")
    page.evaluate("window.scrollBy(0, -300)")  # well inside the list
    box = count.bounding_box()
    assert page.evaluate("window.scrollY") > 1000
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    shot(page, "door-en-phone-scrolled")
    assert too_wide(page, PHONE, LAPTOP) == []
    page.set_viewport_size(LAPTOP)
    shot(page, "door-en-laptop", full_page=True)

    # In French, the same night, and a team tournament found by its players' names.
    french = new_context(viewport=PHONE, locale="fr-CA")
    french.add_cookies(page.context.cookies())
    page = french.new_page()
    page.goto(live_server.url + f"/tournaments/{night.pk}/teams/")
    expect(page.locator("#checked-in-count")).to_have_text(
        f"{checked + 4} joueurs présents sur 40.")
    page.get_by_label("Trouver un joueur").press_sequentially("cote")
    expect(page.locator("#door-list tbody tr:visible")).to_have_count(10)
    shot(page, "door-fr-phone-search")
    assert axe_violations(page) == []
    teams = make_tournament(user, teams=12)
    page.goto(live_server.url + f"/tournaments/{teams.pk}/teams/")
    count = page.locator("#checked-in-count")
    expect(count).to_have_text("0 équipe présente sur 12.")
    page.get_by_label("Trouver une équipe ou un joueur").press_sequentially("player 1")
    # Team 001 by its players 1A and 1B, Teams 010 to 012 by theirs.
    expect(page.locator("#door-list tbody tr:visible")).to_have_count(4)
    page.get_by_role("button", name="Marquer toute la liste présente").click()
    expect(count).to_have_text("4 équipes présentes sur 12.")
    settled(page)
    shot(page, "door-fr-phone-teams", full_page=True)
    assert axe_violations(page) == []
    assert too_wide(page, PHONE, LAPTOP) == []
    page.set_viewport_size(LAPTOP)
    shot(page, "door-fr-laptop-teams", full_page=True)
