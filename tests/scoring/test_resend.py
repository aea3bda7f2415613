"""A hand sent again under its number: the same hand is already saved (a success, nothing
written); another hand is a conflict that shows the saved one."""

import pytest

from scoring import rules, services
from scoring.errors import AlreadySaved, Conflict
from scoring.models import Hand, HandRevision
from scoring.rules import CardCount

P = rules.Hand.played
Q = rules.Hand.quadrette

pytestmark = pytest.mark.django_db


# --- rules.same_hand: the one place that says "the same hand" -------------------------------


@pytest.mark.parametrize(("saved", "sent", "same"), [
    (P(6, 5), P(6, 5), True),
    (P(6, 5, 1, 0), P(6, 5, 1, 0), True),
    (P(6, 5, 1, 0), P(6, 5), False),
    (P(6, 5), P(5, 6), False),
    # However the cards were counted, the same points are the same hand.
    (P(6, 5), rules.Hand.counted(CardCount(2, 11, True), CardCount(2, 9, False)), True),
    (rules.Hand.four_sevens("a"), rules.Hand.four_sevens("a"), True),
    (rules.Hand.four_sevens("a"), rules.Hand.four_sevens("b"), False),
    (rules.Hand.four_sevens("a"), P(11, 0), False),
    (Q(4, 2), Q(4, 2), True),
    (Q(4, 2), Q(5, 1), False),  # the same points (1-0), not the same hand
])
def test_same_hand(saved, sent, same):
    assert rules.same_hand(saved, sent) is same


# --- record_hand ------------------------------------------------------------------------------


def test_the_same_hand_sent_twice_is_already_saved_and_stored_once(match):
    services.record_hand(match=match, number=1, hand=P(7, 4))
    match.refresh_from_db()
    version = match.version
    with pytest.raises(AlreadySaved) as resent:
        services.record_hand(match=match, number=1, hand=P(7, 4))
    assert resent.value.codes == [rules.ALREADY_SAVED]
    assert resent.value.messages() == [
        "Hand 1 was already saved, just as sent: nothing is entered twice."]
    assert resent.value.state.score == (7, 4)
    match.refresh_from_db()
    assert match.hands.count() == 1 and match.version == version
    assert not HandRevision.objects.exists()


def test_an_older_hand_sent_again_is_already_saved(match):
    for number, hand in enumerate((P(7, 4), P(2, 9), P(6, 5, 1, 0)), start=1):
        services.record_hand(match=match, number=number, hand=hand)
    with pytest.raises(AlreadySaved):
        services.record_hand(match=match, number=2, hand=P(2, 9))
    assert list(Hand.objects.values_list("points_a", flat=True).order_by("number")) == [7, 2, 6]


def test_the_hand_that_ended_the_match_sent_again_is_already_saved(match):
    for number in (1, 2, 3):
        services.record_hand(match=match, number=number, hand=P(11, 0))
    with pytest.raises(AlreadySaved):
        services.record_hand(match=match, number=3, hand=P(11, 0))
    # Another hand under that number shows what was saved, not only "the match is over".
    with pytest.raises(Conflict) as refused:
        services.record_hand(match=match, number=3, hand=P(0, 11))
    assert refused.value.codes == ["hand_already_entered"]
    assert refused.value.violations[0].params["saved"]["points"] == {"a": 11, "b": 0}
    # A new hand after the end is still refused as before.
    with pytest.raises(Conflict) as refused:
        services.record_hand(match=match, number=4, hand=P(11, 0))
    assert refused.value.codes == ["match_finished"]


def test_four_sevens_and_tricks_sent_again_are_already_saved(match, quadrette_match):
    services.record_hand(match=match, number=1, hand=rules.Hand.four_sevens("b"))
    with pytest.raises(AlreadySaved):
        services.record_hand(match=match, number=1, hand=rules.Hand.four_sevens("b"))
    services.record_hand(match=quadrette_match, number=1, hand=Q(4, 2))
    with pytest.raises(AlreadySaved):
        services.record_hand(match=quadrette_match, number=1, hand=Q(4, 2))
    with pytest.raises(Conflict) as refused:
        services.record_hand(match=quadrette_match, number=1, hand=Q(5, 1))
    assert not isinstance(refused.value, AlreadySaved)


def test_an_impossible_hand_under_a_taken_number_is_a_plain_conflict(match):
    services.record_hand(match=match, number=1, hand=P(7, 4))
    with pytest.raises(Conflict) as refused:
        services.record_hand(match=match, number=1, hand=P(7, 5))
    assert refused.value.codes == ["hand_already_entered"]
    assert "saved" not in refused.value.violations[0].params
