"""Hypothesis strategies for hands that the rules accept."""

from hypothesis import strategies as st

from scoring import rules
from scoring.rules import CardCount, Hand


@st.composite
def counted_splits(draw):
    """Any way the 32 cards' aces, counters and last trick can be split between two teams."""
    aces = draw(st.integers(0, rules.ACES_IN_PACK))
    counters = draw(st.integers(0, rules.COUNTERS_IN_PACK))
    steck_a = draw(st.booleans())
    return (
        CardCount(aces, counters, steck_a),
        CardCount(rules.ACES_IN_PACK - aces, rules.COUNTERS_IN_PACK - counters, not steck_a),
    )


@st.composite
def politaine_hands(draw, four_sevens=True):
    """A hand the rules accept in the Politaine family (entered as points or counted)."""
    if four_sevens and draw(st.integers(0, 30)) == 0:
        return Hand.four_sevens(draw(st.sampled_from("ab")))
    if draw(st.booleans()):
        count_a, count_b = draw(counted_splits())
        politaines = [0, 0]
        for i, count in enumerate((count_a, count_b)):
            room = max(k for k in range(rules.MAX_POLITAINES_PER_HAND + 1)
                       if rules.has_politaine_cards(count.aces, count.counters, k))
            politaines[i] = draw(st.integers(0, min(room, 2 - sum(politaines))))
        return Hand.counted(count_a, count_b, *politaines)
    a = draw(st.integers(0, 11))
    politaines = [0, 0]
    for i, points in enumerate((a, 11 - a)):
        room = max(k for k in range(rules.MAX_POLITAINES_PER_HAND + 1)
                   if points >= rules.politaine_floor(k))
        politaines[i] = draw(st.integers(0, min(room, 2 - sum(politaines))))
    return Hand.played(a, 11 - a, *politaines)


def quadrette_hands():
    return st.integers(0, 6).map(lambda a: Hand.quadrette(a, 6 - a))


@st.composite
def playable_matches(draw, max_hands=40):
    """A variant, target, first dealer and the hands of a match that never plays on past its end."""
    variant = draw(st.sampled_from(list(rules.Variant)))
    family = rules.variant_rules(variant).family
    low = rules.variant_rules(variant).min_target
    target = draw(st.integers(low, low + 60))
    first_dealer = draw(st.sampled_from(rules.SEATS))
    hand_strategy = quadrette_hands() if family is rules.Family.QUADRETTE else politaine_hands()
    hands = []
    for _ in range(draw(st.integers(0, max_hands))):
        state = rules.match_state(variant, target, first_dealer, hands)
        if state.finished:
            break
        hands.append(draw(hand_strategy))
    return variant, target, first_dealer, hands
