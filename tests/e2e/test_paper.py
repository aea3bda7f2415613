"""What a round prints, read back from the PDF the browser makes of it, on A4 and on Letter:
the table slips (each table's two slips whole on one page, as many per page as fit, no blank
page) and the score sheets (one page per table, long names included, the table number and the
signature line on the same page, the screen's "Back · Print this page" line not printed).
PAPER_SHOTS=<directory> keeps each PDF, to look at."""

import io
import os
import re
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader

from scoring.services import NewTeam
from tournaments import services as tournaments
from tournaments.services import Settings

pytestmark = pytest.mark.e2e

SHOTS = os.environ.get("PAPER_SHOTS")
TABLES = 9

# Long team names and players' full names, as a club enters them.
TEAM_NAMES = [
    "Les Joyeux Lurons de Saint-Jean-Port-Joli", "Les Irréductibles du Bas-Saint-Laurent",
    "Les Tricheurs Honnêtes de Rivière-du-Loup", "Les Champions de la Côte-de-Beaupré",
    "Les Sept de Cœur de Sainte-Anne-des-Monts", "Les Brasseurs de Notre-Dame-du-Portage",
]
FIRST = ["Marie-Ève", "Jean-Sébastien", "Geneviève", "Pierre-Olivier", "Anne-Frédérique",
         "Louis-Philippe"]
LAST = ["Tremblay-Bouchard", "Gagnon-Lévesque", "Bélanger-Côté", "Castonguay-Desrosiers",
        "Vaillancourt-Beaulieu", "Charbonneau-Lefebvre"]


def player(j: int) -> str:
    """The j-th of 36 different players (a player plays on one team only)."""
    return f"{FIRST[j % 6]} {LAST[(j // 6 + j) % 6]}"


def long_teams(count: int) -> list[NewTeam]:
    return [NewTeam(f"{TEAM_NAMES[i % len(TEAM_NAMES)]} {i + 1}",
                    (player(2 * i), player(2 * i + 1)))
            for i in range(count)]


def round_one(owner, *, confirmation="result"):
    settings = Settings(name="Tournoi de la Saint-Jean-Baptiste du Club de Lévis",
                        variant="politaine", format="swiss", target=33, swiss_rounds=3,
                        confirmation=confirmation)
    tournament = tournaments.create_tournament(owner=owner, settings=settings,
                                               teams=long_teams(2 * TABLES))
    tournaments.draw_next_round(tournament=tournament)
    return tournament


def printed(page, url: str, paper: str, name: str) -> list[str]:
    """The page printed on `paper` (A4 or Letter): each PDF page's text, spaces made single."""
    page.goto(url)
    page.emulate_media(media="print")
    pdf = page.pdf(format=paper, print_background=True)
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        Path(f"{SHOTS}/{name}-{paper}.pdf").write_bytes(pdf)
    return [" ".join(unicodedata.normalize("NFKC", p.extract_text()).split())
            for p in PdfReader(io.BytesIO(pdf)).pages]  # NFKC: the "fi" ligature as two letters


def tables_on(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"Table (\d+)\b", text)]


WORDS = {
    "en-CA": {"keeper": "For the score keeper of", "opponents": "confirm or dispute the score",
              "final": "Final result", "signed": "Signed by both teams", "back": "Back",
              "print": "Print this page"},
    "fr-CA": {"keeper": "Pour le marqueur de", "opponents": "confirmez ou contestez le pointage",
              "final": "Résultat final", "signed": "Signé par les deux équipes",
              "back": "Retour", "print": "Imprimez cette page"},
}


@pytest.mark.parametrize("language", ["en-CA", "fr-CA"])
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_table_cards_print_whole_each_tables_slips_on_one_page(live_server, new_context,
                                                               log_in, paper, language):
    words = WORDS[language]
    page = new_context(viewport={"width": 1366, "height": 768}, locale=language).new_page()
    tournament = round_one(log_in(page))
    pages = printed(page, live_server.url + f"/tournaments/{tournament.pk}/rounds/1/cards/",
                    paper, f"cards-{language}")
    assert all(text.strip() for text in pages), "a blank page"
    assert words["print"] not in " ".join(pages)
    where = {}
    for index, text in enumerate(pages):
        numbers = set(tables_on(text))
        for number in numbers:
            assert number not in where, f"table {number} on two pages"
            where[number] = index
            assert tables_on(text).count(number) == 2  # on both slips
        # Each table's two slips whole: the keeper's and the opponents' words, and a link each.
        assert text.count(words["keeper"]) == text.count(words["opponents"]) == len(numbers)
        assert text.count("/k/") == text.count("/o/") == len(numbers)
    assert sorted(where) == list(range(1, TABLES + 1))
    # As many per page as fit: three tables a page, so 9 tables take 3 pages.
    assert len(pages) == TABLES // 3


@pytest.mark.parametrize("language", ["en-CA", "fr-CA"])
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_score_sheets_print_one_page_per_table_with_long_names(live_server, new_context,
                                                               log_in, paper, language):
    words = WORDS[language]
    page = new_context(viewport={"width": 1366, "height": 768}, locale=language).new_page()
    tournament = round_one(log_in(page))
    pages = printed(page, live_server.url + f"/tournaments/{tournament.pk}/rounds/1/sheets/",
                    paper, f"sheets-{language}")
    assert len(pages) == TABLES
    for number, text in enumerate(pages, start=1):
        assert tables_on(text)[:1] == [number]
        assert words["final"] in text and words["signed"] in text
        assert words["back"] not in text and words["print"] not in text
    # The players' full names and the long team names are printed.
    everything = " ".join(pages)
    assert "Tremblay-Bouchard" in everything and "Sainte-Anne-des-Monts" in everything


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_an_individual_nights_name_cards_print_whole_several_to_a_page(live_server, new_context,
                                                                      log_in, paper):
    """Each player's card, name and QR code, on one page, as many to a page as fit, none
    blank, the screen's "Back · Print this page" line not printed."""
    page = new_context(viewport={"width": 1366, "height": 768}, locale="fr-CA").new_page()
    night = tournaments.create_tournament(
        owner=log_in(page), settings=Settings(name="Vendredi à la mêlée", variant="politaine",
                                              format="individual"),
        teams=[NewTeam(player(j)) for j in range(18)])
    pages = printed(page, live_server.url + f"/tournaments/{night.pk}/teams/name-cards/",
                    paper, "name-cards")
    assert all(text.strip() for text in pages), "a blank page"
    assert "Imprimez cette page" not in " ".join(pages)
    names = [player(j) for j in range(18)]
    pages = [text.replace("- ", "-") for text in pages]  # a name broken at its hyphen
    held = []
    for text in pages:
        here = [name for name in names if name in text]
        assert text.count("/players/") == len(here)  # each card whole: its name and link
        held.append(len(here))
    assert min(held[:-1], default=4) >= 4, held  # as many to a page as fit
    assert sorted(name for text in pages for name in names if name in text) == sorted(names)
    assert len(pages) <= 18 // 4 + 1
