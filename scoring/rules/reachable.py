"""Which scores a match can reach, hand by hand: for a result kept on paper."""

from __future__ import annotations

import math
from functools import cache

from scoring.rules.hands import Hand, hand_points, validate_hand
from scoring.rules.vocabulary import (
    HAND_CARD_POINTS,
    MAX_POLITAINES_PER_HAND,
    QUADRETTE_TRICKS,
    Family,
    FinishReason,
    Pair,
    Variant,
    is_whole,
    variant_rules,
)

# --- Which scores a match can reach --------------------------------------------------------


@cache
def hand_outcomes(variant: Variant | str) -> frozenset[Pair]:
    """Every pair of points one played hand can add to the two totals, as `validate_hand`
    allows the hands: in the Politaine family 11 card points split any way, plus 11 per
    politaine (at most two, each above its floor); in La Quadrette 2-0, 1-0, 1-1, 0-1, 0-2.
    Four sevens adds nothing (it ends the match)."""
    variant = Variant(variant)
    if variant_rules(variant).family is Family.QUADRETTE:
        hands = [Hand.quadrette(tricks, QUADRETTE_TRICKS - tricks)
                 for tricks in range(QUADRETTE_TRICKS + 1)]
    else:
        hands = [Hand.played(points, HAND_CARD_POINTS - points, made_a, made_b)
                 for points in range(HAND_CARD_POINTS + 1)
                 for made_a in range(MAX_POLITAINES_PER_HAND + 1)
                 for made_b in range(MAX_POLITAINES_PER_HAND + 1)]
    return frozenset(Pair(*hand_points(variant, hand)) for hand in hands
                     if not validate_hand(variant, hand))


@cache
def totals_step(variant: Variant | str) -> int:
    """What the two totals added together are always a multiple of: 11 in the Politaine
    family (each hand adds 11, plus 11 per politaine), 1 in La Quadrette."""
    return math.gcd(*(outcome.total for outcome in hand_outcomes(variant)))


def can_stand_at(variant: Variant | str, target: int, score: Pair) -> bool:
    """Whether a match of `variant` to `target` can be in progress at `score`, after some
    hands (none: 0-0), with time called or not.

    Below the target, every pair of totals whose sum is a multiple of `totals_step` is
    played: with hands of card points alone (any split of 11) or of single points (1-0,
    0-1) each team's total only grows, so the match stays under the target on the way.
    At or past it only level totals play on. In the Politaine family no hand adds the same
    to both teams (11 and 33 are odd, and a hand of 22 has a politaine on one side only),
    so the totals can be level there only when one hand took them from below the target,
    and the next hand ends the match. In La Quadrette a 3-3 adds 1 to each team: from
    6-6 (to 7) the totals stay level at any height.
    """
    a, b = score
    if not (is_whole(a) and is_whole(b)) or min(a, b) < 0 or (a + b) % totals_step(variant):
        return False
    if max(a, b) < target:
        return True
    if a != b:
        return False
    outcomes = hand_outcomes(variant)
    if Pair(1, 1) in outcomes:
        return True
    return any(max(a - p, a - q) < target and can_stand_at(variant, target, Pair(a - p, a - q))
               for p, q in outcomes)


def can_end_at(variant: Variant | str, target: int, score: Pair,
               finish_reason: FinishReason | str) -> bool:
    """Whether a match of `variant` to `target` can end at `score` for `finish_reason`: the
    one question a final result from elsewhere (a paper score sheet) must answer yes to.

    On the target: a team ahead at or past it, one hand after a score the match could stand
    at. When time was called: a team ahead below the target, one hand after such a score.
    On four sevens (Politaine family only): any score the match could stand at, whichever
    team was dealt them. On a forfeit: any score the match could stand at.
    """
    reason = FinishReason(finish_reason)
    score = Pair(*score)
    if reason is FinishReason.FOUR_SEVENS:
        return (variant_rules(variant).family is Family.POLITAINE
                and can_stand_at(variant, target, score))
    if reason is FinishReason.FORFEIT:
        return can_stand_at(variant, target, score)
    if score.a == score.b or (max(score) >= target) != (reason is FinishReason.TARGET):
        return False
    return any(can_stand_at(variant, target, Pair(score.a - p, score.b - q))
               for p, q in hand_outcomes(variant))
