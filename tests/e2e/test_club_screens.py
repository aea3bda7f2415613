"""Issue 31's screens in Chromium at the sizes their users have: the season projector on a
wall (1920x1080, 1366x768), the club's pages on a phone (390x844) and a laptop, the table
link's attributions, and a table whose phone died taking its result from paper."""

import os
import re

import pytest
from playwright.sync_api import expect

from clubs import services
from clubs.models import DEFAULT_POINTS_TABLE
from clubs.services.seasons import save_season
from scoring import rules
from scoring import services as scoring
from scoring.models import Team
from tests.clubs.helpers import club_match, win
from tests.e2e.accessibility import LAPTOP, PHONE, too_wide
from tests.e2e.conftest import PASSWORD
from tests.tournaments.helpers import make_tournament, play_round, play_rounds
from tournaments import services as tournaments
from tournaments.overview import overview

pytestmark = pytest.mark.e2e

SCREENS = [{"width": 1920, "height": 1080}, LAPTOP]
SHOTS = os.environ.get("SHOTS_DIR")


def shoot(page, name):
    """A screenshot to look at, when SHOTS_DIR says where."""
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def fits(page, screen):
    size = page.evaluate("[document.documentElement.scrollWidth, "
                         "document.documentElement.scrollHeight]")
    assert size[0] <= screen["width"] and size[1] <= screen["height"], size


@pytest.mark.parametrize("screen", SCREENS, ids=["1920x1080", "1366x768"])
def test_the_season_projector_shows_every_one_of_24_players_on_one_screen(
        live_server, new_context, screen, django_user_model):
    organizer = django_user_model.objects.create_user("orga", password=PASSWORD)
    club = services.create_club(owner=organizer, name="Club de la Baie")
    night = make_tournament(organizer, teams=12, swiss_rounds=1)
    play_rounds(night, 1)
    added = services.add_night(club=club, tournament=night)
    season = save_season(club=club, name="Automne", points_table=DEFAULT_POINTS_TABLE,
                         best_of=None, nights=[added.pk])
    for locale in ("en-CA", "fr-CA"):
        page = new_context(viewport=screen, locale=locale).new_page()
        page.clock.install()
        page.goto(f"{live_server.url}/seasons/{season.pk}/projector/")
        rows = page.locator("table.big-standings tbody tr")
        assert rows.count() == 24
        seen = set()
        pages = page.locator("[data-pages=season] [data-page]").count()
        for _number in range(pages):
            fits(page, screen)
            visible = page.locator("table.big-standings:visible tbody tr th.name")
            seen |= set(visible.all_inner_texts())
            page.clock.run_for(10_000)  # a page every 10 s
        assert len(seen) == 24
        shoot(page, f"season-projector-{screen['width']}-{locale}")


def test_a_new_night_counts_in_the_season_in_one_step(live_server, new_context, log_in):
    page = new_context(viewport=PHONE).new_page()
    user = log_in(page)
    club = services.create_club(owner=user, name="Club de la Baie")
    season = save_season(club=club, name="Automne", points_table=DEFAULT_POINTS_TABLE,
                         best_of=None, nights=[])
    night = make_tournament(user, teams=4)
    page.goto(f"{live_server.url}/clubs/{club.pk}/nights/")
    box = page.get_by_label("Count it in the season Automne")
    expect(box).to_be_checked()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shoot(page, "club-nights-phone-en")
    page.get_by_role("button", name="Add the night").click()
    expect(page.locator(".flash.success")).to_contain_text("is a club night now")
    assert season.nights.filter(tournament=night).exists()


def test_a_keeper_by_the_link_taps_who_made_the_politaine(live_server, new_context,
                                                          django_user_model):
    organizer = django_user_model.objects.create_user("orga", password=PASSWORD)
    club = services.create_club(owner=organizer, name="Club de la Baie")
    match = club_match(club, organizer, ("Ginette", "Gilles"), ("Réal", "Luc"),
                       [rules.Hand.played(7, 4, 1, 0)])
    for locale, link_text, who in (
            ("en-CA", "who made the politaines", "Ginette"),
            ("fr-CA", "qui a fait les politaines", "Gilles")):
        page = new_context(viewport=PHONE, locale=locale).new_page()  # no account
        page.goto(f"{live_server.url}/k/{match.scorekeeper_token}/")
        page.get_by_role("link", name=link_text).click()
        assert "/accounts/login/" not in page.url
        page.get_by_role("button", name=who).first.click()
        expect(page.get_by_role("button", name=who).first).to_have_attribute(
            "aria-pressed", "true")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        shoot(page, f"link-attributions-phone-{locale}")


def test_the_ladder_is_never_negative_rounded_and_marks_the_provisional(
        live_server, new_context, django_user_model):
    organizer = django_user_model.objects.create_user("orga", password=PASSWORD)
    club = services.create_club(owner=organizer, name="Club de la Baie")
    for _ in range(2):
        club_match(club, organizer, ("Ginette", "Gilles"), ("Réal", "Luc"), [win("b")])
    for locale, word in (("en-CA", "provisional"), ("fr-CA", "provisoire")):
        page = new_context(viewport=PHONE, locale=locale).new_page()
        page.goto(f"{live_server.url}/clubs/{club.pk}/")
        ratings = page.locator("#ladder ~ table tbody td.strong").all_inner_texts()
        assert len(ratings) == 4
        assert not any(text.lstrip().startswith(("-", "−")) for text in ratings), ratings
        expect(page.locator("#ladder ~ table tbody").first).to_contain_text(word)
        assert too_wide(page, PHONE, LAPTOP) == []
        shoot(page, f"club-ladder-{PHONE['width']}-{locale}")


