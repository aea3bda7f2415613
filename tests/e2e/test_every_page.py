"""axe-core on every page: no violation, and nothing wider than the screen.

`make test` sweeps every page once, in French (the longer words): axe at phone size (390 px;
axe's rules include a label for every input, and a Content Security Policy refusal is a
console error, which fails the test), then, in the same visit, the page's width at a small
phone's size (360 px) and a laptop's (`set_viewport_size`: nothing wider than any screen).
`make test-long` (TEST_LONG=1) and `make screenshots` (SCREENSHOTS=folder) run axe at both
sizes in both languages, the latter saving each page as a PNG there, to be looked at. The
pages are the catalogue's (tests/e2e/catalogue.py): one per template and state that a user
reaches, each named once."""

import os
from pathlib import Path

import pytest

from tests.conftest import LONG
from tests.e2e.accessibility import LAPTOP, PHONE, axe_violations, load_axe_in_every_page, too_wide
from tests.e2e.catalogue import build
from tests.e2e.helpers import settled

pytestmark = pytest.mark.e2e

VIEWPORTS = {"phone": PHONE, "desktop": LAPTOP}
LOCALES = {"en": "en-CA", "fr": "fr-CA"}
SCREENSHOTS = os.environ.get("SCREENSHOTS")
SWEEPS = [(screen, language) for screen in VIEWPORTS for language in LOCALES] \
    if SCREENSHOTS or LONG else [("phone", "fr")]
# The widths checked in each visit: the sweep's own screen, and a small phone's and a
# laptop's when only one sweep runs.
SMALL_PHONE = {"width": 360, "height": 780}
ALSO_WIDE = not (SCREENSHOTS or LONG)


@pytest.mark.parametrize(("screen", "language"), SWEEPS)
def test_every_page_has_no_axe_violation(live_server, new_context, log_in_by_form, screen,
                                         language):
    viewport, locale = VIEWPORTS[screen], LOCALES[language]
    contexts = [new_context(viewport=viewport, locale=locale) for _ in range(2)]
    for context in contexts:
        load_axe_in_every_page(context)
    keeper, stranger = (context.new_page() for context in contexts)
    shots = build(log_in_by_form(keeper))
    found = {}
    for shot in shots:
        page = stranger if shot.anonymous else keeper
        response = page.goto(live_server.url + shot.path)
        assert response.status == 200, (shot.name, response.status)
        if shot.prepare:
            shot.prepare(page)
        # Loaded (goto waits for it) and htmx at rest: what axe reads is all there. Waiting
        # for the network to be idle would cost half a second a page, for nothing more.
        settled(page)
        if SCREENSHOTS:
            folder = Path(SCREENSHOTS)
            folder.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=folder / f"{language}-{screen}-{shot.name}.png",
                            full_page=True)
        problems = axe_violations(page)
        problems += too_wide(page, viewport, *([SMALL_PHONE, LAPTOP] if ALSO_WIDE else []))
        if problems:
            found[shot.name] = problems
    assert found == {}

