"""The axe-core check the browser tests use finds what is wrong, with the rules they ask for
(the experimental ones among them), whether axe came with the page (load_axe_in_every_page)
or is sent before the check."""

import pytest

from tests.e2e.accessibility import axe_violations, load_axe_in_every_page

pytestmark = pytest.mark.e2e

PAGE = ('<!doctype html><html lang="en"><head><title>A page</title></head><body><main>'
        '<h1>A page</h1>{}</main></body></html>')
BODIES = {
    "/fine": "<p>Nothing wrong.</p>",
    "/no-alt": '<img src="/dot.png" id="dot">',
    # Only axe's experimental rules see it: the button's visible word is not in its name.
    "/name-mismatch": '<button id="send" aria-label="Send">Save</button>',
}


@pytest.mark.parametrize("with_every_page", [True, False], ids=["loaded", "sent"])
def test_axe_names_the_rule_a_page_breaks_and_where(new_context, with_every_page):
    context = new_context()
    if with_every_page:
        load_axe_in_every_page(context)
    page = context.new_page()
    page.route("http://pages.test/**", lambda route: route.fulfill(
        content_type="text/html",
        body=PAGE.format(BODIES.get(route.request.url.removeprefix("http://pages.test"), ""))))
    page.goto("http://pages.test/fine")
    assert page.evaluate("() => typeof window.axe") == ("object" if with_every_page
                                                        else "undefined")
    assert axe_violations(page) == []
    page.goto("http://pages.test/no-alt")
    assert axe_violations(page) == [
        "image-alt (critical): Images must have alternative text — #dot"]
    page.goto("http://pages.test/name-mismatch")
    assert [line.split(" ")[0] for line in axe_violations(page)] == [
        "label-content-name-mismatch"]
