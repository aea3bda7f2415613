"""A shared phone forgets the last user (issue 30, item 7): after a logout, the copies of the
pages kept for offline (the match page, with the keeper's teams, name and CSRF token) are gone,
so that the next person to pick up the phone cannot open them offline; the hands still
waiting to be sent stay, and the keeper is warned before logging out while some wait."""

from urllib.parse import urlparse

import pytest
from playwright.sync_api import Error, expect

from tests.e2e.conftest import PASSWORD
from tests.e2e.helpers import save_points, start_match, type_points, wait_in_page
from tests.e2e.test_offline import ready_for_offline

pytestmark = pytest.mark.e2e


def log_out(page):
    page.get_by_role("button", name="Log out").click()
    expect(page.locator("header nav").get_by_role("link", name="Log in")).to_be_visible()


def offline_view(page, address) -> str:
    """What the phone shows at `address` with no connection: a copy kept on it, or the
    browser's own page saying it is offline."""
    try:
        page.goto(address)
    except Error as error:  # nothing kept: the browser cannot open it, shows its own page
        assert "net::ERR_" in str(error), error
        return str(error)
    return page.content()


def test_after_a_logout_the_phone_does_not_show_the_last_keepers_match_offline(
        live_server, page, log_in):
    log_in(page, username="anne.tremblay")
    start_match(page, live_server.url, variant="politaine", team_a="Les Bleus de Lévis",
                team_b="Les Rouges de Rimouski")
    address = page.url
    save_points(page, 7, 4)
    ready_for_offline(page, holding='id="hand-1"')
    token = page.locator("input[name=csrfmiddlewaretoken]").first.input_value()

    log_out(page)
    assert page.evaluate("caches.keys()") == []
    page.context.set_offline(True)
    shown = offline_view(page, address)
    assert "Les Bleus de Lévis" not in shown and "Rouges de Rimouski" not in shown
    assert "anne.tremblay" not in shown and token not in shown


def waiting_hand(page, live_server, log_in):
    """A keeper whose hand 2 waits on the phone: the server cannot be reached to send it."""
    log_in(page, username="anne")
    start_match(page, live_server.url, variant="politaine")
    save_points(page, 7, 4)
    page.route("**/hands/send/", lambda route: route.abort())
    page.context.set_offline(True)
    type_points(page, a=6, b=5)
    page.locator("#entry button.primary").click()
    expect(page.locator("#waiting-2")).to_contain_text("waiting to send")
    page.context.set_offline(False)  # back, but the hand cannot get through
    return page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('politaine-'))")


def test_logging_out_while_hands_wait_asks_first_and_keeps_them(live_server, page, log_in):
    kept = waiting_hand(page, live_server, log_in)
    assert len(kept) == 1
    asked = []

    def answer(dialog, accept):
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda dialog: answer(dialog, accept=False))
    page.get_by_role("button", name="Log out").click()
    assert asked == ["1 hand is still waiting to be sent from this phone. Log out anyway? "
                     "It stays on the phone and is sent when its match page is open again."]
    expect(page.locator("#waiting-2")).to_contain_text("waiting to send")  # still here
    expect(page.get_by_role("button", name="Log out")).to_be_visible()

    page.once("dialog", lambda dialog: answer(dialog, accept=True))
    log_out(page)
    assert len(asked) == 2
    # The hand stays on the phone, to be sent once the keeper logs in again.
    assert page.evaluate(f"localStorage.getItem({kept[0]!r})") is not None
    assert page.evaluate("caches.keys()") == []


def test_logging_out_with_nothing_waiting_asks_nothing(live_server, page, log_in):
    log_in(page)
    start_match(page, live_server.url, variant="politaine")
    asked = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    log_out(page)
    assert asked == []


def test_a_session_ended_elsewhere_takes_its_offline_copies_with_it(live_server, page, log_in):
    """Logged out from another tab, the admin, or a session that ran out: the next page of
    the site this phone opens, shown to nobody signed in, deletes the signed-in copies."""
    from django.contrib.sessions.models import Session

    log_in(page, username="anne.tremblay")
    start_match(page, live_server.url, variant="politaine", team_a="Les Bleus de Lévis")
    address = page.url
    ready_for_offline(page)
    Session.objects.all().delete()  # the session ends on the server
    page.goto(live_server.url + "/")
    expect(page.locator("header nav").get_by_role("link", name="Log in")).to_be_visible()
    wait_in_page(page, "caches.keys().then(names => names.length === 0)")
    page.context.set_offline(True)
    assert "Les Bleus de Lévis" not in offline_view(page, address)


def test_a_link_page_kept_without_an_account_stays_through_a_logout(
        live_server, page, new_context, log_in):
    log_in(page)
    start_match(page, live_server.url, variant="politaine", team_a="Les Bleus de Lévis")
    link = page.locator("#scorekeeper-link").input_value()
    phone = new_context().new_page()  # a phone that opened the link, nobody signed in
    phone.goto(link)
    ready_for_offline(phone)
    phone.goto(live_server.url + "/accounts/login/")  # someone signs in on it, then out
    phone.fill("#id_username", "anne")
    phone.fill("#id_password", PASSWORD)
    phone.click("main button[type=submit]")
    phone.wait_for_url(live_server.url + "/")
    log_out(phone)
    # The page after the logout has settled (it deletes the signed-in copies), and the link's
    # copy is still there, before the connection drops.
    phone.wait_for_load_state("networkidle")
    wait_in_page(phone, "path => caches.match(path).then(found => !!found)", urlparse(link).path)
    phone.context.set_offline(True)
    assert "Les Bleus de Lévis" in offline_view(phone, link)
