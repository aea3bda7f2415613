"""Calling time asks first, and can be taken back while no match has ended by it."""

import pytest
from django.urls import reverse

from scoring import rules
from scoring import services as scoring
from scoring.errors import Conflict
from tests.tournaments.helpers import make_tournament
from tournaments import services

pytestmark = pytest.mark.django_db


def test_the_call_time_button_asks_first_and_changes_nothing_until_confirmed(client,
                                                                            organizer):
    tournament = make_tournament(organizer, teams=4, round_minutes=30)
    round_1 = services.draw_next_round(tournament=tournament)
    dashboard = client.get(reverse("tournament_dashboard", args=[tournament.pk]))
    url = reverse("tournament_round_time", args=[tournament.pk, 1])
    # A link to a page that asks, not a button that calls time at once.
    assert f'href="{url}"' in dashboard.content.decode()
    asked = client.get(url)
    assert asked.status_code == 200
    body = asked.content.decode()
    assert "Call time for round 1?" in body and "2 matches are still playing" in body
    round_1.refresh_from_db()
    assert round_1.time_called_at is None
    client.post(url)
    round_1.refresh_from_db()
    assert round_1.time_called_at is not None


def test_time_called_by_mistake_is_taken_back_and_the_matches_play_on(client, organizer):
    tournament = make_tournament(organizer, teams=4, target=33, round_minutes=30)
    round_1 = services.draw_next_round(tournament=tournament)
    table_1 = round_1.tables.order_by("number").first()
    scoring.record_hand(match=table_1.match, number=1, hand=rules.Hand.played(7, 4))
    client.post(reverse("tournament_round_time", args=[tournament.pk, 1]))
    dashboard = client.get(reverse("tournament_dashboard", args=[tournament.pk])).content
    assert "Take back the time call" in dashboard.decode()
    response = client.post(reverse("tournament_round_time_take_back", args=[tournament.pk, 1]),
                           follow=True)
    assert "Time is no longer called: 2 matches play on to their target." in \
        response.content.decode()
    round_1.refresh_from_db()
    assert round_1.time_called_at is None
    # The next hand no longer ends the match: it plays on to 33.
    state = scoring.record_hand(match=table_1.match, number=2, hand=rules.Hand.played(3, 8))
    assert not state.finished


def test_time_cannot_be_taken_back_once_it_has_ended_a_match(organizer):
    tournament = make_tournament(organizer, teams=4, target=33, round_minutes=30)
    round_1 = services.draw_next_round(tournament=tournament)
    table_1, table_2 = round_1.tables.order_by("number")
    scoring.record_hand(match=table_1.match, number=1, hand=rules.Hand.played(7, 4))
    services.call_time(round=round_1)
    scoring.record_hand(match=table_1.match, number=2, hand=rules.Hand.played(3, 8))
    with pytest.raises(Conflict) as refused:
        services.take_back_time_call(round=round_1)
    assert refused.value.codes == ["time_ended_match"]
    round_1.refresh_from_db()
    table_2.match.refresh_from_db()
    assert round_1.time_called_at is not None and table_2.match.time_called_after is not None
