"""Every rule of ../shared/RULES.md, on the pure-Python rules engine."""

import pytest

from scoring import rules
from scoring.rules import CardCount, Hand, Pair

P = Hand.played
Q = Hand.quadrette


def codes(variant, hand):
    return [v.code for v in rules.validate_hand(variant, hand)]


def messages(variant, hand):
    return [v.render(team_label={"a": "Les Bleus", "b": "Les Rouges"}.get)
            for v in rules.validate_hand(variant, hand)]


def state(hands, variant="politaine", target=None, first_dealer="N", **kwargs):
    target = target or rules.variant_rules(variant).default_target
    return rules.match_state(variant, target, first_dealer, hands, **kwargs)


# --- 1. Card values ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("aces", "counters", "last_trick", "points"),
    [
        (0, 0, False, 0),
        (4, 20, True, 11),
        (1, 2, False, 1),  # two counters are worth nothing on their own
        (1, 3, False, 2),
        (2, 9, True, 6),
        (2, 11, False, 5),
        (0, 20, False, 6),
        (3, 5, True, 5),
    ],
)
def test_card_points_are_aces_plus_a_third_per_counter_rounded_down_plus_the_steck(
    aces, counters, last_trick, points
):
    assert rules.card_points(aces, counters, last_trick) == points


def test_the_issue_example_count_gives_eleven_points_between_the_teams():
    hand = Hand.counted(CardCount(2, 9, True), CardCount(2, 11, False))
    assert rules.validate_hand("politaine", hand) == []
    assert rules.hand_points("politaine", hand) == (6, 5)


@pytest.mark.parametrize("a", range(12))
def test_every_split_from_eleven_nil_to_nil_eleven_is_accepted(a):
    assert rules.validate_hand("quatre_sept", P(a, 11 - a)) == []
    assert rules.hand_points("quatre_sept", P(a, 11 - a)) == (a, 11 - a)


@pytest.mark.parametrize(("a", "b", "total"), [(6, 4, 10), (7, 5, 12), (0, 0, 0), (11, 11, 22)])
def test_points_that_do_not_add_up_to_eleven_are_a_counting_mistake(a, b, total):
    assert codes("politaine", P(a, b)) == ["points_sum"]
    (message,) = messages("politaine", P(a, b))
    assert f"add up to {total}; they always add up to 11" in message


@pytest.mark.parametrize("bad", [-1, 12, 5.5, "7", None, True, 11.0])
def test_card_points_must_be_whole_numbers_from_nought_to_eleven(bad):
    found = rules.validate_hand("politaine", P(bad, 6))
    assert [v.code for v in found] == ["points_not_whole"]
    assert found[0].field == "points_a"
    assert "Les Bleus" in found[0].render(team_label={"a": "Les Bleus"}.get)


def test_a_hand_without_points_is_refused():
    assert codes("politaine", Hand()) == ["points_missing"]


# --- Counting helper -----------------------------------------------------------------------


def test_counted_aces_must_add_up_to_four_and_counters_to_twenty():
    found = codes("politaine", Hand.counted(CardCount(2, 9, True), CardCount(1, 10, False)))
    assert found == ["aces_sum", "counters_sum"]


def test_exactly_one_team_takes_the_last_trick():
    both = Hand.counted(CardCount(2, 9, True), CardCount(2, 11, True))
    neither = Hand.counted(CardCount(2, 9, False), CardCount(2, 11, False))
    assert codes("politaine", both) == ["last_trick"]
    assert codes("politaine", neither) == ["last_trick"]


@pytest.mark.parametrize(
    ("a", "b", "code"),
    [(CardCount(5, 9, True), CardCount(-1, 11, False), "aces_not_whole"),
     (CardCount(2, 21, True), CardCount(2, -1, False), "counters_not_whole"),
     (CardCount(2.0, 9, True), CardCount(2, 11, False), "aces_not_whole")],
)
def test_counted_cards_are_whole_numbers_within_the_pack(a, b, code):
    assert code in codes("politaine", Hand.counted(a, b))


def test_points_given_with_a_count_must_match_it():
    hand = Hand(points=Pair(7, 4), count=Pair(CardCount(2, 9, True), CardCount(2, 11, False)))
    assert codes("politaine", hand) == ["points_disagree_with_count"]
    agreeing = Hand(points=Pair(6, 5), count=hand.count)
    assert rules.validate_hand("politaine", agreeing) == []


# --- The politaine -------------------------------------------------------------------------


