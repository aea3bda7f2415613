"""A slow phone shows a page before its scripts have run, and its user types or taps in the
meantime: once the scripts run, the page does what it would have done had they been there
all along (the other team's share filled in, the hand checked, the usual target, the first
dealer, the roster's names), and never rewrites what the user typed."""

import pytest
from playwright.sync_api import expect

from clubs import services as clubs
from scoring import rules, services
from scoring.models import Hand, Match
from scoring.services import NewTeam
from tests.e2e.helpers import (
    choose,
    field,
    requests_so_far,
    settled,
    slot,
    type_in,
    type_points,
)

pytestmark = pytest.mark.e2e

HTMX = "**/htmx*.js"


def open_before_its_scripts_run(page, url: str) -> list:
    """The page shows, and takes what is typed, while htmx is still on its way (the routes
    held are returned, for let_the_scripts_run)."""
    held = []
    page.route(HTMX, lambda route: held.append(route))
    page.goto(url, wait_until="commit")
    expect(page.locator("main input:not([type=hidden])").first).to_be_editable()
    return held


def let_the_scripts_run(page, held: list):
    assert held, "htmx was not held: the test typed with the page's scripts running"
    for route in held:
        route.continue_()
    page.unroute(HTMX)


def own_match(user, variant="politaine", **kwargs):
    return services.create_match(owner=user, variant=variant,
                                 team_a=NewTeam("Les Bleus", ("Anne", "Marc")),
                                 team_b=NewTeam("Les Rouges", ("Luc", "Julie")), **kwargs)


def test_a_share_typed_fills_in_the_other_once_the_scripts_run(live_server, page, log_in):
    match = own_match(log_in(page))
    held = open_before_its_scripts_run(page, live_server.url + f"/matches/{match.pk}/")
    type_in(page, "points_a", 7)
    let_the_scripts_run(page, held)
    expect(field(page, "points_b")).to_have_value("4")
    expect(page.locator("#entry-feedback")).to_contain_text("Les Bleus +7, Les Rouges +4.")
    # From there the page works as always: typing over the share checks it again.
    type_in(page, "points_a", 9)
    expect(field(page, "points_b")).to_have_value("2")
    field(page, "points_a").press("Enter")
    expect(page.locator("#flash")).to_have_text("Hand 1 saved. The score is 9–2.")


def test_shares_that_do_not_add_up_and_a_politaine_are_checked(live_server, page, log_in):
    match = own_match(log_in(page))
    held = open_before_its_scripts_run(page, live_server.url + f"/matches/{match.pk}/")
    type_points(page, a=6, b=6)
    choose(page, "politaines_a", "1", scope="#entry")
    let_the_scripts_run(page, held)
    expect(slot(page, "points")).to_contain_text("add up to 11")
    expect(field(page, "points_a")).to_have_value("6")
    expect(field(page, "points_b")).to_have_value("6")


def test_tricks_typed_fill_in_the_other_teams(live_server, page, log_in):
    match = own_match(log_in(page), variant="quadrette")
    held = open_before_its_scripts_run(page, live_server.url + f"/matches/{match.pk}/")
    type_in(page, "tricks_a", 4)
    let_the_scripts_run(page, held)
    expect(field(page, "tricks_b")).to_have_value("2")
    expect(page.locator("#entry-feedback")).to_contain_text("Les Bleus +1")


def test_cards_counted_for_one_team_fill_in_the_rest(live_server, page, log_in):
    """Aces, counters and the last trick for team A: team B's aces and counters, and both
    teams' points, as when the scripts run all along."""
    match = own_match(log_in(page))
    held = open_before_its_scripts_run(page, live_server.url + f"/matches/{match.pk}/")
    page.locator("#entry summary", has_text="Count the cards instead").click()
    type_in(page, "aces_a", 3)
    type_in(page, "counters_a", 12)
    choose(page, "last_trick", "a", scope="#entry")
    let_the_scripts_run(page, held)
    expect(field(page, "points_b")).to_have_value("3")
    assert [field(page, name).input_value() for name in ("aces_b", "counters_b", "points_a")
            ] == ["1", "8", "8"]
    page.locator("#entry button.primary").click()
    expect(page.locator("#entry-title")).to_have_text("Hand 2")
    assert [(h.points_a, h.points_b) for h in Hand.objects.all()] == [(8, 3)]


