"""What a keeper sees at the table, hand after hand, on a phone (issue 31)."""


import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import choose, save, save_points, shot, start_match, type_points

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}


def in_view(page, selector) -> bool:
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_the_keeper_sees_who_deals_and_when_a_hand_ends_the_match(
        live_server, new_context, log_in):
    page = new_context(viewport=PHONE).new_page()
    log_in(page)
    start_match(page, live_server.url, variant="politaine", first_dealer="N")
    dealer = page.locator("#entry-dealer")
    expect(dealer).to_have_text("North (Anne) deals this hand; East (Luc) leads.")
    # Another first dealer, drawn at the table: the form says so at once.
    choose(page, "first_dealer", "E", scope="#entry")
    expect(dealer).to_have_text("East (Luc) deals this hand; South (Marc) leads.")
    for a, b in ((11, 0), (11, 0), (2, 9)):
        save_points(page, a, b)
        # Where the keeper types next, she reads who deals it, the scoreboard scrolled away.
        assert in_view(page, "#entry-dealer")
    # Hand 4: round the table from East, North deals again.
    expect(dealer).to_have_text("North (Anne) deals this hand; East (Luc) leads.")
    type_points(page, a=10)
    ends = page.locator("#entry-feedback .ends")
    expect(ends).to_have_text("This hand ends the match: Les Bleus win 34–10.")
    # Read just above the button that saves it.
    page.locator("#entry button.primary").scroll_into_view_if_needed()
    assert in_view(page, "#entry-feedback .ends")
    shot(page, "item6-ends-phone-en", full_page=True)
    save(page)
    expect(page.locator("#entry-title")).to_have_text("End of the match")


WORDS_PER_LINE = """(th) => {
  const text = th.firstChild, range = document.createRange(), rects = [];
  let offset = 0;
  for (const word of text.textContent.split(" ")) {
    range.setStart(text, offset); range.setEnd(text, offset + word.length);
    rects.push(range.getClientRects().length);
    offset += word.length + 1;
  }
  return rects;
}"""


@pytest.mark.parametrize("locale", ["en-CA", "fr-CA"])
def test_small_things_a_keeper_sees_every_hand_on_a_phone(
        live_server, new_context, log_in, locale):
    """Issue 31, item 13: at 390 px, the history's team names break between words only, a
    redeal is not on the scoreboard for the later hands, the politaine floor's message runs
    under both teams' fields, and every control is at least 44 px each way."""
    page = new_context(viewport=PHONE, locale=locale).new_page()
    log_in(page)
    start_match(page, live_server.url, variant="politaine", first_dealer="N")
    page.locator("#redeal-button").click()
    expect(page.locator("#flash")).not_to_be_empty()
    save_points(page, 7, 4)
    expect(page.locator("#scoreboard dl.deal")).not_to_contain_text("1\n", use_inner_text=True)
    assert page.locator("#scoreboard dl.deal dt").count() == 3  # hand, deals, leads
    for th in page.locator("table.history thead th.team").all():
        assert th.evaluate(WORDS_PER_LINE) == [1, 1], th.inner_text()
    # The politaine floor: one point of cards cannot hold a politaine.
    type_points(page, a=1)
    choose(page, "politaines_a", "1", scope="#entry")
    message = page.locator("#entry p[id$='slot-politaines_a']")
    expect(message).not_to_be_empty()
    pair = message.locator("xpath=ancestor::fieldset[1]").bounding_box()
    assert message.bounding_box()["width"] > 0.9 * pair["width"]
    groups = [g.bounding_box() for g in page.locator("#entry fieldset.pair .segmented").all()]
    assert abs(groups[0]["y"] - groups[1]["y"]) < 1  # side by side, neither pushed down
    shot(page, f"item13-politaine-floor-phone-{locale}", full_page=True)
    small = page.evaluate("""() => [...document.querySelectorAll(
        "main a, main button, main summary, main .segmented label, " +
        "main input:not([type=hidden]):not(.segmented input)")]
      .filter((el) => el.offsetParent !== null && !el.closest("table.history td.dealer"))
      // a check box is tapped through its words as well: its label is the target
      .map((el) => (el.type === "checkbox" && el.labels.length ? el.labels[0] : el))
      .map((el) => [el.textContent.trim().slice(0, 30) || el.id || el.name,
                    el.getBoundingClientRect().width, el.getBoundingClientRect().height])
      .filter(([, width, height]) => width < 43.5 || height < 43.5)""")
    assert small == []
    rules = page.locator("#entry .help a").bounding_box()
    assert rules["height"] >= 44 and rules["width"] >= 44


