"""A club night closed tells each player who played it, with an account, that its results
are in: on their page (a notice) and by email; once a night, however often it is closed
again; a player with no account is told nothing."""

import pytest
from django.core import mail

from players import services
from players.models import Notice
from tests.factories import UserFactory
from tests.players.helpers import club_with_members, night_ahead
from tests.tournaments.helpers import play_rounds
from tournaments import services as tournaments

pytestmark = pytest.mark.django_db


def test_closing_a_night_tells_its_players_once_that_the_results_are_in(
        django_capture_on_commit_callbacks):
    owner = UserFactory(username="organizer")
    club, members, users = club_with_members(owner, 8)
    for user in users:
        user.email = f"{user.username}@example.org"
        user.save(update_fields=["email"])
    night = night_ahead(club, owner, days=0)
    for first in range(0, 8, 2):
        pair = services.add_signup(night=night, member=members[first],
                                   partner=members[first + 1], by=owner)
        assert pair.state == "in"
    services.enter_signups(night=night, by=owner)
    members[7].account = None
    members[7].save(update_fields=["account"])
    tournament = night.tournament
    tournaments.update_tournament(tournament=tournament, settings=tournaments.Settings(
        name=tournament.name, variant="politaine", format="swiss", target=21, swiss_rounds=1))
    play_rounds(tournament, 1)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        tournaments.close_tournament(tournament=tournament)
    told = set(Notice.objects.filter(kind="results").values_list("member_id", flat=True))
    assert told == {member.pk for member in members[:7]}
    assert len([m for m in mail.outbox if tournament.name in m.subject]) == 7
    tournaments.reopen_tournament(tournament=tournament)
    tournaments.close_tournament(tournament=tournament)
    assert Notice.objects.filter(kind="results").count() == 7