def open_the_correction_of_hand_1(live_server, page, log_in) -> list:
    """Hand 1 was 7-4; its correction page opens on a slow phone."""
    match = own_match(log_in(page))
    services.record_hand(match=match, number=1, hand=rules.Hand.played(7, 4))
    return open_before_its_scripts_run(page, live_server.url + f"/matches/{match.pk}/hands/1/")


def test_a_correction_typed_is_never_rewritten(live_server, page, log_in):
    """Both shares of the correction typed (3 and 9, a slip): they stay as typed, are said
    not to add up, and Save changes nothing."""
    held = open_the_correction_of_hand_1(live_server, page, log_in)
    page.locator("#edit-points_a").fill("")
    page.locator("#edit-points_a").press_sequentially("3")
    page.locator("#edit-points_b").fill("")
    page.locator("#edit-points_b").press_sequentially("9")
    let_the_scripts_run(page, held)
    expect(page.locator("#edit-slot-points")).to_contain_text("add up to 11")
    expect(page.locator("#edit-points_a")).to_have_value("3")
    expect(page.locator("#edit-points_b")).to_have_value("9")
    page.locator("#hand-1 button[type=submit]").click()
    expect(page.locator("#edit-slot-points")).to_contain_text("add up to 11")
    assert [(h.points_a, h.points_b) for h in Hand.objects.all()] == [(7, 4)]


def test_a_corrected_share_refills_the_other_even_after_a_tick(live_server, page, log_in):
    """5 typed for team A, then a politaine ticked: team B's 4 becomes 6."""
    held = open_the_correction_of_hand_1(live_server, page, log_in)
    page.locator("#edit-points_a").fill("5")
    page.locator("label[for=edit-politaines_a_1]").click()
    let_the_scripts_run(page, held)
    expect(page.locator("#edit-points_b")).to_have_value("6")
    expect(page.locator("#edit-points_a")).to_have_value("5")


def test_the_first_dealer_ticked_is_the_one_the_scoreboard_shows(live_server, page, log_in):
    match = own_match(log_in(page), first_dealer="N")
    held = open_before_its_scripts_run(page, live_server.url + f"/matches/{match.pk}/")
    choose(page, "first_dealer", "S", scope="#entry")
    let_the_scripts_run(page, held)
    expect(page.locator("#scoreboard dl.deal dd").nth(1)).to_have_text("South (Marc)")
    match.refresh_from_db()
    assert match.first_dealer == "S"


def test_the_game_chosen_brings_its_usual_target_but_never_over_one_typed(
        live_server, page, log_in):
    log_in(page)
    held = open_before_its_scripts_run(page, live_server.url + "/matches/new/")
    choose(page, "variant", "quadrette")
    let_the_scripts_run(page, held)
    expect(page.locator("#id_target")).to_have_value("7")

    held = open_before_its_scripts_run(page, live_server.url + "/matches/new/")
    choose(page, "variant", "quadrette")
    page.fill("#id_target", "5")
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    let_the_scripts_run(page, held)
    page.wait_for_load_state("load")  # htmx listens: it would have asked by now
    requests_so_far(page)
    assert not [url for url in asked if "/target" in url]
    expect(page.locator("#id_target")).to_have_value("5")
    page.fill("#id_team_a_name", "Nous")
    page.fill("#id_team_b_name", "Eux")
    page.click("main button[type=submit]")
    expect(page.locator("#entry-title")).to_be_visible()
    assert Match.objects.values_list("variant", "target").get() == ("quadrette", 5)


