"""The match page and its fragments, through Django's test client."""

import re

import pytest
from django.urls import reverse

from scoring import rules, services
from scoring.models import Hand, HandRevision, Match
from tests.conftest import HTMX, link_url, url
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

P = rules.Hand.played


def input_value(body: str, element_id: str) -> str | None:
    """The value of the input with this id in a page or fragment (whatever the order of its
    attributes)."""
    tag = re.search(rf'<input[^>]*\bid="{re.escape(element_id)}"[^>]*>', body)
    value = tag and re.search(r'\bvalue="([^"]*)"', tag.group(0))
    return value.group(1) if value else None


def play(match, *hands):
    state = None
    for hand in hands:
        match.refresh_from_db()
        state = services.record_hand(match=match, number=match.hand_count + 1, hand=hand)
    match.refresh_from_db()
    return state


@pytest.fixture
def keeper(client, match):
    client.force_login(match.owner)
    return client


# --- Who may open the page -----------------------------------------------------------------


def test_the_owner_sees_the_match_page(keeper, match):
    response = keeper.get(url(match))
    assert response.status_code == 200
    body = response.content.decode()
    assert "Les Bleus" in body and "Les Rouges" in body and "Save hand 1" in body


def test_another_user_gets_404(client, match):
    client.force_login(UserFactory())
    assert client.get(url(match)).status_code == 404
    assert client.post(url(match, "record"), {"number": 1, "points_a": 7}).status_code == 404
    assert not Hand.objects.exists()


def test_an_anonymous_visitor_is_sent_to_log_in(client, match):
    response = client.get(url(match))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_score_keeper_link_needs_no_account(client, match):
    response = client.get(link_url(match))
    assert response.status_code == 200
    response = client.post(link_url(match, "record"), {"number": 1, "points_a": 7})
    assert response.status_code == 302 and response["Location"] == link_url(match)
    hand = Hand.objects.get()
    assert (hand.points_a, hand.points_b, hand.entered_by) == (7, 4, None)


def test_a_wrong_link_is_404(client, match):
    assert client.get(reverse("link:table", kwargs={"token": "nope"})).status_code == 404


# --- Entering a hand -----------------------------------------------------------------------


def test_a_plain_post_saves_the_hand_and_redirects_with_a_message(keeper, match):
    response = keeper.post(url(match, "record"), {"number": 1, "points_a": 7, "points_b": 4},
                           follow=True)
    assert response.redirect_chain == [(url(match), 302)]
    assert "Hand 1 saved. The score is 7–4." in response.content.decode()
    match.refresh_from_db()
    assert (match.score_a, match.score_b) == (7, 4)


def test_one_teams_points_fill_in_the_other(keeper, match):
    keeper.post(url(match, "record"), {"number": 1, "points_b": 3})
    hand = Hand.objects.get()
    assert (hand.points_a, hand.points_b) == (8, 3)


def test_a_politaine_adds_eleven(keeper, match):
    keeper.post(url(match, "record"),
                {"number": 1, "points_a": 3, "points_b": 8, "politaines_b": 1})
    match.refresh_from_db()
    assert (match.score_a, match.score_b) == (3, 19)


def test_points_that_do_not_add_up_are_refused_and_nothing_is_saved(keeper, match):
    response = keeper.post(url(match, "record"), {"number": 1, "points_a": 6, "points_b": 4})
    assert response.status_code == 422
    body = response.content.decode()
    assert "The two teams&#x27; points add up to 10; they always add up to 11. Recount." in body
    assert 'value="6"' in body  # what the keeper typed stays in the form
    assert not Hand.objects.exists()


def test_an_htmx_post_answers_with_the_fragments(keeper, match):
    response = keeper.post(url(match, "record"), {"number": 1, "points_a": 7, "points_b": 4},
                           **HTMX)
    assert response.status_code == 200
    assert response["HX-Reswap"] == "none"
    body = response.content.decode()
    for part in ('id="scoreboard"', 'id="history"', 'id="entry"', 'id="flash"'):
        assert part in body
    assert "<html" not in body
    assert "Save hand 2" in body and "Hand 1 saved" in body


