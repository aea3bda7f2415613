"""Swapping teams of the current round once a table is decided by a forfeit."""

import contextlib

import pytest

from scoring import rules
from scoring.errors import Conflict
from tests.tournaments.helpers import make_tournament, play_round
from tournaments import services
from tournaments.models import Table
from tournaments.overview import overview

pytestmark = pytest.mark.django_db


def test_a_round_robin_forfeit_table_cannot_take_a_playing_team(organizer):
    tournament = make_tournament(organizer, teams=4, format="round_robin")
    play_round(services.draw_next_round(tournament=tournament))
    withdrawn = tournament.entries.get(seed=4)
    services.set_entry_flags(entry=withdrawn, withdrawn=True)
    round_2 = services.draw_next_round(tournament=tournament)
    forfeit = round_2.tables.get(entry_b=withdrawn)
    assert forfeit.match.status == rules.Status.FINISHED
    playing = round_2.tables.exclude(pk=forfeit.pk).get()
    # The organizer swaps a team that is about to play with the withdrawn team.
    with pytest.raises(Conflict):
        services.swap_teams(round=round_2, first=playing.entry_a_id, second=withdrawn.pk)
    # Had it gone through: the withdrawn team would sit at a live table and the other team
    # would have lost a game it never played.
    playing.refresh_from_db()
    assert withdrawn.pk not in (playing.entry_a_id, playing.entry_b_id)


def test_a_withdrawn_teams_forfeit_cannot_be_swapped_into_a_bye(organizer):
    tournament = make_tournament(organizer, teams=5, swiss_rounds=3)
    play_round(services.draw_next_round(tournament=tournament))
    round_2 = services.draw_next_round(tournament=tournament)
    bye_team = round_2.byes.get().entry_id
    table = round_2.tables.order_by("number").first()
    # Team A of table 1 goes home before the first hand: it forfeits.
    leaving = table.entry_a
    services.set_entry_flags(entry=leaving, withdrawn=True)
    table.match.refresh_from_db()
    assert table.match.status == rules.Status.FINISHED
    with pytest.raises(Conflict):
        services.swap_teams(round=round_2, first=leaving.pk, second=bye_team)
    # Had it gone through, the withdrawn team would score the bye (a win) and the team that
    # was resting would lose a match by forfeit.
    assert round_2.byes.get().entry_id == bye_team
    assert Table.objects.get(pk=table.pk).entry_a_id == leaving.pk


def test_a_finished_tournaments_results_cannot_be_changed_by_a_swap(organizer):
    tournament = make_tournament(organizer, teams=5, swiss_rounds=1)
    round_1 = services.draw_next_round(tournament=tournament)
    first, _second = round_1.tables.order_by("number")
    bye_team = round_1.byes.get().entry_id
    services.set_entry_flags(entry=first.entry_b, withdrawn=True)  # forfeits table 1
    play_round(round_1)
    tournament.refresh_from_db()
    before = overview(tournament)
    assert before.finished
    # The tournament is over: its results are final. Yet the round's draw can still change.
    with contextlib.suppress(Conflict):
        services.swap_teams(round=round_1, first=first.entry_b_id, second=bye_team)
    after = {s.team_id: (s.wins, s.losses) for s in overview(tournament).standings}
    # The withdrawn team now has the bye (a win); the team that rested lost by forfeit.
    assert after == {s.team_id: (s.wins, s.losses) for s in before.standings}
