"""A whole Quadrette match in French, through the pages in Chromium."""

import pytest
from playwright.sync_api import expect

from scoring.models import Match
from tests.e2e.helpers import expect_score, field, save, slot, start_match, type_in

pytestmark = pytest.mark.e2e


@pytest.fixture
def page(new_context):
    return new_context(locale="fr-CA").new_page()


def test_a_whole_quadrette_match_in_french(live_server, page, log_in_by_form):
    log_in_by_form(page)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("heading", level=1)).to_have_text("Vos parties")
    start_match(page, live_server.url, variant="quadrette", team_a="Nous", team_b="Eux",
                first_dealer="N")
    expect(page.locator("#scoreboard h1")).to_contain_text("La Quadrette")
    # The deal passes to the right: N, then O (West), then S.
    expect(page.locator("#scoreboard")).to_contain_text("Nord (Anne)")

    # La vole: six tricks give two points.
    type_in(page, "tricks_a", 6)
    expect(field(page, "tricks_b")).to_have_value("0")
    expect(page.locator("#entry-feedback")).to_contain_text("La vole")
    save(page)
    expect(page.locator("#flash")).to_contain_text("Tour 1 enregistré")
    expect_score(page, 2, 0)
    expect(page.locator("#scoreboard")).to_contain_text("Ouest (Julie)")

    # Tricks that do not add up to 6 are refused, in French.
    type_in(page, "tricks_a", 4)
    type_in(page, "tricks_b", 3)
    expect(slot(page, "tricks")).to_contain_text("7")
    save(page)
    expect(field(page, "tricks_b")).to_have_attribute("aria-invalid", "true")
    expect(slot(page, "tricks")).to_contain_text("6")
    expect_score(page, 2, 0)

    # 3–3 gives a point each; 4–2 a point to the team with more.
    type_in(page, "tricks_b", 2)
    save(page)
    expect_score(page, 3, 0)
    for a, b in ((3, 3), (2, 4), (5, 1), (6, 0)):
        type_in(page, "tricks_a", a)
        expect(field(page, "tricks_b")).to_have_value(str(b))
        save(page)
    expect_score(page, 7, 2)
    expect(page.locator("#entry h2")).to_have_text("Fin de la partie")
    expect(page.locator("#scoreboard .standing")).to_have_text(
        "Vainqueurs : Nous, 7 à 2 (cible atteinte).")
    match = Match.objects.get()
    assert (match.winner, match.finish_reason, match.hand_count) == ("a", "target", 6)
    page.screenshot(path="test-results/quadrette-fr.png", full_page=True)
