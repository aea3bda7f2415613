"""Steps a score keeper takes on the match page."""

import os
import time
from pathlib import Path

from playwright.sync_api import Page, expect

# `make screenshots` (and SCREENSHOTS=folder) keeps the browser tests' screens to look at.
SCREENSHOTS = os.environ.get("SCREENSHOTS")


def shot(page: Page, name: str, **options):
    """The page as it looks now, as SCREENSHOTS/name.png when screenshots are asked for. The
    text caret is left as it is: hiding it would add a style to the page, which its Content
    Security Policy refuses (a console error)."""
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOTS) / f"{name}.png"), caret="initial",
                        **options)


def choose(page: Page, name: str, value: str, scope: str = "main"):
    """Tap the label of a radio button (the buttons of a segmented control)."""
    radio = page.locator(f"{scope} input[name={name}][value='{value}']")
    page.click(f"{scope} label[for={radio.get_attribute('id')}]")


def start_match(page: Page, base_url: str, *, variant: str, team_a="Les Bleus",
                team_b="Les Rouges", players=("Anne", "Marc", "Luc", "Julie"),
                first_dealer="N", target=None):
    page.goto(base_url + "/matches/new/")
    if variant != "politaine":  # the default; another game presets its own target
        choose(page, "variant", variant)
        expect(page.locator("#id_target")).not_to_have_value("")
    if target is not None:
        page.fill("#id_target", str(target))
    page.fill("#id_team_a_name", team_a)
    page.fill("#id_team_b_name", team_b)
    for seat, name in zip(("n", "s", "e", "w"), players, strict=True):
        page.fill(f"#id_seat_{seat}", name)
    choose(page, "first_dealer", first_dealer)
    page.click("main button[type=submit]")
    expect(page.locator("#entry-title")).to_be_visible()


def field(page: Page, name: str):
    """An input of the hand being entered (its id carries the hand's number)."""
    return page.locator(f"#entry input[name={name}]")


def slot(page: Page, name: str):
    """Where the messages about an input, or a pair of inputs, show."""
    return page.locator(f"#entry p[id$='slot-{name}']")


def type_in(page: Page, name: str, value):
    """Type as a keeper does, one key at a time, over what was there."""
    field(page, name).fill("")
    field(page, name).press_sequentially(str(value))


def type_points(page: Page, a=None, b=None):
    if a is not None:
        type_in(page, "points_a", a)
    if b is not None:
        type_in(page, "points_b", b)


def save_points(page: Page, a: int, filled_b: int):
    """Type team A's points, see the app fill in team B's, and save the hand."""
    type_points(page, a=a)
    expect(field(page, "points_b")).to_have_value(str(filled_b))
    save(page)


def settled(page: Page):
    """Wait until htmx has no request in flight and has swapped and settled its answer."""
    # A locator, not wait_for_function: the page's CSP forbids the eval that it would need.
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)


def save(page: Page):
    """Press the big button and wait for the answer to be on the page."""
    with page.expect_response(lambda r: r.request.method == "POST" and "/check/" not in r.url):
        page.locator("#entry button.primary").click()
    settled(page)


def scores(page: Page) -> tuple[str, str]:
    totals = page.locator("#scoreboard .total")
    return totals.nth(0).inner_text(), totals.nth(1).inner_text()


def expect_score(page: Page, a: int, b: int):
    totals = page.locator("#scoreboard .total")
    expect(totals.nth(0)).to_have_text(str(a))
    expect(totals.nth(1)).to_have_text(str(b))


def correct_points(page: Page, number: int, a: int, b: int):
    """Open hand `number` for correction (in place, or on its page without JavaScript),
    type its points and save."""
    page.locator(f"#hand-{number} a").click()
    expect(page.locator(f"#hand-{number}.editing")).to_be_visible()
    page.fill("#edit-points_a", str(a))
    page.fill("#edit-points_b", str(b))
    page.locator(f"#hand-{number} button[type=submit]").click()


def wait_until(page: Page, condition, timeout: float = 10):
    """Wait for what only the test sees (a route its handler holds), letting Playwright
    deliver the page's events meanwhile."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        page.wait_for_timeout(20)


def wait_in_page(page: Page, expression: str, arg=None):
    """Wait until `expression`, a function of `arg` run in the page that may return a
    promise (a look in the page's caches), comes true. Playwright's `wait_for_function`
    would take the promise for a true value and return at once; `evaluate` waits for it."""
    wait_until(page, lambda: page.evaluate(expression, arg))


def requests_so_far(page: Page):
    """Return once the test has heard of every request the page has sent until now.
    Playwright tells of a page's requests in the order they leave: once it tells of one sent
    now, the earlier ones have been told."""
    with page.expect_request("**/healthz"):
        page.evaluate("() => { fetch('/healthz'); }")
