import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import translation

from tests.factories import MatchFactory, UserFactory

# What htmx sends with each of its requests: views answer it with a fragment.
HTMX = {"HTTP_HX_REQUEST": "true"}


def url(match, name="table", **kwargs):
    """A page of a match as its owner reaches it."""
    return reverse(f"owned:{name}", kwargs={"pk": match.pk, **kwargs})


def link_url(match, name="table", **kwargs):
    """A page of a match as its score keeper's link reaches it."""
    return reverse(f"link:{name}", kwargs={"token": match.scorekeeper_token, **kwargs})



@pytest.fixture
def user(db):
    return UserFactory()


@pytest.fixture
def organizer(client, db):
    """The organizer of the tournaments a test makes, logged in on the test client."""
    user = UserFactory(username="org")
    client.force_login(user)
    return user


@pytest.fixture
def match(db, user):
    return MatchFactory(owner=user)


@pytest.fixture
def quadrette_match(db, user):
    return MatchFactory(owner=user, variant="quadrette", target=7)


@pytest.fixture(autouse=True)
def _default_language():
    """A French request leaves French active in the thread (LocaleMiddleware never turns it
    back): the next test starts in the default language."""
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with no rendered fragment from another."""
    cache.clear()
