"""The migration that compares a club's name keys by what names look like (clubs 0002):
each key recomputed from the names that gave it, look-alikes kept once."""

from importlib import import_module

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scoring import names

BEFORE = [("clubs", "0001_clubs")]
AFTER = [("clubs", "0002_alias_key_look_alikes")]


def migrated(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def back_to_the_latest():
    """The test database migrated forward again to the latest of every app afterwards: the
    tests that follow on this worker need the schema of today, not of clubs 0002."""
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("back_to_the_latest")
def test_the_keys_stored_before_become_look_alike_keys():
    apps = migrated(BEFORE)
    key_before = import_module("clubs.migrations.0002_alias_key_look_alikes").key_before
    User = apps.get_model("auth", "User")
    Club = apps.get_model("clubs", "Club")
    Member = apps.get_model("clubs", "Member")
    Alias = apps.get_model("clubs", "Alias")
    Seat = apps.get_model("clubs", "Seat")
    Player = apps.get_model("scoring", "Player")
    owner = User.objects.create(username="migrating")
    club = Club.objects.create(owner=owner, name="Les As")
    other_club = Club.objects.create(owner=owner, name="Les Rois")

    def member(club, name, *typed):
        made = Member.objects.create(club=club, name=name)
        for each in (name, *typed):
            if not Alias.objects.filter(club=club, key=key_before(each)).exists():
                Alias.objects.create(club=club, key=key_before(each), member=made)
            if each != name:
                Seat.objects.create(player=Player.objects.create(name=each), member=made)
        return made

    bleus = member(club, "Les Bleus")
    # Before: a Cyrillic В made another player; a seat typed with a Cyrillic е, another key.
    vleus = member(club, "Les \u0412leus")
    anne = member(club, "Anne", "L\u0435a")
    elsewhere = member(other_club, "Les \u0412leus")
    assert Alias.objects.filter(club=club).count() == 4

    apps = migrated(AFTER)
    Alias = apps.get_model("clubs", "Alias")
    keys = dict(Alias.objects.filter(club_id=club.pk).values_list("key", "member_id"))
    assert keys == {names.key("Les Bleus"): bleus.pk, names.key("Anne"): anne.pk,
                    names.key("Lea"): anne.pk}
    assert names.key("Les \u0412leus") == names.key("Les Bleus")  # finds the older player
    assert vleus.pk not in keys.values()
    assert list(Alias.objects.filter(club_id=other_club.pk).values_list("key", "member_id")) \
        == [(names.key("Les Bleus"), elsewhere.pk)]
