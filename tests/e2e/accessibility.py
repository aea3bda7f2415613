"""axe-core in the browser tests: what it checks, and its findings as one line per rule
broken. axe-core is the axe.min.js that the axe-playwright-python package ships, never a
CDN's."""

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import BrowserContext, Page

AXE_SCRIPT = Axe().axe_script

# WCAG 2.2 A and AA, axe's best practices, and its experimental rules (label-content-name-
# mismatch among them: a button's visible text must be part of its name).
AXE_OPTIONS = {"resultTypes": ["violations"], "runOnly": {"type": "tag", "values": [
    "wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice",
    "experimental"]}}


def load_axe_in_every_page(context: BrowserContext):
    """For a context whose pages are all checked: axe comes with each page as it loads,
    compiled once by the browser, instead of its 570 KB being sent again before each check."""
    context.add_init_script(script=AXE_SCRIPT)


def axe_violations(page: Page) -> list[str]:
    """What axe finds wrong with the page as it is now: the rule, its impact, its help and
    the first three places. Only the violations come back from the page, not axe's whole
    report."""
    if not page.evaluate("() => typeof window.axe?.run === 'function'"):
        page.evaluate(AXE_SCRIPT)
    violations = page.evaluate(
        "options => axe.run(document, options).then(results => results.violations)",
        AXE_OPTIONS)
    return [f"{v['id']} ({v['impact']}): {v['help']} — "
            + "; ".join(node["target"][0] if isinstance(node["target"][0], str)
                        else str(node["target"]) for node in v["nodes"][:3])
            for v in violations]


PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def too_wide(page: Page, *sizes: dict) -> list[str]:
    """The page laid out at each of `sizes` (its own viewport's unless given), where it is
    wider than the screen: checked in the same visit, the viewport set back after."""
    own = page.viewport_size
    problems = []
    for size in sizes or (own,):
        if size != page.viewport_size:
            page.set_viewport_size(size)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > size["width"]:
            problems.append(f"scrolls sideways at {size['width']} px: {width} px wide")
    if page.viewport_size != own:
        page.set_viewport_size(own)
    return problems
