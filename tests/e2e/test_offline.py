"""Entry that survives a dropped connection: hands saved offline are kept on the phone, shown
as waiting, survive a reload, and are stored once each, in order, when the connection
returns; a hand another phone entered differently is shown as a conflict to resolve."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Hand, Match
from tests.e2e.helpers import (
    expect_score,
    field,
    save_points,
    shot,
    start_match,
    type_points,
    wait_in_page,
)

pytestmark = pytest.mark.e2e


def stored_hands(match_id=None) -> list[tuple[int, int, int, int, int]]:
    hands = Hand.objects.order_by("match", "number")
    if match_id is not None:
        hands = hands.filter(match_id=match_id)
    return list(hands.values_list("number", "points_a", "points_b", "politaines_a",
                                  "politaines_b"))


def ready_for_offline(page, holding='id="scoreboard"'):
    """The service worker is active and the page's copy, `holding` this text (markup, the
    same in both languages), is kept (what a keeper's phone has a moment after the page
    changed)."""
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wait_in_page(page, "text => caches.match(location.pathname)"
                 ".then(r => r ? r.text() : '').then(page => page.includes(text))", holding)


def match_id(page) -> int:
    return int(page.locator("#offline").get_attribute("data-match"))


def keep_offline(page, number, a, b, waiting="waiting to send"):
    type_points(page, a=a, b=b)
    page.locator("#entry button.primary").click()
    expect(page.locator(f"#waiting-{number}")).to_contain_text(waiting)


def go_offline(page, base_url, log_in, *, online_hand=True) -> str:
    """A keeper starts a match (and enters hand 1, 7-4, online), keeps the page open a moment,
    and loses the connection; returns the score keeper link for a second phone."""
    log_in(page)
    start_match(page, base_url, variant="politaine")
    link = page.locator("#scorekeeper-link").input_value()
    if online_hand:
        save_points(page, 7, 4)
        ready_for_offline(page, holding='id="hand-1"')
    else:
        ready_for_offline(page)
    page.context.set_offline(True)
    return link


def test_three_hands_entered_offline_survive_a_reload_and_are_stored_once_in_order(
        live_server, page, new_context, log_in):
    link = go_offline(page, live_server.url, log_in)
    expect(page.locator("#offline")).to_contain_text(
        "No connection. Hands you save are kept on this phone")
    # A hand that cannot add up is refused on the spot, not kept.
    type_points(page, a=6, b=6)
    page.locator("#entry button.primary").click()
    expect(page.locator("#entry p[id$='slot-hand']")).to_have_text(
        "Check the hand: the two teams' shares add up to 11.")
    expect(page.locator("tr.waiting")).to_have_count(0)
    keep_offline(page, 2, 6, 5)
    keep_offline(page, 3, 3, 8)
    keep_offline(page, 4, 5, 6)
    # Shown at once, with the score as it will be; the keeper is on hand 5 already.
    expect(page.locator("#offline")).to_contain_text(
        "No connection: 3 hands are kept on this phone, sent as soon as the connection returns.")
    expect(page.locator("#waiting-2 .score")).to_have_text("13–9")
    expect(page.locator("#waiting-4 .score")).to_have_text("21–23")
    expect(page.locator("#entry-title")).to_have_text("Hand 5")
    expect(page.locator("#entry button.primary")).to_have_text("Save hand 5")
    deal = page.locator("#scoreboard dl.deal dd")  # hand 5 is dealt by North, led by East
    expect(deal.nth(0)).to_have_text("5")
    expect(deal.nth(1)).to_contain_text("North")
    expect(deal.nth(2)).to_contain_text("East")
    expect(page.locator("#connection")).to_be_hidden()
    assert stored_hands() == [(1, 7, 4, 0, 0)]

    # A reload while offline: the page comes from the phone, with the hands kept on it (what
    # the server did meanwhile does not show: the page is the phone's copy).
    Match.objects.filter(pk=match_id(page)).update(redeals=1)
    page.reload()
    expect(page.locator("#waiting-4 .score")).to_have_text("21–23")
    expect(page.locator("#waiting-4")).to_contain_text("waiting to send")
    expect(page.locator("#scoreboard")).not_to_contain_text("Redeals")
    expect(page.locator("#offline")).to_contain_text("3 hands are kept on this phone")
    expect(page.locator("#entry-title")).to_have_text("Hand 5")

    page.context.set_offline(False)
    expect(page.locator("#offline")).to_be_hidden(timeout=15_000)
    expect_score(page, 21, 23)
    expect(page.locator("#hand-4")).to_be_visible()
    expect(page.locator("tr.waiting")).to_have_count(0)
    expect(page.locator("#entry-title")).to_have_text("Hand 5")
    assert stored_hands() == [(1, 7, 4, 0, 0), (2, 6, 5, 0, 0), (3, 3, 8, 0, 0),
                              (4, 5, 6, 0, 0)]

    # The second phone shows them.
    other = new_context().new_page()
    other.goto(link)
    expect_score(other, 21, 23)
    expect(other.locator("#hand-4 .score")).to_have_text("21–23")
    expect(other.locator("#entry-title")).to_have_text("Hand 5")


def test_a_hand_entered_differently_on_another_phone_is_a_conflict_resolved_by_correcting(
        live_server, page, new_context, log_in):
    link = go_offline(page, live_server.url, log_in)
    keep_offline(page, 2, 6, 5)
    keep_offline(page, 3, 3, 8)
    keep_offline(page, 4, 5, 6)

    # Meanwhile the second phone, online, enters hand 2 the same and hand 3 otherwise.
    other = new_context().new_page()
    other.goto(link)
    save_points(other, 6, 5)
    save_points(other, 9, 2)

    page.context.set_offline(False)
    banner = page.locator("#offline")
    expect(banner).to_contain_text(
        "Hand 3 was entered differently on another phone. Saved: Points 9–2. "
        "On this phone: Points 3–8.", timeout=15_000)
    expect(page.locator("#waiting-4")).to_be_visible()  # behind it, hand 4 waits
    assert stored_hands() == [(1, 7, 4, 0, 0), (2, 6, 5, 0, 0), (3, 9, 2, 0, 0)]

    banner.get_by_role("button", name="Correct it to this phone's").click()
    expect(banner).to_be_hidden(timeout=15_000)
    expect_score(page, 21, 23)
    assert stored_hands() == [(1, 7, 4, 0, 0), (2, 6, 5, 0, 0), (3, 3, 8, 0, 0),
                              (4, 5, 6, 0, 0)]
    expect_score(other, 21, 23)
    expect(other.locator("#hand-3 .score")).to_have_text("16–17")


def test_in_french_keeping_the_saved_hand_drops_this_phones_and_sends_the_rest(
        live_server, new_context, log_in):
    keeper = new_context(locale="fr-CA").new_page()
    link = go_offline(keeper, live_server.url, log_in, online_hand=False)
    expect(keeper.locator("#offline")).to_contain_text(
        "Pas de connexion. Les tours que vous enregistrez sont gardés sur ce téléphone")
    keep_offline(keeper, 1, 6, 5, waiting="en attente d'envoi")
    keep_offline(keeper, 2, 3, 8, waiting="en attente d'envoi")
    expect(keeper.locator("#entry-title")).to_have_text("Tour 3")
    other = new_context().new_page()
    other.goto(link)
    save_points(other, 2, 9)

    keeper.context.set_offline(False)
    banner = keeper.locator("#offline")
    expect(banner).to_contain_text(
        "Le tour 1 a été entré autrement sur un autre téléphone. Enregistré : Points 2–9. "
        "Sur ce téléphone : Points 6–5.", timeout=15_000)
    # The history shows the saved hand, and this phone's next one as it would follow it.
    expect(keeper.locator("#hand-1 .score")).to_have_text("2–9")
    expect(keeper.locator("#waiting-2 .score")).to_have_text("5–17")
    expect(keeper.locator("#scoreboard dl.deal dd").first).to_have_text("3")
    shot(keeper, "offline-conflict-fr", full_page=True)
    banner.get_by_role("button", name="Garder le tour enregistré").click()
    expect(banner).to_be_hidden(timeout=15_000)
    expect_score(keeper, 5, 17)
    assert stored_hands() == [(1, 2, 9, 0, 0), (2, 3, 8, 0, 0)]


# --- Issue 31 item 7: offline, the scoreboard counts the kept hands ------------------------------

PHONE = {"width": 390, "height": 844}


def stored_match(page) -> Match:
    return Match.objects.get(pk=match_id(page))


def test_offline_the_big_scoreboard_shows_the_score_with_the_kept_hands_marked_not_yet_sent(
        live_server, new_context, log_in):
    page = new_context(viewport=PHONE).new_page()
    go_offline(page, live_server.url, log_in)
    expect(page.locator("#flash")).to_contain_text("Hand 1 saved")
    board = page.locator("#scoreboard")
    keep_offline(page, 2, 6, 5)
    keep_offline(page, 3, 3, 8)
    keep_offline(page, 4, 6, 5)
    expect(page.locator("#waiting-4 .score")).to_have_text("22–22")
    # The scoreboard says the score as it will be, marked as not yet sent; "Hand 1 saved" goes.
    expect_score(page, 22, 22)
    expect(board.locator(".standing")).to_have_text("Level at 22–22.")
    expect(board.locator("#pending")).to_have_text("Includes 3 hands not yet sent.")
    expect(board).to_have_class(re.compile(r"\bpending\b"))
    expect(board.locator(".team-a progress")).to_have_attribute("value", "22")
    expect(board.locator(".team-a .total")).to_have_attribute("aria-label", "Les Bleus: 22 points")
    expect(page.locator("#flash")).not_to_contain_text("Hand 1 saved")
    keep_offline(page, 5, 3, 8)
    expect(board.locator(".standing")).to_have_text("Leading: Les Rouges, by 5 points.")
    expect(board.locator(".team-b")).to_have_class(re.compile(r"\bleading\b"))
    expect(board.locator(".team-a")).not_to_have_class(re.compile(r"\bleading\b"))
    expect(board.locator("#pending")).to_have_text("Includes 4 hands not yet sent.")
    # Typing the next hand, scrolled down to its points: the banner stays in view, and the
    # field is not under it.
    expect(page.locator("#offline")).to_be_in_viewport()
    banner = page.locator("#offline").bounding_box()
    dealer = page.locator("#entry-dealer").bounding_box()
    points = field(page, "points_a").bounding_box()
    assert banner["y"] + banner["height"] <= dealer["y"] < points["y"], (banner, dealer)
    shot(page, "offline-typing-next-hand-en")
    page.locator("#match-title").scroll_into_view_if_needed()
    shot(page, "offline-scoreboard-en")
    # A kept hand that reaches the target: the scoreboard says who wins, once it is sent.
    keep_offline(page, 6, 11, 0)
    expect(board.locator(".standing")).to_have_text(
        "Winners: Les Bleus, 36–30 (target reached).")
    expect(board.locator("dl.deal")).to_be_hidden()
    expect(page.locator("#offline-ends")).to_have_text(
        "The match ends with hand 6, once it is sent.")

    # Everything sent: the server's scoreboard takes over, unmarked.
    page.context.set_offline(False)
    expect(page.locator("#offline")).to_be_hidden(timeout=15_000)
    expect(board).not_to_have_class(re.compile(r"\bpending\b"), timeout=10_000)
    expect(board.locator("#pending")).to_be_hidden()
    expect(board.locator(".standing")).to_have_text("Winners: Les Bleus, 36–30 (target reached).")
    expect(page.locator("#hand-6")).to_be_visible()
    assert stored_hands()[-1] == (6, 11, 0, 0, 0) and len(stored_hands()) == 6
    assert stored_match(page).winner == "a"


def test_in_french_the_scoreboard_counts_the_tours_not_yet_sent(live_server, new_context,
                                                                 log_in):
    page = new_context(locale="fr-CA", viewport=PHONE).new_page()
    go_offline(page, live_server.url, log_in)
    keep_offline(page, 2, 6, 5, waiting="en attente d'envoi")
    keep_offline(page, 3, 2, 9, waiting="en attente d'envoi")
    board = page.locator("#scoreboard")
    expect_score(page, 15, 18)
    expect(board.locator("#pending")).to_have_text("Compte 2 tours pas encore envoyés.")
    expect(board.locator(".standing")).to_have_text("En tête : Les Rouges, par 3 points.")
    # Hand 4 is dealt by West, as the scoreboard and the form both say.
    expect(page.locator("#entry-dealer")).to_have_text(
        "Ouest (Julie) brasse ce tour ; Nord (Anne) entame.")
    page.locator("#match-title").scroll_into_view_if_needed()
    shot(page, "offline-scoreboard-fr")
    page.locator("#undo-button").click()
    expect(page.locator("#needs-connection")).to_have_text(
        "Corriger ou annuler un tour demande la connexion : réessayez quand elle revient. "
        "Les tours que vous entrez d'ici là sont gardés sur ce téléphone.")
    page.context.set_offline(False)
    expect(board.locator("#pending")).to_be_hidden(timeout=15_000)
    expect(page.locator("#needs-connection")).to_be_hidden()
    expect_score(page, 15, 18)
    assert len(stored_hands()) == 3


def test_four_sevens_kept_offline_ends_the_match_on_the_phone_and_is_stored_once(
        live_server, page, log_in):
    go_offline(page, live_server.url, log_in)
    keep_offline(page, 2, 6, 5)
    page.get_by_text("Four sevens", exact=True).click()
    page.get_by_label(re.compile("one player was dealt all four 7s")).check()
    page.get_by_role("button", name="Four sevens for Les Rouges").click()
    expect(page.locator("#waiting-3")).to_contain_text("Four sevens: Les Rouges")
    expect(page.locator("#waiting-3")).to_contain_text("waiting to send")
    board = page.locator("#scoreboard")
    expect(board.locator(".standing")).to_have_text("Winners: Les Rouges, 9–13 (four sevens).")
    expect(board.locator("#pending")).to_have_text("Includes 2 hands not yet sent.")
    expect(page.locator("#offline-ends")).to_have_text(
        "The match ends with hand 3, once it is sent.")
    expect(page.locator("#entry form.hand-form")).to_be_hidden()
    expect(page.locator("#redeal-button")).to_be_hidden()
    expect(page.locator("#flash")).not_to_contain_text("Not saved")

    page.context.set_offline(False)
    expect(page.locator("#offline")).to_be_hidden(timeout=15_000)
    expect(page.locator("#hand-3")).to_contain_text("Four sevens: Les Rouges")
    expect(board.locator(".standing")).to_have_text("Winners: Les Rouges, 9–13 (four sevens).")
    expect(board.locator("#pending")).to_be_hidden()
    expect(page.locator("#entry-title")).to_have_text("End of the match")
    assert Hand.objects.filter(match_id=match_id(page)).count() == 3
    assert list(Hand.objects.filter(match_id=match_id(page), number=3)
                .values_list("kind", "four_sevens_team")) == [("four_sevens", "b")]
    found = stored_match(page)
    assert (found.winner, found.finish_reason) == ("b", "four_sevens")


def test_a_redeal_kept_offline_waits_in_order_with_the_hands_and_is_noted_once(
        live_server, page, log_in):
    go_offline(page, live_server.url, log_in)
    page.locator("#redeal-button").click()
    redeal = page.locator("tr.waiting", has_text="Redeal (nothing scored)")
    expect(redeal).to_contain_text("waiting to send")
    expect(redeal.locator(".score")).to_have_text("7–4")
    # Nothing scored, and the same dealer deals hand 2 again.
    expect(page.locator("#entry-title")).to_have_text("Hand 2")
    expect(page.locator("#scoreboard dl.deal dd").nth(1)).to_contain_text("East")
    expect(page.locator("#scoreboard #pending")).to_be_hidden()
    expect_score(page, 7, 4)
    keep_offline(page, 2, 6, 5)
    expect(page.locator("#scoreboard #pending")).to_have_text("Includes 1 hand not yet sent.")

    page.context.set_offline(False)
    expect(page.locator("#offline")).to_be_hidden(timeout=15_000)
    expect(page.locator("tr.waiting")).to_have_count(0)
    expect_score(page, 13, 9)
    found = stored_match(page)
    assert (found.redeals, found.hand_count) == (1, 2)


def test_offline_correcting_or_undoing_a_hand_says_it_needs_the_connection(
        live_server, page, log_in):
    go_offline(page, live_server.url, log_in)
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    message = page.locator("#needs-connection")
    expect(message).to_be_hidden()
    page.locator("#undo-button").click()
    expect(message).to_have_text(
        "Correcting or undoing a hand needs the connection: try again once it returns. "
        "Hands you enter meanwhile are kept on this phone.")
    assert dialogs == []  # not asked "Undo hand 1?" for nothing
    page.locator("#correct-hand-1").click()
    expect(message).to_be_visible()
    expect(page.locator("#hand-1.editing")).to_have_count(0)
    expect(page.locator("#connection")).to_be_hidden()
    page.context.set_offline(False)
    expect(message).to_be_hidden()
    assert stored_hands() == [(1, 7, 4, 0, 0)]

def test_a_reload_offline_just_after_a_match_page_opened_shows_that_match(
        live_server, page, log_in):
    """The phone has the service worker from an earlier match; the connection drops as the
    new match's page opens, while its copy is still being put in the cache."""
    log_in(page)
    start_match(page, live_server.url, variant="politaine")
    ready_for_offline(page)
    start_match(page, live_server.url, variant="politaine", team_a="Les Verts de Gaspé")
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#scoreboard")).to_contain_text("Les Verts de Gaspé")


def test_the_links_qr_code_shown_once_is_still_there_after_a_reload_offline(
        live_server, page, log_in):
    log_in(page)
    start_match(page, live_server.url, variant="politaine")
    code = page.locator("#share .qr img")
    code.scroll_into_view_if_needed()
    wait_in_page(page, "src => caches.match(src).then(r => !!r)", code.evaluate("img => img.src"))
    ready_for_offline(page)
    page.context.set_offline(True)
    page.reload()
    code = page.locator("#share .qr img")
    code.scroll_into_view_if_needed()
    expect(code).to_have_js_property("complete", True)
    assert code.evaluate("img => img.naturalWidth") > 0
