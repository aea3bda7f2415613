"""The opponents' confirmation, through the services: every state, and what moves it."""

import pytest
from django.db import IntegrityError, connection, transaction

from scoring import confirmations, paper, rules, services
from scoring.errors import Conflict, InvalidInput
from scoring.models import Confirmation, ConfirmationStep, Match
from scoring.services import NewTeam
from tests.factories import MatchFactory, seen_version
from tests.tournaments.helpers import finish, make_tournament
from tournaments import services as tournaments

pytestmark = pytest.mark.django_db

Via = confirmations.Via


def a_match(mode, **kwargs):
    return MatchFactory(confirmation_mode=mode, target=kwargs.pop("target", 21), **kwargs)


def play(match, *hands):
    for hand in hands:
        match.refresh_from_db()
        services.record_hand(match=match, number=match.hand_count + 1,
                             hand=rules.Hand.played(*hand))
    match.refresh_from_db()
    return match


def fresh(match) -> Match:
    match.refresh_from_db()
    return match


# --- The final result ----------------------------------------------------------------------


def test_a_match_in_play_has_nothing_to_confirm_and_its_end_waits():
    match = play(a_match("result"), (8, 3), (8, 3))
    assert match.confirmation == Confirmation.NONE
    with pytest.raises(Conflict) as refused:
        confirmations.confirm(match=match, seen_version=seen_version(match), via=Via.OPPONENTS_LINK)
    assert refused.value.codes == ["nothing_to_confirm"]
    play(match, (8, 3))  # 24-9: over
    assert fresh(match).is_finished and match.confirmation == Confirmation.WAITING


def test_the_opponents_confirm_once_and_the_step_is_in_the_history(user):
    match = play(a_match("result"), (8, 3), (8, 3), (8, 3))
    seen = seen_version(match)
    confirmations.confirm(match=match, seen_version=seen, via=Via.OPPONENTS_LINK)
    # A second phone, or pressed twice: what it saw was the score the first confirmed.
    confirmations.confirm(match=match, seen_version=seen, via=Via.OPPONENTS_LINK)
    assert fresh(match).confirmation == Confirmation.CONFIRMED
    steps = list(ConfirmationStep.objects.filter(match=match))
    assert [(s.action, s.via, s.score_a, s.score_b, s.by) for s in steps] == [
        ("confirmed", "opponents_link", 24, 9, None)]


def test_a_correction_after_the_confirmation_asks_for_it_again():
    match = play(a_match("result"), (8, 3), (8, 3), (8, 3))
    confirmations.confirm(match=match, seen_version=seen_version(match), via=Via.OPPONENTS_LINK)
    services.correct_hand(match=match, number=2, hand=rules.Hand.played(7, 4))
    assert fresh(match).confirmation == Confirmation.WAITING
    services.undo_last_hand(match=match)  # no longer over: nothing to confirm
    assert fresh(match).confirmation == Confirmation.NONE


def test_a_dispute_keeps_its_reason_until_a_correction_settles_it():
    match = play(a_match("result"), (8, 3), (8, 3), (8, 3))
    confirmations.dispute(match=match, seen_version=seen_version(match),
                          via=Via.OPPONENTS_LINK, reason="  Hand 2 was 7–4 ")
    assert (fresh(match).confirmation, match.dispute_reason) == (Confirmation.DISPUTED,
                                                                   "Hand 2 was 7–4")
    services.correct_hand(match=match, number=2, hand=rules.Hand.played(7, 4))
    assert (fresh(match).confirmation, match.dispute_reason) == (Confirmation.WAITING, "")
    confirmations.confirm(match=match, seen_version=seen_version(match), via=Via.OPPONENTS_LINK)
    assert [s.action for s in confirmations.history(match)] == ["confirmed", "disputed"]


def test_an_organizer_confirms_a_disputed_result_for_the_team(user):
    match = play(a_match("result"), (8, 3), (8, 3), (8, 3))
    confirmations.dispute(match=match, seen_version=seen_version(match), via=Via.OPPONENTS_LINK)
    confirmations.confirm(match=match, seen_version=seen_version(match), via=Via.ORGANIZER, by=user)
    step = confirmations.history(match).first()
    assert fresh(match).confirmation == Confirmation.CONFIRMED
    assert (step.action, step.via, step.by) == ("confirmed_for_team", "organizer", user)


