"""Confirmation and paper tables as the organizer and the opponents see them: the setting,
the draw, the opponents' page, the dashboard, the round's closing, paper results and score
sheets."""

import html
import re

import pytest
from django.urls import reverse

from scoring import confirmations, paper, rules
from scoring import services as services_scoring
from scoring.models import Confirmation, ConfirmationStep
from tests.factories import seen_version
from tests.tournaments.helpers import finish, make_tournament, play_round
from tournaments import services
from tournaments.overview import overview

pytestmark = pytest.mark.django_db


def first_round(organizer, **extra):
    tournament = make_tournament(organizer, teams=4, **extra)
    return tournament, services.draw_next_round(tournament=tournament)


def tables(round_):
    return list(round_.tables.select_related("match").order_by("number"))


def opponents_url(match, name="opponents"):
    return reverse(name, kwargs={"token": match.opponents_token})


def test_a_new_tournament_asks_for_the_final_result_and_its_tables_copy_it(organizer):
    tournament, round_1 = first_round(organizer)
    assert tournament.confirmation == "result"
    assert {t.match.confirmation_mode for t in tables(round_1)} == {"result"}
    tournament, round_1 = first_round(organizer, confirmation="hand")
    assert {t.match.confirmation_mode for t in tables(round_1)} == {"hand"}


def test_the_settings_page_offers_the_three_choices(client, organizer):
    tournament, _round = first_round(organizer)
    body = client.get(reverse("tournament_settings", args=[tournament.pk])).content.decode()
    assert 'name="confirmation"' in body
    for label in ("None: results count as entered", "The final result", "Every hand"):
        assert label in body


def test_the_opponents_confirm_from_their_page_without_javascript(client, organizer):
    _tournament, round_1 = first_round(organizer)
    match = tables(round_1)[0].match
    client.logout()  # the opponents have no account
    page = client.get(opponents_url(match))
    assert page.status_code == 200
    assert "you confirm its final result once it is over" in page.content.decode()
    finish(match, winner="b")
    page = client.get(opponents_url(match)).content.decode()
    assert "check the final result and confirm it" in page
    version = re.search(r'name="version" value="(\d+)" form="confirm-form"', page).group(1)
    response = client.post(opponents_url(match, "opponents_confirm"), {"version": version},
                           follow=True)
    assert "Thank you: the score is confirmed." in response.content.decode()
    match.refresh_from_db()
    assert match.confirmation == Confirmation.CONFIRMED
    assert "Confirmed at" in response.content.decode()  # the history says who and how
    assert ConfirmationStep.objects.get(match=match).via == "opponents_link"


def test_a_dispute_shows_on_the_dashboard_and_holds_the_next_round(client, organizer):
    tournament, round_1 = first_round(organizer)
    play_round(round_1)
    match = tables(round_1)[0].match
    client.post(opponents_url(match, "opponents_dispute"),
                {"reason": "Hand 3 was 6–5", "version": seen_version(match)})
    dashboard = client.get(reverse("tournament_dashboard", args=[tournament.pk]))
    body = dashboard.content.decode()
    assert "disputed: “Hand 3 was 6–5”" in body
    assert "1 result is disputed: the next round cannot be drawn" in body
    assert "Draw the next round" not in body
    response = client.post(reverse("tournament_draw", args=[tournament.pk]), follow=True)
    assert "Round 1 cannot close: 1 result is disputed." in response.content.decode()
    assert tournament.rounds.count() == 1
    # The organizer settles it for the team, and the round closes.
    client.post(reverse("tournament_table_confirm", args=[tournament.pk, 1, 1]),
                {"version": seen_version(match)})
    match.refresh_from_db()
    assert match.confirmation == Confirmation.CONFIRMED
    assert confirmations.history(match).first().action == "confirmed_for_team"
    client.post(reverse("tournament_draw", args=[tournament.pk]))
    assert tournament.rounds.count() == 2


