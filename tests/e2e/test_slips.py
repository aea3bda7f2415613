"""The table slips as printed and on a screen: each team's slip apart from the other's, a cut
line between them, never a table's pair split over two printed pages; English and French.
SLIPS_SHOTS=<directory> keeps a screenshot and a PDF of each layout, to look at."""

import os
from pathlib import Path

import pytest

from tests.tournaments.helpers import make_tournament
from tournaments import services as tournaments

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
SHOTS = os.environ.get("SLIPS_SHOTS")


def keep(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)
        page.screenshot(path=f"{SHOTS}/{name}-top.png")


def pairs(page):
    """Each table's two slips and its cut line, as the page lays them out."""
    return page.evaluate("""() => [...document.querySelectorAll('.table-slips')].map(s => {
        const box = e => { const r = e.getBoundingClientRect();
                           return {x: r.left, y: r.top, w: r.width, h: r.height}; };
        return {keeper: box(s.querySelector('.slip-keeper')),
                opponents: box(s.querySelector('.slip-opponents')),
                cut: box(s.querySelector('.cut-line')),
                codes: [...s.querySelectorAll('.slip')].map(e => e.querySelectorAll('svg').length),
                words: [...s.querySelectorAll('.slip-for')].map(e => e.innerText)};
    })""")


@pytest.mark.parametrize("language, keeper_words, opponents_words", [
    ("en-CA", "For the score keeper of", "confirm or dispute the score here"),
    ("fr-CA", "Pour le marqueur de", "confirmez ou contestez le pointage ici"),
])
@pytest.mark.parametrize("screen", [PHONE, LAPTOP], ids=["390px", "laptop"])
def test_each_team_gets_its_own_slip_on_screen_and_on_paper(live_server, new_context, log_in,
                                                            screen, language, keeper_words,
                                                            opponents_words):
    page = new_context(viewport=screen, locale=language).new_page()
    user = log_in(page)
    tournament = make_tournament(user, teams=8, confirmation="result")
    tournaments.draw_next_round(tournament=tournament)
    page.goto(live_server.url + f"/tournaments/{tournament.pk}/rounds/1/cards/")
    assert page.evaluate("document.documentElement.scrollWidth") <= screen["width"]
    found = pairs(page)
    assert len(found) == 4
    for pair in found:
        keeper, opponents, cut = pair["keeper"], pair["opponents"], pair["cut"]
        assert pair["codes"] == [1, 1]  # one QR code on each slip
        assert keeper_words in pair["words"][0] and opponents_words in pair["words"][1]
        if screen is PHONE:  # one above the other, the cut line between
            assert keeper["y"] + keeper["h"] <= cut["y"] + 1 <= opponents["y"] + 1
        else:  # side by side, the cut line between
            assert keeper["x"] + keeper["w"] <= cut["x"] + 1 <= opponents["x"] + 1
    keep(page, f"slips-{language}-{screen['width']}")

    # On paper (A4 and Letter are about 794 px wide at 96 dpi): side by side (the CSS keeps a
    # table's pair on one page: break-inside: avoid).
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 794, "height": 1123})
    assert page.locator("nav.no-print").is_hidden()
    for pair in pairs(page):
        keeper, opponents = pair["keeper"], pair["opponents"]
        assert abs(keeper["y"] - opponents["y"]) < 1 and keeper["x"] < opponents["x"]
    keep(page, f"slips-{language}-print")
    if SHOTS:
        page.pdf(path=f"{SHOTS}/slips-{language}-{screen['width']}.pdf", format="A4")
