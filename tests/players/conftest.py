"""What the player's door's tests share: the club's organizer, and a club of three players
on its roster with no account yet."""

import pytest

from clubs import services as clubs
from tests.factories import UserFactory


@pytest.fixture
def owner():
    return UserFactory(username="organizer")


@pytest.fixture
def club(owner):
    club = clubs.create_club(owner=owner, name="Club du mardi")
    for name in ("Anne Roy", "Luc Côté", "Élise Bouchard"):
        clubs.add_member(club=club, name=name)
    return club
