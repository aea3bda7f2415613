import os
from contextlib import contextmanager

import pytest
from django.core.cache import cache
from django.db import transaction
from django.urls import reverse
from django.utils import translation
from hypothesis import settings

from tests.factories import MatchFactory, UserFactory

# What htmx sends with each of its requests: views answer it with a fragment.
HTMX = {"HTTP_HX_REQUEST": "true"}

# `make test` sizes the generated cases (property tests, simulated evenings, the API's
# fuzzing) for a run of minutes; `make test-long` (TEST_LONG=1) runs SCALE times as many,
# and the accessibility sweep at every size in every language.
LONG = os.environ.get("TEST_LONG") == "1"
SCALE = 10 if LONG else 1
# No deadline per example: under `-n` the machine's cores are all busy, and a slow example
# is no failure. A test that sets its own max_examples multiplies it by SCALE.
settings.register_profile("ci", deadline=None)
settings.register_profile("long", deadline=None, max_examples=1000)  # ten times 100
settings.load_profile("long" if LONG else "ci")


# The longest tests first (pytest-xdist hands out tests in collection order): the accessibility
# sweep, then the other browser tests, then the rest, so that no long test runs alone at the
# end while the other workers wait.
FIRST = ("tests/e2e/test_every_page.py", "tests/e2e/")


def pytest_collection_modifyitems(config, items):
    def rank(item):
        return next((i for i, start in enumerate(FIRST) if item.nodeid.startswith(start)),
                    len(FIRST))
    items.sort(key=rank)  # stable: the order within each rank stays


def url(match, name="table", **kwargs):
    """A page of a match as its owner reaches it."""
    return reverse(f"owned:{name}", kwargs={"pk": match.pk, **kwargs})


def link_url(match, name="table", **kwargs):
    """A page of a match as its score keeper's link reaches it."""
    return reverse(f"link:{name}", kwargs={"token": match.scorekeeper_token, **kwargs})


@contextmanager
def built_once(django_db_blocker):
    """For a module- or class-scoped fixture whose objects many tests read: what the block
    creates stays for those tests, each test's own transaction is a savepoint inside this one
    (its changes rolled back at its end), and all of it is rolled back when the scope ends."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield
        transaction.set_rollback(True)


@pytest.fixture(scope="session")
def static_root(tmp_path_factory):
    """The static files collected once, for the app servers some tests start (tests/served.py)."""
    import subprocess
    import sys

    from tests.served import ROOT

    root = tmp_path_factory.mktemp("static")
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--no-input", "-v0"],
                   cwd=ROOT, check=True,
                   env={**os.environ, "STATIC_ROOT": str(root), "SECRET_KEY": "collect",
                        "DJANGO_SETTINGS_MODULE": "config.settings"})
    return root


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


class _Queries:
    """The queries a block sends, as production sends them: the test's own transaction
    makes every service's atomic block a savepoint, which production never sends."""

    def __init__(self, captured):
        self.captured = captured

    @property
    def sql(self) -> list[str]:
        return [query["sql"] for query in self.captured.captured_queries
                if "SAVEPOINT" not in query["sql"]]

    def __len__(self):
        return len(self.sql)

    def __repr__(self):
        return "\n".join(f"{n}. {sql[:150]}" for n, sql in enumerate(self.sql, 1))


@pytest.fixture
def count_queries(django_capture_on_commit_callbacks):
    """`with count_queries() as queries:` ... `len(queries)`; what the block left to do on
    commit (the shared cache's writes) runs as it would after a real commit."""
    from contextlib import contextmanager

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    @contextmanager
    def counting():
        with django_capture_on_commit_callbacks(execute=True), \
                CaptureQueriesContext(connection) as captured:
            yield _Queries(captured)

    return counting
