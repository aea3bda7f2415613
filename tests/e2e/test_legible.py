"""Every page fits a 360 px phone, and every input has a label."""

import pytest

from scoring import rules, services
from scoring.services import NewTeam
from tests.tournaments.helpers import make_tournament, play_rounds

pytestmark = pytest.mark.e2e

UNLABELLED_INPUTS = """() => [...document.querySelectorAll('input, select, textarea')]
  .filter(el => el.type !== 'hidden')
  .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label')
                && !el.getAttribute('aria-labelledby'))
  .map(el => el.outerHTML)"""


def pages_of(live_server, user):
    politaine = services.create_match(
        owner=user, variant="politaine", team_a=NewTeam("Les Bleus de Rimouski", ("Anne", "Marc")),
        team_b=NewTeam("Les Rouges", ("Luc", "Julie")),
    )
    for number, points in enumerate((7, 3, 9), start=1):
        services.record_hand(match=politaine, number=number,
                             hand=rules.Hand.played(points, 11 - points, 0, int(number == 2)))
    quadrette = services.create_match(owner=user, variant="quadrette", team_a=NewTeam("Nous"),
                                      team_b=NewTeam("Eux"))
    services.record_hand(match=quadrette, number=1, hand=rules.Hand.quadrette(4, 2))
    tournament = make_tournament(user, teams=5, format="knockout")
    play_rounds(tournament, 1)
    base = live_server.url
    return [base + "/", base + "/matches/new/", base + "/accounts/",
            base + "/accounts/password/", base + f"/matches/{politaine.pk}/",
            base + f"/matches/{politaine.pk}/hands/1/", base + f"/matches/{quadrette.pk}/",
            base + "/tournaments/", base + "/tournaments/new/",
            base + f"/t/{tournament.pk}/", base + f"/t/{tournament.pk}/draw/",
            base + f"/t/{tournament.pk}/results/", base + f"/t/{tournament.pk}/bracket/"]


@pytest.mark.parametrize("locale", ["en-CA", "fr-CA"])
def test_pages_fit_a_phone_and_label_every_input(live_server, new_context, log_in, locale):
    page = new_context(locale=locale).new_page()
    refused = []
    page.on("console", lambda message: "Content Security Policy" in message.text
            and refused.append(message.text))
    user = log_in(page)
    for url in pages_of(live_server, user):
        page.goto(url)
        assert refused == [], url
        width = page.evaluate("document.documentElement.scrollWidth")
        wide = page.evaluate("""() => [...document.querySelectorAll("main *")]
            .filter((el) => el.getBoundingClientRect().right > 361)
            .map((el) => el.tagName + "." + el.className + "#" + el.id + " "
                 + el.textContent.trim().slice(0, 40)).slice(-6)""")
        assert width <= 360, f"{url} scrolls sideways at 360 px ({width} px): {wide}"
        assert page.evaluate(UNLABELLED_INPUTS) == [], url
    page.goto(live_server.url + f"/matches/{user.matches.first().pk}/")
    page.screenshot(path=f"test-results/table-{locale}.png", full_page=True)


def test_the_entry_form_works_from_the_keyboard(live_server, page, log_in):
    user = log_in(page)
    match = services.create_match(owner=user, variant="politaine", team_a=NewTeam("A"),
                                  team_b=NewTeam("B"))
    page.goto(live_server.url + f"/matches/{match.pk}/")
    page.locator("#entry input[name=points_a]").focus()
    page.keyboard.type("8")
    page.keyboard.press("Enter")  # submits the form
    page.wait_for_selector("text=Hand 1 saved. The score is 8–3.")
