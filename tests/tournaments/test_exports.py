"""CSV exports open in a spreadsheet as text: no cell of a name runs as a formula (OWASP CSV
injection), and numbers stay numbers."""

import csv
import io

import pytest
from django.urls import reverse

from scoring.services import NewTeam
from tests.factories import UserFactory
from tests.tournaments.helpers import play_round
from tournaments import services
from tournaments.exports import spreadsheet_cell
from tournaments.services import Settings

pytestmark = pytest.mark.django_db

FORMULAS = ["=cmd|' /C calc'!A0", '+HYPERLINK("http://evil")', "-2+3+cmd|' /C calc'!A0",
            "@SUM(1+1)*cmd|' /C calc'!A0"]


@pytest.mark.parametrize(
    ("value", "cell"),
    [("=1+1", "'=1+1"), ("+1", "'+1"), ("-1", "'-1"), ("@A1", "'@A1"), ("\t=1", "'\t=1"),
     ("\r=1", "'\r=1"), ("＝1+1", "'＝1+1"), ("Les Bleus", "Les Bleus"), ("", ""),
     ("a=b", "a=b"), (7, 7), (-5, -5), (0, 0)],
)
def test_a_cell_that_a_spreadsheet_would_run_is_written_as_text(value, cell):
    assert spreadsheet_cell(value) == cell


def rows(client, name, tournament):
    response = client.get(reverse(name, args=[tournament.pk]))
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.content.decode())))


def test_standings_and_results_show_formula_names_as_text(client):
    owner = UserFactory(username="org")
    client.force_login(owner)
    teams = [NewTeam(name, (f"={n}+1", f"Marc {n}")) for n, name in enumerate(FORMULAS)]
    tournament = services.create_tournament(owner=owner, teams=[*teams, NewTeam("Les Verts")],
                                            settings=Settings(name="=Soirée", variant="politaine",
                                                              format="round_robin", target=11))
    play_round(services.draw_next_round(tournament=tournament), winners={1: "a", 2: "b"})

    standings = rows(client, "tournament_standings_csv", tournament)
    results = rows(client, "tournament_results_csv", tournament)
    names = {row[1] for row in standings[1:]}
    assert {f"'{name}" for name in FORMULAS} <= names
    assert {row[2] for row in standings[1:]} >= {"'=0+1 & Marc 0", "'=1+1 & Marc 1"}
    result_names = {cell for row in results[1:] for cell in row[2:4] + row[6:7]}
    assert {f"'{name}" for name in FORMULAS} <= result_names
    for row in standings[1:] + results[1:]:
        for cell in row:
            # Whatever a spreadsheet would run is text; numbers are plain numbers.
            assert not cell.startswith(("=", "+", "@", "\t", "\r")), row
            assert not cell.startswith("-") or cell.lstrip("-").isdigit(), row
    # Numbers are numbers, negative ones too (a point difference).
    differences = [int(row[10]) for row in standings[1:]]
    assert min(differences) < 0 and sum(differences) == 0
    assert all(int(row[4]) >= 0 for row in results[1:] if row[4])