def test_what_the_opponents_read_is_what_they_confirm():
    match = play(a_match("result"), (8, 3), (8, 3), (8, 3))
    seen = match.version
    services.correct_hand(match=match, number=3, hand=rules.Hand.played(9, 2))
    with pytest.raises(Conflict) as refused:
        confirmations.confirm(match=match, via=Via.OPPONENTS_LINK, seen_version=seen)
    assert refused.value.codes == ["score_changed"]
    assert fresh(match).confirmation == Confirmation.WAITING
    confirmations.confirm(match=match, via=Via.OPPONENTS_LINK, seen_version=match.version)
    assert fresh(match).confirmation == Confirmation.CONFIRMED


def test_a_reason_too_long_is_refused_and_changes_nothing():
    match = play(a_match("result"), (8, 3), (8, 3), (8, 3))
    with pytest.raises(InvalidInput):
        confirmations.dispute(match=match, seen_version=seen_version(match),
                              via=Via.OPPONENTS_LINK, reason="x" * 301)
    assert fresh(match).confirmation == Confirmation.WAITING


def test_a_match_without_confirmation_refuses_one():
    match = play(a_match("none"), (8, 3), (8, 3), (8, 3))
    assert match.confirmation == Confirmation.NONE
    with pytest.raises(Conflict) as refused:
        confirmations.dispute(match=match, seen_version=seen_version(match), via=Via.OPPONENTS_LINK)
    assert refused.value.codes == ["no_confirmation"]


# --- Every hand ----------------------------------------------------------------------------


def test_every_hand_waits_and_a_confirmation_covers_the_hands_so_far():
    match = a_match("hand")
    assert match.confirmation == Confirmation.NONE
    play(match, (8, 3))
    assert (match.confirmation, match.confirmed_hands) == (Confirmation.WAITING, 0)
    confirmations.confirm(match=match, seen_version=seen_version(match), via=Via.OPPONENTS_LINK)
    assert (fresh(match).confirmation, match.confirmed_hands) == (Confirmation.CONFIRMED, 1)
    play(match, (6, 5))
    assert (match.confirmation, match.confirmed_hands) == (Confirmation.WAITING, 1)
    confirmations.confirm(match=match, seen_version=seen_version(match), via=Via.OPPONENTS_LINK)
    services.correct_hand(match=match, number=1, hand=rules.Hand.played(7, 4))
    assert (fresh(match).confirmation, match.confirmed_hands) == (Confirmation.WAITING, 0)


def test_the_keeper_cannot_enter_the_next_hand_while_the_last_is_disputed():
    match = play(a_match("hand"), (8, 3))
    confirmations.dispute(match=match, seen_version=seen_version(match),
                          via=Via.OPPONENTS_LINK, reason="6–5")
    with pytest.raises(Conflict) as refused:
        services.record_hand(match=match, number=2, hand=rules.Hand.played(8, 3))
    assert refused.value.codes == ["hand_disputed"]
    assert "6–5" in refused.value.messages()[0]
    assert fresh(match).hand_count == 1
    services.correct_hand(match=match, number=1, hand=rules.Hand.played(6, 5))
    play(match, (8, 3))
    assert (match.hand_count, match.confirmation) == (2, Confirmation.WAITING)


def test_an_organizer_confirms_every_waiting_match_at_once_but_no_disputed_one(user):
    waiting = [play(a_match("result"), (8, 3), (8, 3), (8, 3)) for _ in range(2)]
    disputed = play(a_match("result"), (8, 3), (8, 3), (8, 3))
    confirmations.dispute(match=disputed, seen_version=seen_version(disputed),
                          via=Via.OPPONENTS_LINK)
    playing = play(a_match("result"), (8, 3))
    done = confirmations.confirm_all_waiting(
        seen={m.pk: seen_version(m) for m in (*waiting, disputed, playing)}, by=user)
    assert (done.confirmed, done.skipped) == ([m.pk for m in waiting], [])
    assert [fresh(m).confirmation for m in (*waiting, disputed, playing)] == [
        Confirmation.CONFIRMED, Confirmation.CONFIRMED, Confirmation.DISPUTED,
        Confirmation.NONE]


