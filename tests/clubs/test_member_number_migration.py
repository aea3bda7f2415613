"""The migration that numbers each club's players (clubs 0004): 1, 2, 3... per club in the
order they joined; a name taken off ("#<id>") takes the number, on its matches too."""

import pytest

from scoring import names
from tests.clubs.test_alias_migration import back_to_the_latest, migrated  # noqa: F401

BEFORE = [("clubs", "0003_members_privacy")]
AFTER = [("clubs", "0004_member_numbers")]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("back_to_the_latest")
def test_the_players_of_clubs_made_before_numbers_read_the_number_they_joined_in():
    apps = migrated(BEFORE)
    User = apps.get_model("auth", "User")
    Club = apps.get_model("clubs", "Club")
    Member = apps.get_model("clubs", "Member")
    Alias = apps.get_model("clubs", "Alias")
    Seat = apps.get_model("clubs", "Seat")
    Player = apps.get_model("scoring", "Player")
    Team = apps.get_model("scoring", "Team")
    from django.utils import timezone

    owner = User.objects.create(username="numbering")
    rois, as_ = (Club.objects.create(owner=owner, name=name) for name in ("Rois", "As"))
    # The two clubs' players joined in turns: ids 1, 3, 5 at Les As.
    made = {}
    for name in ("Ali", "Anne", "Bea", "Benoît", "Cyr", "Chloé"):
        club = as_ if name in ("Anne", "Benoît", "Chloé") else rois
        made[name] = Member.objects.create(club=club, name=name)
    benoit = made["Benoît"]
    old = f"#{benoit.pk}"
    Member.objects.filter(pk=benoit.pk).update(name=old, anonymized_at=timezone.now())
    Alias.objects.create(club=as_, key=names.key(old), member=benoit)
    seat = Player.objects.create(name=old)
    Seat.objects.create(player=seat, member=benoit)
    partner = Player.objects.create(name="Anne")
    team = Team.objects.create(name=f"{old} & Anne", first_player=seat, second_player=partner)
    stranger = Team.objects.create(name=old)  # another club's team typed so: not theirs

    apps = migrated(AFTER)
    Member = apps.get_model("clubs", "Member")
    Club = apps.get_model("clubs", "Club")
    Alias = apps.get_model("clubs", "Alias")
    Team = apps.get_model("scoring", "Team")
    Player = apps.get_model("scoring", "Player")
    assert list(Member.objects.filter(club_id=as_.pk).order_by("number").values_list(
        "number", "name")) == [(1, "Anne"), (2, "#2"), (3, "Chloé")]
    assert list(Member.objects.filter(club_id=rois.pk).order_by("number").values_list(
        "number", "name")) == [(1, "Ali"), (2, "Bea"), (3, "Cyr")]
    assert Club.objects.get(pk=as_.pk).last_member_number == 3
    assert Team.objects.get(pk=team.pk).name == "#2 & Anne"
    assert Player.objects.get(pk=seat.pk).name == "#2"
    assert Team.objects.get(pk=stranger.pk).name == old
    assert Alias.objects.get(club_id=as_.pk, key=names.key("#2")).member_id == benoit.pk
