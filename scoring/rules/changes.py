"""What may change a match as it stands: a new hand, a correction, an undo, a redeal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scoring.rules.hands import Hand, validate_hand
from scoring.rules.matches import MatchState, Summary, match_state
from scoring.rules.vocabulary import (
    MAX_REDEALS,
    Family,
    HandKind,
    Team,
    Variant,
    Violation,
    is_whole,
    variant_rules,
)
from scoring.rules.vocabulary import translatable as _

# --- What may change a match ---------------------------------------------------------------


# The code of a hand sent again under its number: a success, nothing written.
ALREADY_SAVED = "hand_already_saved"


def same_hand(saved: Hand, sent: Hand) -> bool:
    """Whether `sent` is the hand `saved` again (a phone resending what it already sent, or
    a second phone entering the same result), not another hand: four sevens for the same
    team, the same tricks, or the same card points and politaines, however the cards were
    counted. Both must be valid hands."""
    def scored(hand: Hand) -> tuple:
        if hand.kind == HandKind.FOUR_SEVENS:
            return (HandKind.FOUR_SEVENS, Team(hand.four_sevens_team))
        if hand.tricks is not None:
            return (HandKind.PLAYED, tuple(hand.tricks))
        return (HandKind.PLAYED, tuple(hand.card_points()), tuple(hand.politaines))

    return scored(saved) == scored(sent)


def check_can_record(summary: Summary, number: Any, hand: Hand | None = None, *,
                     saved: Hand | None = None) -> Violation | None:
    """A new hand must be the next one, on a match still in progress.

    With the (valid) `hand` sent under a number already taken, `saved` being the hand
    stored under it: by the same hand, the answer is ALREADY_SAVED (a retry, to be answered
    as a success); by another hand, "hand_already_entered", with the saved one in its
    params ("saved", as Hand.as_dict), even when that hand ended the match.
    """
    taken = is_whole(number) and 1 <= number <= summary.hand_count
    sent = (hand is not None and saved is not None and taken
            and not validate_hand(summary.variant, hand))
    if sent and same_hand(saved, hand):
        return Violation(
            ALREADY_SAVED,
            _("Hand %(number)s was already saved, just as sent: nothing is entered twice."),
            "number",
            {"number": number},
        )
    if summary.finished and not sent:
        won, lost = summary.score.of(summary.winner), summary.score.of(summary.winner.other)
        return Violation(
            "match_finished",
            _("This match is over (winners: %(winner)s, %(won)s–%(lost)s): no hand can be "
              "added."),
            "number",
            {"winner": summary.winner, "won": won, "lost": lost},
        )
    if not is_whole(number) or number != summary.next_hand:
        params = {"number": number, "next": summary.next_hand, "score_a": summary.score.a,
                  "score_b": summary.score.b}
        if sent:
            params["saved"] = saved.as_dict()
        return Violation(
            "hand_already_entered" if taken else "hand_number",
            _("Hand %(number)s is already entered, perhaps from another phone. The score is "
              "now %(score_a)s–%(score_b)s; the next hand is hand %(next)s.")
            if taken
            else _("The next hand is hand %(next)s, not %(number)s."),
            "number",
            params,
        )
    return None


def check_hand_exists(summary: Summary, number: Any) -> Violation | None:
    if is_whole(number) and 1 <= number <= summary.hand_count:
        return None
    return Violation(
        "hand_missing",
        _("There is no hand %(number)s in this match."),
        "number",
        {"number": number},
    )


def check_correction(
    variant: Variant | str,
    target: int,
    first_dealer: str,
    hands: Sequence[Hand],
    number: int,
    corrected: Hand,
    *,
    time_called_after: int | None = None,
    forfeited_by: Team | str | None = None,
) -> tuple[MatchState, Violation | None]:
    """Replay the match with hand `number` replaced by `corrected`.

    Refused when the match would then end before its last hand: the later hands could
    not have been played.
    """
    replaced = [*hands[: number - 1], corrected, *hands[number:]]
    state = match_state(
        variant, target, first_dealer, replaced, time_called_after=time_called_after,
        forfeited_by=forfeited_by,
    )
    if state.ends_early:
        return state, Violation(
            "correction_ends_match",
            _("With this correction the match would end after hand %(ends_at)s, but hands "
              "were played after it. Undo the later hands first, or check the numbers."),
            "number",
            {"ends_at": state.finished_at},
        )
    return state, None


def check_undo(summary: Summary, number: Any = None) -> Violation | None:
    """Only the last hand can be undone (None means: the last one, whichever it is)."""
    if summary.hand_count == 0:
        return Violation("nothing_to_undo", _("There is no hand to undo."), "number")
    if number is not None and number != summary.hand_count:
        return Violation(
            "undo_not_last",
            _("Only the last hand (hand %(last)s) can be undone."),
            "number",
            {"last": summary.hand_count},
        )
    return None


def check_redeal(variant: Variant | str, summary: Summary, noted: int = 0
                 ) -> Violation | None:
    """A redeal (La Politaine's rule for a hand with no 10, 9 or ace) is noted, never scored;
    `noted`: the redeals the match already counts, at most MAX_REDEALS."""
    if variant_rules(variant).family is not Family.POLITAINE:
        return Violation(
            "redeal_not_in_variant",
            _("La Quadrette has no redeal rule."),
            None,
        )
    if noted >= MAX_REDEALS:
        return Violation(
            "too_many_redeals",
            _("This match has noted %(max)s redeals, as many as a match can: deal again "
              "without noting it."),
            None,
            {"max": MAX_REDEALS},
        )
    return check_can_record(summary, summary.next_hand)


# The code of a redeal sent again: a success, nothing written.
REDEAL_ALREADY_NOTED = "redeal_already_noted"


def check_redeal_noted(noted: int, ordinal: Any) -> Violation | None:
    """A redeal a phone kept while offline is sent as the match's `ordinal`-th (the redeals
    it showed, plus this one). Redeals are counted, not told apart: when the match already
    counts `ordinal` of them, this one is noted (a retry after a lost answer, or the same
    redeal noted on another phone at the table), and REDEAL_ALREADY_NOTED says so."""
    if is_whole(ordinal) and 1 <= ordinal <= noted:
        return Violation(
            REDEAL_ALREADY_NOTED,
            _("This redeal was already noted: nothing is counted twice."),
            None,
        )
    return None
