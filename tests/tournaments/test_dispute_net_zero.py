"""A dispute holds through changes that leave what it is about as it was, and an answer
repeated is a repeat only while nothing was written since (outside review of issue 30)."""

import pytest
from django.urls import reverse

from scoring import confirmations, rules
from scoring import services as scoring
from scoring.errors import Conflict, InvalidInput
from scoring.models import Confirmation
from tests.api.conftest import ApiClient
from tests.factories import seen_version
from tests.tournaments.helpers import make_tournament
from tournaments import services

pytestmark = pytest.mark.django_db
OPP = confirmations.Via.OPPONENTS_LINK


def table(owner, **extra):
    tournament = make_tournament(owner, teams=4, target=33, **extra)
    round_1 = services.draw_next_round(tournament=tournament)
    return tournament, round_1, round_1.tables.select_related("match").get(number=1).match


def hand(match, number, a, b):
    scoring.record_hand(match=match.pk, number=number, hand=rules.Hand.played(a, b))


def fix(match, number, a, b):
    scoring.correct_hand(match=match.pk, number=number, hand=rules.Hand.played(a, b))


def state(match):
    match.refresh_from_db()
    return match.confirmation


def finish_rest(round_1):
    from tests.tournaments.helpers import finish
    for t in round_1.tables.select_related("match").exclude(number=1):
        finish(t.match)


def test_final_result_hands_swapped_to_the_same_result_keep_the_dispute(organizer):
    """The opponents dispute the final result 34-21. The keeper swaps the values of hands 1
    and 2: every total, the winner, the finish reason are exactly as disputed (the same
    final result, reached by the same hands in another order), yet the dispute is gone and
    the organizer's draw goes through: the round closes, the result is final."""
    _tournament, round_1, match = table(organizer)  # "result" is the default
    hand(match, 1, 6, 5)
    hand(match, 2, 5, 6)
    hand(match, 3, 11, 0)
    hand(match, 4, 11, 0)  # 33-11 → finished? go on until finished
    match.refresh_from_db()
    n = match.hand_count
    while not match.is_finished:
        n += 1
        hand(match, n, 11, 0)
        match.refresh_from_db()
    before = (match.score_a, match.score_b, match.winner, match.finish_reason)
    confirmations.dispute(match=match.pk, via=OPP, seen_version=seen_version(match),
                          reason="Hand 3 was 0-11")
    assert state(match) == Confirmation.DISPUTED
    fix(match, 1, 5, 6)
    fix(match, 2, 6, 5)
    match.refresh_from_db()
    assert (match.score_a, match.score_b, match.winner, match.finish_reason) == before
    finish_rest(round_1)
    assert state(match) == Confirmation.DISPUTED, "same result, dispute gone"


def test_final_result_hands_swapped_to_the_same_result_still_block_the_draw(organizer):
    tournament, round_1, match = table(organizer)
    for n, (a, b) in enumerate([(6, 5), (5, 6), (11, 0), (11, 0)], start=1):
        hand(match, n, a, b)
    match.refresh_from_db()
    assert match.is_finished
    confirmations.dispute(match=match.pk, via=OPP, seen_version=seen_version(match))
    fix(match, 1, 5, 6)
    fix(match, 2, 6, 5)
    finish_rest(round_1)
    with pytest.raises(Conflict):
        services.draw_next_round(tournament=tournament)


def test_a_repeated_confirmation_of_a_score_that_is_gone_is_refused(organizer):
    """Hand 1 confirmed; hand 2 entered (waiting, version v). The opponents' page shows v.
    The keeper undoes hand 2 (v+1: confirmed again, hands 1). The opponents press Confirm
    on the page at v, the score with hand 2: 200 "Thank you: the score is confirmed", not
    409 score_changed, although the score they saw is not the one that stands."""
    _t, _r, match = table(organizer, confirmation="hand")
    hand(match, 1, 6, 5)
    confirmations.confirm(match=match.pk, via=OPP, seen_version=seen_version(match))
    hand(match, 2, 0, 11)
    seen = seen_version(match)
    scoring.undo_last_hand(match=match.pk, number=2)
    assert state(match) == Confirmation.CONFIRMED
    with pytest.raises(Conflict) as refused:
        confirmations.confirm(match=match.pk, via=OPP, seen_version=seen)
    assert "score_changed" in refused.value.codes


