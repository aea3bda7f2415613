"""The organizer's check-in and withdrawal buttons, when the service refuses."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.helpers import make_tournament, play_rounds
from tournaments import services

pytestmark = pytest.mark.django_db


def test_withdrawing_a_team_once_the_tournament_is_over_is_a_message_not_a_500(organizer):
    client = Client(raise_request_exception=False)
    client.force_login(organizer)
    tournament = make_tournament(organizer, teams=4, swiss_rounds=2)
    play_rounds(tournament, 2)
    entry = tournament.entries.get(seed=1)
    response = client.post(reverse("tournament_team_flag",
                                   args=[tournament.pk, entry.pk, "withdrawn"]), {"value": "1"})
    assert response.status_code != 500
    entry.refresh_from_db()
    assert not entry.withdrawn


def test_checking_in_a_late_team_in_a_round_robin_under_way_is_a_message_not_a_500(organizer):
    client = Client(raise_request_exception=False)
    client.force_login(organizer)
    tournament = make_tournament(organizer, teams=5, format="round_robin")
    for entry in tournament.entries.filter(seed__lte=4):
        services.set_entry_flags(entry=entry, checked_in=True)
    services.draw_next_round(tournament=tournament)
    late = tournament.entries.get(seed=5)
    response = client.post(reverse("tournament_team_flag",
                                   args=[tournament.pk, late.pk, "checked_in"]), {"value": "1"},
                           follow=True)
    assert response.status_code == 200
    assert "takes no new team" in response.content.decode()
