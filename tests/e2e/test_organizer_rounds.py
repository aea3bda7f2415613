"""The organizer before and during the rounds (issue 31, items 3, 4, 5, 8, 9), in Chromium
at a phone's size: a late team joins, one player one team, the teams page's switches and its
removal asked and undone, calling time asked and taken back, a swap into a rematch asked
first. Each page checked with axe-core, and for its width at a phone's size and a laptop's
in the same visit; SCREENSHOTS=folder saves them."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoring import rules
from scoring import services as scoring
from tests.e2e.accessibility import LAPTOP, PHONE, axe_violations, too_wide
from tests.e2e.helpers import settled
from tests.tournaments.helpers import make_tournament, play_round
from tournaments import services
from tournaments.models import Table

pytestmark = pytest.mark.e2e

SHOTS = os.environ.get("SCREENSHOTS")


def _looked_at(page, name):
    """No axe violation, nothing wider than a phone's screen or a laptop's; a screenshot
    when asked."""
    settled(page)
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=Path(SHOTS) / f"n31b-phone-{name}.png", full_page=True)
    assert axe_violations(page) == [], name
    assert too_wide(page, PHONE, LAPTOP) == [], name


def test_a_late_team_is_named_before_the_draw_and_joins_the_next_swiss_round(
        live_server, new_context, log_in):
    page = new_context(viewport=PHONE).new_page()
    user = log_in(page)
    tournament = make_tournament(user, teams=10, format="swiss_knockout", knockout_size=4)
    entries = list(tournament.entries.order_by("seed"))
    for entry in entries[:-1]:
        services.set_entry_flags(entry=entry, checked_in=True)
    base = live_server.url + f"/tournaments/{tournament.pk}/"
    page.goto(base)
    expect(page.locator("#dashboard")).to_contain_text("9 of 10 teams checked in.")
    page.get_by_role("button", name="Draw round 1").click()
    expect(page.get_by_role("heading", name="1 team is not checked in")).to_be_visible()
    expect(page.locator("main li")).to_have_text(["Team 010"])
    _looked_at(page, "draw-left-out")
    page.get_by_role("button", name="Draw without them").click()
    expect(page.locator("main")).to_contain_text("Round 1 is drawn")
    play_round(tournament.rounds.get())
    # Team 010 arrives: one tap on its switch, then the next round takes it.
    page.goto(base + "teams/")
    switch = page.get_by_role("button", name="Not checked in (Team 010)")
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.click()
    expect(page.get_by_role("button", name="Checked in (Team 010)")).to_have_attribute(
        "aria-pressed", "true")
    page.goto(base)
    page.get_by_role("button", name="Draw the next round").click()
    expect(page.locator("main")).to_contain_text("Round 2 is drawn")
    expect(page.locator("table.draw")).to_contain_text("Team 010")


def test_a_player_already_on_a_team_is_refused_on_another(live_server, new_context, log_in):
    page = new_context(viewport=PHONE).new_page()
    user = log_in(page)
    tournament = make_tournament(user, teams=2)
    page.goto(live_server.url + f"/tournaments/{tournament.pk}/teams/")
    page.fill("#id_name", "Les Nouveaux")
    page.fill("#id_first_player", "Anne")
    page.fill("#id_second_player", "player 1a")
    page.get_by_role("button", name="Add the team").click()
    expect(page.get_by_role("alert").filter(has_text="already plays for")).to_have_text(
        "Team 1: player 1a already plays for Team 001; a player plays for one team of a "
        "tournament.")
    expect(page.locator("#id_name")).to_have_value("Les Nouveaux")
    assert tournament.entries.count() == 2
    _looked_at(page, "one-player-one-team")


def test_removing_a_team_asks_first_and_can_be_undone(live_server, new_context, log_in):
    page = new_context(viewport=PHONE).new_page()
    user = log_in(page)
    tournament = make_tournament(user, teams=3)
    page.goto(live_server.url + f"/tournaments/{tournament.pk}/teams/")
    _looked_at(page, "teams")
    page.get_by_role("link", name="Remove Team 002").click()
    expect(page.get_by_role("heading", name="Remove Team 002?")).to_be_visible()
    _looked_at(page, "team-remove")
    page.get_by_role("button", name="Remove Team 002").click()
    expect(page.locator("#removed")).to_contain_text("Team 002 removed.")
    expect(page.locator("table.teams")).not_to_contain_text("Team 002")
    _looked_at(page, "team-removed")
    page.get_by_role("button", name="Undo: bring Team 002 back").click()
    expect(page.locator(".messages")).to_contain_text("Team 002 is back on the list.")
    expect(page.locator("table.teams tbody tr")).to_have_count(3)


def test_calling_time_asks_first_and_can_be_taken_back(live_server, new_context, log_in):
    page = new_context(viewport=PHONE).new_page()
    user = log_in(page)
    tournament = make_tournament(user, teams=4, target=33, round_minutes=30)
    round_1 = services.draw_next_round(tournament=tournament)
    table_1 = round_1.tables.order_by("number").first()
    scoring.record_hand(match=table_1.match, number=1, hand=rules.Hand.played(7, 4))
    page.goto(live_server.url + f"/tournaments/{tournament.pk}/")
    page.get_by_role("link", name="Call time").click()
    expect(page.get_by_role("heading", name="Call time for round 1?")).to_be_visible()
    expect(page.locator("main")).to_contain_text("2 matches are still playing")
    _looked_at(page, "call-time")
    round_1.refresh_from_db()
    assert round_1.time_called_at is None
    page.get_by_role("button", name="Call time now").click()
    expect(page.locator(".messages")).to_contain_text("Time is called")
    page.get_by_role("button", name="Take back the time call").click()
    expect(page.locator(".messages")).to_contain_text(
        "Time is no longer called: 2 matches play on to their target.")
    expect(page.get_by_role("link", name="Call time")).to_be_visible()
    round_1.refresh_from_db()
    assert round_1.time_called_at is None


def test_a_swap_into_a_rematch_asks_first_naming_the_earlier_meeting(
        live_server, new_context, log_in):
    page = new_context(viewport=PHONE).new_page()
    user = log_in(page)
    tournament = make_tournament(user, teams=4, swiss_rounds=3)
    play_round(services.draw_next_round(tournament=tournament))
    met = {frozenset((t.entry_a_id, t.entry_b_id))
           for t in Table.objects.filter(round__tournament=tournament)}
    round_2 = services.draw_next_round(tournament=tournament)
    table_1, table_2 = round_2.tables.order_by("number").select_related(
        "entry_a__team", "entry_b__team")
    first, second = table_1.entry_a, next(
        e for e in (table_2.entry_a, table_2.entry_b)
        if frozenset((table_1.entry_b_id, e.pk)) in met)
    page.goto(live_server.url + f"/tournaments/{tournament.pk}/rounds/2/")
    page.select_option("#id_first", str(first.pk))
    page.select_option("#id_second", str(second.pk))
    page.get_by_role("button", name="Swap", exact=True).click()
    expect(page.get_by_role("heading", name="This swap makes a rematch")).to_be_visible()
    expect(page.locator("main")).to_contain_text(re.compile(
        r"would meet again \(they met in round 1\)"))
    _looked_at(page, "swap-rematch")
    table_1.refresh_from_db()
    assert table_1.entry_a_id == first.pk  # nothing swapped yet
    page.get_by_role("button", name="Swap anyway").click()
    expect(page.locator(".messages")).to_contain_text("Teams swapped.")
    table_1.refresh_from_db()
    assert table_1.entry_a_id == second.pk


def test_the_new_pages_read_in_french(live_server, new_context, log_in):
    page = new_context(viewport=PHONE, locale="fr-CA").new_page()
    user = log_in(page)
    tournament = make_tournament(user, teams=5, round_minutes=30)
    first, second, _, fourth, _ = tournament.entries.order_by("seed")
    services.set_entry_flags(entry=first, checked_in=True)
    services.set_entry_flags(entry=fourth, checked_in=True)
    services.set_entry_flags(entry=second, checked_in=True, withdrawn=True)
    base = live_server.url + f"/tournaments/{tournament.pk}/"
    page.goto(base)
    expect(page.locator("#dashboard")).to_contain_text("2 équipes présentes sur 4.")
    page.goto(base + "teams/")
    expect(page.get_by_role("button", name="Présente (Team 001)")).to_have_attribute(
        "aria-pressed", "true")
    expect(page.get_by_role("button", name="Retirée (Team 002)")).to_have_attribute(
        "aria-pressed", "true")
    expect(page.get_by_role("button", name="Non présente (Team 003)")).to_have_attribute(
        "aria-pressed", "false")
    _looked_at(page, "fr-teams")
    page.get_by_role("link", name="Enlever Team 003").click()
    expect(page.get_by_role("heading", name="Enlever Team 003?")).to_be_visible()
    _looked_at(page, "fr-team-remove")
    page.get_by_role("button", name="Enlever Team 003").click()
    expect(page.locator("#removed")).to_contain_text("Team 003 enlevée.")
    _looked_at(page, "fr-team-removed")
    page.goto(base)
    page.locator("form[action$='/rounds/'] button").click()
    expect(page.locator("main")).to_contain_text("Ce tirage laisse de côté")
    expect(page.locator("main li")).to_have_text(["Team 005"])
    _looked_at(page, "fr-draw-left-out")
    page.get_by_role("button", name="Tirer sans elles").click()
    page.goto(base)
    page.get_by_role("link", name="Fin du temps").click()
    expect(page.get_by_role("heading", name="Annoncer la fin du temps de la ronde 1?")) \
        .to_be_visible()
    _looked_at(page, "fr-call-time")
    page.get_by_role("button", name="Annoncer la fin du temps maintenant").click()
    expect(page.get_by_role("button", name="Annuler la fin du temps")).to_be_visible()
    _looked_at(page, "fr-time-called")