def test_radio_groups_draw_their_circles_beside_their_labels(live_server, new_context, log_in):
    from tests.tournaments.helpers import make_tournament, round_two_drawn

    page = new_context(viewport=PHONE).new_page()
    organizer = log_in(page)
    tournament = round_two_drawn(organizer)
    new = make_tournament(organizer)  # its settings all open: nothing drawn yet
    for path, name in ((f"/tournaments/{new.pk}/settings/", "confirmation"),
                       (f"/tournaments/{tournament.pk}/rounds/2/tables/1/paper/", "ended")):
        page.goto(live_server.url + path)
        radios = page.locator(f"main input[type=radio][name={name}]")
        assert radios.count() >= 2
        for radio in radios.all():
            label = radio.locator("xpath=..")
            circle, line = radio.bounding_box(), label.bounding_box()
            text_left = label.evaluate("""(label) => {
                const range = document.createRange(); range.selectNodeContents(label);
                range.setStartAfter(label.querySelector("input"));
                return range.getBoundingClientRect().left; }""")
            assert circle["height"] < 32 and line["height"] >= 44
            assert circle["x"] + circle["width"] <= text_left  # beside its words
            middle = circle["y"] + circle["height"] / 2
            assert abs(middle - (line["y"] + line["height"] / 2)) < 4
        shot(page, f"item13-radios-{name}-phone-en", full_page=True)
    # The dashboard's links to earlier rounds are tap targets too.
    page.goto(live_server.url + f"/tournaments/{tournament.pk}/")
    link = page.get_by_role("link", name="Round 1", exact=True)
    box = link.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44


def test_a_two_phone_conflict_is_brought_into_view_and_save_waits(
        live_server, new_context, log_in):
    """Issue 31, item 10: the keeper, scrolled to the form, sees the conflict there."""
    page = new_context(viewport=PHONE).new_page()
    log_in(page)
    start_match(page, live_server.url, variant="politaine", first_dealer="N")
    other = new_context(viewport=PHONE).new_page()
    other.goto(page.locator("#scorekeeper-link").input_value())
    save_points(page, 7, 4)
    expect(other.locator("#entry-title")).to_have_text("Hand 2")
    type_points(other, a=2)  # somebody types on the second phone, scrolled to Save
    other.locator("#save-hand").scroll_into_view_if_needed()
    other.mouse.wheel(0, 2000)
    save_points(page, 5, 6)
    alert = other.locator("#entry-conflict [role=alert]")
    expect(alert).to_contain_text("The hands changed on another phone while you were on hand 2.")
    expect(other.locator("#save-hand")).to_be_disabled()
    expect(other.locator("#entry-conflict")).to_be_in_viewport(ratio=1)  # scrolled to
    shot(other, "item10-conflict-phone-en", full_page=True)
    other.locator("#entry-conflict a").click()
    expect(other.locator("#entry-title")).to_have_text("Hand 3")
    expect(other.locator("#entry-conflict [role=alert]")).to_have_count(0)


def test_words_the_same_on_the_rules_and_the_scoring_screens(live_server, new_context, log_in):
    """Issue 31, item 20, at 390 px in French: one word for the deal (brasse), a finished
    match on the home page with both teams and its score, every game in the headline."""
    import re

    page = new_context(viewport=PHONE, locale="fr-CA").new_page()
    page.goto(live_server.url + "/")
    expect(page.locator("h1")).to_contain_text("La Poule")
    log_in(page)
    start_match(page, live_server.url, variant="politaine", first_dealer="N")
    table = page.url
    deal = re.compile(r"\b(donne|donneur|redonne)\b", re.I)
    for path in (live_server.url + "/rules/", table):
        page.goto(path)
        text = page.locator("main").inner_text()
        assert "brass" in text and not deal.search(text), path
    page.goto(table)
    for a, b in ((11, 0), (11, 0), (11, 0)):
        save_points(page, a, b)
    page.goto(live_server.url + "/")
    expect(page.locator(".match-item").first).to_contain_text("Les Bleus 33 – 0 Les Rouges")
    shot(page, "item20-home-phone-fr-CA", full_page=True)
