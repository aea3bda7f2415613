"""When the teams at a table change (a swap before the start, a knockout result corrected
once the next round is drawn), its links are made anew: a team that no longer plays there
keeps no slip that scores or confirms it."""

import pytest

from scoring import rules
from scoring import services as scoring
from tests.tournaments.helpers import make_tournament, play_round
from tournaments import services
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def test_a_swap_revokes_the_links_of_the_tables_it_changes(organizer, client):
    tournament = make_tournament(organizer, teams=4)
    round_1 = services.draw_next_round(tournament=tournament)
    t1, t2 = round_1.tables.select_related("match").order_by("number")
    before = {t.number: (t.match.scorekeeper_token, t.match.opponents_token, t.entry_b_id)
              for t in (t1, t2)}
    # Team B of table 1 (which holds table 1's opponents' slip) swaps with team B of table 2.
    services.swap_teams(round=round_1, first=t1.entry_b_id, second=t2.entry_b_id)
    t1 = Table.objects.select_related("match").get(pk=t1.pk)
    assert t1.entry_b_id == before[2][2]
    # The team now at table 2 still holds table 1's opponents' slip: it should be dead.
    assert t1.match.opponents_token != before[1][1], "old opponents' slip still valid"


def test_a_corrected_knockout_result_revokes_the_next_tables_links(organizer, client):
    tournament = make_tournament(organizer, teams=4, format="knockout", swiss_rounds=None)
    round_1 = services.draw_next_round(tournament=tournament)
    play_round(round_1, winners={1: "a", 2: "a"})
    final = services.draw_next_round(tournament=tournament)
    table = final.tables.select_related("match").get()
    old_keeper, old_opp = table.match.scorekeeper_token, table.match.opponents_token
    # Round 1 table 1's result is corrected by the organizer: team B won it after all.
    first = round_1.tables.select_related("match").get(number=1).match
    last = first.hands.order_by("number").last()
    scoring.correct_hand(match=first.pk, number=last.number,
                         hand=rules.Hand.played(0, 11), by=organizer)
    first.refresh_from_db()
    assert first.winner == "b"  # the final's team A is now another team
    table.refresh_from_db()
    table.match.refresh_from_db()
    assert table.match.opponents_token != old_opp or table.match.scorekeeper_token != old_keeper
