"""An individual night in Chromium: the organizer runs 14 players on a laptop, one arrives
late and one leaves; the room finds its seats on the projector (1920 x 1080) and on a phone
(390 px), in French and in English."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import shot
from tests.tournaments.helpers import finish
from tournaments.models import Round

pytestmark = pytest.mark.e2e

PLAYERS = ["Anne Tremblay", "Bruno Gagnon", "Carole Roy", "Denis Côté", "Élise Bouchard",
           "François Gauthier", "Gisèle Morin", "Hugo Lavoie", "Isabelle Fortin",
           "Jacques Gagné", "Karine Ouellet", "Luc Pelletier", "Marie-Josée Bélanger",
           "Nicolas Lévesque"]


def play_the_round(tournament_id: int, number: int):
    """The tables finish their matches (each keeper's entry is tested elsewhere)."""
    round_ = Round.objects.get(tournament_id=tournament_id, number=number)
    for table in round_.tables.select_related("match"):
        finish(table.match, winner="ab"[table.number % 2])


def seat_line(page, name: str):
    return page.locator("#seat-list li", has=page.locator("a.who", has_text=name))


def test_an_organizer_runs_an_individual_night_and_players_find_their_seats(
        live_server, new_context, log_in):
    laptop = new_context(viewport={"width": 1366, "height": 768}).new_page()
    log_in(laptop, "organizer")
    laptop.goto(live_server.url + "/tournaments/new/")
    laptop.fill("#id_name", "Vendredi à la mêlée")
    laptop.fill("#id_target", "11")
    laptop.get_by_text("Individual: players come alone, new partners each round").click()
    laptop.fill("#id_individual_rounds", "3")
    laptop.get_by_text("A fixed number of points", exact=True).click()
    laptop.fill("#id_sit_out_points", "5")
    laptop.fill("#id_list-teams", "\n".join(PLAYERS))
    shot(laptop, "individual-en-new", full_page=True)
    laptop.get_by_role("button", name="Create the tournament").click()
    expect(laptop.locator("#dashboard")).to_contain_text("14 players ready.")
    tournament_id = int(re.search(r"/tournaments/(\d+)/", laptop.url).group(1))

    laptop.get_by_role("button", name="Draw round 1").click()
    expect(laptop.locator("main")).to_contain_text("Round 1 is drawn")
    # Three tables of four, two players sit out; each one's seat is listed by name.
    expect(laptop.locator("#seat-list li")).to_have_count(14)
    expect(laptop.locator("#seat-list li", has_text="Sits this round out")).to_have_count(2)
    shot(laptop, "individual-en-round-1", full_page=True)

    # The projector in the hall shows every player's table and seat.
    projector = new_context(viewport={"width": 1920, "height": 1080}).new_page()
    projector.goto(f"{live_server.url}/t/{tournament_id}/projector/")
    expect(projector.locator("#projector-seats")).to_contain_text("Where do I sit?")
    expect(projector.locator(".big-seats tbody tr")).to_have_count(14)
    shot(projector, "individual-en-projector")
    assert projector.evaluate("document.documentElement.scrollHeight") <= 1080

    # A player on a phone, in French, finds her seat by typing part of her name.
    phone = new_context(viewport={"width": 390, "height": 844}, locale="fr-CA").new_page()
    phone.goto(f"{live_server.url}/t/{tournament_id}/draw/")
    phone.get_by_label("Trouvez votre nom").fill("elise")
    expect(phone.locator("#seat-list li:visible")).to_have_count(1)
    mine = seat_line(phone, "Élise Bouchard")
    expect(mine).to_contain_text(re.compile(r"Table \d, (Nord|Sud|Est|Ouest)|Au repos"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shot(phone, "individual-fr-phone-find-seat", full_page=True)
    phone.get_by_label("Trouvez votre nom").fill("personne de ce nom")
    expect(phone.get_by_text("Aucun joueur de cette ronde ne porte ce nom.")).to_be_visible()

    play_the_round(tournament_id, 1)
    # One player leaves between rounds, one arrives late.
    laptop.goto(f"{live_server.url}/tournaments/{tournament_id}/teams/")
    laptop.get_by_label("Player's name").fill("Raymond Caron")
    laptop.get_by_role("button", name="Add the player").click()
    expect(laptop.locator("main")).to_contain_text("1 player added.")
    leaving = laptop.locator("tr", has_text="Denis Côté")
    leaving.get_by_role("button", name=re.compile("Not withdrawn")).click()
    expect(leaving.get_by_role("button", name=re.compile("Withdrawn"))).to_be_visible()
    shot(laptop, "individual-en-players", full_page=True)

    laptop.goto(f"{live_server.url}/tournaments/{tournament_id}/")
    shot(laptop, "individual-en-dashboard", full_page=True)
    laptop.get_by_role("button", name="Draw the next round").click()
    expect(laptop.locator("main")).to_contain_text("Round 2 is drawn")
    expect(laptop.locator("#seat-list li")).to_have_count(14)
    expect(seat_line(laptop, "Raymond Caron")).to_be_visible()
    expect(seat_line(laptop, "Denis Côté")).to_have_count(0)

    # The late player follows his own night from the list: his table, partner and place.
    phone.goto(f"{live_server.url}/t/{tournament_id}/draw/")
    seat_line(phone, "Raymond Caron").locator("a.who").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Raymond Caron")
    expect(phone.locator(".my-seat")).to_contain_text("Ronde 2 sur 3")
    expect(phone.locator(".my-seat .big-seat")).to_have_text(
        re.compile(r"Table \d, (Nord|Sud|Est|Ouest)|Vous êtes au repos cette ronde"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shot(phone, "individual-fr-phone-my-night", full_page=True)

    play_the_round(tournament_id, 2)
    # The public standings: a line per player, the rounds sat out counted apart.
    english = new_context(viewport={"width": 390, "height": 844}).new_page()
    english.goto(f"{live_server.url}/t/{tournament_id}/")
    expect(english.locator("table.standings tbody tr")).to_have_count(15)
    expect(english.locator("table.standings thead")).to_contain_text("Player")
    shot(english, "individual-en-phone-standings", full_page=True)
    projector.goto(f"{live_server.url}/t/{tournament_id}/projector/")
    shot(projector, "individual-en-projector-standings")
