"""A match's state kept between writes (scoring/states.py) is never the truth: one that a
release can no longer read, or that no longer fits, is a miss, and the hand is saved."""

import sys
import types

import pytest
from django.core.cache import cache

from scoring import states
from scoring.models import Match

# A state is kept once its write is committed.
pytestmark = pytest.mark.django_db(transaction=True)

HAND_1 = {"number": 1, "points": {"a": 7, "b": 4}, "politaines": {"a": 0, "b": 0}}
HAND_2 = {"number": 2, "points": {"a": 5, "b": 6}, "politaines": {"a": 0, "b": 0}}


@pytest.fixture(autouse=True)
def shared_cache(settings, tmp_path):
    """A cache shared by app servers (not this process's memory), so that states are kept
    pickled there, as with Redis."""
    settings.CACHES = {"default": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": str(tmp_path / "cache")}}
    yield
    cache.clear()


def kept_key(match_id: int) -> str:
    """The key the next write reads the match's state under; it holds one."""
    key = states._key(Match.objects.get(pk=match_id))
    assert cache.get(key) is not None
    return key


class GoneInThisRelease:
    """A class the last release pickled into a kept state, and this one no longer has."""


@pytest.fixture
def unreadable():
    """An object kept by the last release: once kept, its module is gone, and reading it
    back raises (ModuleNotFoundError), as after a release that moved or renamed a class."""
    module = types.ModuleType("politaine_last_release")
    module.GoneInThisRelease = GoneInThisRelease
    GoneInThisRelease.__module__ = module.__name__
    sys.modules[module.__name__] = module

    def keep(key):
        cache.set(key, GoneInThisRelease())
        del sys.modules[module.__name__]

    return keep


def test_a_release_drill_the_next_hand_after_a_schema_change_is_saved(
        api, politaine, monkeypatch, unreadable):
    hands = f"/matches/{politaine['id']}/hands"
    assert api.post(hands, HAND_1).status_code == 201
    kept = kept_key(politaine["id"])
    assert states.SCHEMA in kept  # today's state, under today's schema
    # What the last release kept there is something this release cannot read.
    unreadable(kept)
    # A new release changes the schema: it reads none of the states kept before it.
    monkeypatch.setattr(states, "SCHEMA", states.SCHEMA + "-next")
    states.forget_all()  # a new process

    response = api.post(hands, HAND_2)

    assert response.status_code == 201, response.content
    assert response.json()["score"] == {"a": 12, "b": 10}
    assert kept_key(politaine["id"]) != kept


def test_a_kept_state_that_no_longer_unpickles_is_a_miss_not_an_error(api, politaine,
                                                                       unreadable):
    hands = f"/matches/{politaine['id']}/hands"
    assert api.post(hands, HAND_1).status_code == 201
    unreadable(kept_key(politaine["id"]))
    states.forget_all()

    response = api.post(hands, HAND_2)

    assert response.status_code == 201, response.content
    assert response.json()["score"] == {"a": 12, "b": 10}


def test_a_kept_state_of_another_shape_is_a_miss_not_an_error(api, politaine):
    hands = f"/matches/{politaine['id']}/hands"
    assert api.post(hands, HAND_1).status_code == 201
    # An object that lacks what a state holds now.
    cache.set(kept_key(politaine["id"]), types.SimpleNamespace(hand_count=1))
    states.forget_all()

    response = api.post(hands, HAND_2)

    assert response.status_code == 201, response.content
    assert response.json()["score"] == {"a": 12, "b": 10}


def test_the_schema_follows_the_fields_of_what_a_state_holds(monkeypatch):
    from scoring import rules

    before = states._shape()
    fields = rules.HandLine.__dataclass_fields__
    monkeypatch.setitem(fields, "added_in_next_release", fields["number"])
    assert states._shape() != before
