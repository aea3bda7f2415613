"""A dispute holds until it is really settled (issue 30, item 1), on the pages: by the
opponents, by an organizer, or by a correction that changes the disputed hand's values. A
net-zero change (other values and back, or undo and the same hand again) settles nothing."""

import pytest
from django.urls import reverse

from scoring.models import Confirmation
from tests.conftest import link_url
from tests.factories import seen_version
from tests.tournaments.helpers import make_tournament, play_round
from tournaments import services

pytestmark = pytest.mark.django_db


def first_table(organizer, **extra):
    tournament = make_tournament(organizer, teams=4, **extra)
    round_1 = services.draw_next_round(tournament=tournament)
    return tournament, round_1, round_1.tables.select_related("match").get(number=1).match


def enter(client, match, number, a, b):
    return client.post(link_url(match, "record"), {"number": number, "points_a": a,
                                                   "points_b": b}, follow=True)


def correct(client, match, number, a, b):
    return client.post(link_url(match, "edit_hand", number=number),
                       {"number": number, "kind": "played", "points_a": a, "points_b": b},
                       follow=True)


def undo(client, match, number):
    return client.post(link_url(match, "undo"), {"number": number}, follow=True)


def dispute(client, match, reason):
    return client.post(reverse("opponents_dispute", kwargs={"token": match.opponents_token}),
                       {"reason": reason, "version": seen_version(match)}, follow=True)


def state(match):
    match.refresh_from_db()
    return match.confirmation


# --- Every hand: the next hand stays refused -------------------------------------------------


def test_every_hand_a_correction_to_other_values_and_back_keeps_the_next_hand_refused(
        client, organizer):
    _tournament, _round, match = first_table(organizer, confirmation="hand")
    client.logout()  # the keeper's and the opponents' links, no account
    enter(client, match, 1, 6, 5)
    dispute(client, match, "Hand 1 was 5–6")
    correct(client, match, 1, 5, 6)
    assert state(match) == Confirmation.WAITING  # a change: the dispute rests
    correct(client, match, 1, 6, 5)
    assert state(match) == Confirmation.DISPUTED  # back to what they disputed
    assert match.dispute_reason == "Hand 1 was 5–6"
    body = enter(client, match, 2, 6, 5).content.decode()
    assert "The opponents dispute hand 1" in body
    assert match.hands.count() == 1
    opponents = client.get(reverse("opponents", kwargs={"token": match.opponents_token}))
    assert "Disputed: “Hand 1 was 5–6”" in opponents.content.decode()


def test_every_hand_undo_and_the_same_hand_again_keeps_the_next_hand_refused(client, organizer):
    _tournament, _round, match = first_table(organizer, confirmation="hand")
    client.logout()
    enter(client, match, 1, 6, 5)
    dispute(client, match, "")
    undo(client, match, 1)
    assert state(match) == Confirmation.NONE
    enter(client, match, 1, 6, 5)
    assert state(match) == Confirmation.DISPUTED
    body = enter(client, match, 2, 6, 5).content.decode()
    assert "The opponents dispute hand 1" in body
    assert match.hands.count() == 1


def test_every_hand_a_real_correction_settles_the_dispute(client, organizer):
    _tournament, _round, match = first_table(organizer, confirmation="hand")
    client.logout()
    enter(client, match, 1, 6, 5)
    dispute(client, match, "")
    correct(client, match, 1, 5, 6)
    enter(client, match, 2, 6, 5)
    assert match.hands.count() == 2 and state(match) == Confirmation.WAITING


# --- The final result: the organizer's next draw still blocks --------------------------------


def draw(client, tournament):
    return client.post(reverse("tournament_draw", args=[tournament.pk]), follow=True)


def test_final_result_a_correction_to_other_values_and_back_still_blocks_the_draw(
        client, organizer):
    tournament, round_1, match = first_table(organizer)
    play_round(round_1)
    match.refresh_from_db()
    last = match.hands.order_by("number").last()
    dispute(client, match, "The last hand was the other way")
    # The organizer (a keeper of every table) corrects the last hand and puts it back.
    correct(client, match, last.number, last.points_b, last.points_a)
    assert state(match) != Confirmation.DISPUTED  # other values: the dispute rests
    correct(client, match, last.number, last.points_a, last.points_b)
    assert state(match) == Confirmation.DISPUTED
    body = draw(client, tournament).content.decode()
    assert "Round 1 cannot close: 1 result is disputed." in body
    assert tournament.rounds.count() == 1


def test_final_result_undo_and_the_same_hand_again_still_blocks_the_draw(client, organizer):
    tournament, round_1, match = first_table(organizer)
    play_round(round_1)
    match.refresh_from_db()
    last = match.hands.order_by("number").last()
    dispute(client, match, "")
    undo(client, match, last.number)
    assert state(match) == Confirmation.NONE  # in play again: nothing to confirm
    enter(client, match, last.number, last.points_a, last.points_b)
    assert state(match) == Confirmation.DISPUTED
    body = draw(client, tournament).content.decode()
    assert "Round 1 cannot close: 1 result is disputed." in body
    assert tournament.rounds.count() == 1


def test_final_result_the_opponents_or_an_organizer_settle_it(client, organizer):
    tournament, round_1, match = first_table(organizer)
    play_round(round_1)
    dispute(client, match, "")
    client.post(reverse("tournament_table_confirm", args=[tournament.pk, 1, 1]),
                {"version": seen_version(match)})
    assert state(match) == Confirmation.CONFIRMED
    match.refresh_from_db()
    last = match.hands.order_by("number").last()
    # Settled: putting the hand back as it was disputed asks for a confirmation, no more.
    undo(client, match, last.number)
    enter(client, match, last.number, last.points_a, last.points_b)
    assert state(match) == Confirmation.WAITING
    draw(client, tournament)
    assert tournament.rounds.count() == 2