def test_a_repeated_dispute_of_values_no_longer_there_is_refused(organizer):
    """Disputed at hand 1 = 6-5 (reason r). Keeper corrects to 5-6 (rests, v), the
    opponents' page shows 5-6 at v; keeper corrects back (v+1, disputed again). The
    opponents dispute the 5-6 they saw at v with the same reason: no 409, a silent 200."""
    _t, _r, match = table(organizer, confirmation="hand")
    hand(match, 1, 6, 5)
    confirmations.dispute(match=match.pk, via=OPP, seen_version=seen_version(match),
                          reason="r")
    fix(match, 1, 5, 6)
    seen = seen_version(match)
    fix(match, 1, 6, 5)
    assert state(match) == Confirmation.DISPUTED
    with pytest.raises(Conflict) as refused:
        confirmations.dispute(match=match.pk, via=OPP, seen_version=seen, reason="r")
    assert "score_changed" in refused.value.codes


def test_every_hand_a_dispute_names_its_hand_and_only_its_correction_settles_it(organizer):
    """Every hand, hands 1-3 waiting (the opponents were away from the table). They dispute
    hand 1. The keeper corrects hand 3 instead: hand 1 is still as disputed, and the next
    hand stays refused; a correction of hand 1 settles it."""
    _t, _r, match = table(organizer, confirmation="hand")
    hand(match, 1, 6, 5)
    hand(match, 2, 6, 5)
    hand(match, 3, 6, 5)
    confirmations.dispute(match=match.pk, via=OPP, seen_version=seen_version(match),
                          reason="hand 1 was 5-6", hand=1)
    match.refresh_from_db()
    assert match.disputed_hand == 1
    fix(match, 3, 5, 6)
    assert state(match) == Confirmation.DISPUTED
    with pytest.raises(Conflict) as refused:
        hand(match, 4, 6, 5)
    assert "hand_disputed" in refused.value.codes
    fix(match, 1, 5, 6)
    assert state(match) == Confirmation.WAITING
    hand(match, 4, 6, 5)


def test_a_dispute_names_only_a_hand_that_waits(organizer):
    _t, _r, match = table(organizer, confirmation="hand")
    hand(match, 1, 6, 5)
    confirmations.confirm(match=match.pk, via=OPP, seen_version=seen_version(match))
    hand(match, 2, 6, 5)
    for number in (1, 3):  # confirmed already, not entered yet
        with pytest.raises(InvalidInput) as refused:
            confirmations.dispute(match=match.pk, via=OPP, seen_version=seen_version(match),
                                  hand=number)
        assert "hand_not_waiting" in refused.value.codes
    assert state(match) == Confirmation.WAITING


def test_the_opponents_page_asks_which_hand_when_several_wait(organizer, client):
    _t, _r, match = table(organizer, confirmation="hand")
    for number in (1, 2):
        hand(match, number, 6, 5)
    page = reverse("opponents", kwargs={"token": match.opponents_token})
    assert "Which hand is wrong?" in client.get(page).content.decode()
    client.post(reverse("opponents_dispute", kwargs={"token": match.opponents_token}),
                {"hand": "1", "reason": "5-6", "version": seen_version(match)})
    match.refresh_from_db()
    assert (match.confirmation, match.disputed_hand) == (Confirmation.DISPUTED, 1)


def test_the_api_dispute_names_its_hand(organizer, client):
    _t, _r, match = table(organizer, confirmation="hand")
    for number in (1, 2):
        hand(match, number, 6, 5)
    api = ApiClient(client, match.opponents_token)
    body = api.post(f"/matches/{match.pk}/dispute",
                    {"hand": 1, "version": seen_version(match)}).json()["match"]
    assert body["confirmation"] == "disputed"
    refused = api.post(f"/matches/{match.pk}/dispute",
                       {"hand": 5, "version": seen_version(match)})
    assert refused.status_code == 422 and refused.json()["code"] == "hand_not_waiting"
