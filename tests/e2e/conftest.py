"""Browser tests: Playwright drives Debian's Chromium against a live test server."""

import os
import shutil

import pytest

from tests.e2e.server import RequestsInFlight

# Playwright's sync API runs an event loop in the test thread; the test itself only
# touches the database from plain synchronous code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def pytest_collection_modifyitems(config, items):
    if CHROMIUM:
        return
    if os.environ.get("REQUIRE_BROWSER"):
        raise pytest.UsageError("REQUIRE_BROWSER is set but no Chromium is installed.")
    skip = pytest.mark.skip(reason="no Chromium installed (apt-get install chromium)")
    for item in items:
        if "e2e" in item.nodeid.split("/"):
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"],
    }


@pytest.fixture(autouse=True)
def _answers_end_before_the_flush(request):
    """A page closed at a test's end may leave a request on the live server (a poll, the
    offline cache fetching the page). On PostgreSQL its locks and the flush's TRUNCATE that
    ends the test deadlock, and the next test starts on a database that was not emptied.
    Autouse, so set up before the test's pages and torn down after them: it waits for the
    server's last answers, then the flush runs."""
    if "live_server" not in request.fixturenames:
        yield
        return
    application = RequestsInFlight.install(request.getfixturevalue("live_server").thread.httpd)
    application.reopen()
    yield
    assert application.close_and_wait(timeout=30), "the live server is still answering"


PASSWORD = "correct horse battery staple"


@pytest.fixture
def log_in(live_server):
    """Log a page in as a new keeper; returns the user."""
    from tests.factories import UserFactory

    def log_in(page, username="anne"):
        user = UserFactory(username=username)
        page.goto(live_server.url + "/accounts/login/")
        page.fill("#id_username", username)
        page.fill("#id_password", PASSWORD)
        page.click("main button[type=submit]")
        page.wait_for_url(live_server.url + "/")
        return user

    return log_in


@pytest.fixture
def new_context(browser, browser_context_args):
    """More browser contexts (a second phone, JavaScript off, another language)."""
    contexts = []

    def make(**kwargs):
        context = browser.new_context(**{**browser_context_args, **kwargs})
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # A phone: narrow screen, touch, English unless a test says otherwise.
    return {**browser_context_args, "viewport": {"width": 360, "height": 780},
            "locale": "en-CA", "has_touch": True}
