"""What the services refuse, the database refuses too, when raw SQL tries it: no hand after
the one that ended the match, no hand taken out but the last, no new first dealer once hands
are played, whole numbers only. On SQLite and PostgreSQL alike (scoring/db_triggers.py)."""

import pytest
from django.db import DataError, IntegrityError, connection, transaction
from django.utils import timezone

from scoring import rules, services
from scoring.models import Hand, Match
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

HAND_COLUMNS = ("match_id", "number", "kind", "points_a", "points_b", "politaines_a",
                "politaines_b", "four_sevens_team", "entered_at", "updated_at")


def accepts(sql, params=()):
    """True when the database runs this statement and would commit it: raw SQL, no model or
    service in between. (Foreign keys are checked at commit: the test asks for it.)"""
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, params)
            connection.check_constraints()
    except (IntegrityError, DataError):  # DataError: PostgreSQL's types refuse the value
        return False
    return True


def insert_hand(match, number, points=(7, 4), politaines=(0, 0), four_sevens=None):
    now = timezone.now()
    kind = rules.HandKind.FOUR_SEVENS if four_sevens else rules.HandKind.PLAYED
    values = (match.pk, number, kind, *(points if not four_sevens else (None, None)),
              *politaines, four_sevens, now, now)
    return accepts(f"INSERT INTO scoring_hand ({', '.join(HAND_COLUMNS)}) "
                   f"VALUES ({', '.join(['%s'] * len(values))})", values)


def update(table, pk, **fields):
    assignments = ", ".join(f"{name} = %s" for name in fields)
    return accepts(f"UPDATE {table} SET {assignments} WHERE id = %s", [*fields.values(), pk])


def forget_the_end(match):
    """Put the match's cached state back to "in progress", as raw SQL could."""
    assert update("scoring_match", match.pk, status="in_progress", winner=None,
                  finish_reason=None, score_a=0, score_b=0)


def record(match, *hands):
    for hand in hands:
        services.record_hand(match=match, number=match.hands.count() + 1, hand=hand)
    match.refresh_from_db()


# --- No hand after the hand that ended the match ----------------------------------------


def test_no_hand_after_four_sevens_even_when_the_match_says_it_goes_on(match):
    record(match, rules.Hand.played(7, 4), rules.Hand.four_sevens("b"))
    assert match.is_finished
    assert not insert_hand(match, 3)
    forget_the_end(match)
    assert not insert_hand(match, 3)
    assert not insert_hand(match, 3, four_sevens="a")


def test_four_sevens_is_always_the_last_hand(match):
    assert insert_hand(match, 1, four_sevens="a")
    forget_the_end(match)
    assert not insert_hand(match, 2)


def test_no_hand_after_the_target_is_reached_with_a_leader():
    match = MatchFactory(target=11)
    record(match, rules.Hand.played(7, 4), rules.Hand.played(7, 4))
    assert match.is_finished and match.hand_count == 2
    assert not insert_hand(match, 3)
    forget_the_end(match)
    assert not insert_hand(match, 3)


def test_level_at_the_target_plays_on():
    match = MatchFactory(target=11)
    record(match, rules.Hand.played(6, 5), rules.Hand.played(5, 6))
    assert not match.is_finished and (match.score_a, match.score_b) == (11, 11)
    assert insert_hand(match, 3, points=(6, 5))
    assert not insert_hand(match, 4)


def test_no_hand_after_time_was_called_and_a_hand_played(match):
    record(match, rules.Hand.played(7, 4))
    services.call_time(match=match)
    record(match, rules.Hand.played(6, 5))
    assert match.is_finished and match.finish_reason == rules.FinishReason.TIME
    assert not insert_hand(match, 3)
    forget_the_end(match)
    assert not insert_hand(match, 3)


def test_no_hand_after_a_forfeit(match):
    record(match, rules.Hand.played(7, 4))
    services.forfeit(match=match, team="a")
    assert not insert_hand(match, 2)


def test_a_change_that_would_end_the_match_before_its_last_hand_is_refused():
    match = MatchFactory(target=11)
    record(match, rules.Hand.played(6, 5), rules.Hand.played(5, 6), rules.Hand.played(6, 5))
    first = match.hands.get(number=1).pk
    assert not update("scoring_hand", first, points_a=11, points_b=0)
    assert not update("scoring_hand", first, kind="four_sevens", four_sevens_team="a",
                      points_a=None, points_b=None)
    assert not update("scoring_match", match.pk, time_called_after=0)  # after hand 1, 6-5
    assert update("scoring_match", match.pk, time_called_after=1)  # 11-11 after hand 2
    last = match.hands.get(number=3).pk
    assert update("scoring_hand", last, points_a=7, points_b=4)  # the last hand ends it


def test_a_lower_target_cannot_end_a_match_before_its_last_hand():
    match = MatchFactory(target=33)
    record(match, rules.Hand.played(7, 4), rules.Hand.played(7, 4))
    assert not update("scoring_match", match.pk, target=11)


# --- No hand taken out but the last -------------------------------------------------------