def test_a_politaine_adds_eleven_on_top_of_card_points():
    assert rules.hand_points("politaine", P(3, 8, 0, 1)) == (3, 19)
    assert rules.hand_points("poule", P(5, 6, 2, 0)) == (27, 6)
    assert rules.hand_points("quatre_sept", P(5, 6, 1, 1)) == (16, 17)


@pytest.mark.parametrize(("pa", "pb"), [(2, 1), (3, 0), (0, 3), (1, 2)])
def test_at_most_two_politaines_in_one_hand(pa, pb):
    assert codes("politaine", P(5, 6, pa, pb)) == ["politaines_too_many"]
    (message,) = messages("politaine", P(5, 6, pa, pb))
    assert "at most 2" in message


@pytest.mark.parametrize("bad", [-1, 0.5, "1", None, True])
def test_politaines_are_whole_numbers(bad):
    assert codes("politaine", P(5, 6, bad, 0)) == ["politaines_not_whole"]


@pytest.mark.parametrize(
    ("made", "points", "ok"),
    [(1, 0, False), (1, 1, False), (1, 2, True), (2, 3, False), (2, 5, False), (2, 6, True),
     (2, 11, True)],
)
def test_a_team_that_made_politaines_has_their_card_points(made, points, ok):
    """RULES.md section 1: one politaine brings at least 2 card points, two bring 6."""
    found = codes("politaine", P(points, 11 - points, made, 0))
    assert found == ([] if ok else ["politaine_floor"])


def test_the_floors_follow_from_the_cards_a_politaine_holds():
    assert [rules.politaine_floor(k) for k in range(3)] == [0, 2, 6]
    assert [rules.politaine_cards(k) for k in range(3)] == [(0, 0, 0), (1, 2, 4), (2, 4, 16)]
    # The floor is the least card points of any count that holds the politaines.
    for k in (1, 2):
        counts = [(a, c) for a in range(5) for c in range(21)
                  if rules.has_politaine_cards(a, c, k)]
        assert min(rules.card_points(a, c, False) for a, c in counts) == rules.politaine_floor(k)


def test_the_floor_refusal_says_why_in_words_that_agree_with_the_count():
    (one,) = messages("politaine", P(1, 10, 1, 0))
    assert one == ("Les Bleus: 1 politaine brings at least 2 card points (three whole tricks, "
                   "12 cards, and only the eight 7s and 8s are worth nothing), not 1. Check the "
                   "points or the politaines.")
    (two,) = messages("politaine", P(5, 6, 2, 0))
    assert two.startswith("Les Bleus: 2 politaines bring at least 6 card points")
    assert "(s)" not in one + two


def test_each_team_may_make_one_politaine_in_the_same_hand():
    assert rules.validate_hand("politaine", P(2, 9, 1, 1)) == []
    assert codes("politaine", P(1, 10, 1, 1)) == ["politaine_floor"]


@pytest.mark.parametrize(
    ("aces", "counters", "made", "ok"),
    [(0, 9, 1, False), (1, 1, 1, False), (1, 2, 1, False), (1, 3, 1, True), (2, 2, 1, True),
     (2, 13, 2, False), (2, 14, 2, True), (1, 19, 2, False), (4, 11, 2, False),
     (4, 12, 2, True), (3, 3, 2, False)],
)
def test_counted_politaines_need_their_aces_counters_and_scoring_cards(aces, counters, made,
                                                                       ok):
    """k politaines: at least k aces, 2k counters and 12k - 8 aces and counters together."""
    hand = Hand.counted(CardCount(aces, counters, False), CardCount(4 - aces, 20 - counters, True),
                        made, 0)
    assert codes("politaine", hand) == ([] if ok else ["politaine_cards"])


def test_counted_politaine_refusal_names_what_is_missing():
    short = Hand.counted(CardCount(1, 2, True), CardCount(3, 18, False), 1, 0)
    (message,) = messages("politaine", short)
    assert "1 politaine brings at least 1 ace, 2 counters and 4 aces and counters" in message
    enough = Hand.counted(CardCount(1, 3, False), CardCount(3, 17, True), 1, 0)
    assert rules.validate_hand("politaine", enough) == []
    assert rules.hand_points("politaine", enough) == (13, 9)


# --- Four sevens ---------------------------------------------------------------------------


def test_four_sevens_wins_the_whole_match_at_once_whatever_the_scores():
    s = state([P(11, 0), P(11, 0), Hand.four_sevens("b")])
    assert s.finished and s.winner == "b" and s.finish_reason == "four_sevens"
    assert s.score == (22, 0)  # no card points for the four sevens hand
    assert s.finished_at == 3 and s.dealer is None


