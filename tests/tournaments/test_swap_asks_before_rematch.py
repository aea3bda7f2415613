"""Swapping two teams of a round asks first when it would make two teams meet again."""

import pytest
from django.urls import reverse

from scoring.errors import Conflict
from tests.tournaments.helpers import make_tournament, play_rounds
from tournaments import services
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def _rematch_swap(tournament):
    """Round 2 drawn, and a swap of a table-1 team with a table-2 team that remakes a
    round-1 pair: (round 2, first, second, the pair that would meet again)."""
    play_rounds(tournament, 1)
    met = {frozenset((t.entry_a_id, t.entry_b_id))
           for t in Table.objects.filter(round__tournament=tournament)}
    round_2 = services.draw_next_round(tournament=tournament)
    table_1, table_2 = round_2.tables.order_by("number")
    for first in (table_1.entry_a_id, table_1.entry_b_id):
        partner = table_1.entry_b_id if first == table_1.entry_a_id else table_1.entry_a_id
        for second in (table_2.entry_a_id, table_2.entry_b_id):
            if frozenset((partner, second)) in met:
                return round_2, first, second
    pytest.fail("no swap made a rematch")


def _pairs(round_):
    return sorted(sorted((t.entry_a_id, t.entry_b_id)) for t in round_.tables.all())


def test_a_swap_that_makes_a_rematch_is_refused_until_confirmed(organizer):
    tournament = make_tournament(organizer, teams=4, swiss_rounds=3)
    round_2, first, second = _rematch_swap(tournament)
    before = _pairs(round_2)
    with pytest.raises(Conflict) as refused:
        services.swap_teams(round=round_2, first=first, second=second)
    assert set(refused.value.codes) == {"swap_rematch"}
    assert "would meet again (they met in round 1)" in refused.value.messages()[0]
    assert _pairs(round_2) == before  # nothing swapped
    services.swap_teams(round=round_2, first=first, second=second, allow_rematch=True)
    assert _pairs(round_2) != before


def test_the_round_page_asks_before_a_rematch_swap_naming_the_earlier_meeting(client,
                                                                            organizer):
    tournament = make_tournament(organizer, teams=4, swiss_rounds=3)
    round_2, first, second = _rematch_swap(tournament)
    before = _pairs(round_2)
    url = reverse("tournament_round_swap", args=[tournament.pk, 2])
    response = client.post(url, {"first": first, "second": second})
    assert response.status_code == 409
    body = response.content.decode()
    assert "This swap makes a rematch" in body and "(they met in round 1)" in body
    assert 'name="allow_rematch" value="1"' in body
    assert _pairs(round_2) == before
    response = client.post(url, {"first": first, "second": second, "allow_rematch": "1"},
                           follow=True)
    assert _pairs(round_2) != before
    assert "Teams swapped." in response.content.decode()


def test_a_swap_without_a_rematch_is_made_at_once(client, organizer):
    tournament = make_tournament(organizer, teams=4)
    round_1 = services.draw_next_round(tournament=tournament)
    table_1, table_2 = round_1.tables.order_by("number")
    response = client.post(reverse("tournament_round_swap", args=[tournament.pk, 1]),
                           {"first": table_1.entry_a_id, "second": table_2.entry_a_id})
    assert response.status_code == 302
    table_1.refresh_from_db()
    assert table_1.entry_a_id == table_2.entry_a_id