def test_waiting_results_are_provisional_until_confirmed_all_at_once(client, organizer):
    tournament, round_1 = first_round(organizer)
    play_round(round_1)
    body = client.get(reverse("tournament_dashboard", args=[tournament.pk])).content.decode()
    assert "2 results wait for the opponents' confirmation: table 1, table 2." in body
    assert body.count("(provisional)") == 4
    seen = re.findall(r'name="seen" value="([^"]+)"', body)
    response = client.post(reverse("tournament_round_confirm_all", args=[tournament.pk, 1]),
                           {"seen": seen}, follow=True)
    body = response.content.decode()
    assert "2 results confirmed for the teams." in body
    assert "(provisional)" not in body
    assert {t.match.confirmation for t in tables(round_1)} == {"confirmed"}
    public = client.get(reverse("public_standings", args=[tournament.pk])).content.decode()
    assert "(provisional)" not in public


def test_a_tournament_without_confirmation_shows_none(client, organizer):
    tournament, round_1 = first_round(organizer, confirmation="none")
    play_round(round_1)
    body = client.get(reverse("tournament_dashboard", args=[tournament.pk])).content.decode()
    assert "waiting for confirmation" not in body and "(provisional)" not in body
    assert "Opponents' view" not in body
    cards = client.get(reverse("tournament_round_cards", args=[tournament.pk, 1]))
    assert "The opponents' link" not in cards.content.decode()


def test_the_table_cards_carry_the_opponents_link(client, organizer):
    tournament, round_1 = first_round(organizer)
    # A table kept on paper still has its card (only a forfeit at the draw has none).
    paper.enter_paper_result(match=tables(round_1)[1].match, by=organizer, score_a=13,
                             score_b=9, finish_reason="target")
    body = client.get(reverse("tournament_round_cards", args=[tournament.pk, 1])).content.decode()
    for table in tables(round_1):
        assert f"/o/{table.match.opponents_token}/" in body
        assert f"/k/{table.match.scorekeeper_token}/" in body
    assert body.count("<svg") == 4  # two tables, two codes each


def test_the_organizer_enters_a_paper_result_in_one_step(client, organizer):
    tournament, round_1 = first_round(organizer)
    table = tables(round_1)[0]
    url = reverse("tournament_table_paper", args=[tournament.pk, 1, 1])
    assert client.get(url).status_code == 200
    refused = client.post(url, {"score_a": 9, "score_b": 7, "ended": "target"})
    assert refused.status_code == 422
    assert "Nobody reached the target of 11" in refused.content.decode()
    impossible = client.post(url, {"score_a": 13, "score_b": 7, "ended": "target"})
    assert impossible.status_code == 422
    assert "always a multiple of 11 (11 or 22 here)" in impossible.content.decode()
    response = client.post(url, {"score_a": 13, "score_b": 9, "ended": "target"}, follow=True)
    body = response.content.decode()
    assert "entered from paper" in body
    table.match.refresh_from_db()
    assert (table.match.from_paper, table.match.score_a, table.match.winner) == (True, 13, "a")
    assert table.match.confirmation == Confirmation.WAITING
    view = overview(tournament)
    leader = view.standings[0]
    assert leader.team_id == table.entry_a_id and leader.points_for == 13
    # Corrected later, the same way; then it waits for confirmation again.
    confirmations.confirm(match=table.match, seen_version=seen_version(table.match),
                          via=confirmations.Via.OPPONENTS_LINK)
    client.post(url, {"score_a": 7, "score_b": 4, "ended": "four_sevens_a"})
    table.match.refresh_from_db()
    assert (table.match.winner, table.match.finish_reason) == ("a", "four_sevens")
    assert table.match.confirmation == Confirmation.WAITING


def test_a_table_whose_hands_ended_the_match_takes_no_paper_result(client, organizer):
    tournament, round_1 = first_round(organizer)
    finish(tables(round_1)[0].match)
    response = client.post(reverse("tournament_table_paper", args=[tournament.pk, 1, 1]),
                           {"score_a": 13, "score_b": 9, "ended": "target"})
    assert response.status_code == 409
    assert "hands ended the match" in response.content.decode()


