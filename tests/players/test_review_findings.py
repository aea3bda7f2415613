"""What an outside review of the player's door broke, each kept as the behaviour a user
notices once fixed: a real club's sequence of events (a sign-up closed before it opened, a
night cancelled and put back on while people wait, a format changed after sign-up, two
organizers at once), odd input on the organizer's forms, and an odd calendar address."""

import threading
import time
from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from clubs import services as clubs
from clubs.models import Member
from players import services
from players.forms.organizer import local
from players.models import Signup, SignupSheet
from players.services import signups as signups_module
from players.services.signups import window
from scoring.errors import Conflict
from tests.players.helpers import club_with_members, night_ahead
from tournaments import services as tournaments
from tournaments.models import Entry

pytestmark = pytest.mark.django_db
State = Signup.State


def settings_url(club, night) -> str:
    return reverse("players_night_settings", kwargs={"pk": club.pk, "night_id": night.pk})


# -- a sign-up closed before it opened ---------------------------------------------------

def test_closing_a_sign_up_that_has_not_opened_yet_keeps_those_added_and_answers_no_error(
        client, owner):
    club, members, users = club_with_members(owner, 2)
    night = night_ahead(club, owner, individual=True, opens_in=timedelta(days=1))
    added = services.add_signup(night=night, member=members[0], by=owner)
    client.force_login(owner)
    day, clock = local(night.tournament.starts_at, ZoneInfo(club.time_zone))
    answer = client.post(settings_url(club, night), {
        "starts_on": day.isoformat(), "starts_time": clock.strftime("%H:%M"),
        "signup": "none"})
    assert answer.status_code == 302
    sheet = SignupSheet.objects.select_related("night__tournament").get(night=night)
    assert window(sheet) == "closed"
    assert Signup.objects.get(pk=added.pk).state == State.IN
    with pytest.raises(Conflict) as refused:
        services.sign_up(night=night, user=users[1])
    assert refused.value.violations[0].code == "signup_closed"


# -- a night cancelled, then on again -----------------------------------------------------

def test_a_night_on_again_gives_the_places_freed_meanwhile_to_those_who_wait_not_to_a_newcomer(
        owner):
    club, members, users = club_with_members(owner, 4)
    night = night_ahead(club, owner, individual=True, cap=2)
    first, _second, waiting = (services.sign_up(night=night, user=user) for user in users[:3])
    services.cancel_night(night=night, by=owner)
    services.withdraw(signup=first, by=users[0])  # while it is off: no place is given
    services.cancel_night(night=night, by=owner, cancelled=False)
    assert Signup.objects.get(pk=waiting.pk).state == State.IN
    assert members[2].notices.filter(kind="place_given").exists()
    newcomer = services.sign_up(night=night, user=users[3])
    assert newcomer.state == State.WAITING


# -- the format changed after sign-up -------------------------------------------------------

def _make(night, format_: str) -> None:
    tournament = night.tournament
    tournaments.update_tournament(tournament=tournament, settings=tournaments.Settings(
        name=tournament.name, variant=tournament.variant, target=tournament.target,
        format=format_))
    night.tournament.refresh_from_db()


def test_a_team_night_made_individual_does_not_enter_a_pair_as_one_player(owner):
    club, members, users = club_with_members(owner, 2)
    night = night_ahead(club, owner)
    pair = services.sign_up(night=night, user=users[0], partner=members[1])
    services.confirm_partner(signup=pair, user=users[1])
    _make(night, "individual")
    roster = Member.objects.filter(club=club).count()
    with pytest.raises(Conflict) as refused:
        services.enter_signups(night=night, by=owner)
    assert refused.value.violations[0].code == "signup_unit_changed"
    assert "Anne Roy & Luc Côté" in refused.value.messages()[0]
    assert not Entry.objects.filter(tournament=night.tournament).exists()
    # No new player of the roster named after the two of them.
    assert Member.objects.filter(club=club).count() == roster


def test_an_individual_night_made_a_team_night_does_not_enter_a_player_alone_as_a_team(owner):
    club, _members, users = club_with_members(owner, 1)
    night = night_ahead(club, owner, individual=True)
    services.sign_up(night=night, user=users[0])
    _make(night, "swiss")
    with pytest.raises(Conflict) as refused:
        services.enter_signups(night=night, by=owner)
    assert refused.value.violations[0].code == "signup_unit_changed"
    assert not Entry.objects.filter(tournament=night.tournament).exists()