def test_only_the_last_hand_may_be_deleted(match):
    record(match, *[rules.Hand.played(6, 5)] * 3)
    hands = {hand.number: hand.pk for hand in match.hands.all()}
    assert not accepts("DELETE FROM scoring_hand WHERE id = %s", [hands[1]])
    assert not accepts("DELETE FROM scoring_hand WHERE id = %s", [hands[2]])
    assert not update("scoring_hand", hands[2], number=7)
    assert accepts("DELETE FROM scoring_hand WHERE id = %s", [hands[3]])
    assert accepts("DELETE FROM scoring_hand WHERE id = %s", [hands[2]])
    assert sorted(match.hands.values_list("number", flat=True)) == [1]


def test_undo_and_corrections_through_the_services_still_work(match):
    record(match, *[rules.Hand.played(6, 5)] * 3)
    services.correct_hand(match=match, number=2, hand=rules.Hand.played(4, 7))
    services.undo_last_hand(match=match, number=3)
    services.undo_last_hand(match=match)
    assert list(match.hands.values_list("number", flat=True)) == [1]


def test_the_hands_of_a_whole_match_or_table_go_together_in_any_order(match):
    record(match, *[rules.Hand.played(6, 5)] * 3)
    other = MatchFactory()
    record(other, *[rules.Hand.played(7, 4)] * 2)
    assert not accepts("DELETE FROM scoring_hand WHERE match_id = %s AND number < 3",
                       [match.pk])
    assert accepts("DELETE FROM scoring_hand WHERE match_id = %s", [match.pk])
    assert accepts("DELETE FROM scoring_hand")  # as `manage.py flush` does on SQLite
    assert not Hand.objects.exists()


def test_each_hand_names_the_hand_it_follows(match):
    record(match, *[rules.Hand.played(6, 5)] * 3)
    assert insert_hand(match, 4)
    hands = dict(match.hands.values_list("number", "pk"))
    follows = dict(match.hands.values_list("number", "follows_id"))
    assert follows == {1: None, 2: hands[1], 3: hands[2], 4: hands[3]}
    assert update("scoring_hand", hands[3], follows_id=hands[1])  # the database puts it back
    assert match.hands.get(number=3).follows_id == hands[2]


def test_a_whole_match_goes_with_all_its_hands(match):
    record(match, *[rules.Hand.played(6, 5)] * 4)
    match.delete()
    others = [MatchFactory() for _ in range(3)]
    for other in others:
        record(other, *[rules.Hand.played(7, 4)] * 3)
    Match.objects.filter(pk__in=[m.pk for m in others[:2]]).delete()
    assert list(Hand.objects.values_list("match_id", flat=True)) == [others[2].pk] * 3


# --- The first dealer is kept once hands are played ---------------------------------------


def test_the_first_dealer_cannot_change_once_a_hand_is_played(match):
    assert update("scoring_match", match.pk, first_dealer="E")
    services.set_first_dealer(match=match, seat="S")
    record(match, rules.Hand.played(6, 5))
    assert not update("scoring_match", match.pk, first_dealer="W")
    assert update("scoring_match", match.pk, first_dealer="S")  # unchanged
    match.refresh_from_db()
    assert match.first_dealer == "S"


# --- Whole numbers only ------------------------------------------------------------------


@pytest.mark.parametrize("value", [5.5, "5.5", "five"])
def test_numbers_of_a_hand_are_whole_numbers(match, value):
    stored = insert_hand(match, 1, points=(value, 11 - 5.5 if value == 5.5 else 6))
    if connection.vendor == "sqlite":
        assert not stored
    else:  # PostgreSQL's integer columns take whole numbers only, by their type
        assert not stored or isinstance(match.hands.get().points_a, int)


@pytest.mark.parametrize(("column", "value"), [("score_a", 2.5), ("redeals", "1.5"),
                                               ("target", 33.5), ("hand_count", "x"),
                                               ("version", 2.25)])
def test_numbers_of_a_match_are_whole_numbers(match, column, value):
    stored = update("scoring_match", match.pk, **{column: value})
    if connection.vendor == "sqlite":
        assert not stored
    else:
        assert not stored or isinstance(
            Match.objects.values_list(column, flat=True).get(pk=match.pk), int)


def test_whole_numbers_written_as_text_or_floats_are_stored_as_integers(match):
    """SQLite's integer affinity turns '7' and 7.0 into 7: still a whole number."""
    assert insert_hand(match, 1, points=("7", 4.0))
    assert match.hands.values_list("points_a", "points_b").get() == (7, 4)


# --- The services say it first, in words -----------------------------------------------------


def test_the_admins_match_edits_are_refused_by_the_services_before_the_database(match):
    record(match, *[rules.Hand.played(7, 4)] * 3)
    with pytest.raises(services.Conflict) as refused:
        services.update_match_fields(match=match, fields={"target": 11})  # won at hand 2
    assert refused.value.codes == ["hands_after_end"]
    with pytest.raises(services.Conflict) as refused:
        services.update_match_fields(match=match, fields={"first_dealer": "W"})
    assert refused.value.codes == ["match_started"]
    services.update_match_fields(match=match, fields={"target": 21})  # won at hand 3
    match.refresh_from_db()
    assert (match.target, match.first_dealer, match.status) == (21, "N", "finished")