def test_an_htmx_post_with_a_mistake_returns_the_form_with_the_message(keeper, match):
    response = keeper.post(url(match, "record"),
                           {"number": 1, "points_a": 1, "points_b": 10, "politaines_a": 1},
                           **HTMX)
    assert response.status_code == 422
    body = response.content.decode()
    assert body.lstrip().startswith('<section id="entry"')
    assert "Les Bleus: 1 politaine brings at least 2 card points" in body
    assert not Hand.objects.exists()


def test_a_hand_already_entered_on_another_phone_is_not_doubled(keeper, match):
    play(match, P(7, 4))
    response = keeper.post(url(match, "record"), {"number": 1, "points_a": 2, "points_b": 9},
                           **HTMX)
    assert response.status_code == 409
    body = response.content.decode()
    assert "Hand 1 is already entered, perhaps from another phone. The score is now 7–4" in body
    assert "Save hand 2" in body  # the form moves on to the next hand
    assert Hand.objects.count() == 1


def test_the_same_hand_sent_again_is_already_saved_not_an_error(keeper, match):
    """A retry after a lost answer (htmx, or the button pressed again without JavaScript)."""
    body = {"number": 1, "points_a": 7}  # the other team's share filled in: 4
    assert keeper.post(url(match, "record"), body, **HTMX).status_code == 200
    again = keeper.post(url(match, "record"), body, **HTMX)
    assert again.status_code == 200
    text = again.content.decode()
    assert "Hand 1 was already saved, just as sent: nothing is entered twice." in text
    assert 'class="flash success"' in text and "Save hand 2" in text
    page = keeper.post(url(match, "record"), body, follow=True)
    assert page.status_code == 200 and "already saved" in page.content.decode()
    assert Hand.objects.count() == 1


def test_four_sevens_sent_again_is_already_saved(keeper, match):
    body = {"number": 1, "team": "a", "confirm": "on"}
    assert keeper.post(url(match, "four_sevens"), body, **HTMX).status_code == 200
    assert keeper.post(url(match, "four_sevens"), body, **HTMX).status_code == 200
    assert Hand.objects.count() == 1


def test_a_conflict_without_javascript_shows_the_page_with_the_message(keeper, match):
    play(match, P(7, 4))
    response = keeper.post(url(match, "record"), {"number": 1, "points_a": 2, "points_b": 9})
    assert response.status_code == 409
    assert "already entered" in response.content.decode()
    assert Hand.objects.count() == 1


def test_counted_cards_give_the_points(keeper, match):
    keeper.post(url(match, "record"), {"number": 1, "aces_a": 2, "counters_a": 9,
                                       "aces_b": 2, "counters_b": 11, "last_trick": "a"})
    hand = Hand.objects.get()
    assert (hand.points_a, hand.points_b, hand.aces_a, hand.last_trick) == (6, 5, 2, "a")


def test_text_instead_of_a_number_is_refused(keeper, match):
    response = keeper.post(url(match, "record"), {"number": 1, "points_a": "sept"})
    assert response.status_code == 422
    assert "Enter a whole number." in response.content.decode()


def test_a_tampered_hand_number_saves_nothing(keeper, match):
    response = keeper.post(url(match, "record"), {"number": "x", "points_a": 7})
    assert response.status_code == 422
    assert not Hand.objects.exists()


# --- Live checking ---------------------------------------------------------------------------


def check(client, match, data, typed):
    return client.post(url(match, "check"), data, HTTP_HX_TRIGGER_NAME=typed, **HTMX)


def test_typing_one_teams_points_fills_the_other_and_previews_the_hand(keeper, match):
    play(match, P(5, 6))
    response = check(keeper, match, {"number": 2, "points_a": "7", "points_b": ""}, "points_a")
    body = response.content.decode()
    assert input_value(body, "hand2-points_b") == "4"
    assert input_value(body, "hand2-filled") == "points_b"
    assert "This hand: Les Bleus +7, Les Rouges +4." in body
    assert "Score after it: 12–10." in body


def test_a_value_the_keeper_typed_is_checked_not_overwritten(keeper, match):
    response = check(keeper, match, {"number": 1, "points_a": "7", "points_b": "3"}, "points_a")
    body = response.content.decode()
    assert 'name="points_b"' not in body
    assert "add up to 10; they always add up to 11" in body


