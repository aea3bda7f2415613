import pytest

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
