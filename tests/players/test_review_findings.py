"""What an outside review of the player's door broke, each kept as the behaviour a user
notices once fixed: a real club's sequence of events (a sign-up closed before it opened, a
night cancelled and put back on while people wait, a format changed after sign-up, two
organizers at once), odd input on the organizer's forms, and an odd calendar address."""


import pytest
from django.urls import reverse

from players.models import Signup
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
State = Signup.State


@pytest.fixture
def owner():
    return UserFactory(username="organizer")


def settings_url(club, night) -> str:
    return reverse("players_night_settings", kwargs={"pk": club.pk, "night_id": night.pk})


# -- an odd calendar address ---------------------------------------------------------------

@pytest.mark.parametrize("secret", ["%00", "abc%00def", "%C3%A9t%C3%A9", "a" * 65])
def test_a_calendar_address_that_cannot_be_one_is_not_found(client, secret):
    assert client.get(f"/me/calendar/{secret}.ics").status_code == 404

