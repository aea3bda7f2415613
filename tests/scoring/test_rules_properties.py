"""Properties of the rules engine over generated hands and matches."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import rules
from scoring.rules import Hand
from tests.scoring.strategies import counted_splits, playable_matches, politaine_hands


@given(counted_splits())
def test_any_counted_split_gives_points_that_add_up_to_eleven(split):
    count_a, count_b = split
    hand = Hand.counted(count_a, count_b)
    assert rules.validate_hand("politaine", hand) == []
    assert sum(rules.hand_points("politaine", hand)) == 11


@given(politaine_hands(four_sevens=False))
def test_a_hand_scores_its_card_points_plus_eleven_per_politaine(hand):
    assert rules.validate_hand("quatre_sept", hand) == []
    points = rules.hand_points("quatre_sept", hand)
    assert sum(points) == 11 + 11 * sum(hand.politaines)


@given(playable_matches())
def test_the_totals_are_the_sum_of_the_hands_and_the_running_scores_add_up(match):
    variant, target, first_dealer, hands = match
    state = rules.match_state(variant, target, first_dealer, hands)
    running = rules.Pair(0, 0)
    for line in state.lines:
        running = rules.Pair(running.a + line.points.a, running.b + line.points.b)
        assert line.score == running
    assert state.score == running
    assert state.next_hand == len(hands) + 1
    assert not state.ends_early


@given(playable_matches())
def test_a_finished_match_has_a_winner_ahead_or_four_sevens(match):
    variant, target, first_dealer, hands = match
    state = rules.match_state(variant, target, first_dealer, hands)
    if not state.finished:
        assert state.dealer in rules.SEATS
        assert max(state.score) < target or state.score.a == state.score.b
        return
    assert state.dealer is None and state.finished_at == len(hands)
    if state.finish_reason == rules.FinishReason.FOUR_SEVENS:
        assert hands[-1].kind == rules.HandKind.FOUR_SEVENS
    else:
        assert state.score.of(state.winner) > state.score.of(state.winner.other)
        assert state.score.of(state.winner) >= target


@given(st.sampled_from(list(rules.Variant)), st.sampled_from(rules.SEATS), st.integers(1, 500))
def test_the_deal_goes_round_the_table(variant, first_dealer, number):
    four = [rules.dealer_of_hand(variant, first_dealer, number + i) for i in range(4)]
    assert sorted(four) == sorted(rules.SEATS)
    assert rules.dealer_of_hand(variant, first_dealer, number + 4) == four[0]
    # Partners deal every other hand: the deal alternates between the teams.
    assert rules.TEAM_OF_SEAT[four[0]] != rules.TEAM_OF_SEAT[four[1]]


@given(
    st.sampled_from(list(rules.Variant)),
    st.one_of(st.none(), st.integers(-3, 30), st.floats(), st.text(max_size=3), st.booleans()),
    st.one_of(st.none(), st.integers(-3, 30), st.floats(), st.text(max_size=3)),
    st.one_of(st.integers(-3, 4), st.floats(), st.none()),
)
def test_validation_never_crashes_on_any_input(variant, a, b, politaines):
    hand = Hand(points=rules.Pair(a, b), politaines=rules.Pair(politaines, 0))
    assert isinstance(rules.validate_hand(variant, hand), list)
    hand = Hand(tricks=rules.Pair(a, b))
    assert isinstance(rules.validate_hand(variant, hand), list)


@given(playable_matches(), st.none() | st.integers(0, 20))
def test_stepping_the_rows_summary_hand_by_hand_gives_the_replay(match, time_called_after):
    """Recording a hand steps the summary the match's row holds by that hand (rules.step),
    never reading the others; corrections replay the match: both must say the same after
    every hand (totals, winner, how it ended, who deals and leads, a tie at the target),
    and the step's line is the replay's last line."""
    variant, target, first_dealer, hands = match
    summary = rules.match_state(variant, target, first_dealer, []).summary
    for number, hand in enumerate(hands, start=1):
        if summary.finished:
            break
        stepped = rules.step(summary, hand, time_called_after=time_called_after)
        replayed = rules.match_state(variant, target, first_dealer, hands[:number],
                                     time_called_after=time_called_after)
        assert stepped.summary == replayed.summary
        assert (stepped.dealer, stepped.leader, stepped.tied_at_target, stepped.leading_team) \
            == (replayed.dealer, replayed.leader, replayed.tied_at_target, replayed.leading_team)
        assert stepped.line == replayed.lines[-1]
        # What the row keeps is all the next step needs: the summary alone, from its fields.
        summary = rules.Summary(stepped.variant, stepped.target, stepped.first_dealer,
                                stepped.hand_count, stepped.score, stepped.winner,
                                stepped.finish_reason)


@given(playable_matches(), st.integers(0, 40))
def test_the_last_hands_lines_from_the_final_totals_are_the_replays(match, after):
    """A reader with the first hands asks for the rest (the API's hands_after, a phone's
    poll): counted back from the totals the row holds, their lines are the replay's."""
    variant, target, first_dealer, hands = match
    replayed = rules.match_state(variant, target, first_dealer, hands)
    tail = [line.hand for line in replayed.lines if line.number > after]
    assert rules.last_lines(variant, first_dealer, after + 1, tail, replayed.score) == tuple(
        line for line in replayed.lines if line.number > after)


def test_a_finished_match_takes_no_more_steps():
    state = rules.match_state("politaine", 11, "N", [Hand.played(11, 0)])
    with pytest.raises(ValueError):
        rules.step(state, Hand.played(6, 5))