# --- Results from paper --------------------------------------------------------------------


@pytest.mark.parametrize("score, reason, team, code", [
    ((21, 21), "target", None, "paper_level"),
    ((18, 12), "target", None, "paper_target_not_reached"),
    ((25, 12), "time", None, "paper_time_after_target"),
    ((70, 12), "target", None, "paper_totals_sum"),
    ((33, 1), "target", None, "paper_totals_sum"),
    ((1, 0), "time", None, "paper_totals_sum"),
    ((65, 64), "target", None, "paper_totals_sum"),
    ((55, 11), "target", None, "paper_unreachable"),
    ((10, 12), "four_sevens", None, "paper_four_sevens_team"),
    ((10, 12), "redeal", None, "paper_reason"),
])
def test_a_paper_result_that_breaks_a_rule_is_refused(user, score, reason, team, code):
    match = a_match("result")
    with pytest.raises(InvalidInput) as refused:
        paper.enter_paper_result(match=match, by=user, score_a=score[0], score_b=score[1],
                                 finish_reason=reason, four_sevens_team=team)
    assert code in refused.value.codes
    assert not fresh(match).is_finished and not match.from_paper


@pytest.mark.parametrize("score, reason, team, winner", [
    ((23, 10), "target", None, "a"),
    ((17, 16), "time", None, "a"),
    ((12, 10), "four_sevens", "b", "b"),
    ((55, 22), "target", None, "a"),  # level at 22–22 (past 21), then 33–0
])
def test_a_paper_result_ends_the_match_and_waits_for_confirmation(user, score, reason, team,
                                                                    winner):
    match = a_match("result")
    state = paper.enter_paper_result(match=match, by=user, score_a=score[0],
                                     score_b=score[1], finish_reason=reason,
                                     four_sevens_team=team)
    assert state.winner == winner and state.finish_reason == reason
    fresh(match)
    assert (match.from_paper, match.is_finished, match.hand_count) == (True, True, 0)
    assert (match.score_a, match.score_b, match.winner) == (*score, winner)
    assert match.confirmation == Confirmation.WAITING
    assert confirmations.history(match).first().action == "paper_result"


def test_a_paper_result_level_at_the_target_then_two_politaines_is_accepted(user):
    match = a_match("result", target=33)
    state = paper.enter_paper_result(match=match, by=user, score_a=66, score_b=33,
                                     finish_reason="target")
    assert (state.score, state.winner) == ((66, 33), "a")


def test_a_paper_result_can_be_corrected_and_taken_back(user):
    match = a_match("hand")  # a result from paper is confirmed as a result
    paper.enter_paper_result(match=match, by=user, score_a=23, score_b=10,
                             finish_reason="target")
    confirmations.confirm(match=match, seen_version=seen_version(match), via=Via.OPPONENTS_LINK)
    paper.enter_paper_result(match=match, by=user, score_a=22, score_b=11,
                             finish_reason="target")
    assert (fresh(match).score_a, match.confirmation) == (22, Confirmation.WAITING)
    paper.take_back_paper_result(match=match, by=user)
    fresh(match)
    assert (match.from_paper, match.is_finished, match.score_a) == (False, False, 0)
    play(match, (8, 3))  # back to a phone
    assert match.hand_count == 1


def test_no_hand_joins_a_result_from_paper(user):
    match = a_match("none")
    paper.enter_paper_result(match=match, by=user, score_a=23, score_b=10,
                             finish_reason="target")
    with pytest.raises(Conflict):
        services.record_hand(match=match, number=1, hand=rules.Hand.played(8, 3))
    with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("INSERT INTO scoring_hand (match_id, number, kind, points_a, points_b, "
                       "politaines_a, politaines_b, entered_at, updated_at) VALUES "
                       "(%s, 1, 'played', 8, 3, 0, 0, '2026-01-01', '2026-01-01')", [match.pk])


