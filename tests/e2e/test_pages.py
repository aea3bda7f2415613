"""Pages as their users see them in Chromium: home, new match, sign-up, the tournament form,
its teams and round pages on a phone, the projector, results in words, French words."""

import re

import pytest
from playwright.sync_api import expect

from scoring import rules, services
from scoring.models import Match
from scoring.services import NewTeam
from tests.e2e.conftest import PASSWORD
from tests.e2e.helpers import shot
from tests.tournaments.helpers import finish, make_tournament, play_round
from tournaments import services as tournaments
from tournaments.services import Settings

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1366, "height": 768}


def test_home_shows_dates_archives_and_deletes(live_server, page, log_in):
    user = log_in(page)
    played = services.create_match(owner=user, variant="politaine", team_a=NewTeam("Nous"),
                                   team_b=NewTeam("Eux"))
    for number in (1, 2, 3):
        services.record_hand(match=played, number=number, hand=rules.Hand.played(0, 11))
    services.create_match(owner=user, variant="politaine", team_a=NewTeam("Par erreur"),
                          team_b=NewTeam("Oups"))
    page.goto(live_server.url + "/")
    items = page.locator(".match-item")
    expect(items).to_have_count(2)
    expect(items.locator("time")).to_have_count(2)
    # The winner's score first, in a sentence that reads with any name.
    expect(page.locator("main")).to_contain_text("Winners: Eux, 33–0 (target reached).")
    # A match with no hand can be deleted; one with hands only archived.
    mistake = items.filter(has_text="Par erreur")
    mistake.get_by_role("button", name=re.compile("^Delete")).click()
    expect(page.locator(".flash.success")).to_have_text("Match deleted.")
    expect(items).to_have_count(1)
    expect(items.get_by_role("button", name=re.compile("^Delete"))).to_have_count(0)
    items.get_by_role("button", name=re.compile("^Archive")).click()
    expect(items).to_have_count(0)
    page.get_by_role("link", name="Archived matches").click()
    expect(page.locator(".match-item")).to_contain_text("Winners: Eux, 33–0")
    assert Match.objects.get().archived_at is not None


def test_a_new_match_shows_the_games_usual_target(live_server, page, new_context, log_in):
    log_in(page)
    page.goto(live_server.url + "/matches/new/")
    expect(page.locator("#id_target")).to_have_value("33")
    page.locator("label[for=id_variant_3]").click()  # La Quadrette
    expect(page.locator("#id_target")).to_have_value("7")
    # Without JavaScript, a preset target left as it was follows the game chosen.
    plain = new_context(java_script_enabled=False).new_page()
    log_in(plain, username="marc")
    plain.goto(live_server.url + "/matches/new/")
    expect(plain.locator("#id_target")).to_have_value("33")
    plain.locator("label[for=id_variant_3]").click()
    plain.locator("main button[type=submit]").click()
    expect(plain.locator("#entry-title")).to_have_text("Hand 1")
    assert Match.objects.get().target == 7


def test_sign_up_shows_password_faults_beside_the_password(live_server, page):
    page.goto(live_server.url + "/accounts/signup/")
    page.fill("#id_username", "nouvelle")
    page.fill("#id_password1", "abc")
    page.fill("#id_password2", "abc")
    page.locator("main button[type=submit]").click()
    password = page.locator(".field", has=page.locator("#id_password1"))
    confirmation = page.locator(".field", has=page.locator("#id_password2"))
    expect(password.locator(".field-error").first).to_contain_text("too short")
    expect(confirmation.locator(".field-error")).to_have_count(0)


def test_the_tournament_form_asks_only_what_the_format_uses(live_server, page, log_in):
    log_in(page)
    page.goto(live_server.url + "/tournaments/new/")
    knockout = page.locator("#id_knockout_size")
    page.locator("label", has_text="Round robin").click()
    expect(knockout).to_be_hidden()
    page.locator("label", has_text="Swiss, then a knockout").click()
    expect(knockout).to_be_visible()
    page.locator("label", has_text="Knockout").first.click()
    expect(knockout).to_be_hidden()
    # Errors in a pasted list show beside the list, with the line they are on.
    page.fill("#id_name", "Soirée")
    page.fill("#id_list-teams", "Les Bleus; Anne; Marc\n\nSolo; Luc\nLes Bleus")
    page.locator("main button[type=submit]").click()
    teams_field = page.locator(".field", has=page.locator("#id_list-teams"))
    expect(teams_field.locator(".field-error")).to_have_text([
        "Line 3: a team name of 1 to 60 characters and two players, or none.",
        "Line 4: Les Bleus is already in the tournament.",
    ])


def test_the_teams_page_lays_its_rows_under_its_header_on_a_phone(live_server, new_context,
                                                                   log_in):
    page = new_context(viewport=PHONE).new_page()
    user = log_in(page)
    tournament = make_tournament(user, teams=5)
    page.goto(live_server.url + f"/tournaments/{tournament.pk}/teams/")
    table = page.locator("table.teams")
    heading = page.locator("#teams-title").bounding_box()
    # Every row, every cell on the screen, under the heading (none off in the right half).
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for cell in table.locator("tbody tr").first.locator("td").all():
        box = cell.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        assert box["y"] > heading["y"]
    # On a laptop it is a table, its rows under its header.
    page.set_viewport_size(LAPTOP)
    assert table.evaluate("t => getComputedStyle(t).display") == "table"
    header = table.locator("thead").bounding_box()
    first_row = table.locator("tbody tr").first.bounding_box()
    assert first_row["y"] >= header["y"] + header["height"] - 1
    assert abs(first_row["x"] - header["x"]) < 2
    page.set_viewport_size(PHONE)
    # Check-in is one tap on a switch that says its state.
    button = table.locator("tbody tr").first.get_by_role("button", name=re.compile(
        r"^Not checked in \(Team 001\)"))
    expect(button).to_have_attribute("aria-pressed", "false")
    button.click()
    expect(table.locator("tbody tr").first.get_by_role("button", name=re.compile(
        r"^Checked in \(Team 001\)"))).to_have_attribute("aria-pressed", "true")


