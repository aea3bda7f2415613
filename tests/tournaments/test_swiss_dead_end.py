"""A Swiss whose field dwindles to one team."""

import pytest

from scoring.errors import Conflict
from tests.tournaments.helpers import make_tournament, play_round
from tournaments import services
from tournaments.overview import overview

pytestmark = pytest.mark.django_db


def test_a_swiss_left_with_one_team_can_still_finish(organizer):
    tournament = make_tournament(organizer, teams=3, swiss_rounds=3)
    play_round(services.draw_next_round(tournament=tournament))
    for entry in tournament.entries.exclude(seed=1):
        services.set_entry_flags(entry=entry, withdrawn=True)
    # The knockout gives a lone team its byes and the round robin its forfeits; the Swiss
    # refuses every draw from here on, and the tournament never ends.
    for _ in range(2):
        try:
            services.draw_next_round(tournament=tournament, allow_rematches=True)
        except Conflict as refusal:
            pytest.fail(f"draw refused: {refusal.codes}")
    view = overview(tournament)
    assert view.finished and view.champion is not None
