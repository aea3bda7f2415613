"""A club file's user names give no right by themselves (issue 42, item 5): its owner,
organizers, nights' owners and organizers, match owners and the authors of hands,
corrections and history were given to whichever account here has that name. Only --owner
(who stands for the file's owner) and the accounts --map-user names get any."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db.models import Q

from clubs.exports import club_data
from clubs.models import Club, ClubEvent
from clubs.services.backup import import_club
from scoring.errors import InvalidInput
from scoring.models import Hand, HandRevision, Match
from tests.clubs.test_club_export import build_club
from tests.conftest import built_once
from tests.factories import UserFactory
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def exported(django_db_setup, django_db_blocker):
    """The club of "org", "helper" its co-organizer, and its file; here both accounts exist,
    as another server's accounts of the same names would."""
    with built_once(django_db_blocker):
        club = build_club()
        yield club, json.loads(json.dumps(club_data(club)))


def accounts_with_a_right(club: Club) -> set[str]:
    """The user names of every account the copy gives a right or an authorship to."""
    matches = Match.objects.filter(Q(club_match__club=club)
                                   | Q(table__round__tournament__club_night__club=club))
    tournaments = Tournament.objects.filter(club_night__club=club)
    return {club.owner.username, *club.organizers.values_list("username", flat=True),
            *tournaments.values_list("owner__username", flat=True),
            *tournaments.values_list("organizers__username", flat=True),
            *matches.values_list("owner__username", flat=True),
            *Hand.objects.filter(match__in=matches).values_list("entered_by__username",
                                                                 flat=True),
            *HandRevision.objects.filter(match__in=matches).values_list("by__username",
                                                                         flat=True),
            *ClubEvent.objects.filter(club=club).values_list("by__username", flat=True)
            } - {None}


def test_a_file_naming_local_users_gives_them_nothing_with_another_owner(exported):
    club, data = exported
    assert {"org", "helper"} <= accounts_with_a_right(club)
    newcomer = UserFactory(username="nouvelle")
    copy_ = import_club(data=data, owner=newcomer)
    assert accounts_with_a_right(copy_) == {"nouvelle"}
    # The file's owner stood for the new owner: what "org" entered, "nouvelle" did here.
    assert Hand.objects.filter(match__club_match__club=copy_, entered_by=newcomer).exists()


def test_an_account_the_import_is_told_to_map_keeps_its_rights(exported):
    club, data = exported
    helper = club.organizers.get(username="helper")
    copy_ = import_club(data=data, owner=UserFactory(username="nouvelle"),
                        users={"helper": helper})
    assert list(copy_.organizers.all()) == [helper]
    assert accounts_with_a_right(copy_) == {"nouvelle", "helper"}


def test_the_command_needs_an_owner_and_maps_only_whom_it_is_told(exported, tmp_path):
    _, data = exported
    path = tmp_path / "club.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CommandError, match="--owner"):
        call_command("import_club", str(path))
    before = Club.objects.count()
    with pytest.raises(CommandError, match="Nobody has the user name personne"):
        call_command("import_club", str(path), owner="org", map_user=["helper=personne"])
    with pytest.raises(CommandError, match="FILE_NAME=LOCAL_NAME"):
        call_command("import_club", str(path), owner="org", map_user=["helper"])
    assert Club.objects.count() == before
    call_command("import_club", str(path), owner="org", map_user=["helper=helper"])
    copy_ = Club.objects.order_by("pk").last()
    assert accounts_with_a_right(copy_) == {"org", "helper"}


def test_the_service_refuses_a_file_without_an_owner(exported):
    _, data = exported
    before = Club.objects.count()
    with pytest.raises(InvalidInput) as refusal:
        import_club(data=data, owner=None)
    assert refusal.value.messages()[0].startswith("Say who owns the club here")
    assert Club.objects.count() == before
