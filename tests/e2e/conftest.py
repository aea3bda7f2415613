"""Browser tests: Playwright drives Debian's Chromium against a live test server."""

import os
import re
import shutil

import pytest

from tests.e2e.server import RequestsInFlight

# Playwright's sync API runs an event loop in the test thread; the test itself only
# touches the database from plain synchronous code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Debian's headless shell (package chromium-headless-shell) where it is installed: the same
# Blink as the full browser, as Playwright itself runs headless Chromium, for about a quarter
# less CPU a page. Otherwise the full browser (package chromium).
CHROMIUM = (os.environ.get("TEST_CHROMIUM") or shutil.which("chromium-headless-shell")
            or shutil.which("chromium") or shutil.which("chromium-browser"))


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


# What the browser logs as an error and is no fault of the page: a refusal the app answers
# on purpose (409, 422, 404...: htmx swaps its message in), and a request that found no
# network (the offline tests cut it). A 5xx, an uncaught exception, or any script's
# console.error (htmx's oobErrorNoTarget among them) fails the test.
# htmx logs a request it could not send (no network) or that was cut short (the page left
# while a poll was on its way) as an error, with the afterRequest that follows.
EXPECTED_CONSOLE_ERRORS = re.compile(
    r"^Failed to load resource: (the server responded with a status of 4\d\d"
    r"|net::ERR_(INTERNET_DISCONNECTED|CONNECTION_REFUSED|FAILED|ABORTED))"
    r"|^htmx:(sendAbort|sendError|afterRequest), "
)


CSP_VIOLATIONS_TO_CONSOLE = """
document.addEventListener("securitypolicyviolation", (event) => console.error(
  `Content Security Policy: ${event.violatedDirective} refused ${event.blockedURI} `
  + `(${event.sourceFile}:${event.lineNumber}) ${event.sample}`));
"""


class ConsoleErrors:
    """The errors the pages of a test wrote to the console, or threw."""

    def __init__(self):
        self.errors: list[str] = []
        self.allowed: list[re.Pattern] = []

    def watch_context(self, context):
        # A style or script the Content Security Policy refuses is a fault of the page too
        # (issue 43, item 12): Chromium reports it to the page, not to Playwright's console.
        context.add_init_script(CSP_VIOLATIONS_TO_CONSOLE)
        context.on("page", self.watch)
        for page in context.pages:
            self.watch(page)

    def watch(self, page):
        page.on("console", lambda message: self._console(page, message))
        page.on("pageerror", lambda error: self._add(page, f"uncaught: {error}"))

    def allow(self, pattern: str):
        """A console error this test provokes on purpose."""
        self.allowed.append(re.compile(pattern))

    def _console(self, page, message):
        if message.type == "error" and not EXPECTED_CONSOLE_ERRORS.search(message.text):
            self._add(page, message.text)

    def _add(self, page, text):
        if not any(pattern.search(text) for pattern in self.allowed):
            self.errors.append(f"{page.url}: {text}")


@pytest.fixture
def console_errors():
    return ConsoleErrors()


@pytest.fixture(autouse=True)
def _no_console_error(request, console_errors):
    """A browser test fails on any error its pages log to the console (issue 31, item 13):
    an htmx:oobErrorNoTarget, a script's exception, a server error."""
    if "page" in request.fixturenames:
        console_errors.watch_context(request.getfixturevalue("page").context)
    yield
    assert not console_errors.errors, "console errors:\n" + "\n".join(console_errors.errors)


PASSWORD = "correct horse battery staple"


@pytest.fixture
def log_in(live_server):
    """Log a page's browser in as a new keeper; returns the user. The session is made as a
    login makes it and handed to the browser as its cookie: the login form is driven by
    `log_in_by_form` (the sweeps, without JavaScript, in French), not in every test."""
    from django.conf import settings
    from django.test import Client

    from tests.factories import UserFactory

    def log_in(page, username="anne"):
        user = UserFactory(username=username)
        client = Client()
        client.force_login(user)
        page.context.add_cookies([{
            "name": settings.SESSION_COOKIE_NAME, "url": live_server.url,
            "value": client.cookies[settings.SESSION_COOKIE_NAME].value}])
        return user

    return log_in


@pytest.fixture
def log_in_by_form(live_server):
    """Log a page in through the login form, as a keeper does; returns the user."""
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
def new_context(browser, browser_context_args, console_errors):
    """More browser contexts (a second phone, JavaScript off, another language)."""
    contexts = []

    def make(**kwargs):
        context = browser.new_context(**{**browser_context_args, **kwargs})
        console_errors.watch_context(context)
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