def test_the_organizer_is_told_in_french_why_a_pair_cannot_enter_an_individual_night(owner):
    club, members, _users = club_with_members(owner, 2)
    night = night_ahead(club, owner)
    pair = services.add_signup(night=night, member=members[0], partner=members[1], by=owner)
    assert pair.state == State.IN
    _make(night, "individual")
    client = Client(HTTP_ACCEPT_LANGUAGE="fr", enforce_csrf_checks=True)
    client.force_login(owner)
    path = reverse("players_signups_enter", kwargs={"pk": club.pk, "night_id": night.pk})
    client.get(path)  # the form's page, as a browser opens it: its CSRF token
    answer = client.post(path, {"csrfmiddlewaretoken": client.cookies["csrftoken"].value})
    assert answer.status_code == 422
    assert "maintenant individuelle" in answer.content.decode()


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


# -- two organizers at once (PostgreSQL) -----------------------------------------------------

@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql",
                    reason="row locks under real concurrency are PostgreSQL's")
def test_entering_the_sign_ups_while_another_organizer_changes_the_sign_up_waits_not_fails(
        monkeypatch, owner):
    from tests.players.test_signup_concurrency import connections_for, outcome_of

    club, _members, users = club_with_members(owner, 4)
    night = night_ahead(club, owner, individual=True, cap=10)
    for user in users:
        services.sign_up(night=night, user=user)
    real = signups_module.tournaments

    class SlowToAdd:
        """The night's tournaments, slow to add the entries: the other organizer's change
        comes in between."""

        def __getattr__(self, name):
            return getattr(real, name)

        def add_teams(self, **kwargs):
            time.sleep(1.5)
            return real.add_teams(**kwargs)

    monkeypatch.setattr(signups_module, "tournaments", SlowToAdd())
    outcomes = [None, None]

    def enter():
        outcomes[0] = outcome_of(lambda: len(services.enter_signups(night=night, by=owner)))

    def change():
        time.sleep(0.5)
        outcomes[1] = outcome_of(lambda: services.set_sheet(
            night=night, by=owner, settings=services.SheetSettings(cap=12)).cap)

    with connections_for(3):
        threads = [threading.Thread(target=enter), threading.Thread(target=change)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
    assert outcomes == [4, 12]


# -- two players of the roster merged ---------------------------------------------------------

def test_merging_a_player_linked_to_an_account_keeps_the_account_and_what_it_was_told(owner):
    club, members, users = club_with_members(owner, 1)
    twice = clubs.add_member(club=club, name="Anne R. Roy")
    night = night_ahead(club, owner, individual=True)
    services.withdraw(signup=services.sign_up(night=night, user=users[0]), by=users[0])
    clubs.merge_members(keep=twice, absorb=members[0])
    assert Member.objects.get(pk=twice.pk).account == users[0]
    assert twice.notices.filter(kind="signed_up").exists()
    client = Client()
    client.force_login(users[0])
    assert [c.member.pk for c in client.get(reverse("me")).context["page"].clubs] == [twice.pk]


def test_two_players_each_linked_to_an_account_are_not_merged(owner):
    _club, members, _users = club_with_members(owner, 2)
    with pytest.raises(Conflict) as refused:
        clubs.merge_members(keep=members[0], absorb=members[1])
    assert refused.value.violations[0].code == "merge_two_accounts"
    assert Member.objects.filter(pk__in=[m.pk for m in members], account__isnull=False
                                 ).count() == 2


def test_a_player_whose_partner_is_merged_away_keeps_the_pair_place_until_it_is_withdrawn(
        client, owner):
    club, members, users = club_with_members(owner, 2)
    twice = clubs.add_member(club=club, name="Luc C. Côté")
    night = night_ahead(club, owner, cap=1)
    pair = services.sign_up(night=night, user=users[0], partner=members[1])
    services.confirm_partner(signup=pair, user=users[1])
    client.force_login(owner)
    answer = client.post(reverse("club_member_edit", args=[club.pk, twice.pk]),
                         {"merge-other": members[1].pk})
    assert answer.status_code == 422
    assert "is signed up for Soirée du mardi: withdraw that sign-up first" in \
        answer.content.decode()
    assert Signup.objects.get(pk=pair.pk).state == State.IN
    assert Member.objects.filter(pk=members[1].pk).exists()
    services.withdraw(signup=pair, by=owner)
    clubs.merge_members(keep=twice, absorb=members[1])
    assert not Member.objects.filter(pk=members[1].pk).exists()
