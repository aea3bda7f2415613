"""Names in alphabetical order as a French reader expects, accents and case aside, then by
accent (scoring.names.sort_key, ICU's collation for French, Canada), wherever a list of
names is: the roster, the ladder's ties and its CSV, the roster's suggestions."""

import csv
import io

import pytest
from django.urls import reverse

from clubs import services
from clubs.models import Member
from scoring import names
from tests.conftest import HTMX

# As typed, and in the order a reader expects them.
TYPED = ["Normand Tremblay", "Élise Bouchard", "Zoé Allard", "Daniel Roy", "élise Caron",
         "Eric Gagnon"]
ALPHABETICAL = ["Daniel Roy", "Élise Bouchard", "élise Caron", "Eric Gagnon",
                "Normand Tremblay", "Zoé Allard"]


def in_order(names_: list[str]) -> list[str]:
    return sorted(names_, key=names.sort_key)


def test_elise_sorts_with_the_es_before_normand_whatever_her_accent_and_case():
    assert in_order(["Normand", "Élise Bouchard", "Eric", "Daniel"]) == [
        "Daniel", "Élise Bouchard", "Eric", "Normand"]
    # Accents and case aside first: each Élise next to the others, before Elisée.
    assert in_order(["Elisée", "élise", "Normand", "Élise", "elise", "Eliane"]) == [
        "Eliane", "elise", "élise", "Élise", "Elisée", "Normand"]
    # Then by accent, the last one first, as French dictionaries order them.
    assert in_order(["côté", "coté", "côte", "cote"]) == ["cote", "côte", "coté", "côté"]


@pytest.fixture
def club(organizer):
    club = services.create_club(owner=organizer, name="Les As", place="Lévis")
    for name in TYPED:
        services.add_member(club=club, name=name)
    return club


def listed(text: str, candidates: list[str]) -> list[str]:
    """The candidates in the order the page shows them."""
    return sorted((name for name in candidates if name in text), key=text.index)


def test_the_roster_page_lists_elise_bouchard_before_normand(client, club):
    page = client.get(reverse("club_roster", args=[club.pk])).content.decode()
    assert listed(page, TYPED) == ALPHABETICAL


def test_the_ladder_csv_orders_players_rated_the_same_alphabetically(client, club):
    Member.objects.filter(club=club).update(mu=25.0, sigma=8.0, rated_matches=1)
    Member.objects.filter(club=club, name="Zoé Allard").update(mu=30.0)
    answer = client.get(reverse("club_ladder_csv", args=[club.pk]))
    rows = list(csv.DictReader(io.StringIO(answer.content.decode().lstrip("\ufeff"))))
    assert [row["player"] for row in rows] == ["Zoé Allard", *ALPHABETICAL[:-1]]


def test_the_rosters_suggestions_come_in_alphabetical_order(client, club):
    def suggested(typed):
        text = client.get(reverse("club_suggest", args=[club.pk]),
                          {"seat_n": typed, "list": "seat_n-players"}, **HTMX).content.decode()
        return listed(text, TYPED)

    assert suggested("") == ALPHABETICAL
    # Those starting with what was typed first (the Élises with the E's), each part in
    # alphabetical order.
    assert suggested("e") == ["Élise Bouchard", "élise Caron", "Eric Gagnon", "Daniel Roy",
                              "Normand Tremblay"]
