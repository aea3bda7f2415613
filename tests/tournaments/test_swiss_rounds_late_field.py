"""The organizer's number of Swiss rounds, when teams arrive after round 1."""

import pytest

from tests.tournaments.helpers import make_tournament, play_round
from tournaments import services
from tournaments.overview import overview
from tournaments.selectors import is_over

pytestmark = pytest.mark.django_db


def test_five_rounds_asked_for_are_played_when_the_late_teams_make_eight(organizer):
    tournament = make_tournament(organizer, teams=8, swiss_rounds=5)
    entries = list(tournament.entries.order_by("seed"))
    for entry in entries[:4]:  # four teams at the door when round 1 is drawn
        services.set_entry_flags(entry=entry, checked_in=True)
    play_round(services.draw_next_round(tournament=tournament))
    for entry in entries[4:]:  # the other four arrive during round 1
        services.set_entry_flags(entry=entry, checked_in=True)
    for _ in range(2):
        play_round(services.draw_next_round(tournament=tournament))
    tournament.refresh_from_db()
    # Eight teams are playing and the organizer asked for 5 rounds (8 teams can play 7),
    # yet the tournament is over after 3: capped by the 4 teams of round 1.
    assert overview(tournament).total_rounds == 5
    assert not is_over(tournament)
