"""A member asks for their name not to show: the organizer chooses "Hidden" on their page
of the roster, and the projectors, the public standings and the CSVs read "Player N" at
once, while the organizer's own pages keep the name (issue 33)."""

import re

import pytest
from playwright.sync_api import expect

from clubs import services as clubs
from clubs.models import DEFAULT_POINTS_TABLE, Member
from clubs.services.seasons import save_season
from scoring.services import NewTeam
from tests.e2e.helpers import shot
from tests.tournaments.helpers import make_tournament, play_round
from tournaments import services as tournaments

pytestmark = pytest.mark.e2e

PLAYERS = ["Anne Tremblay", "Bruno Gagnon", "Carole Roy", "Denis Côté", "Élise Bouchard",
           "François Gauthier", "Gisèle Morin", "Hugo Lavoie"]


def club_with_a_night(owner):
    club = clubs.create_club(owner=owner, name="Club de la Baie")
    night = make_tournament(owner, teams=0, format="individual", individual_rounds=2)
    tournaments.add_teams(tournament=night, teams=[NewTeam(name) for name in PLAYERS])
    added = clubs.add_night(club=club, tournament=night)
    play_round(tournaments.draw_next_round(tournament=night))
    tournaments.draw_next_round(tournament=night)
    season = save_season(club=club, name="Automne", points_table=DEFAULT_POINTS_TABLE,
                         best_of=None, nights=[added.pk])
    return club, night, season


@pytest.mark.parametrize("language, hidden, player", [
    ("en-CA", "Hidden (“Player {number}”)", "Player"),
    ("fr-CA", "Caché (« Joueur {number} »)", "Joueur")])
def test_a_name_hidden_by_the_organizer_leaves_the_projectors_standings_and_csvs(
        live_server, new_context, log_in, language, hidden, player):
    laptop = new_context(viewport={"width": 1366, "height": 768}, locale=language).new_page()
    club, night, season = club_with_a_night(log_in(laptop, "organizer"))
    anne = Member.objects.get(club=club, name="Anne Tremblay")
    hidden = hidden.format(number=anne.number)  # the number she joined the club with
    wall = new_context(viewport={"width": 1920, "height": 1080}, locale=language).new_page()
    wall.goto(f"{live_server.url}/t/{night.pk}/projector/")
    expect(wall.locator("main")).to_contain_text("Anne Tremblay")

    laptop.goto(f"{live_server.url}/clubs/{club.pk}/roster/{anne.pk}/")
    laptop.get_by_label(hidden).check()
    shot(laptop, f"public-names-{language}-member", full_page=True)
    laptop.locator("form", has=laptop.get_by_label(hidden)).get_by_role("button").click()
    expect(laptop.get_by_role("status").or_(laptop.locator(".messages"))).to_contain_text(
        "Anne Tremblay")

    # The projector on the wall turns to the number at its next poll, without a reload.
    shown = f"{player} {anne.number}"
    expect(wall.locator("main")).to_contain_text(shown, timeout=15_000)
    expect(wall.locator("main")).not_to_contain_text("Tremblay")
    shot(wall, f"public-names-{language}-projector")
    phone = new_context(viewport={"width": 390, "height": 844}, locale=language).new_page()
    for path in (f"/t/{night.pk}/", f"/clubs/{club.pk}/", f"/seasons/{season.pk}/projector/"):
        phone.goto(live_server.url + path)
        expect(phone.locator("main")).to_contain_text(shown)
        expect(phone.locator("body")).not_to_contain_text("Tremblay")
    shot(phone, f"public-names-{language}-season-projector", full_page=True)
    for path in (f"/clubs/{club.pk}/ladder.csv", f"/seasons/{season.pk}/standings.csv"):
        # (A download asked for outside a page goes in the server's language.)
        text = phone.request.get(live_server.url + path).text()
        assert re.search(rf"(Player|Joueur) {anne.number}\b", text), path
        assert "Tremblay" not in text, path
    # The organizer's own pages keep the name.
    laptop.goto(f"{live_server.url}/tournaments/{night.pk}/")
    expect(laptop.locator("main")).to_contain_text("Anne Tremblay")
