"""The CSV exports as a Québec club opens them: double-click in Excel."""

import pytest
from django.urls import reverse

from scoring.services import NewTeam
from tests.tournaments.helpers import make_tournament
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("export", ["tournament_standings_csv", "tournament_results_csv"])
def test_accented_team_names_survive_excel(client, organizer, export):
    tournament = make_tournament(organizer, teams=2)
    services.add_teams(tournament=tournament, teams=[NewTeam("Les Éperviers de Lévis", ())])
    services.draw_next_round(tournament=tournament)
    body = client.get(reverse(export, args=[tournament.pk])).content
    # Excel reads a CSV without a byte order mark in the Windows code page:
    # "Les Ã‰perviers de LÃ©vis". A UTF-8 BOM first makes it read UTF-8.
    assert body.startswith(b"\xef\xbb\xbf"), body[:40]
