"""A club moved through its export keeps its time zone and the history of its accounts
linked and unlinked; a night's backup keeps its start time and its cancelling. Accounts
themselves stay on the site they belong to."""

import json

import pytest

from clubs.exports import club_data
from clubs.models import Club, ClubEvent, Member
from clubs.services.backup import import_club
from players import services
from scoring.errors import InvalidInput
from tests.factories import UserFactory
from tests.players.helpers import club_with_members, night_ahead
from tournaments.exports import tournament_data
from tournaments.overview import overview
from tournaments.services.backup import import_tournament

pytestmark = pytest.mark.django_db


def exported(club) -> dict:
    return json.loads(json.dumps(club_data(club)))


def test_a_moved_club_keeps_its_time_zone_and_its_history_of_accounts():
    owner = UserFactory(username="organizer")
    club, members, _ = club_with_members(owner, 2)
    Club.objects.filter(pk=club.pk).update(time_zone="America/Vancouver")
    services.unlink(member=members[1], by=owner)
    club.refresh_from_db()
    moved = import_club(data=exported(club), owner=owner)
    assert moved.time_zone == "America/Vancouver"
    assert list(ClubEvent.objects.filter(club=moved).values_list("kind", flat=True)) == [
        "account_unlinked"]
    assert not Member.objects.filter(club=moved, account__isnull=False).exists()


def test_a_club_export_with_an_unknown_time_zone_is_refused():
    owner = UserFactory(username="organizer")
    club, _, _ = club_with_members(owner, 1)
    data = exported(club)
    data["club"]["time_zone"] = "Mars/Olympus_Mons"
    with pytest.raises(InvalidInput) as refusal:
        import_club(data=data, owner=owner)
    assert "club_export_time_zone" in refusal.value.codes
    assert Club.objects.count() == 1


def test_a_night_s_backup_keeps_its_start_time_and_its_cancelling():
    owner = UserFactory(username="organizer")
    club, _, _ = club_with_members(owner, 1)
    night = night_ahead(club, owner, individual=True)
    services.cancel_night(night=night, by=owner)
    night.tournament.refresh_from_db()
    data = json.loads(json.dumps(tournament_data(overview(night.tournament))))
    copy_ = import_tournament(data=data, owner=owner)
    assert copy_.starts_at == night.tournament.starts_at
    assert copy_.cancelled_at == night.tournament.cancelled_at
