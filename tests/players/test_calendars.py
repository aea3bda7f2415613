"""The calendars a phone subscribes to: a club's public nights, and a player's own behind
a secret; parsed back with icalendar as a calendar app would."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from icalendar import Calendar

from clubs.models import PublicName
from config.log_secrets import mask
from players import services
from players.calendars import DEFAULT_LENGTH
from tests.players.helpers import club_with_members, night_ahead
from tournaments import services as tournaments

pytestmark = pytest.mark.django_db


def feed(response) -> Calendar:
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    return Calendar.from_ical(response.content)


def events(response) -> list:
    return list(feed(response).walk("VEVENT"))


def club_events(client, club) -> list:
    return events(client.get(reverse("club_calendar", args=[club.pk])))


def my_events(client, user) -> list:
    return events(client.get(reverse("my_calendar", args=[services.calendar_key(user).secret])))


def test_the_clubs_feed_shows_a_night_in_the_clubs_time_zone(client, owner):
    club, _members, _users = club_with_members(owner, 2)
    club.time_zone, club.place = "America/Vancouver", "Salle paroissiale"
    club.save()
    night = night_ahead(club, owner, individual=True, cap=8)
    response = client.get(reverse("club_calendar", args=[club.pk]))
    calendar = feed(response)
    [event] = calendar.walk("VEVENT")
    assert str(event["summary"]) == night.tournament.name
    start = event.decoded("dtstart")
    assert str(start.tzinfo) == "America/Vancouver"
    assert start == night.tournament.starts_at.replace(microsecond=0)
    assert event.decoded("dtend") - start == DEFAULT_LENGTH
    assert event["dtstart"].params["TZID"] == "America/Vancouver"
    assert [tz["tzid"] for tz in calendar.walk("VTIMEZONE")] == ["America/Vancouver"]
    assert str(event["location"]) == "Salle paroissiale"
    assert "Places left: 8 of 8." in str(event["description"])
    assert str(event["url"]).endswith(f"/t/{night.tournament.pk}/")
    assert str(event["status"]) == "CONFIRMED"
    assert "public" in response["Cache-Control"]


def test_a_night_of_planned_rounds_ends_after_them(client, owner):
    club, _members, _users = club_with_members(owner, 1)
    night = night_ahead(club, owner, individual=True)
    night.tournament.individual_rounds, night.tournament.round_minutes = 5, 40
    night.tournament.save()
    [event] = club_events(client, club)
    assert event.decoded("dtend") - event.decoded("dtstart") == timedelta(minutes=200)


def test_a_night_moved_keeps_its_uid_and_moves_in_the_calendar(client, owner):
    club, _members, users = club_with_members(owner, 2)
    night = night_ahead(club, owner, individual=True)
    services.sign_up(night=night, user=users[0])
    [before] = club_events(client, club)
    [mine_before] = my_events(client, users[0])
    later = night.tournament.starts_at.replace(microsecond=0) + timedelta(hours=2)
    tournaments.schedule(tournament=night.tournament, starts_at=later, zone=club.time_zone)
    [after] = club_events(client, club)
    [mine_after] = my_events(client, users[0])
    assert str(after["uid"]) == str(before["uid"])
    assert str(mine_after["uid"]) == str(mine_before["uid"])
    assert after.decoded("dtstart") == later == mine_after.decoded("dtstart")
    assert after["sequence"] > before["sequence"]
    assert mine_after["sequence"] > mine_before["sequence"]


def test_a_cancelled_night_stays_in_both_feeds_as_cancelled(client, owner):
    club, _members, users = club_with_members(owner, 2)
    night = night_ahead(club, owner, individual=True)
    services.sign_up(night=night, user=users[0])
    [before] = club_events(client, club)
    services.cancel_night(night=night, by=owner)
    for event in (*club_events(client, club), *my_events(client, users[0])):
        assert str(event["status"]) == "CANCELLED"
        assert event["sequence"] > before["sequence"]
        assert "cancelled" in str(event["description"])


def test_a_private_night_is_not_in_the_clubs_feed(client, owner):
    club, _members, _users = club_with_members(owner, 1)
    shown = night_ahead(club, owner, name="Soirée ouverte")
    private = night_ahead(club, owner, name="Soirée privée")
    private.tournament.public = False
    private.tournament.save()
    assert [str(e["summary"]) for e in club_events(client, club)] == [shown.tournament.name]


def test_a_private_clubs_feed_is_not_found_even_by_its_organizer(client, owner):
    club, _members, _users = club_with_members(owner, 1)
    night_ahead(club, owner)
    club.public = False
    club.save()
    client.force_login(owner)
    assert client.get(reverse("club_calendar", args=[club.pk])).status_code == 404
    assert client.get(reverse("club_calendar", args=[999999])).status_code == 404


def test_nights_past_a_month_ago_or_without_a_start_time_are_left_out(client, owner):
    club, _members, _users = club_with_members(owner, 1)
    night_ahead(club, owner, name="Il y a deux mois", days=-60)
    recent = night_ahead(club, owner, name="La semaine passée", days=-7)
    unscheduled = night_ahead(club, owner, name="Un jour")
    tournaments.schedule(tournament=unscheduled.tournament, starts_at=None)
    assert [str(e["summary"]) for e in club_events(client, club)] == [recent.tournament.name]


def test_the_clubs_feed_names_no_player_not_even_a_hidden_one(client, owner):
    club, members, users = club_with_members(owner, 4)
    members[1].public_name = PublicName.HIDDEN
    members[1].save()
    night = night_ahead(club, owner)
    services.sign_up(night=night, user=users[0], partner=members[1])
    body = client.get(reverse("club_calendar", args=[club.pk])).content.decode()
    for member in members:
        assert member.name.split()[-1] not in body


def test_my_feed_says_where_i_stand_with_my_partner_as_the_public_reads_them(client, owner):
    club, members, users = club_with_members(owner, 6)
    for member in members[:2]:
        member.public_name = PublicName.INITIAL
        member.save()
    night = night_ahead(club, owner, cap=1)
    first = services.sign_up(night=night, user=users[2], partner=members[3])
    services.confirm_partner(signup=first, user=users[3])
    pair = services.sign_up(night=night, user=users[0], partner=members[1])
    [event] = my_events(client, users[1])  # named: asked to confirm
    described = str(event["description"])
    assert "Anne R. named you as partner" in described and "Anne Roy" not in described
    services.confirm_partner(signup=pair, user=users[1])
    [event] = my_events(client, users[0])
    described = str(event["description"])
    assert "waiting list (number 1)" in described
    assert "Partner: Luc C." in described and "Luc Côté" not in described
    [event] = my_events(client, users[1])  # the partner who confirmed
    assert "Partner: Anne R." in str(event["description"])


def test_withdrawn_and_declined_sign_ups_are_not_in_my_feed(client, owner):
    club, members, users = club_with_members(owner, 4)
    alone = night_ahead(club, owner, individual=True, name="Mêlée")
    pairs = night_ahead(club, owner, name="Par équipes")
    signup = services.sign_up(night=alone, user=users[0])
    asked = services.sign_up(night=pairs, user=users[0], partner=members[1])
    assert len(my_events(client, users[0])) == 2
    services.withdraw(signup=signup, by=users[0])
    services.decline_partner(signup=asked, user=users[1])
    assert my_events(client, users[0]) == []
    assert my_events(client, users[1]) == []


def test_my_feed_is_private_and_another_players_secret_reads_nothing_of_mine(client, owner):
    club, _members, users = club_with_members(owner, 2)
    mine = night_ahead(club, owner, individual=True, name="La mienne")
    theirs = night_ahead(club, owner, individual=True, name="La leur")
    services.sign_up(night=mine, user=users[0])
    services.sign_up(night=theirs, user=users[1])
    response = client.get(reverse("my_calendar", args=[services.calendar_key(users[1]).secret]))
    assert [str(e["summary"]) for e in events(response)] == [theirs.tournament.name]
    assert "private" in response["Cache-Control"] and "no-store" in response["Cache-Control"]
    assert "public" not in response["Cache-Control"]


def test_a_wrong_or_replaced_secret_is_not_found(client, owner):
    club, _members, users = club_with_members(owner, 1)
    night = night_ahead(club, owner, individual=True)
    services.sign_up(night=night, user=users[0])
    assert client.get(reverse("my_calendar", args=["not-a-secret"])).status_code == 404
    key = services.calendar_key(users[0])
    assert services.calendar_key(users[0]) == key  # made once
    old = key.secret
    new = services.new_calendar_key(users[0]).secret
    assert new != old
    assert client.get(reverse("my_calendar", args=[old])).status_code == 404
    assert len(events(client.get(reverse("my_calendar", args=[new])))) == 1


def test_the_feeds_read_as_many_queries_for_40_nights_as_for_5(client, owner):
    club, members, users = club_with_members(owner, 3)
    members[1].public_name = PublicName.HIDDEN
    members[1].save()
    key = services.calendar_key(users[0])

    def add_nights(count):
        for number in range(count):
            night = night_ahead(club, owner, cap=2, days=1 + number % 20,
                                name=f"Soirée {number}")
            if number % 3 == 0:
                services.add_signup(night=night, member=members[0], partner=members[1],
                                    by=owner)
            elif number % 3 == 1:
                services.sign_up(night=night, user=users[0], looking_for_partner=True)
            else:
                services.add_signup(night=night, member=members[2], partner=members[1],
                                    by=owner)

    def count(url, expected_events):
        with CaptureQueriesContext(connection) as queries:
            assert len(events(client.get(url))) == expected_events
        return len(queries)

    club_url = reverse("club_calendar", args=[club.pk])
    my_url = reverse("my_calendar", args=[key.secret])
    add_nights(5)
    few = count(club_url, 5), count(my_url, 4)
    add_nights(35)
    many = count(club_url, 40), count(my_url, 28)
    assert many == few
    assert few[0] <= 3 and few[1] <= 3


def test_a_feed_speaks_the_language_the_calendar_app_asks_for(client, owner):
    club, _members, users = club_with_members(owner, 2)
    night = night_ahead(club, owner, individual=True, cap=4)
    services.sign_up(night=night, user=users[0])
    url = reverse("club_calendar", args=[club.pk])
    [event] = events(client.get(url, HTTP_ACCEPT_LANGUAGE="fr"))
    assert "Places restantes : 3 sur 4." in str(event["description"])
    url = reverse("my_calendar", args=[services.calendar_key(users[0]).secret])
    [event] = events(client.get(url, HTTP_ACCEPT_LANGUAGE="fr"))
    assert "Votre inscription est confirmée." in str(event["description"])


def test_a_private_calendars_secret_never_reaches_the_log():
    assert mask("Not Found: /me/calendar/s3cr3t-Key_x.ics") == "Not Found: /me/calendar/[secret]"
    assert "tok3n" not in mask('"GET /invitations/tok3n/ HTTP/1.1" 302')


def test_my_feed_keeps_a_private_night_i_signed_up_for_and_links_it_to_my_page(client, owner):
    club, _members, users = club_with_members(owner, 1)
    night = night_ahead(club, owner, individual=True)
    night.tournament.public = False
    night.tournament.save()
    services.sign_up(night=night, user=users[0])
    [event] = my_events(client, users[0])
    assert str(event["url"]) == "http://testserver/me/"
    assert club_events(client, club) == []