def test_a_dead_phones_table_takes_its_paper_result_over_the_hands_so_far(user):
    match = play(a_match("result"), (8, 3), (7, 4))  # 15-7, then the phone dies
    state = paper.enter_paper_result(match=match, by=user, score_a=23, score_b=10,
                                     finish_reason="target")
    assert (state.winner, state.score, state.hand_count) == ("a", rules.Pair(23, 10), 2)
    fresh(match)
    assert (match.from_paper, match.is_finished, match.hand_count) == (True, True, 2)
    assert [h.points_a for h in match.hands.order_by("number")] == [8, 7]  # history kept
    assert match.confirmation == Confirmation.WAITING
    with pytest.raises(Conflict):  # the phone comes back: its queued hand is refused
        services.record_hand(match=match, number=3, hand=rules.Hand.played(8, 3))
    paper.take_back_paper_result(match=match, by=user)
    fresh(match)
    assert (match.from_paper, match.is_finished, match.score_a, match.hand_count) == (
        False, False, 15, 2)


def test_a_paper_result_below_the_hands_so_far_is_refused(user):
    match = play(a_match("result"), (8, 3), (7, 4))  # 15-7
    with pytest.raises(InvalidInput) as refused:
        paper.enter_paper_result(match=match, by=user, score_a=23, score_b=5,
                                 finish_reason="target")
    assert refused.value.codes == ["paper_below_hands"]
    assert not fresh(match).from_paper


def test_a_table_whose_hands_ended_the_match_takes_no_paper_result(user):
    match = play(a_match("result"), (11, 0), (11, 0))  # 22-0: over on its hands
    with pytest.raises(Conflict) as refused:
        paper.enter_paper_result(match=match, by=user, score_a=23, score_b=10,
                                 finish_reason="target")
    assert refused.value.codes == ["match_has_hands"]


def test_the_database_holds_a_paper_result_to_the_hands_it_follows(user):
    match = play(a_match("none"), (8, 3), (7, 4))  # 15-7
    paper.enter_paper_result(match=match, by=user, score_a=23, score_b=10,
                             finish_reason="target")
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.filter(pk=match.pk).update(score_b=6, score_a=23)  # below its hands
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.filter(pk=match.pk).update(status="in_progress", winner=None,
                                                 finish_reason=None)


def test_the_database_holds_a_paper_result_to_its_winner_and_allows_it_on_time(user):
    match = a_match("none")
    paper.enter_paper_result(match=match, by=user, score_a=16, score_b=17,
                             finish_reason="time")
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.filter(pk=match.pk).update(score_a=25)  # the loser ahead on time
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.filter(pk=match.pk).update(from_paper=False)  # time never called


# --- Disputes and forfeits -----------------------------------------------------------------


def a_match_of(owner, mode="hand"):
    return services.create_match(owner=owner, variant="politaine", team_a=NewTeam("A"),
                                 team_b=NewTeam("B"), target=33, confirmation_mode=mode)


@pytest.mark.parametrize("reason", ["a\x00b", "pas\u200bd'accord"])
def test_a_dispute_reason_with_hidden_characters_is_refused(organizer, reason):
    match = a_match_of(organizer)
    services.record_hand(match=match.pk, number=1, hand=rules.Hand.played(7, 4))
    with pytest.raises(InvalidInput) as refused:
        confirmations.dispute(match=match.pk, seen_version=seen_version(match.pk),
                              via=Via.OPPONENTS_LINK, reason=reason)
    assert refused.value.violations[0].code == "reason_characters"
    assert Match.objects.get(pk=match.pk).confirmation == "waiting"


