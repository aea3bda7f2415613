"""A hand sent again under its number: the same hand is already saved (a success, nothing
written); another hand is a conflict that shows the saved one."""

import pytest
from django.urls import reverse

from scoring import rules, services
from scoring.errors import AlreadySaved, Conflict
from scoring.models import Hand, HandRevision
from scoring.rules import CardCount
from tests.api.conftest import ApiClient
from tests.tournaments.helpers import make_tournament, play_round
from tournaments import services as tournaments

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


# --- A hand already saved, resent once its round is closed (issue 30, item 5) ------------------


def _closed_table(owner, *, teams):
    """Table 1 of round 1 played to its end; with 4 teams round 2 is then drawn (round 1
    closed), with 2 the tournament is over."""
    tournament = make_tournament(owner, teams=teams, format="round_robin")
    round_1 = tournaments.draw_next_round(tournament=tournament)
    play_round(round_1)
    if teams > 2:
        tournaments.draw_next_round(tournament=tournament)
    match = round_1.tables.select_related("match").get(number=1).match
    return match, match.hands.order_by("number").last()


@pytest.mark.parametrize("teams", [4, 2])
def test_the_offline_queue_resending_the_last_hand_after_the_round_closed_is_already_saved(
        client, user, teams):
    match, last = _closed_table(user, teams=teams)
    version = match.version
    send = reverse("link:send", kwargs={"token": match.scorekeeper_token})
    response = client.post(send, {"number": last.number, "points_a": last.points_a,
                                  "points_b": last.points_b})
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "already_saved"
    match.refresh_from_db()
    assert match.version == version and match.hands.count() == last.number
    # Another hand under that number, or the next one, is still refused as the round is.
    other = client.post(send, {"number": last.number + 1, "points_a": 6, "points_b": 5})
    assert other.status_code == 409 and other.json()["status"] == "refused"


@pytest.mark.parametrize("teams", [4, 2])
def test_the_api_resending_the_last_hand_after_the_round_closed_is_already_saved(
        client, user, teams):
    match, last = _closed_table(user, teams=teams)
    keeper = ApiClient(client, match.scorekeeper_token)
    response = keeper.post(f"/matches/{match.pk}/hands", {
        "number": last.number, "points": {"a": last.points_a, "b": last.points_b}})
    assert response.status_code == 200, response.content
    assert response.json()["match"]["score"] == {"a": match.score_a, "b": match.score_b}
    other = keeper.post(f"/matches/{match.pk}/hands", {
        "number": last.number, "points": {"a": last.points_b, "b": last.points_a}})
    assert other.status_code == 409
