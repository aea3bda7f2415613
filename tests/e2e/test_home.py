import pytest

pytestmark = pytest.mark.e2e


def test_the_home_page_opens_in_chromium(live_server, page):
    response = page.goto(live_server.url + "/")
    assert response.status == 200
    assert "Politaine" in page.title()
    assert page.get_by_role("heading", level=1).is_visible()