def test_the_round_page_fits_a_360_px_phone(live_server, new_context, log_in):
    page = new_context(viewport=SMALL_PHONE).new_page()
    user = log_in(page)
    tournament = make_tournament(user, teams=6)
    tournaments.draw_next_round(tournament=tournament)
    page.goto(live_server.url + f"/tournaments/{tournament.pk}/rounds/1/")
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    scroller = page.locator(".table-scroll")
    assert scroller.evaluate("e => e.scrollWidth <= e.clientWidth")
    for control in page.locator("table.draw .link-cell a, table.draw .link-cell button").all():
        box = control.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= SMALL_PHONE["width"], box


@pytest.mark.parametrize("teams", [12, 32, 128])
@pytest.mark.parametrize("screen", [LAPTOP, {"width": 1920, "height": 1080}],
                         ids=["1366x768", "1920x1080"])
def test_the_projector_fits_one_screen_and_pages_by_itself(live_server, new_context, screen,
                                                           teams, django_user_model):
    organizer = django_user_model.objects.create_user("orga", password=PASSWORD)
    tournament = make_tournament(organizer, teams=teams)
    first = tournaments.draw_next_round(tournament=tournament)
    play_round(first)
    second = tournaments.draw_next_round(tournament=tournament)
    finish(second.tables.order_by("number").first().match, winner="b")
    page = new_context(viewport=screen).new_page()
    page.goto(live_server.url + f"/t/{tournament.pk}/projector/")

    def fits():
        size = page.evaluate("[document.documentElement.scrollWidth, "
                             "document.documentElement.scrollHeight]")
        assert size[0] <= screen["width"] and size[1] <= screen["height"], size

    standings = page.locator("[data-pages=standings] [data-page]")
    # As many rows a page as the screen's height holds: a full page ends near its foot.
    per_page = standings.first.locator("tbody tr").count()
    pages = standings.count()
    assert pages == -(-teams // per_page)
    for number in range(1, pages + 1):
        shown = page.locator("[data-pages=standings] [data-page]:visible")
        expect(shown).to_have_attribute("data-page", str(number))
        fits()
        if number < pages:
            last = shown.locator("tbody tr").last.bounding_box()
            assert last["y"] + 2 * last["height"] > 0.98 * screen["height"], last
        page.keyboard.press("ArrowRight")
    # Every team is on one of the pages; a finished table says so in words.
    assert page.locator("table.big-standings tbody tr").count() == teams
    finished = page.locator("table.big-tables tr.finished").first
    expect(finished).to_contain_text("✓ over")
    expect(page.locator("table.big-standings thead abbr[title='Points difference']").first
           ).to_have_text("Diff.")


def test_the_projector_turns_its_pages_by_itself(live_server, page, django_user_model):
    organizer = django_user_model.objects.create_user("orga", password=PASSWORD)
    tournament = make_tournament(organizer, teams=24)
    page.clock.install()  # the page's timers run when the test moves the clock on
    page.goto(live_server.url + f"/t/{tournament.pk}/projector/")
    status = page.locator("[data-page-of=standings]")
    expect(status).to_have_text(re.compile(r"^page 1 of [2-9]$"))
    total = page.locator("[data-pages=standings] [data-page]").count()
    expect(status).to_have_text(f"page 1 of {total}")
    page.clock.run_for(10_000)  # a page every 10 s
    expect(status).to_have_text(f"page 2 of {total}")


@pytest.mark.parametrize("screen", [LAPTOP, {"width": 1920, "height": 1080}],
                         ids=["1366x768", "1920x1080"])
def test_a_finished_individual_nights_projector_fills_the_screen_two_pages_side_by_side(
        live_server, new_context, screen, django_user_model):
    organizer = django_user_model.objects.create_user("orga", password=PASSWORD)
    night = tournaments.create_tournament(owner=organizer, settings=Settings(
        name="Vendredi à la mêlée", variant="politaine", format="individual", target=11,
        individual_rounds=1), teams=[NewTeam(f"Joueuse {chr(65 + n)}{chr(65 + n)}")
                                     for n in range(26)])
    for table in tournaments.draw_next_round(tournament=night).tables.all():
        finish(table.match)
    page = new_context(viewport=screen).new_page()
    page.goto(live_server.url + f"/t/{night.pk}/projector/")
    shown = page.locator("[data-pages=standings] table[data-page]:visible")
    expect(shown).to_have_count(2)
    left, right = shown.nth(0).bounding_box(), shown.nth(1).bounding_box()
    assert right["x"] + right["width"] - left["x"] > 0.85 * screen["width"], (left, right)
    last = shown.nth(0).locator("tbody tr").last.bounding_box()
    assert last["y"] + last["height"] <= screen["height"]
    assert last["y"] + 2 * last["height"] > 0.98 * screen["height"]  # the page is full
    rows = page.locator("[data-pages=standings] tbody tr")
    assert rows.count() == 26
    shot(page, f"projector-individual-finished-{screen['width']}")
    size = page.evaluate("[document.documentElement.scrollWidth, "
                         "document.documentElement.scrollHeight]")
    assert size[0] <= screen["width"] and size[1] <= screen["height"], size