@pytest.mark.parametrize("data, typed", [
    # Both typed (7 and 4); the keeper clears A to type it again.
    ({"number": 1, "points_a": "", "points_b": "4", "filled": ""}, "points_a"),
    # 7 typed for A; the keeper clears the app's 4 in B to type her own.
    ({"number": 1, "points_a": "7", "points_b": "", "filled": ""}, "points_b"),
    ({"number": 1, "aces_a": "3", "aces_b": "", "filled": ""}, "aces_b"),
    ({"number": 1, "counters_a": "", "counters_b": "8", "filled": ""}, "counters_a"),
    # Or, the share blank, ticks a politaine: still hers to type.
    ({"number": 1, "points_a": "7", "points_b": "", "politaines_b": "1", "filled": ""},
     "politaines_b"),
])
def test_a_share_the_keeper_cleared_is_never_filled_in_under_her(keeper, match, data, typed):
    body = check(keeper, match, data, typed).content.decode()
    assert not re.search(r'name="(points|aces|counters)_[ab]"', body), body


@pytest.mark.parametrize("typed_before, filled", [
    ("aces_a,counters_a", {"aces_b": "1", "counters_b": "8", "points_a": "8",
                           "points_b": "3"}),
    ("counters_a", {"counters_b": "8", "points_a": "8", "points_b": "3"}),
])
def test_the_check_sent_once_a_slow_phones_scripts_run_fills_in_every_share_typed(
        keeper, match, typed_before, filled):
    """typed-before.js names the shares typed before the scripts ran (`typed`): each gets its
    partner, whichever input sent the check."""
    data = {"number": 1, "aces_a": "3", "counters_a": "12", "last_trick": "a", "filled": "",
            "typed": typed_before}
    if typed_before == "counters_a":
        data["aces_b"] = "1"
    body = check(keeper, match, data, "last_trick").content.decode()
    assert {name: input_value(body, f"hand1-{name}") for name in filled} == filled


def test_a_share_named_as_typed_is_never_filled_in(keeper, match):
    """Correcting 7-4 on a slow phone: A made 5, B emptied to type her own, both named as
    typed by typed-before.js: B stays empty (and so do counted cards all emptied)."""
    play(match, P(7, 4))
    response = keeper.post(url(match, "check_correction", number=1),
                           {"number": 1, "kind": "played", "points_a": "5", "points_b": "",
                            "filled": "", "typed": "points_a,points_b"},
                           HTTP_HX_TRIGGER_NAME="points_b", **HTMX)
    assert not re.search(r'name="points_[ab]"', response.content.decode())
    counts = ("aces_a", "counters_a", "aces_b", "counters_b")
    response = check(keeper, match, {"number": 2, "filled": "", "typed": ",".join(counts),
                                     **dict.fromkeys(counts, "")}, "aces_a")
    assert not re.search(r'name="(aces|counters)_[ab]"', response.content.decode())


def test_an_empty_form_shows_no_message_yet(keeper, match):
    response = check(keeper, match, {"number": 1, "points_a": "", "points_b": ""}, "points_a")
    assert "field-error" in response.content.decode()
    assert "Enter both teams" not in response.content.decode()


def test_the_counting_helper_shows_the_points_as_you_type(keeper, match):
    response = check(keeper, match, {"number": 1, "aces_a": "2", "counters_a": "9"},
                     "counters_a")
    assert "Counted so far: Les Bleus 5, Les Rouges" in response.content.decode()


def test_quadrette_tricks_show_what_they_give(client, quadrette_match):
    client.force_login(quadrette_match.owner)
    response = check(client, quadrette_match, {"number": 1, "tricks_a": "6"}, "tricks_a")
    body = response.content.decode()
    assert 'value="0"' in body and "La vole! 2 points for Les Bleus." in body
    response = check(client, quadrette_match, {"number": 1, "tricks_a": "3"}, "tricks_a")
    assert "3–3: one point each." in response.content.decode()


def test_live_checking_needs_htmx(keeper, match):
    assert keeper.post(url(match, "check"), {"number": 1}).status_code == 302


# --- Four sevens, redeal -----------------------------------------------------------------------


