"""A club in Chromium: the roster offered as the seats of a club match are typed, a new
name joining it, the end screen's rating changes; a player's page in French."""

import pytest
from playwright.sync_api import expect

from clubs import services
from clubs.models import Member
from scoring import rules
from tests.clubs.helpers import club_match, win
from tests.e2e.helpers import save_points

pytestmark = pytest.mark.e2e


def test_the_seats_offer_the_roster_and_take_a_new_name(live_server, page, log_in):
    user = log_in(page)
    club = services.create_club(owner=user, name="Club de la Baie")
    for name in ("Ginette", "Gilles", "Réal", "Lise"):
        services.add_member(club=club, name=name)
    page.goto(f"{live_server.url}/clubs/{club.pk}/matches/new/")
    page.locator("#id_seat_n").press_sequentially("gi")
    options = page.locator("#seat_n-players option")
    expect(options).to_have_count(2)
    expect(options.nth(0)).to_have_attribute("value", "Gilles")
    expect(options.nth(1)).to_have_attribute("value", "Ginette")
    page.locator("#id_seat_e").press_sequentially("ré")
    expect(page.locator("#seat_e-players option")).to_have_count(1)
    page.fill("#id_target", "11")
    page.fill("#id_seat_n", "Ginette")
    page.fill("#id_seat_s", "Lise")
    page.fill("#id_seat_e", "Réal")
    page.fill("#id_seat_w", "Aurèle")  # not on the roster yet
    page.click("main form button[type=submit]")
    expect(page.locator("#entry-title")).to_be_visible()
    assert Member.objects.filter(club=club, name="Aurèle").exists()
    save_points(page, 11, 0)
    expect(page.locator(".result-note")).to_contain_text("Club ratings: Ginette +")
    expect(page.locator(".result-note")).to_contain_text("Aurèle −")


def test_a_players_page_in_french(live_server, new_context):
    from tests.factories import UserFactory

    owner = UserFactory(username="org")
    club = services.create_club(owner=owner, name="Club de la Baie")
    club_match(club, owner, ("Anne", "Marc"), ("Luc", "Julie"),
               [rules.Hand.played(1, 10), rules.Hand.played(9, 2, 1, 0)])
    club_match(club, owner, ("Anne", "Marc"), ("Luc", "Julie"), [win("b")])
    club_match(club, owner, ("Anne", "Luc"), ("Marc", "Julie"), [win("a")])
    anne = Member.objects.get(club=club, name="Anne")
    page = new_context(locale="fr-CA").new_page()
    page.goto(f"{live_server.url}/clubs/{club.pk}/players/{anne.pk}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Anne")
    expect(page.locator("main")).to_contain_text("après 3 parties cotées")
    expect(page.locator("figure.chart polyline")).to_be_visible()
    expect(page.locator("dl.records")).to_contain_text("2 – 1")
    expect(page.locator("dl.records")).to_contain_text("Partenaire préféré")
    # Luc: one match together, won; Marc: one won of two.
    expect(page.locator("dl.records")).to_contain_text("1 gagnée sur 1 partie ensemble")
    page.locator("dl.records").get_by_role("link", name="Luc").first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Luc")
    page.get_by_role("link", name="Club de la Baie").click()
    expect(page.locator("#ladder")).to_have_text("Classement des cotes")


def test_a_club_nights_team_players_offer_the_roster(live_server, page, log_in):
    from tests.tournaments.helpers import make_tournament

    user = log_in(page)
    club = services.create_club(owner=user, name="Club de la Baie")
    for name in ("Ginette", "Gilles", "Réal"):
        services.add_member(club=club, name=name)
    night = make_tournament(user, teams=2)
    services.add_night(club=club, tournament=night)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/tournaments/{night.pk}/teams/")
    page.locator("#id_first_player").press_sequentially("gi")
    options = page.locator("#first_player-players option")
    expect(options).to_have_count(2)
    expect(options.nth(0)).to_have_attribute("value", "Gilles")
    page.fill("#id_name", "Les Voisins")
    page.fill("#id_first_player", "Ginette")
    page.locator("#id_second_player").press_sequentially("Rosaire")
    expect(page.locator("#second_player-players option")).to_have_count(0)
    page.click("button[name=add]")
    expect(page.locator("main")).to_contain_text("Les Voisins")
    assert Member.objects.filter(club=club, name="Rosaire").exists()
