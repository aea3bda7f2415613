"""Two organizers deleting their accounts at the same moment, each the other's only
co-organizer (issue 42): one is deleted and their club goes to the other; the other is told
their club has nobody left to take it over. Neither waits for ever nor is told the database
is unavailable."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from accounts import services as accounts
from clubs import services as clubs
from clubs.models import Club
from tests.factories import UserFactory
from tests.scoring.test_concurrency import all_at_once
from tests.tournaments.helpers import make_tournament
from tournaments import services as tournaments

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="row locks and deadlocks are PostgreSQL's (SQLite runs writers "
                              "one at a time)"),
]

PASSWORD = "correct horse battery staple"  # tests.factories.UserFactory's


def each_others_only_co_organizer(index):
    anne, bruno = UserFactory(username=f"anne{index}"), UserFactory(username=f"bruno{index}")
    for owner, helper in ((anne, bruno), (bruno, anne)):
        club = clubs.create_club(owner=owner, name=f"Club de {owner.username}")
        clubs.add_organizer(club=club, username=helper.username, by=owner)
        tournament = make_tournament(owner, teams=4)
        tournaments.add_organizer(tournament=tournament, username=helper.username)
    return anne, bruno


def test_two_organizers_deleting_their_accounts_at_once_are_served_one_after_the_other():
    pairs = [each_others_only_co_organizer(index) for index in range(5)]
    outcomes = all_at_once([
        lambda user=user: accounts.delete_account(user=user, password=PASSWORD)
        for pair in pairs for user in pair], done="deleted")
    assert sorted(outcomes) == ["club_needs_organizer"] * 5 + ["deleted"] * 5, outcomes
    for anne, bruno in pairs:
        left = get_user_model().objects.filter(pk__in=(anne.pk, bruno.pk)).get()
        # Both clubs are now the one who stayed's, each with its nights.
        assert Club.objects.filter(owner=left).count() == 2