def test_four_sevens_needs_a_confirmation(keeper, match):
    response = keeper.post(url(match, "four_sevens"), {"number": 1, "team": "b"})
    assert response.status_code == 422
    assert "Tick the box to confirm the four sevens." in response.content.decode()
    assert not Hand.objects.exists()


def test_four_sevens_ends_the_match(keeper, match):
    play(match, P(11, 0))
    response = keeper.post(url(match, "four_sevens"),
                           {"number": 2, "team": "b", "confirm": "on"}, follow=True)
    body = response.content.decode()
    assert "Four sevens: the match is over." in body
    # The winner's score first, whatever it is; said once.
    assert body.count("Winners: Les Rouges, 0–11 (four sevens).") == 1
    assert "Save hand" not in body


def test_a_redeal_is_noted_without_a_score(keeper, match):
    response = keeper.post(url(match, "redeal"), **HTMX)
    assert "Redeal noted: the same dealer deals again." in response.content.decode()
    match.refresh_from_db()
    assert match.redeals == 1 and match.hand_count == 0


def test_a_match_with_as_many_redeals_as_it_can_note_refuses_one_more_with_a_message(
        keeper, match):
    Match.objects.filter(pk=match.pk).update(redeals=rules.MAX_REDEALS)
    response = keeper.post(url(match, "redeal"))
    assert response.status_code == 409
    assert f"This match has noted {rules.MAX_REDEALS} redeals" in response.content.decode()
    match.refresh_from_db()
    assert match.redeals == rules.MAX_REDEALS


def test_la_quadrette_has_no_redeal(client, quadrette_match):
    client.force_login(quadrette_match.owner)
    response = client.post(url(quadrette_match, "redeal"))
    assert response.status_code == 409
    assert "La Quadrette has no redeal rule." in response.content.decode()


# --- Corrections and undo ----------------------------------------------------------------------


def test_the_correction_form_opens_in_place(keeper, match):
    play(match, P(7, 4))
    response = keeper.get(url(match, "edit_hand", number=1), **HTMX)
    body = response.content.decode()
    assert body.lstrip().startswith('<tr id="hand-1" class="editing">')
    assert 'value="7"' in body


def test_without_javascript_the_correction_form_is_on_the_page(keeper, match):
    play(match, P(7, 4))
    response = keeper.get(url(match, "edit_hand", number=1))
    body = response.content.decode()
    assert "<html" in body and "Correct hand 1" in body and 'id="edit-points_a"' in body


def test_a_correction_is_saved_and_kept_in_the_history(keeper, match):
    play(match, P(7, 4), P(5, 6))
    response = keeper.post(url(match, "edit_hand", number=1),
                           {"number": 1, "kind": "played", "points_a": 4, "points_b": 7,
                            "politaines_b": 1}, follow=True)
    body = response.content.decode()
    assert "Hand 1 corrected. The score is 9–24." in body
    assert f"Hand 1 corrected by {match.owner.username}" in body
    assert "Points 7–4 → Points 4–7, 1 politaine for Les Rouges." in body
    assert HandRevision.objects.count() == 1


def test_a_correction_that_would_end_the_match_early_is_refused(keeper, match):
    play(match, P(11, 0), P(11, 0), P(5, 6), P(6, 5))
    response = keeper.post(url(match, "edit_hand", number=3),
                           {"number": 3, "kind": "played", "points_a": 11, "points_b": 0},
                           **HTMX)
    assert response.status_code == 409
    assert "the match would end after hand 3" in response.content.decode()
    assert Hand.objects.get(match=match, number=3).points_a == 5


def test_a_hand_can_be_corrected_into_four_sevens_when_it_is_the_last(keeper, match):
    play(match, P(7, 4))
    keeper.post(url(match, "edit_hand", number=1), {"number": 1, "kind": "four_sevens_a"})
    match.refresh_from_db()
    assert match.finish_reason == "four_sevens" and match.winner == "a"


def test_correcting_a_missing_hand_is_404(keeper, match):
    assert keeper.get(url(match, "edit_hand", number=4)).status_code == 404