def test_four_sevens_scores_nothing_and_carries_no_points():
    assert rules.hand_points("politaine", Hand.four_sevens("a")) == (0, 0)
    with_points = Hand(kind=rules.HandKind.FOUR_SEVENS, four_sevens_team=rules.Team.A,
                       points=Pair(6, 5))
    assert codes("politaine", with_points) == ["four_sevens_with_points"]
    with_politaine = Hand(kind=rules.HandKind.FOUR_SEVENS, four_sevens_team=rules.Team.A,
                          politaines=Pair(1, 0))
    assert codes("politaine", with_politaine) == ["four_sevens_with_points"]
    assert codes("politaine", Hand(points=Pair(6, 5), four_sevens_team=rules.Team.A)) == [
        "four_sevens_with_points"
    ]


def test_four_sevens_needs_a_team():
    assert codes("politaine", Hand(kind=rules.HandKind.FOUR_SEVENS)) == ["four_sevens_team"]


def test_four_sevens_is_not_a_quadrette_rule():
    assert codes("quadrette", Hand.four_sevens("a")) == ["four_sevens_not_in_variant"]


# --- Target, end of the match, tie rule ------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "target"),
    [("quatre_sept", 31), ("politaine", 33), ("poule", 200), ("quadrette", 7)],
)
def test_default_targets(variant, target):
    assert rules.variant_rules(variant).default_target == target


@pytest.mark.parametrize(
    ("variant", "target", "ok"),
    [("politaine", 11, True), ("politaine", 150, True), ("poule", 999, True),
     ("politaine", 10, False), ("quatre_sept", 1000, False), ("politaine", 33.0, False),
     ("politaine", "33", False), ("quadrette", 1, True), ("quadrette", 99, True),
     ("quadrette", 0, False), ("quadrette", 100, False), ("poule", None, False)],
)
def test_targets_are_whole_numbers_in_the_variants_range(variant, target, ok):
    assert (rules.validate_target(variant, target) == []) is ok


def test_new_match_needs_a_known_game_and_a_seat_as_first_dealer():
    assert [v.code for v in rules.validate_new_match("belote", 33, "N")] == ["variant_unknown"]
    assert [v.code for v in rules.validate_new_match("politaine", 33, "X")] == ["first_dealer"]
    assert rules.validate_new_match("poule", 150, "W") == []


def test_reaching_the_target_wins():
    s = state([P(11, 0), P(11, 0), P(11, 0)], variant="politaine", target=33)
    assert s.finished and s.winner == "a" and s.finish_reason == "target"
    assert s.score == (33, 0) and s.status == "finished"


def test_below_the_target_play_goes_on():
    s = state([P(11, 0), P(10, 1)], target=33)
    assert not s.finished and s.status == "in_progress" and s.next_hand == 3
    assert s.leading_team == "a" and not s.tied_at_target


def test_when_both_teams_pass_the_target_the_higher_total_wins():
    # 30-28, then a politaine for B: 33-41 (A reaches 33 too, but B is higher).
    s = state([P(11, 0), P(11, 0), P(8, 3, 0, 1), P(0, 11, 0, 0), P(3, 8, 0, 1)], target=33)
    assert s.finished and s.winner == "b" and s.score == (33, 44)


def test_a_tie_at_the_target_plays_another_hand_until_the_totals_differ():
    # Level at 33: the target is reached by both, nobody wins yet.
    hands = [P(11, 0), P(11, 0), P(6, 5), P(0, 11), P(0, 11), P(5, 6)]  # 28-27, then 33-33
    s = state(hands, target=33)
    assert not s.finished and s.tied_at_target and s.score == (33, 33)
    assert s.next_hand == 7 and s.dealer == "S"
    s = state([*hands, P(5, 6)], target=33)
    assert s.finished and s.winner == "b" and s.score == (38, 39) and s.finished_at == 7


def test_a_level_score_below_the_target_is_no_tie():
    s = state([P(5, 6), P(6, 5)], target=33)
    assert s.score == (11, 11) and not s.tied_at_target and s.leading_team is None


def test_a_house_target_of_150():
    hands = [P(0, 11, 0, 2)] * 4  # 11 + 22 = 33 a hand: 132 after 4, 165 after 5
    s = state(hands, variant="poule", target=150)
    assert not s.finished and s.score == (0, 132)
    s = state([*hands, P(0, 11, 0, 2)], variant="poule", target=150)
    assert s.winner == "b" and s.score == (0, 165)


# --- Dealer -------------------------------------------------------------------------------


