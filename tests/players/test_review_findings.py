"""What an outside review of the player's door broke, each kept as the behaviour a user
notices once fixed: a real club's sequence of events (a sign-up closed before it opened, a
night cancelled and put back on while people wait, a format changed after sign-up, two
organizers at once), odd input on the organizer's forms, and an odd calendar address."""


import pytest
from django.urls import reverse

from players.models import Signup
from tests.factories import UserFactory
from tests.players.helpers import club_with_members, night_ahead

pytestmark = pytest.mark.django_db
State = Signup.State


@pytest.fixture
def owner():
    return UserFactory(username="organizer")


def settings_url(club, night) -> str:
    return reverse("players_night_settings", kwargs={"pk": club.pk, "night_id": night.pk})


# -- odd dates on the organizer's form -------------------------------------------------------

@pytest.mark.parametrize(("day", "clock"), [("9999-12-31", "23:30"), ("9999-12-31", "12:00"),
                                            ("0001-01-01", "00:00")])
def test_a_night_dated_at_the_ends_of_the_calendar_is_refused_beside_its_field(
        client, owner, day, clock):
    club, _members, _users = club_with_members(owner, 0)
    night = night_ahead(club, owner)
    before = night.tournament.starts_at
    client.force_login(owner)
    for fields in ({"starts_on": day, "starts_time": clock, "signup": "none"},
                   {"signup": "open", "opens_on": day, "opens_time": clock}):
        answer = client.post(settings_url(club, night), fields)
        assert answer.status_code == 422
        assert "between the years 2000 and 2100" in answer.content.decode()
    night.tournament.refresh_from_db()
    assert night.tournament.starts_at == before
    assert client.get(reverse("club_calendar", args=[club.pk])).status_code == 200


# -- an odd calendar address ---------------------------------------------------------------

@pytest.mark.parametrize("secret", ["%00", "abc%00def", "%C3%A9t%C3%A9", "a" * 65])
def test_a_calendar_address_that_cannot_be_one_is_not_found(client, secret):
    assert client.get(f"/me/calendar/{secret}.ics").status_code == 404