def test_undo_removes_the_last_hand(keeper, match):
    play(match, P(7, 4), P(5, 6))
    response = keeper.post(url(match, "undo"), {"number": 2}, follow=True)
    assert "Hand 2 undone." in response.content.decode()
    assert "Hand 2 undone by" in response.content.decode()
    assert list(Hand.objects.values_list("number", flat=True)) == [1]


def test_undo_of_a_hand_that_is_no_longer_the_last_is_refused(keeper, match):
    play(match, P(7, 4), P(5, 6))
    response = keeper.post(url(match, "undo"), {"number": 1}, **HTMX)
    assert response.status_code == 409
    assert "Only the last hand (hand 2) can be undone." in response.content.decode()
    assert Hand.objects.count() == 2


# --- The end and the tie --------------------------------------------------------------------


def test_a_tie_at_the_target_says_another_hand_is_played(keeper, match):
    play(match, P(11, 0), P(11, 0), P(6, 5), P(0, 11), P(0, 11), P(5, 6))
    body = keeper.get(url(match)).content.decode()
    assert "Tied 33–33 at the target: another hand is played, until the totals differ." in body
    assert "Save hand 7" in body


def test_the_end_shows_the_winner_why_and_the_final_score(keeper, match):
    play(match, P(11, 0), P(11, 0), P(11, 0))
    body = keeper.get(url(match)).content.decode()
    # Who won, once: a sentence that reads with any team name.
    assert body.count("Winners:") == 1
    assert "Winners: Les Bleus, 33–0 (target reached)." in body
    assert "End of the match" in body and "Play again, same teams" in body


def test_play_again_starts_a_new_match_with_the_same_teams(keeper, match):
    play(match, P(11, 0), P(11, 0), P(11, 0))
    response = keeper.post(reverse("match_rematch", args=[match.pk]))
    again = match.owner.matches.exclude(pk=match.pk).get()
    assert response["Location"] == url(again)
    assert (again.team_a, again.team_b, again.target) == (match.team_a, match.team_b, 33)
    assert again.first_dealer in rules.SEATS and again.hand_count == 0


def test_a_complete_count_writes_the_points_in(keeper, match):
    data = {"number": 1, "aces_a": "2", "counters_a": "9", "aces_b": "2", "counters_b": "11",
            "last_trick": "a", "points_a": "", "points_b": ""}
    body = check(keeper, match, data, "counters_b").content.decode()
    assert input_value(body, "hand1-points_a") == "6"
    assert input_value(body, "hand1-points_b") == "5"
    # The keeper recounts: the points written by the app follow the new count.
    data.update({"points_a": "6", "points_b": "5", "filled": "points_a,points_b",
                 "counters_a": "12", "counters_b": "8"})
    body = check(keeper, match, data, "counters_a").content.decode()
    assert 'value="7"' in body and 'value="4"' in body
    keeper.post(url(match, "record"), {**data, "points_a": "6", "points_b": "5"})
    hand = Hand.objects.get()
    assert (hand.points_a, hand.points_b, hand.counters_a) == (7, 4, 12)


def test_the_poll_leaves_a_hand_being_corrected_alone(keeper, match):
    play(match, P(7, 4), P(5, 6))
    body = keeper.get(url(match, "live") + "?number=3&editing=1", **HTMX).content.decode()
    assert '<tr id="hand-1" hx-preserve="true">' in body
    assert '<tr id="hand-2">' in body


def test_a_stray_steck_without_a_count_does_not_block_plain_points(keeper, match):
    response = keeper.post(url(match, "record"),
                           {"number": 1, "points_a": 7, "points_b": 4, "last_trick": "a"})
    assert response.status_code == 302
    assert Hand.objects.get().aces_a is None