def test_the_deal_passes_clockwise_in_the_politaine_family():
    dealers = [rules.dealer_of_hand("politaine", "N", n) for n in range(1, 10)]
    assert dealers == ["N", "E", "S", "W", "N", "E", "S", "W", "N"]
    assert [rules.dealer_of_hand("quatre_sept", "W", n) for n in (1, 2, 3)] == ["W", "N", "E"]


def test_the_player_left_of_the_dealer_leads_in_the_politaine_family():
    assert rules.leader_of_hand("politaine", "N", 1) == "E"
    assert rules.leader_of_hand("politaine", "W", 1) == "N"


def test_the_deal_passes_counter_clockwise_in_la_quadrette():
    dealers = [rules.dealer_of_hand("quadrette", "N", n) for n in range(1, 6)]
    assert dealers == ["N", "W", "S", "E", "N"]


def test_in_la_quadrette_the_premier_en_cartes_on_the_dealers_right_leads_and_deals_next():
    assert rules.leader_of_hand("quadrette", "N", 1) == "W"
    assert rules.dealer_of_hand("quadrette", "N", 2) == "W"


def test_the_match_state_names_who_deals_and_leads_next():
    s = state([P(5, 6)], first_dealer="S")
    assert (s.dealer, s.leader) == ("W", "N")
    assert [line.dealer for line in state([P(5, 6)] * 3, first_dealer="S").lines] == ["S", "W", "N"]


def test_a_team_holds_opposite_seats():
    assert rules.SEATS_OF_TEAM[rules.Team.A] == ("N", "S")
    assert rules.SEATS_OF_TEAM[rules.Team.B] == ("E", "W")
    assert {rules.TEAM_OF_SEAT[s] for s in "NS"} == {"a"}


# --- La Quadrette -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tricks", "points"),
    [((6, 0), (2, 0)), ((5, 1), (1, 0)), ((4, 2), (1, 0)), ((3, 3), (1, 1)), ((2, 4), (0, 1)),
     ((1, 5), (0, 1)), ((0, 6), (0, 2))],
)
def test_quadrette_scoring_table(tricks, points):
    hand = Q(*tricks)
    assert rules.validate_hand("quadrette", hand) == []
    assert rules.hand_points("quadrette", hand) == points


@pytest.mark.parametrize(("a", "b", "code"), [(4, 3, "tricks_sum"), (3, 2, "tricks_sum"),
                                              (7, -1, "tricks_not_whole"),
                                              (2.5, 3.5, "tricks_not_whole"),
                                              ("3", 3, "tricks_not_whole")])
def test_quadrette_tricks_are_whole_numbers_adding_up_to_six(a, b, code):
    assert code in codes("quadrette", Q(a, b))


def test_quadrette_sum_message_says_how_many_and_what_to_do():
    (message,) = messages("quadrette", Q(4, 3))
    assert "add up to 7" in message and "6 tricks" in message


def test_quadrette_is_not_scored_with_card_points_and_politaine_family_not_with_tricks():
    assert codes("quadrette", P(6, 5)) == ["points_not_in_variant"]
    assert codes("quadrette", Hand()) == ["tricks_missing"]
    assert codes("politaine", Q(3, 3)) == ["tricks_not_in_variant"]


def test_the_first_team_to_seven_wins_la_quadrette():
    s = state([Q(6, 0), Q(6, 0), Q(5, 1), Q(4, 2), Q(3, 3)], variant="quadrette")
    assert s.score == (7, 1) and s.winner == "a" and s.finish_reason == "target"


def test_quadrette_six_all_then_three_three_is_a_tie_and_another_hand_is_played():
    six_all = [Q(6, 0), Q(6, 0), Q(6, 0), Q(0, 6), Q(0, 6), Q(0, 6)]
    s = state([*six_all, Q(3, 3)], variant="quadrette")
    assert s.score == (7, 7) and not s.finished and s.tied_at_target
    s = state([*six_all, Q(3, 3), Q(2, 4)], variant="quadrette")
    assert s.winner == "b" and s.score == (7, 8)


def test_quadrette_both_reaching_seven_with_unequal_totals_the_higher_wins():
    hands = [Q(6, 0), Q(6, 0), Q(6, 0), Q(0, 6), Q(0, 6), Q(4, 2)]  # 6-4, then 7-4
    s = state(hands, variant="quadrette")
    assert s.winner == "a" and s.score == (7, 4)
    # From 6-5 a 3-3 hand takes both to 7 or more: 7-6 for A.
    hands = [Q(6, 0), Q(6, 0), Q(6, 0), Q(0, 6), Q(0, 6), Q(2, 4), Q(3, 3)]
    s = state(hands, variant="quadrette")
    assert s.score == (7, 6) and s.winner == "a"