def test_a_table_whose_phone_died_gets_its_result_from_paper(live_server, new_context,
                                                             log_in):
    page = new_context(viewport=LAPTOP).new_page()
    user = log_in(page)
    tournament = make_tournament(user, teams=4, swiss_rounds=1)
    first = tournaments.draw_next_round(tournament=tournament)
    match = first.tables.get(number=1).match
    scoring.record_hand(match=match, number=1, hand=rules.Hand.played(7, 4))
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    page.locator(".table-actions").first.get_by_role("link", name="Result from paper").click()
    expect(page.locator("main")).to_contain_text("1 hand kept on a phone makes 7–4")
    shoot(page, "paper-over-hands-laptop-en")
    page.get_by_label(f"Total of {first.tables.get(number=1).entry_a.name}").fill("14")
    page.get_by_label(f"Total of {first.tables.get(number=1).entry_b.name}").fill("8")
    page.get_by_role("button", name="Enter the result").click()
    expect(page.locator(".flash.success")).to_contain_text("entered from paper")
    match.refresh_from_db()
    assert (match.from_paper, match.hand_count, match.score_a) == (True, 1, 14)
    phone = new_context(viewport=PHONE).new_page()
    phone.goto(f"{live_server.url}/k/{match.scorekeeper_token}/")
    expect(phone.locator(".result-note").first).to_contain_text(
        "Entered from the table's paper score sheet")
    expect(phone.locator("main")).to_contain_text("The 1 hand before it was kept here.")
    shoot(phone, "paper-over-hands-table-phone-en")


PROJECTORS = [{"width": 1920, "height": 1080}, LAPTOP]
LONG_NAMES = ["Quatre-Sept de Limoilou", "Les Politaineux de Sainte-Foy",
              "La Quadrette du Vieux-Québec", "Les As de Charlesbourg"]


@pytest.mark.parametrize("screen", PROJECTORS, ids=["1920x1080", "1366x768"])
def test_the_projector_shows_the_clock_the_knockout_and_the_champion(
        live_server, new_context, screen, django_user_model):
    organizer = django_user_model.objects.create_user("orga", password=PASSWORD)
    tournament = make_tournament(organizer, teams=8, format="swiss_knockout", swiss_rounds=2,
                                 knockout_size=4, round_minutes=30)
    entries = list(tournament.entries.order_by("seed"))
    # Names as long as a club's: a knockout's screen shows them whole.
    for entry, name in zip(entries, LONG_NAMES, strict=False):
        Team.objects.filter(pk=entry.team_id).update(name=name)
    for entry in entries[:7]:  # the eighth team never comes
        tournaments.set_entry_flags(entry=entry, checked_in=True)
    absent = entries[7].team.name
    first = tournaments.draw_next_round(tournament=tournament)
    url = f"{live_server.url}/t/{tournament.pk}/projector/"
    page = new_context(viewport=screen).new_page()
    page.goto(url)
    clock = page.locator("p.clock")
    expect(clock).to_have_text(re.compile(r"^(29|30):\d\d left$"))
    expect(page.locator("table.big-standings")).not_to_contain_text(absent)
    fits(page, screen)
    shoot(page, f"projector-clock-{screen['width']}-en")
    play_round(first)
    withdrawn = tournament.entries.filter(checked_in=True).order_by("-seed").first()
    tournaments.set_entry_flags(entry=withdrawn, withdrawn=True)
    play_rounds(tournament, 1)
    semis = tournaments.draw_next_round(tournament=tournament)
    for locale, semis_name in (("en-CA", "Semi-finals"), ("fr-CA", "Demi-finales")):
        page = new_context(viewport=screen, locale=locale).new_page()
        page.goto(url)
        expect(page.locator("#projector-tables")).to_have_text(semis_name)
        expect(page.locator("header")).to_contain_text(semis_name)
        # The semi-finals alone, the whole width, names whole, in type read from the back.
        expect(page.locator("table.big-standings")).to_have_count(0)
        matches = page.locator("table.big-tables td.match")
        expect(matches).to_have_count(2)
        assert all(box["width"] > 0.6 * screen["width"] for box in (
            matches.nth(i).bounding_box() for i in range(2)))
        assert matches.evaluate_all(
            "cells => cells.every(c => c.scrollWidth <= c.clientWidth)")
        for table in semis.tables.select_related("entry_a__team", "entry_b__team"):
            expect(page.locator("table.big-tables")).to_contain_text(table.entry_a.team.name)
        assert matches.first.evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)") >= screen["height"] / 25
        fits(page, screen)
        shoot(page, f"projector-semis-{screen['width']}-{locale}")
    play_round(semis)
    final = tournaments.draw_next_round(tournament=tournament)
    play_round(final)
    champion = overview(tournament).champion.team.name
    for locale, word in (("en-CA", "Champions: "), ("fr-CA", "Champions : ")):
        page = new_context(viewport=screen, locale=locale).new_page()
        page.goto(url)
        expect(page.locator("p.champion")).to_have_text(word + champion)
        assert page.locator("p.champion").evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)") >= 1.5 * page.locator(
            "header > p").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
        expect(page.locator("table.big-standings tbody tr").first).to_contain_text(champion)
        expect(page.locator("table.big-standings").first).to_contain_text(
            "withdrawn" if locale == "en-CA" else "a quitté")
        # The losing semi-finalists share third place; no gap where the absent team was.
        ranks = page.locator("table.big-standings td.rank").all_inner_texts()
        assert ranks == ["1", "2", "3", "3", "5", "6", "7"], ranks
        fits(page, screen)
        shoot(page, f"projector-champion-{screen['width']}-{locale}")
