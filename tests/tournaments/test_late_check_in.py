"""A Swiss drawn without check-in, then a late team checked in before round 2."""

import pytest

from scoring.services import NewTeam
from tests.tournaments.helpers import make_tournament, play_round
from tournaments import services

pytestmark = pytest.mark.django_db


def test_checking_in_a_late_team_does_not_send_the_whole_field_home(organizer):
    # Round 1 without check-in (nobody checked in: every team is drawn).
    tournament = make_tournament(organizer, teams=8, swiss_rounds=3)
    play_round(services.draw_next_round(tournament=tournament))
    # Two teams arrive late; the organizer adds them and clicks "Check in" for each,
    # as the README says a late team does.
    late = services.add_teams(tournament=tournament, teams=[
        NewTeam("Les Retardataires", ()), NewTeam("Les Derniers", ())])
    for entry in late:
        services.set_entry_flags(entry=entry, checked_in=True)
    round_2 = services.draw_next_round(tournament=tournament)
    drawn = {e for t in round_2.tables.all() for e in (t.entry_a_id, t.entry_b_id)} | {
        b.entry_id for b in round_2.byes.all()}
    # The eight teams who played round 1 are still here and must be drawn too.
    assert len(drawn) == 10, f"only {len(drawn)} teams drawn in round 2"


def test_checking_in_one_team_mid_knockout_does_not_eliminate_the_other_winners(organizer):
    tournament = make_tournament(organizer, teams=8, format="knockout")
    round_1 = services.draw_next_round(tournament=tournament)
    play_round(round_1, winners={1: "a", 2: "a", 3: "a", 4: "a"})
    # Check-in was never used; the organizer now ticks "checked in" for one winner.
    winner = round_1.tables.get(number=1).entry_a
    services.set_entry_flags(entry=winner, checked_in=True)
    semis = services.draw_next_round(tournament=tournament)
    # Four winners, two semi-finals.
    byes = list(semis.byes.values_list("entry_id", flat=True))
    assert semis.tables.count() == 2, f"{semis.tables.count()} table(s), byes to {byes}"