def test_a_table_whose_phone_died_takes_its_paper_result_over_the_hands_kept(client,
                                                                              organizer):
    tournament, round_1 = first_round(organizer)
    match = tables(round_1)[0].match
    services_scoring.record_hand(match=match, number=1, hand=rules.Hand.played(5, 6))
    dashboard = client.get(reverse("tournament_dashboard", args=[tournament.pk]))
    url = reverse("tournament_table_paper", args=[tournament.pk, 1, 1])
    assert url in dashboard.content.decode()
    page = client.get(url).content.decode()
    assert "1 hand kept on a phone" in page and 'name="score_a"' in page
    refused = client.post(url, {"score_a": 18, "score_b": 4, "ended": "target"})
    assert refused.status_code == 422 and "below the score of the hands" in \
        refused.content.decode()
    answer = client.post(url, {"score_a": 14, "score_b": 8, "ended": "target"})
    assert answer.status_code == 302
    match.refresh_from_db()
    assert (match.from_paper, match.hand_count, match.score_a, match.winner) == (
        True, 1, 14, "a")
    table_page = client.get(reverse("owned:table", args=[match.pk])).content.decode()
    assert "Entered from the table's paper score sheet" in table_page


def test_the_score_sheets_print_each_table_with_its_dealers(client, organizer):
    tournament, round_1 = first_round(organizer)
    response = client.get(reverse("tournament_round_sheets", args=[tournament.pk, 1]))
    body = response.content.decode()
    assert response.status_code == 200
    assert body.count('class="sheet"') == 2
    first = tables(round_1)[0]
    assert first.entry_a.name in body and first.entry_b.name in body
    assert f"/k/{first.match.scorekeeper_token}/" in body
    lines = re.findall(r'<td class="dealer">(\w+) <small>\((.+?)\)</small></td>', body)
    seats = dict(zip("NESW", [first.entry_a.team.first_player.name,
                               first.entry_b.team.first_player.name,
                               first.entry_a.team.second_player.name,
                               first.entry_b.team.second_player.name], strict=True))
    assert lines[:5] == [("North", seats["N"]), ("East", seats["E"]), ("South", seats["S"]),
                         ("West", seats["W"]), ("North", seats["N"])]
    one = client.get(reverse("tournament_round_sheets", args=[tournament.pk, 1]) + "?table=2")
    assert one.content.decode().count('class="sheet"') == 1
    assert client.get(reverse("tournament_round_sheets", args=[tournament.pk, 1])
                      + "?table=9").status_code == 404


