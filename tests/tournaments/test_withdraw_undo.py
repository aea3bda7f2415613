"""The "Withdrawn" toggle on the teams page, clicked by mistake during a match and clicked
back at once."""

import pytest
from django.urls import reverse

from scoring import rules
from scoring import services as scoring
from tests.tournaments.helpers import make_tournament
from tournaments import services

pytestmark = pytest.mark.django_db


def test_a_withdrawal_clicked_back_gives_the_table_its_match_back(client, organizer):
    tournament = make_tournament(organizer, teams=4, swiss_rounds=3, target=33)
    round_1 = services.draw_next_round(tournament=tournament)
    table = round_1.tables.order_by("number").first()
    scoring.record_hand(match=table.match_id, number=1, hand=rules.Hand.played(6, 5))
    flag = reverse("tournament_team_flag", args=[tournament.pk, table.entry_a_id, "withdrawn"])
    client.post(flag, {"value": "1"})   # the wrong row
    client.post(flag, {"value": "0"})   # clicked back a second later
    table.entry_a.refresh_from_db()
    assert not table.entry_a.withdrawn
    table.match.refresh_from_db()
    # The team is in again, yet its match stays lost by forfeit and the table cannot go on.
    assert table.match.status == rules.Status.IN_PROGRESS, (
        f"match is {table.match.status} ({table.match.finish_reason})")
    scoring.record_hand(match=table.match_id, number=2, hand=rules.Hand.played(6, 5))
