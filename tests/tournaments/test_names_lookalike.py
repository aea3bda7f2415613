"""Look-alike and blank-looking team names (scoring/names.py)."""

import pytest

from scoring.errors import InvalidInput
from scoring.services import NewTeam
from tests.tournaments.helpers import make_tournament
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("lookalike", [
    "Les Bl\u00adeus",   # soft hyphen: invisible inside a word
    "Les Bleus\u034f",   # combining grapheme joiner: invisible
    "Les Bleus\u2800",   # braille blank: shows as a space at the end
    "Les Bleus\u3164",   # Hangul filler: shows as nothing
    "Les \u0412leus",    # Cyrillic capital ve, drawn as B
    "L\u0435s Bleus",    # Cyrillic small ie, drawn as e
])
def test_a_lookalike_of_a_team_already_in_is_refused(organizer, lookalike):
    tournament = make_tournament(organizer, teams=2)
    services.add_teams(tournament=tournament, teams=[NewTeam("Les Bleus", ())])
    with pytest.raises(InvalidInput):
        services.add_teams(tournament=tournament, teams=[NewTeam(lookalike, ())])


@pytest.mark.parametrize("blank", ["\u3164", "\u2800", "\u115f\u1160"])
def test_a_name_that_shows_as_nothing_is_refused(organizer, blank):
    tournament = make_tournament(organizer, teams=2)
    with pytest.raises(InvalidInput):
        services.add_teams(tournament=tournament, teams=[NewTeam(blank, ())])
