"""The API's interactive docs (/api/v1/docs): every operation drawn from the OpenAPI schema,
with scripts and styles served from the app, none from a CDN, none missing. Like every page,
they are checked with axe-core and for their width at a phone's size and a laptop's by
test_every_page.py, where `make screenshots` takes their pictures."""

import pytest

pytestmark = pytest.mark.e2e


def test_the_api_docs_are_drawn_with_the_apps_own_scripts(live_server, page):
    fetched, failed = [], []
    page.on("request", lambda request: fetched.append(request.url))
    page.on("response", lambda answer: answer.status >= 400 and failed.append(
        f"{answer.status} {answer.url}"))
    response = page.goto(live_server.url + "/api/v1/docs")
    assert response.status == 200
    assert "cdn." not in response.text()
    page.locator("main .opblock").first.wait_for()
    page.wait_for_load_state("networkidle")
    assert page.locator("main .opblock").count() >= 10
    assert all(url.startswith((live_server.url, "data:")) for url in fetched), fetched
    assert failed == []
