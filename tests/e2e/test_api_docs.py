"""The API's interactive docs (/api/v1/docs) pass axe-core as the app's pages do, on a phone
and a laptop, with their scripts served from the app (no CDN). API_DOCS_SHOTS=<directory>
keeps a screenshot of each, to look at."""

import os
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.e2e.test_every_page import AXE_OPTIONS, _summary

pytestmark = pytest.mark.e2e

SHOTS = os.environ.get("API_DOCS_SHOTS")


@pytest.mark.parametrize("screen", [{"width": 390, "height": 844},
                                    {"width": 1366, "height": 768}], ids=["390px", "laptop"])
def test_the_api_docs_page_has_no_axe_violation(live_server, new_context, screen):
    page = new_context(viewport=screen).new_page()
    errors = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    response = page.goto(live_server.url + "/api/v1/docs")
    assert response.status == 200
    assert "cdn." not in response.text()
    # The operations are drawn from the OpenAPI schema, all of them.
    page.locator("main .opblock").first.wait_for()
    page.wait_for_load_state("networkidle")
    assert all(url.startswith((live_server.url, "data:")) for url in fetched), \
        fetched
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/api-docs-{screen['width']}.png", full_page=True)
    problems = _summary(Axe().run(page, options=AXE_OPTIONS))
    assert problems == [], "\n".join(problems)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= screen["width"]
    assert errors == []
