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

import pypdfium2
import pytest
import zxingcpp
from django.urls import reverse
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


def page_images(pdf: bytes, dpi: int = 300) -> list[tuple[bytes, int, int]]:
    """Each PDF page as a printer would lay it, in grey at `dpi`: (bytes a pixel, width,
    height), rows packed (PDFium's rendering, pypdfium2)."""
    images = []
    document = pypdfium2.PdfDocument(pdf)
    for page in document:
        bitmap = page.render(scale=dpi / 72, grayscale=True)
        assert bitmap.n_channels == 1
        data = bytes(bitmap.buffer)
        rows = [data[y * bitmap.stride:y * bitmap.stride + bitmap.width]
                for y in range(bitmap.height)]
        images.append((b"".join(rows), bitmap.width, bitmap.height))
    document.close()
    return images


def qr_codes(image: tuple[bytes, int, int]) -> list[str]:
    """The text of every QR code read on a page's image (zxing-cpp)."""
    pixels, width, height = image
    view = memoryview(pixels).cast("B", (height, width))
    return [code.text
            for code in zxingcpp.read_barcodes(view, formats=zxingcpp.BarcodeFormat.QRCode)]


# A pixel as dark as a printed line (of 0 black to 255 white).
DARK = bytes(1 if value < 160 else 0 for value in range(256))


def lines_across(image: tuple[bytes, int, int], dpi: int = 300) -> list[float]:
    """Where a thin line runs across most of the page (a cut line: dashed, it is dark over
    half its length), as fractions of the page's height from the top: a band of rows at most
    a millimetre thick, each dark over 30 % of the page's width, with paper white (under 2 %
    dark) a millimetre above and below it (a QR code's modules and the names' letters are
    thicker bands, between others)."""
    pixels, width, height = image
    dark = [pixels[y * width:(y + 1) * width].translate(DARK).count(1) / width
            for y in range(height)]
    bands, y = [], 0
    while y < height:
        if dark[y] > 0.3:
            first = y
            while y + 1 < height and dark[y + 1] > 0.3:
                y += 1
            bands.append((first, y))
        y += 1
    mm = round(dpi / 25.4)
    return [(first + last) / 2 / height for first, last in bands
            if last - first < mm and dark[max(first - mm, 0)] < 0.02
            and dark[min(last + mm, height - 1)] < 0.02]


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_name_cards_print_eight_to_a_page_with_qr_codes_read_back_and_cut_lines_between(
        live_server, new_context, log_in, paper):
    """An individual night's 16 players print on 2 pages of A4 or Letter (2 x 4 cards a
    page), each card whole (its name and link), the screen's "Back · Print this page" line
    not printed; each QR code, read from the page as printed at 300 dpi, gives its player's
    own page; the cut lines run between the cards only: 3 across a page (between its 4
    rows), none at its foot or its head."""
    page = new_context(viewport={"width": 1366, "height": 768}, locale="fr-CA").new_page()
    night = tournaments.create_tournament(
        owner=log_in(page), settings=Settings(name="Vendredi à la mêlée", variant="politaine",
                                              format="individual"),
        teams=[NewTeam(player(j)) for j in range(16)])
    page.goto(live_server.url + f"/tournaments/{night.pk}/teams/name-cards/")
    page.emulate_media(media="print")
    pdf = page.pdf(format=paper, print_background=True)
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        Path(f"{SHOTS}/name-cards-{paper}.pdf").write_bytes(pdf)
    pages = [" ".join(unicodedata.normalize("NFKC", p.extract_text()).split()).replace("- ", "-")
             for p in PdfReader(io.BytesIO(pdf)).pages]  # a name broken at its hyphen
    assert len(pages) == 2
    assert "Imprimez cette page" not in " ".join(pages)
    names = [player(j) for j in range(16)]
    for text in pages:
        here = [name for name in names if name in text]
        assert len(here) == 8, here
        assert text.count("/players/") == 8  # each card whole: its name and link
    assert sorted(name for text in pages for name in names if name in text) == sorted(names)

    links = {live_server.url + reverse("public_player", args=[night.pk, entry.pk])
             for entry in night.entries.all()}
    read = []
    for image in page_images(pdf):
        codes = qr_codes(image)
        assert len(codes) == 8, codes
        read += codes
        cuts = lines_across(image)
        assert len(cuts) == 3, cuts
        assert all(0.1 < cut < 0.9 for cut in cuts), cuts
    assert sorted(read) == sorted(links)