# --- What may change a match -----------------------------------------------------------------


def test_no_hand_on_a_match_already_won():
    s = state([P(11, 0)] * 3)
    refusal = rules.check_can_record(s, 4)
    assert refusal.code == "match_finished"
    assert "(winners: Les Bleus, 33–0)" in refusal.render(team_label={"a": "Les Bleus"}.get)


def test_a_hand_must_be_the_next_one():
    s = state([P(5, 6), P(6, 5)])
    assert rules.check_can_record(s, 3) is None
    already = rules.check_can_record(s, 2)
    assert already.code == "hand_already_entered"
    assert "11–11" in already.render() and "hand 3" in already.render()
    assert rules.check_can_record(s, 5).code == "hand_number"
    assert rules.check_can_record(s, "3").code == "hand_number"
    assert rules.check_can_record(s, True).code == "hand_number"


def test_a_correction_that_would_end_the_match_before_its_last_hand_is_refused():
    hands = [P(11, 0), P(11, 0), P(5, 6), P(6, 5)]  # 33-22 would end at hand 3
    new_state, refusal = rules.check_correction("politaine", 33, "N", hands, 3, P(11, 0))
    assert refusal.code == "correction_ends_match" and new_state.finished_at == 3
    assert "after hand 3" in refusal.render()
    _, refusal = rules.check_correction("politaine", 33, "N", hands, 3, P(6, 5))
    assert refusal is None


def test_a_correction_of_the_last_hand_may_finish_or_reopen_a_match():
    hands = [P(11, 0), P(11, 0), P(11, 0)]
    reopened, refusal = rules.check_correction("politaine", 33, "N", hands, 3, P(10, 1))
    assert refusal is None and not reopened.finished and reopened.score == (32, 1)
    four_sevens, refusal = rules.check_correction(
        "politaine", 33, "N", hands, 3, Hand.four_sevens("b")
    )
    assert refusal is None and four_sevens.winner == "b"


def test_correcting_an_earlier_hand_into_four_sevens_is_refused():
    hands = [P(5, 6), P(5, 6)]
    _, refusal = rules.check_correction("politaine", 33, "N", hands, 1, Hand.four_sevens("a"))
    assert refusal.code == "correction_ends_match"


def test_only_the_last_hand_can_be_undone():
    s = state([P(5, 6), P(6, 5)])
    assert rules.check_undo(s) is None and rules.check_undo(s, 2) is None
    assert rules.check_undo(s, 1).code == "undo_not_last"
    assert rules.check_undo(state([])).code == "nothing_to_undo"
    assert rules.check_hand_exists(s, 3).code == "hand_missing"
    assert rules.check_hand_exists(s, 2) is None


# --- Time called (tournament rounds) -----------------------------------------------------------


def test_after_time_is_called_the_match_ends_after_the_hand_being_played():
    hands = [P(7, 4), P(6, 5)]
    s = state(hands, time_called_after=2)
    assert not s.finished  # the hand being played still counts
    s = state([*hands, P(3, 8)], time_called_after=2)
    assert s.finished and s.winner == "b" and s.finish_reason == "time" and s.score == (16, 17)


def test_when_time_is_called_level_scores_play_one_more_hand():
    s = state([P(5, 6), P(6, 5)], time_called_after=1)
    assert s.score == (11, 11) and not s.finished
    s = state([P(5, 6), P(6, 5), P(4, 7)], time_called_after=1)
    assert s.winner == "b" and s.finish_reason == "time"


def test_the_target_decides_before_the_clock():
    s = state([P(11, 0), P(11, 0), P(11, 0)], time_called_after=2)
    assert s.finish_reason == "target"


# --- The hand as data -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand",
    [P(7, 4, 1, 0), Q(4, 2), Hand.four_sevens("b"),
     Hand.counted(CardCount(2, 9, True), CardCount(2, 11, False), 0, 1)],
)
def test_a_hand_round_trips_through_its_dict(hand):
    data = hand.as_dict()
    again = Hand.from_dict(data)
    assert again.as_dict() == data
    assert rules.hand_points("quadrette" if hand.tricks else "politaine", again) == (
        rules.hand_points("quadrette" if hand.tricks else "politaine", hand)
    )


def test_a_forfeit_gives_an_open_match_to_the_other_team():
    s = state([P(8, 3)], forfeited_by="a")
    assert s.finished and s.winner == "b" and s.finish_reason == "forfeit"
    assert s.finished_at == 1 and not s.ends_early
    s = state([P(11, 0)] * 3, forfeited_by="a")  # already won on the target: it stands
    assert s.winner == "a" and s.finish_reason == "target"
