"""Deleting an account linked to places on clubs' rosters: the page says so beforehand; the
links end, the members and their sign-ups stay, and each club's history says the account
went."""

import pytest
from django.urls import reverse

from accounts import services as accounts
from clubs.models import ClubEvent, Member
from players import services
from players.models import Signup
from tests.factories import UserFactory
from tests.players.helpers import club_with_members, night_ahead

pytestmark = pytest.mark.django_db
PASSWORD = "correct horse battery staple"  # tests.factories.UserFactory's


def test_the_deletion_page_names_the_clubs_whose_roster_the_account_is_linked_to(client):
    owner = UserFactory(username="organizer")
    club, _, users = club_with_members(owner, 1)
    client.force_login(users[0])
    page = client.get(reverse("account_delete")).content.decode()
    assert "You are no longer linked to your place on the roster of:" in page
    assert club.name in page


def test_a_deleted_account_leaves_its_member_and_sign_up_and_the_history_says_so():
    owner = UserFactory(username="organizer")
    club, members, users = club_with_members(owner, 1)
    night = night_ahead(club, owner, individual=True)
    services.sign_up(night=night, user=users[0])
    accounts.delete_account(user=users[0], password=PASSWORD)
    member = Member.objects.get(pk=members[0].pk)
    assert member.account_id is None
    assert Signup.objects.get(member=member).state == Signup.State.IN
    event = ClubEvent.objects.get(club=club, kind=ClubEvent.Kind.ACCOUNT_UNLINKED)
    assert event.member_id == member.pk and event.params == {"how": "account_deleted"}