def test_the_chart_keeps_plain_numbers_in_french(keeper, match):
    """SVG coordinates are never localized: French would write 12,5 and break the chart."""
    import re

    play(match, P(7, 4), P(3, 8), P(9, 2))
    body = keeper.get(url(match), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    chart = body[body.index('<figure class="chart"'):body.index("</figure>")]
    assert "Pointage" in body
    coordinates = re.findall(r'\b(?:x|y|x1|x2|y1|y2|points)="([^"]*)"', chart)
    assert coordinates and not any("," in value and " " not in value for value in coordinates)
    assert all(re.fullmatch(r"[-\d. ,]+", value) for value in coordinates)
    polyline = re.search(r'class="team-a" points="([^"]+)"', chart).group(1)
    assert all(re.fullmatch(r"-?[\d.]+,-?[\d.]+", point) for point in polyline.split())


# --- Who deals, said in the hand's form (issue 31, item 6) ---------------------------------


def entry_dealer(body: str) -> str:
    found = re.search(r'<p class="entry-dealer" id="entry-dealer"[^>]*>([^<]*)</p>', body)
    return found.group(1) if found else ""


def test_the_hand_form_names_who_deals_it_and_who_leads(keeper, match):
    body = keeper.get(url(match)).content.decode()
    north, east = match.seat_n.name, match.seat_e.name
    assert entry_dealer(body) == f"North ({north}) deals this hand; East ({east}) leads."
    play(match, P(5, 6))
    response = keeper.post(url(match, "record"),
                           {"number": 2, "points_a": 7, "seen": match.version}, **HTMX)
    # After a save the next hand's form says who deals it: the next seat round the table.
    assert entry_dealer(response.content.decode()).startswith(f"South ({match.seat_s.name}) deals")


def test_choosing_the_first_dealer_changes_the_one_the_form_names(keeper, match):
    response = keeper.post(url(match, "first_dealer"), {"first_dealer": "E"}, **HTMX)
    body = response.content.decode()
    assert 'id="entry-dealer" hx-swap-oob="true"' in body
    assert entry_dealer(body).startswith(f"East ({match.seat_e.name}) deals this hand")


def test_the_preview_says_when_the_hand_would_end_the_match(keeper, match):
    play(match, P(11, 0), P(11, 0), P(2, 9))  # 24–9
    response = check(keeper, match, {"number": 4, "points_a": "10", "points_b": ""}, "points_a")
    body = response.content.decode()
    assert "Score after it: 34–10." in body
    assert "This hand ends the match: Les Bleus win 34–10." in body
    response = check(keeper, match, {"number": 4, "points_a": "5", "points_b": ""}, "points_a")
    assert "ends the match" not in response.content.decode()


# --- A result from paper (issue 31, item 12) -----------------------------------------------


def test_a_paper_results_page_speaks_of_a_paper_result(keeper, match):
    from scoring import paper

    paper.enter_paper_result(match=match, by=match.owner, score_a=35, score_b=20,
                             finish_reason="target")
    body = keeper.get(url(match)).content.decode()
    assert "Winners: Les Bleus, 35–20" in body
    assert "The result was entered from the paper score sheet" in body
    assert "No hand was kept on a phone" in body
    for wrong in ("0 hands played", "can still be corrected", "No hand yet",
                  "deals first", "Score on another phone", "Undo hand"):
        assert wrong not in body, wrong


# --- Small things a keeper sees every hand (issue 31, item 13) -------------------------------


def test_a_redeal_does_not_stay_on_the_scoreboard_for_every_later_hand(keeper, match):
    keeper.post(url(match, "redeal"), **HTMX)
    play(match, P(5, 6), P(7, 4))
    body = keeper.get(url(match)).content.decode()
    assert "Redeals" not in body
    # Counted for the statistics, said once the match is over.
    play(match, P(11, 0), P(11, 0))
    body = keeper.get(url(match)).content.decode()
    assert "4 hands played, 1 redeal." in body


# --- Words (issue 31, item 20) ---------------------------------------------------------------


@pytest.mark.parametrize(("via", "words"), [
    ("organizer", "Confirmed by the organizer, for the opponents."),
    ("opponents_link", "Confirmed by the opponents."),
])
def test_the_keepers_page_says_who_confirmed(client, user, via, words):
    from scoring import confirmations
    from tests.factories import MatchFactory, seen_version

    match = MatchFactory(owner=user, confirmation_mode="result", target=21)
    play(match, P(11, 0), P(11, 0))
    confirmations.confirm(match=match, seen_version=seen_version(match), via=via,
                          by=user if via == "organizer" else None)
    client.force_login(user)
    body = client.get(url(match)).content.decode()
    assert words in body
    if via == "organizer":
        assert "Confirmed by the opponents." not in body
