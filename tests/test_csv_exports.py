"""Every CSV the app offers for download goes through the one safe writer: no cell, the
header's included, starts a spreadsheet formula, whatever names the organizers typed."""

import csv
import io
import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from clubs import services as clubs
from clubs.models import DEFAULT_POINTS_TABLE, Member
from clubs.services.seasons import save_season
from scoring.models import Player, Team
from tests.tournaments.helpers import make_tournament, play_rounds
from tournaments.exports import FORMULA_STARTS
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

PREFIXES = ["=", "+", "-", "@", "\t", "\r", "＝"]


def csv_routes(patterns=None, prefix=""):
    """The name of every URL whose path ends in .csv."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            yield from csv_routes(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern) and str(pattern.pattern).endswith(".csv"):
            yield pattern.name


@pytest.fixture
def night_full_of_formulas(organizer):
    """A club with a season of two nights (one with a bye), every name typed by someone
    (nights, teams, players, roster names and nicknames) set afterwards to a formula,
    each starting with one of the prefixes in turn."""
    club = clubs.create_club(owner=organizer, name="Les As")
    nights = []
    for number, teams in ((1, 4), (2, 5)):
        tournament = make_tournament(organizer, teams=teams, format="round_robin")
        play_rounds(tournament, 3, seed=number)
        nights.append(clubs.add_night(club=club, tournament=tournament))
    season = save_season(club=club, name="Automne", points_table=DEFAULT_POINTS_TABLE,
                         best_of=None, nights=[n.pk for n in nights])
    counter = iter(range(10_000))

    def formula():
        number = next(counter)
        return f'{PREFIXES[number % len(PREFIXES)]}HYPERLINK("https://x.example/{number}","y")'

    for model, field in ((Tournament, "name"), (Team, "name"), (Player, "name"),
                         (Member, "name"), (Member, "nickname")):
        for pk in model.objects.values_list("pk", flat=True):
            model.objects.filter(pk=pk).update(**{field: formula()})
    return club, season, [night.tournament for night in nights]


def exports(club, season, tournaments):
    """Every CSV export, by the name of its URL, with the URLs that show it."""
    return {
        "tournament_standings_csv": [reverse("tournament_standings_csv", args=[t.pk])
                                     for t in tournaments],
        "tournament_results_csv": [reverse("tournament_results_csv", args=[t.pk])
                                   for t in tournaments],
        "club_ladder_csv": [reverse("club_ladder_csv", args=[club.pk])],
        "season_csv": [reverse("season_csv", args=[season.pk])],
    }


# Where each export writes names someone typed (besides the season's header: its nights).
NAME_COLUMNS = {
    "tournament_standings_csv": ["team", "players"],
    "tournament_results_csv": ["team_a", "team_b", "winner"],
    "club_ladder_csv": ["player", "nickname"],
    "season_csv": ["player"],
}
NUMBER = re.compile(r"-?\d+(\.\d+)?")


def test_no_csv_cell_starts_a_formula_header_included(client, night_full_of_formulas):
    walked = exports(*night_full_of_formulas)
    assert set(csv_routes()) == set(walked), "a CSV export this test does not walk"
    for name, urls in walked.items():
        for url in urls:
            response = client.get(url)
            assert response.status_code == 200, url
            body = response.content.decode("utf-8-sig")
            rows = list(csv.reader(io.StringIO(body, newline="")))
            names = [cell for row in rows for cell in row if "HYPERLINK" in cell]
            assert names, f"{name}: no name reached the export"
            for number, row in enumerate(rows):
                for cell in row:
                    assert not cell.startswith(FORMULA_STARTS) or NUMBER.fullmatch(cell), (
                        name, number, cell)
            header = rows[0]
            for label in NAME_COLUMNS[name]:
                column = header.index(label)
                assert any("HYPERLINK" in row[column] for row in rows[1:]), (name, label)
            if name == "season_csv":  # the nights' names head their columns
                assert all("HYPERLINK" in cell for cell in header[4:]), header


def test_a_club_night_named_as_a_formula_is_defused_in_the_season_header(
        client, night_full_of_formulas):
    _club, season, tournaments = night_full_of_formulas
    Tournament.objects.filter(pk=tournaments[0].pk).update(name='=HYPERLINK("https://x","y")')
    body = client.get(reverse("season_csv", args=[season.pk])).content.decode("utf-8-sig")
    header = next(csv.reader(io.StringIO(body, newline="")))
    assert header[4] == """'=HYPERLINK("https://x","y")"""
