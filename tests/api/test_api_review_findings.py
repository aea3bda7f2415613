"""What an outside review of the player's door broke through the API, kept as the behaviour
a user notices once fixed."""

import pytest

from players.models import Notice, Signup
from tests.api.door_helpers import night_ahead, players

pytestmark = pytest.mark.django_db


def test_a_partner_who_deletes_a_pair_they_never_confirmed_says_no_and_the_asker_is_told(
        client, owner):
    club, members, apis = players(client, owner, 2)
    night = night_ahead(club, owner)
    asked = apis[0].post(f"/tournaments/{night.tournament_id}/signups",
                         {"partner": members[1].pk}).json()
    answer = apis[1].delete(f"/tournaments/{night.tournament_id}/signups/{asked['id']}")
    assert answer.status_code == 200 and answer.json()["state"] == "withdrawn"
    assert Signup.objects.get(pk=asked["id"]).state == Signup.State.WITHDRAWN
    told = Notice.objects.get(member=members[0], kind="partner_declined")
    assert told.params == {"by": members[1].pk}