def test_a_forfeit_waits_for_no_confirmation_and_cannot_hold_the_next_round(organizer):
    tournament = make_tournament(organizer, teams=4, confirmation="hand", target=33)
    round_1 = tournaments.draw_next_round(tournament=tournament)
    m1, m2 = [t.match for t in round_1.tables.select_related("match").order_by("number")]
    services.record_hand(match=m1.pk, number=1, hand=rules.Hand.played(7, 4))
    services.forfeit(match=m1.pk, team="b")
    assert Match.objects.get(pk=m1.pk).confirmation == "none"
    with pytest.raises(Conflict):
        confirmations.dispute(match=m1.pk, seen_version=seen_version(m1.pk),
                              via=Via.OPPONENTS_LINK, reason="we left")
    finish(m2)
    confirmations.confirm(match=m2.pk, seen_version=seen_version(m2.pk), via=Via.OPPONENTS_LINK)
    assert tournaments.draw_next_round(tournament=tournament).number == 2
    services.take_back_forfeit(match=m1.pk)
    assert Match.objects.get(pk=m1.pk).confirmation == "waiting"


def test_correcting_an_earlier_hand_does_not_settle_the_dispute_of_the_last(organizer):
    match = a_match_of(organizer)
    services.record_hand(match=match.pk, number=1, hand=rules.Hand.played(7, 4))
    confirmations.confirm(match=match.pk, seen_version=seen_version(match.pk),
                          via=Via.OPPONENTS_LINK)
    services.record_hand(match=match.pk, number=2, hand=rules.Hand.played(6, 5))
    confirmations.dispute(match=match.pk, seen_version=seen_version(match.pk),
                          via=Via.OPPONENTS_LINK, reason="hand 2 was 5–6")
    services.correct_hand(match=match.pk, number=1, hand=rules.Hand.played(8, 3))
    disputed = Match.objects.get(pk=match.pk)
    assert (disputed.confirmation, disputed.dispute_reason, disputed.confirmed_hands) == \
        ("disputed", "hand 2 was 5–6", 0)
    with pytest.raises(Conflict) as refused:
        services.record_hand(match=match.pk, number=3, hand=rules.Hand.played(6, 5))
    assert refused.value.violations[0].code == "hand_disputed"
    services.correct_hand(match=match.pk, number=2, hand=rules.Hand.played(5, 6))
    assert Match.objects.get(pk=match.pk).confirmation == "waiting"
    services.record_hand(match=match.pk, number=3, hand=rules.Hand.played(6, 5))


# --- What was seen is what is confirmed (issue 30, item 4) ---------------------------------


def test_a_confirmation_or_a_dispute_that_names_no_score_seen_is_refused():
    match = play(a_match("result"), (8, 3), (8, 3), (8, 3))
    for write in (confirmations.confirm, confirmations.dispute):
        with pytest.raises(Conflict) as refused:
            write(match=match, via=Via.OPPONENTS_LINK, seen_version=None)
        assert refused.value.codes == ["score_unseen"]
    assert fresh(match).confirmation == Confirmation.WAITING
    assert not ConfirmationStep.objects.filter(match=match).exists()


def test_confirm_them_all_skips_a_match_whose_score_changed_since_it_was_seen(user):
    kept, changed = [play(a_match("result"), (8, 3), (8, 3), (8, 3)) for _ in range(2)]
    seen = {kept.pk: kept.version, changed.pk: changed.version}
    services.correct_hand(match=changed, number=3, hand=rules.Hand.played(9, 2))
    done = confirmations.confirm_all_waiting(seen=seen, by=user)
    assert (done.confirmed, done.skipped) == ([kept.pk], [changed.pk])
    assert fresh(kept).confirmation == Confirmation.CONFIRMED
    assert fresh(changed).confirmation == Confirmation.WAITING


# --- Each team its own link (issue 30, item 2) ---------------------------------------------


def test_a_new_opponents_link_replaces_the_old_one():
    match = a_match("result")
    old, keeper, version = match.opponents_token, match.scorekeeper_token, match.version
    services.reissue_opponents_token(match=match)
    fresh(match)
    assert match.opponents_token != old and len(match.opponents_token) >= 43
    assert match.scorekeeper_token == keeper  # the keeper's link is the keeper's business
    assert match.version == version + 1  # a confirmation pending on the old link is stale
    assert not Match.objects.filter(opponents_token=old).exists()