def test_a_seat_typed_is_offered_the_roster(live_server, page, log_in):
    club = clubs.create_club(owner=log_in(page), name="Club de la Baie")
    for name in ("Ginette", "Gilles", "Réal", "Lise"):
        clubs.add_member(club=club, name=name)
    held = open_before_its_scripts_run(page, f"{live_server.url}/clubs/{club.pk}/matches/new/")
    page.locator("#id_seat_n").press_sequentially("gi")
    let_the_scripts_run(page, held)
    expect(page.locator("#seat_n-players option")).to_have_count(2)


def test_a_dealer_and_a_share_typed_before_the_scripts_run_both_count(live_server, page,
                                                                      log_in):
    match = own_match(log_in(page), first_dealer="N")
    held = open_before_its_scripts_run(page, live_server.url + f"/matches/{match.pk}/")
    choose(page, "first_dealer", "W", scope="#entry")
    type_in(page, "points_a", 7)
    let_the_scripts_run(page, held)
    expect(field(page, "points_b")).to_have_value("4")
    expect(page.locator("#scoreboard dl.deal dd").nth(1)).to_have_text("West (Julie)")
    field(page, "points_a").press("Enter")
    expect(page.locator("#flash")).to_have_text("Hand 1 saved. The score is 7–4.")
    match.refresh_from_db()
    assert match.first_dealer == "W"


def test_back_never_sends_again_a_first_dealer_changed_on_another_phone(
        live_server, page, log_in):
    """South ticked and sent; another phone then chooses East; Back to the match page must
    not send South again (the browser may put its tick back)."""
    match = own_match(log_in(page), first_dealer="N")
    page.goto(live_server.url + f"/matches/{match.pk}/")
    with page.expect_response(lambda response: "first-dealer" in response.url):
        choose(page, "first_dealer", "S", scope="#entry")
    services.set_first_dealer(match=match.pk, seat="E")  # the other phone
    page.goto(live_server.url + "/")
    posts = []
    page.on("request", lambda request: posts.append(request.url)
            if request.method == "POST" else None)
    page.go_back()
    page.wait_for_load_state("load")  # past htmx's first load: the catch-up would have sent it
    requests_so_far(page)
    assert posts == []
    match.refresh_from_db()
    assert match.first_dealer == "E"


def test_a_share_emptied_before_the_scripts_run_stays_empty(live_server, page, log_in):
    """A 6 and B 1 typed, then A emptied to type it again, the keeper still in it: once the
    scripts run, A stays empty, so that what she types next is all it holds."""
    match = own_match(log_in(page))
    held = open_before_its_scripts_run(page, live_server.url + f"/matches/{match.pk}/")
    type_points(page, a=6, b=1)
    field(page, "points_a").fill("")
    with page.expect_response(lambda response: "/check/" in response.url):
        let_the_scripts_run(page, held)
    settled(page)
    field(page, "points_a").press_sequentially("7")
    expect(field(page, "points_a")).to_have_value("7")


def test_a_corrected_share_emptied_before_the_scripts_run_stays_empty(live_server, page,
                                                                      log_in):
    """Correcting 7-4: A made 5, B emptied to type her own, the keeper still in it."""
    held = open_the_correction_of_hand_1(live_server, page, log_in)
    page.locator("#edit-points_a").fill("5")
    page.locator("#edit-points_b").fill("")
    with page.expect_response(lambda response: "/check/" in response.url):
        let_the_scripts_run(page, held)
    settled(page)
    page.locator("#edit-points_b").press_sequentially("8")
    expect(page.locator("#edit-points_b")).to_have_value("8")


def test_a_share_typed_while_a_reload_loads_fills_in_the_other(live_server, page, log_in):
    """The keeper of a slow phone reloads, and types before the scripts have run again."""
    match = own_match(log_in(page))
    held, holding = [], []
    # Routed from the first visit on, so that the reload does not take htmx from the cache.
    page.route(HTMX, lambda route: held.append(route) if holding else route.continue_())
    page.goto(live_server.url + f"/matches/{match.pk}/")
    holding.append(True)
    page.reload(wait_until="commit")
    expect(field(page, "points_a")).to_be_editable()
    type_in(page, "points_a", 7)
    let_the_scripts_run(page, held)
    expect(field(page, "points_b")).to_have_value("4")