def test_the_score_sheet_is_in_the_tournaments_language(client, organizer):
    tournament, _round = first_round(organizer)
    body = client.get(reverse("tournament_round_sheets", args=[tournament.pk, 1]),
                      HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Nord" in body and "Brasseur" in body


def test_a_stranger_cannot_confirm_for_the_team(client, organizer, django_user_model):
    tournament, round_1 = first_round(organizer)
    play_round(round_1)
    client.force_login(django_user_model.objects.create_user("stranger"))
    response = client.post(reverse("tournament_table_confirm", args=[tournament.pk, 1, 1]))
    assert response.status_code == 404
    assert tables(round_1)[0].match.confirmation == Confirmation.WAITING


def test_an_unknown_opponents_link_is_a_404(client, db):
    for token in ("x" * 43, "no", "%00"):
        assert client.get(f"/o/{token}/").status_code == 404
        assert client.post(f"/o/{token}/confirm/").status_code == 404


def test_the_paper_result_takes_back(client, organizer):
    tournament, round_1 = first_round(organizer)
    match = tables(round_1)[0].match
    paper.enter_paper_result(match=match, by=organizer, score_a=13, score_b=9,
                             finish_reason="target")
    client.post(reverse("tournament_table_paper_take_back", args=[tournament.pk, 1, 1]))
    match.refresh_from_db()
    assert not match.from_paper and not match.is_finished


def test_a_result_still_waiting_stays_provisional_once_the_next_round_is_drawn(client,
                                                                               organizer):
    """The dashboard and the public standings read only the round being played and plain
    values (issue 13); a round 1 result that waits must still be marked there."""
    tournament, round_1 = first_round(organizer)
    play_round(round_1)
    services.draw_next_round(tournament=tournament)
    dashboard = client.get(reverse("tournament_dashboard", args=[tournament.pk]))
    assert dashboard.content.decode().count("(provisional)") == 4
    public = client.get(reverse("public_standings", args=[tournament.pk])).content.decode()
    assert public.count("(provisional)") == 4
    assert overview(tournament, past_tables=False).provisional_teams == \
        overview(tournament).provisional_teams


def test_the_keepers_history_marks_each_hand_confirmed_waiting_or_disputed(client, organizer):
    from scoring import rules
    from scoring import services as scoring

    _tournament, round_1 = first_round(organizer, confirmation="hand", target=33)
    match = tables(round_1)[0].match
    for number in (1, 2):
        scoring.record_hand(match=match, number=number, hand=rules.Hand.played(6, 5))
    confirmations.confirm(match=match.pk, seen_version=seen_version(match.pk),
                          via=confirmations.Via.OPPONENTS_LINK)
    scoring.record_hand(match=match, number=3, hand=rules.Hand.played(4, 7))
    page = client.get(reverse("owned:table", args=[match.pk])).content.decode()
    rows = {n: re.search(rf'<tr id="hand-{n}".*?</tr>', page, re.S).group(0) for n in (1, 2, 3)}
    assert "Confirmed by the opponents." in rows[1] and "Confirmed by the opponents." in rows[2]
    assert "Waiting for the opponents" in rows[3]
    confirmations.dispute(match=match.pk, seen_version=seen_version(match.pk),
                          via=confirmations.Via.OPPONENTS_LINK, reason="7 à 4")
    page = client.get(reverse("owned:table", args=[match.pk])).content.decode()
    row = re.search(r'<tr id="hand-3".*?</tr>', page, re.S).group(0)
    assert 'class="hand-mark disputed" title="7 à 4"' in row


# --- Each team its own link (issue 30, item 2) ---------------------------------------------


def slips(body, kind):
    """Each printed slip of a kind ("keeper" or "opponents"), by table number."""
    return {int(number): slip for number, slip in re.findall(
        rf'<article class="slip slip-{kind}" data-table="(\d+)".*?>(.*?)</article>', body, re.S)}


def test_each_team_gets_its_own_slip_that_says_whose_it_is(client, organizer):
    tournament, round_1 = first_round(organizer)
    body = client.get(reverse("tournament_round_cards", args=[tournament.pk, 1])).content.decode()
    keepers, opponents = slips(body, "keeper"), slips(body, "opponents")
    assert set(keepers) == set(opponents) == {1, 2}
    for table in tables(round_1):
        keeper, other = keepers[table.number], opponents[table.number]
        match = table.match
        assert f"/k/{match.scorekeeper_token}/" in keeper and "/o/" not in keeper
        assert f"/o/{match.opponents_token}/" in other and "/k/" not in other
        assert keeper.count("<svg") == other.count("<svg") == 1
        assert f"For the score keeper of {table.entry_a.name}" in keeper
        assert "score the match here" in keeper
        assert f"For {table.entry_b.name}" in other
        assert "confirm or dispute the score here" in other
    assert body.count('class="cut-line"') >= 2


def test_a_table_without_confirmation_prints_the_keepers_slip_alone(client, organizer):
    tournament, _round = first_round(organizer, confirmation="none")
    body = client.get(reverse("tournament_round_cards", args=[tournament.pk, 1])).content.decode()
    assert set(slips(body, "keeper")) == {1, 2} and slips(body, "opponents") == {}
    assert "/o/" not in body


def test_the_score_sheet_carries_the_keepers_link_alone(client, organizer):
    tournament, round_1 = first_round(organizer)
    body = client.get(reverse("tournament_round_sheets", args=[tournament.pk, 1])).content.decode()
    for table in tables(round_1):
        assert f"/k/{table.match.scorekeeper_token}/" in body
        assert f"/o/{table.match.opponents_token}/" not in body
        assert f"For the score keeper of {table.entry_a.name}" in body
    assert body.count("<svg") == 2


def test_the_organizer_makes_a_new_opponents_link_and_the_old_one_answers_404(client,
                                                                              organizer):
    tournament, round_1 = first_round(organizer)
    play_round(round_1)
    match = tables(round_1)[0].match
    old = match.opponents_token
    round_page = client.get(reverse("tournament_round", args=[tournament.pk, 1])).content.decode()
    reissue = reverse("tournament_table_reissue_opponents", args=[tournament.pk, 1, 1])
    assert f'action="{reissue}"' in round_page
    response = client.post(reissue, follow=True)
    assert "Table 1 has a new opponents' link; the old one no longer works." in \
        html.unescape(response.content.decode())
    match.refresh_from_db()
    assert match.opponents_token != old
    client.logout()
    assert client.get(f"/o/{old}/").status_code == 404
    assert client.post(f"/o/{old}/confirm/", {"version": match.version}).status_code == 404
    assert client.get(f"/o/{match.opponents_token}/").status_code == 200
    assert match.confirmation == Confirmation.WAITING
    # Nobody else makes a new one.
    assert client.post(reissue).status_code in (302, 404)
    match.refresh_from_db()
    assert client.get(f"/o/{match.opponents_token}/").status_code == 200


# --- What was seen is what is confirmed (issue 30, item 4) ---------------------------------


def shown_version(page, form="confirm-form"):
    return re.search(rf'name="version" value="(\d+)" form="{form}"', page).group(1)


def test_the_opponents_cannot_confirm_a_score_that_changed_since_they_loaded_it(client,
                                                                                organizer):
    from scoring import rules
    from scoring import services as scoring

    _tournament, round_1 = first_round(organizer)
    match = tables(round_1)[0].match
    finish(match, winner="b")
    client.logout()
    page = client.get(opponents_url(match)).content.decode()
    seen = shown_version(page)
    scoring.correct_hand(match=match.pk, number=1, hand=rules.Hand.played(6, 5))
    match.refresh_from_db()
    for name, data in (("opponents_confirm", {"version": seen}),
                       ("opponents_dispute", {"version": seen, "reason": "hand 2"}),
                       ("opponents_confirm", {})):
        response = client.post(opponents_url(match, name), data)
        assert response.status_code == 409
        body = response.content.decode()
        assert "The score changed since you loaded it" in body or \
            "Look at the score again" in body
        assert f"Confirm {match.score_a}–{match.score_b}" in body  # the score as it is now
        assert shown_version(body) == str(match.version)
    match.refresh_from_db()
    assert match.confirmation == Confirmation.WAITING
    french = client.post(opponents_url(match, "opponents_confirm"), {"version": seen},
                         HTTP_ACCEPT_LANGUAGE="fr")
    assert french.status_code == 409 and "Le pointage a changé" in french.content.decode()


def dashboard(client, tournament):
    return client.get(reverse("tournament_dashboard", args=[tournament.pk])).content.decode()


def test_confirm_for_the_opponents_skips_a_table_whose_score_changed_since(client, organizer):
    from scoring import rules
    from scoring import services as scoring

    tournament, round_1 = first_round(organizer)
    play_round(round_1)
    match = tables(round_1)[0].match
    page = dashboard(client, tournament)
    confirm = reverse("tournament_table_confirm", args=[tournament.pk, 1, 1])
    seen = re.search(rf'action="{confirm}".*?name="version" value="(\d+)"', page, re.S).group(1)
    hand = match.hands.order_by("-number").first()
    scoring.correct_hand(match=match.pk, number=hand.number, hand=rules.Hand.played(11, 0)
                         if match.winner == "a" else rules.Hand.played(0, 11))
    response = client.post(confirm, {"version": seen}, follow=True)
    assert "Table 1 skipped: its score changed since you loaded the page." in \
        response.content.decode()
    match.refresh_from_db()
    assert match.confirmation == Confirmation.WAITING


def test_confirm_them_all_skips_the_tables_whose_score_changed_and_says_so(client, organizer):
    from scoring import rules
    from scoring import services as scoring

    tournament, round_1 = first_round(organizer)
    play_round(round_1)
    page = dashboard(client, tournament)
    form = re.search(r'<form[^>]*confirm-all.*?</form>', page, re.S).group(0)
    seen = re.findall(r'name="seen" value="([^"]+)"', form)
    assert len(seen) == 2
    second = tables(round_1)[1].match
    hand = second.hands.order_by("-number").first()
    scoring.correct_hand(match=second.pk, number=hand.number, hand=rules.Hand.played(11, 0)
                         if second.winner == "a" else rules.Hand.played(0, 11))
    response = client.post(reverse("tournament_round_confirm_all", args=[tournament.pk, 1]),
                           {"seen": seen}, follow=True)
    body = response.content.decode()
    assert "1 result confirmed for the teams." in body
    assert "Table 2 skipped: its score changed since you loaded the page." in body
    assert [t.match.confirmation for t in tables(round_1)] == ["confirmed", "waiting"]
    # A table of another round (or tournament) is never confirmed through this form.
    _other, other_round = first_round(organizer)
    play_round(other_round)
    foreign = tables(other_round)[0].match
    client.post(reverse("tournament_round_confirm_all", args=[tournament.pk, 1]),
                {"seen": [f"{foreign.pk}:{foreign.version}"]})
    foreign.refresh_from_db()
    assert foreign.confirmation == Confirmation.WAITING
    for junk in (["x"], ["1:"], [":1"], ["9" * 30 + ":1"], ["1:-1"], ["\x00"]):
        response = client.post(reverse("tournament_round_confirm_all",
                                       args=[tournament.pk, 1]), {"seen": junk})
        assert response.status_code == 302


# --- Who acted, by name (issue 30, item 13) ------------------------------------------------


def test_the_opponents_page_names_who_acted_never_by_a_login_name(client, organizer,
                                                                  django_user_model):
    tournament, round_1 = first_round(organizer)
    play_round(round_1)
    named = django_user_model.objects.create_user("mtremblay-login", first_name="Marie",
                                                  last_name="Tremblay")
    services.add_organizer(tournament=tournament, username="mtremblay-login")
    first, second = (t.match for t in tables(round_1))
    confirmations.confirm(match=first.pk, via=confirmations.Via.ORGANIZER, by=named,
                          seen_version=first.version)
    # "org" has no name but its login: a stranger at the table must never read it.
    confirmations.dispute(match=second.pk, via=confirmations.Via.OPPONENTS_LINK, by=organizer,
                          reason="non", seen_version=second.version)
    second.refresh_from_db()
    confirmations.confirm(match=second.pk, via=confirmations.Via.ORGANIZER, by=organizer,
                          seen_version=second.version)
    client.logout()
    body = client.get(opponents_url(first)).content.decode()
    assert "for the team by Marie Tremblay" in body and "mtremblay-login" not in body
    body = client.get(opponents_url(second)).content.decode()
    history = re.search(r'id="confirmation-history">(.*?)</ul>', body, re.S).group(1)
    assert "for the team by an organizer" in history
    assert "by the opponents" in history
    assert not re.search(r"\borg\b", history)


def test_an_organizer_answering_on_the_opponents_page_is_named_as_an_organizer(client,
                                                                              organizer):
    _tournament, round_1 = first_round(organizer)
    play_round(round_1)
    match = tables(round_1)[0].match
    page = client.get(opponents_url(match)).content.decode()  # "Opponents' view"
    client.post(opponents_url(match, "opponents_confirm"), {"version": shown_version(page)})
    step = confirmations.history(match).get()
    assert (step.action, step.via, step.by) == ("confirmed_for_team", "organizer", organizer)
    body = client.get(opponents_url(match)).content.decode()
    assert "for the team by an organizer, through an organizer's account" in html.unescape(body)


def test_a_finished_round_with_a_disputed_result_does_not_say_to_draw_the_next_round(
        client, organizer):
    tournament, round_1 = first_round(organizer)
    first, second = tables(round_1)
    finish(first.match, winner="a")
    finish(second.match, winner="b")
    confirmations.dispute(match=first.match.pk, seen_version=seen_version(first.match.pk),
                          via=confirmations.Via.OPPONENTS_LINK, reason="7 à 4")
    text = html.unescape(client.get(reverse("tournament_dashboard", args=[tournament.pk]))
                         .content.decode())
    assert "Every table has finished." in text
    assert "draw the next round" not in text
    assert "1 result is disputed: the next round cannot be drawn" in text
