import pytest
from django.core.cache import cache

from tests.factories import MatchFactory, UserFactory


@pytest.fixture
def user(db):
    return UserFactory()


@pytest.fixture
def match(db, user):
    return MatchFactory(owner=user)


@pytest.fixture
def quadrette_match(db, user):
    return MatchFactory(owner=user, variant="quadrette", target=7)


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with no rendered fragment from another."""
    cache.clear()
