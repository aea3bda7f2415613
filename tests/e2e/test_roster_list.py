"""Issue 43, items 5 and 6 in Chromium, without JavaScript, on a phone and a laptop, in
English and French: a roster pasted and checked before it is saved; a new club night from
the club's page with the roster checked as who is here tonight."""

import pytest
from playwright.sync_api import expect

from clubs import services
from clubs.models import ClubNight, Member
from tests.e2e.accessibility import LAPTOP, PHONE
from tests.e2e.helpers import shot

pytestmark = pytest.mark.e2e

ROSTER = ["Anne Tremblay", "Benoît Roy", "Chloé Gagnon", "Denis Roy", "Élise Bouchard",
          "François Cyr", "Gaston Lévesque", "Hélène Paré"]
PASTED = ("Marie-Josée Bélanger-Desrosiers\nanne TREMBLAY\nLouise Roy\nJoueur 3\n"
          "Louise Roy\nSophie\u200bRoy\n")


@pytest.mark.parametrize(("screen", "locale"), [(PHONE, "en-CA"), (PHONE, "fr-CA"),
                                                (LAPTOP, "en-CA"), (LAPTOP, "fr-CA")],
                         ids=["390-en", "390-fr", "1366-en", "1366-fr"])
def test_a_pasted_roster_is_checked_then_added_and_a_club_night_made_from_it(
        live_server, new_context, log_in, screen, locale):
    page = new_context(viewport=screen, locale=locale, java_script_enabled=False).new_page()
    organizer = log_in(page, username="orga")
    club = services.create_club(owner=organizer, name="Les As de Lévis", place="Lévis")
    for name in ROSTER:
        services.add_member(club=club, name=name)
    size = f"{screen['width']}-{locale[:2]}"

    page.goto(f"{live_server.url}/clubs/{club.pk}/roster/")
    page.locator("textarea[name=names]").fill(PASTED)
    page.locator("form[action$='/roster/list/'] button[type=submit]").click()
    rows = page.locator("table.roster-list tbody tr")
    expect(rows).to_have_count(6)
    shot(page, f"roster-preview-{size}", full_page=True)
    page.locator("button[name=confirm]").click()
    expect(page).to_have_url(f"{live_server.url}/clubs/{club.pk}/roster/")
    assert Member.objects.filter(club=club).count() == len(ROSTER) + 2
    shot(page, f"roster-added-{size}")

    page.goto(f"{live_server.url}/clubs/{club.pk}/")
    page.locator(f"a[href='/clubs/{club.pk}/nights/new/']").first.click()
    page.locator("input[name=format][value=individual]").check(force=True)
    page.locator("input[name=name]").fill("Jeudi")
    for name in ROSTER[:6]:
        page.get_by_text(name, exact=True).click()
    shot(page, f"night-new-{size}", full_page=True)
    page.locator("main button.primary.big").click()
    night = ClubNight.objects.get(club=club)
    expect(page).to_have_url(f"{live_server.url}/tournaments/{night.tournament_id}/")
    assert night.tournament.entries.count() == 6
