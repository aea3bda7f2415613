"""Browser tests: Playwright drives Debian's Chromium against a live test server."""

import os
import shutil

import pytest

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
