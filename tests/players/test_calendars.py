"""The calendars a phone subscribes to: a club's public nights, and a player's own behind
a secret; parsed back with icalendar as a calendar app would."""

import pytest
from django.urls import reverse
from icalendar import Calendar

from players import services
from tests.factories import UserFactory
from tests.players.helpers import club_with_members, night_ahead

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner():
    return UserFactory(username="organizer")


def events(response):
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    return list(Calendar.from_ical(response.content).walk("VEVENT"))


def test_a_public_clubs_feed_lists_its_nights(client, owner):
    club, _members, _users = club_with_members(owner, 2)
    club.public = True
    club.save()
    night = night_ahead(club, owner)
    night.tournament.public = True
    night.tournament.save()
    [event] = events(client.get(reverse("club_calendar", args=[club.pk])))
    assert str(event["summary"]) == night.tournament.name


def test_my_calendar_lists_the_nights_i_signed_up_for(client, owner):
    club, _members, users = club_with_members(owner, 2)
    night = night_ahead(club, owner, individual=True)
    services.sign_up(night=night, user=users[0])
    key = services.calendar_key(users[0])
    assert services.calendar_key(users[0]) == key
    [event] = events(client.get(reverse("my_calendar", args=[key.secret])))
    assert str(event["summary"]) == night.tournament.name
    old = key.secret
    services.new_calendar_key(users[0])
    assert client.get(reverse("my_calendar", args=[old])).status_code == 404
