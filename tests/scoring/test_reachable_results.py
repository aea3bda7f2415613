"""Which final scores the game can produce (rules.can_end_at): the check a result copied
from a paper score sheet must pass, compared with every short match actually played."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import rules
from scoring.rules import FinishReason, Hand, Pair
from tests.scoring.strategies import playable_matches

REASONS = (FinishReason.TARGET, FinishReason.TIME, FinishReason.FOUR_SEVENS)


def every_hand(variant):
    """Every hand the rules accept, as the keeper's form could send it (four sevens too)."""
    if rules.variant_rules(variant).family is rules.Family.QUADRETTE:
        return [Hand.quadrette(a, 6 - a) for a in range(7)]
    played = [Hand.played(a, 11 - a, made_a, made_b)
              for a in range(12) for made_a in range(3) for made_b in range(3)]
    return [hand for hand in [*played, Hand.four_sevens("a"), Hand.four_sevens("b")]
            if not rules.validate_hand(variant, hand)]


def every_final(variant, target, cap):
    """Every (score, reason) a match ends at, found by playing every sequence of hands with
    rules.step, time called (or not) before any of them; matches whose totals pass
    `cap` are not played on."""
    hands = every_hand(variant)
    start = rules.match_state(variant, target, "N", [])
    seen = {(start.score, False)}
    waiting = [(start, None)]
    finals = set()
    while waiting:
        state, called = waiting.pop()
        for called_after in {called, state.hand_count if called is None else called}:
            for hand in hands:
                after = rules.step(state, hand, time_called_after=called_after)
                if after.finished:
                    finals.add((after.score, after.finish_reason))
                    continue
                key = (after.score, called_after is not None)
                if max(after.score) <= cap and key not in seen:
                    seen.add(key)
                    waiting.append((after, called_after))
    return finals


CASES = [
    *[("politaine", target) for target in (11, 12, 15, 22, 23, 31, 33)],
    ("quatre_sept", 31), ("poule", 34),
    *[("quadrette", target) for target in (1, 2, 3, 5, 7)],
]


@pytest.mark.parametrize(("variant", "target"), CASES)
def test_the_reachable_finals_are_those_of_every_short_match_played_out(variant, target):
    most = max(max(outcome) for outcome in rules.hand_outcomes(variant))
    cap = target + 2 * most  # past every level a Politaine match can play on from
    played = every_final(variant, target, cap)
    for a in range(cap + 1):
        for b in range(cap + 1):
            for reason in REASONS:
                said = rules.can_end_at(variant, target, Pair(a, b), reason)
                assert said == ((Pair(a, b), reason) in played), (a, b, reason)


@pytest.mark.parametrize(("score", "reason", "reachable"), [
    ((33, 1), "target", False),
    ((1, 0), "time", False),
    ((65, 64), "target", False),
    ((66, 33), "target", True),  # level at 33–33, then 11 points and two politaines
    ((44, 44), "four_sevens", True),  # level at 44 after 22–22 and 22–22 (politaines)
    ((55, 55), "four_sevens", False),  # no hand reaches a level so far past 33
    ((0, 0), "four_sevens", True),
    ((77, 44), "target", True),  # level at 44, then 33–0
    ((77, 11), "target", False),
])
def test_the_issue_examples_at_a_target_of_33(score, reason, reachable):
    assert rules.can_end_at("politaine", 33, Pair(*score), reason) is reachable


@st.composite
def finished_matches(draw):
    """A match played until it ends, at any target, time called after any hand (or never)."""
    variant, target, first_dealer, hands = draw(playable_matches())
    target = draw(st.one_of(st.just(target), st.integers(target, 999)))
    called = draw(st.one_of(st.none(), st.integers(0, len(hands))))
    state = rules.match_state(variant, target, first_dealer, [])
    for hand in hands:
        state = rules.step(state, hand, time_called_after=called)
        if state.finished:
            break
    return variant, target, state


@given(finished_matches())
def test_every_match_played_ends_at_a_score_said_reachable(match):
    variant, target, state = match
    if state.finished:
        assert rules.can_end_at(variant, target, state.score, state.finish_reason)
        assert rules.validate_paper_result(variant, target, state.score, state.finish_reason,
                                           state.winner) == []
    else:
        assert rules.can_stand_at(variant, target, state.score)


def test_a_paper_total_that_is_no_multiple_of_eleven_says_so():
    [problem] = rules.validate_paper_result("politaine", 33, Pair(33, 1), "target")
    assert problem.code == "paper_totals_sum"
    assert problem.render() == (
        "The two totals add up to 34, but every hand adds 11 points to them, plus 11 per "
        "politaine: together they are always a multiple of 11 (33 or 44 here). Check the "
        "totals.")


def test_a_winner_too_far_past_the_target_is_refused_in_words():
    [problem] = rules.validate_paper_result("politaine", 33, Pair(77, 11), "target")
    assert problem.code == "paper_unreachable"
    assert "No match to 33 can end at 77–11" in problem.render()
