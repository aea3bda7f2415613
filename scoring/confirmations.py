"""The other team's confirmation of a match's score: the only code that writes it.

What the opponents confirm is the match's own setting (`Match.confirmation_mode`), copied
from its tournament when the round is drawn, so that scoring never asks tournaments:
- "none": nothing to confirm (a casual match, and tournaments made before the setting);
- "result": the final result, once the match is over; until then nothing waits;
- "hand": every hand as it is entered; the keeper cannot enter the next hand while the
  last one is disputed.

A correction or an undo after a confirmation asks for it again (from the changed hand on,
with every hand). A dispute holds until it is settled: by the opponents (they confirm), by an
organizer (who confirms for them), or by a correction that changes the values disputed (the
disputed hand, with every hand; the hands and the result, with the final result). The match
keeps what was disputed (Match.disputed_hand, a fingerprint in Match.disputed_values): while
other values stand the dispute rests and the new score waits for confirmation, and values put
back as they were disputed (corrected back, or undone and entered again) bring it back: a
net-zero change settles nothing. An organizer may confirm on a team's behalf, one table or all
waiting at once. Whoever confirms or disputes says which version of the match they saw, and a
score that changed since is refused (or skipped, confirming all at once): nobody confirms a
score they did not see. Every step goes into the match's history (ConfirmationStep): who,
when, and through which way in.

Like scoring/services.py: keyword-only arguments, one transaction, the match row locked.
"""

import hashlib
import json
import re
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext_noop

from scoring import extensions, names, rules, writing
from scoring.errors import Conflict, InvalidInput
from scoring.models import (
    DISPUTE_REASON_MAX,
    Confirmation,
    ConfirmationMode,
    ConfirmationStep,
    Match,
)
from scoring.permissions import acting_user

Via = ConfirmationStep.Via
Action = ConfirmationStep.Action


def confirmation_of(mode: str, *, finished: bool, hand_count: int, confirmed_hands: int,
                    disputed: bool, result_confirmed: bool) -> str:
    """Where the confirmation stands, from what is known of the match."""
    if mode == ConfirmationMode.NONE:
        return Confirmation.NONE
    if disputed:
        return Confirmation.DISPUTED
    if mode == ConfirmationMode.RESULT:
        if not finished:
            return Confirmation.NONE
        return Confirmation.CONFIRMED if result_confirmed else Confirmation.WAITING
    if hand_count == 0 and not finished:
        return Confirmation.NONE
    return Confirmation.CONFIRMED if confirmed_hands >= hand_count else Confirmation.WAITING


def _write(match: Match, confirmation: str, *, confirmed_hands: int | None = None,
           reason: str = "", bump: bool = True,
           held: tuple[int | None, str] | None = None) -> None:
    """Write where the confirmation stands. `bump`: a write of its own bumps the match's
    version (the phones redraw); on a hand's path the hand's write has bumped it already.
    `held`: the dispute now held (its hand and fingerprint), or (None, "") when
    it is settled; left as it is when not given."""
    match.confirmation = confirmation
    match.dispute_reason = reason if confirmation == Confirmation.DISPUTED else ""
    if confirmed_hands is not None:
        match.confirmed_hands = confirmed_hands
    fields = ["confirmation", "dispute_reason", "confirmed_hands"]
    if held is not None:
        match.disputed_hand, match.disputed_values = held
        fields += ["disputed_hand", "disputed_values"]
    if bump:  # the standings show a finished result's confirmation
        writing.save_moved_on(match, fields, result_changed=match.is_finished)
    else:
        match.save(update_fields=fields)


def _step(match: Match, action: str, via: str, by=None, reason: str = "") -> ConfirmationStep:
    return ConfirmationStep.objects.create(
        match=match, action=action, via=via, by=acting_user(by), reason=reason,
        hands=match.hand_count, score_a=match.score_a, score_b=match.score_b,
        version=match.version,
    )


# --- What a dispute is about -----------------------------------------------------------------

SETTLED = (None, "")
FINGERPRINT = re.compile(r"[0-9a-f]{64}")  # _digest's


def _mode(match: Match) -> str:
    """What the opponents confirm of this match now: a result from paper has no hand, its
    opponents confirm the result, whatever the mode; a forfeit is no score to agree on."""
    if match.confirmation_mode == ConfirmationMode.NONE or match.forfeited_by:
        return ConfirmationMode.NONE
    return ConfirmationMode.RESULT if match.from_paper else match.confirmation_mode


def _hand_values(row) -> list:
    """A hand row's values as the rules compare hands (rules.same_hand): four sevens and
    their team, the tricks, or the card points and politaines, however they were counted.
    Read from the row's columns, so that a migration's rows give the same."""
    if row.kind == rules.HandKind.FOUR_SEVENS:
        return ["four_sevens", row.four_sevens_team]
    if row.tricks_a is not None:
        return ["tricks", row.tricks_a, row.tricks_b]
    return ["points", row.points_a, row.points_b, row.politaines_a, row.politaines_b]


def _digest(values: list) -> str:
    return hashlib.sha256(json.dumps(values, separators=(",", ":")).encode()).hexdigest()


def fingerprint(mode: str, match, hands: list, number: int) -> str:
    """The fingerprint of what a dispute is about: with every hand, hand `number`'s values;
    with the final result, the result the opponents confirm (the totals, the winner, how it
    ended), however the hands that give it are ordered or entered (hands swapped, or the same
    result from paper settle nothing). "" when there is no such hand."""
    if mode == ConfirmationMode.HAND:
        if not 1 <= number <= len(hands):
            return ""
        return _digest(["hand", number, _hand_values(hands[number - 1])])
    return _digest(["result", match.score_a, match.score_b, match.winner, match.finish_reason])


def dispute_of(mode: str, match, hands: list, number: int | None = None
               ) -> tuple[int | None, str]:
    """The dispute to hold of the match as it stands: the hand disputed (`number`, else the
    last), and its fingerprint."""
    number = number or match.hand_count
    return number, fingerprint(mode, match, hands, number)


def _dispute_stands(match: Match, mode: str, changed_from: int, hands) -> bool:
    """Whether the values the held dispute is about stand (after a change from hand
    `changed_from` on; `hands`, the match's hands now, read when None)."""
    if not match.disputed_values or mode == ConfirmationMode.NONE:
        return False
    if mode == ConfirmationMode.HAND and changed_from > (match.disputed_hand or 0) and \
            match.confirmation == Confirmation.DISPUTED:
        return True  # that hand did not change (a forfeit taken back is asked of its values)
    if mode == ConfirmationMode.RESULT and not match.is_finished:
        return False  # in play again: nothing to confirm, and the dispute rests
    if mode == ConfirmationMode.RESULT:  # the result's fingerprint reads no hand
        return fingerprint(mode, match, [], 0) == match.disputed_values
    hands = writing.hands_of(match) if hands is None else hands
    return fingerprint(mode, match, hands, match.disputed_hand or 0) == match.disputed_values


def _held_reason(match: Match) -> str:
    """The reason of the dispute held, when it comes back (the last dispute's)."""
    if match.confirmation == Confirmation.DISPUTED:
        return match.dispute_reason
    return ConfirmationStep.objects.filter(match=match, action=Action.DISPUTED).order_by(
        "-at", "-id").values_list("reason", flat=True).first() or ""


# --- Hooks the scoring services call, inside their transaction, with the row locked ------


def refusal_to_record(match: Match) -> rules.Violation | None:
    """With every hand confirmed, no new hand while the last one is disputed."""
    if match.confirmation_mode == ConfirmationMode.HAND and \
            match.confirmation == Confirmation.DISPUTED:
        return rules.Violation(
            "hand_disputed",
            gettext_noop("The opponents dispute hand %(number)s: correct it (or have it "
                         "confirmed) before entering the next one. Their reason: %(reason)s"),
            "number", {"number": match.disputed_hand or match.hand_count,
                       "reason": match.dispute_reason or "—"})
    return None


def after_hands_change(match: Match, *, changed_from: int, hands: list | None = None) -> None:
    """Hands from `changed_from` on were added, corrected or taken out (the match's cached
    state already rewritten; `hands`, its hands now, when the caller has them): what was
    confirmed of them waits for confirmation again. A dispute held rests while the values
    it is about are changed, and comes back when they are put back (module docstring)."""
    if match.confirmation_mode == ConfirmationMode.NONE:
        return
    confirmed = min(match.confirmed_hands, changed_from - 1, match.hand_count)
    mode = _mode(match)
    disputed = _dispute_stands(match, mode, changed_from, hands)
    reason = _held_reason(match) if disputed else ""
    state = confirmation_of(
        mode, finished=match.is_finished, hand_count=match.hand_count,
        confirmed_hands=confirmed, disputed=disputed, result_confirmed=False)
    if (state, confirmed, reason) != (match.confirmation, match.confirmed_hands,
                                      match.dispute_reason):
        # (else no write on the hand's path; the hand's write bumped the version)
        _write(match, state, confirmed_hands=confirmed, bump=False, reason=reason)


def record_paper_step(match: Match, by, *, taken_back: bool = False) -> None:
    """A result entered from paper (or taken back) goes into the match's history."""
    _step(match, Action.PAPER_TAKEN_BACK if taken_back else Action.PAPER_RESULT,
          Via.ORGANIZER, by)


# --- What the opponents (or an organizer for them) do --------------------------------------


def _nothing_to_confirm(match: Match) -> None:
    if match.confirmation_mode == ConfirmationMode.NONE:
        raise Conflict([rules.Violation(
            "no_confirmation",
            gettext_noop("This match asks for no confirmation: its score counts as entered."),
        )])
    if match.confirmation == Confirmation.NONE:
        raise Conflict([rules.Violation(
            "nothing_to_confirm",
            gettext_noop("Nothing to confirm yet: the match is still being played.")
            if match.confirmation_mode == ConfirmationMode.RESULT
            else gettext_noop("Nothing to confirm yet: no hand is entered."),
        )])


def _check_open(match: Match, via: str) -> None:
    """A result is final when the night is: once its round or its tournament is closed
    (scoring.extensions.answer_refusal) the opponents' ways in refuse, as the keeper's link
    refuses writes; an organizer still confirms for the team."""
    if via != Via.ORGANIZER and (refusal := extensions.answer_refusal(match)):
        raise Conflict([refusal])


def _require_seen(match: Match, seen_version: int | None) -> None:
    """An answer says which score it answers: the match's version on the page or in the
    answer its sender read."""
    if seen_version is None:
        raise Conflict([rules.Violation(
            "score_unseen",
            gettext_noop("Look at the score again before you answer: it is %(a)s–%(b)s now."),
            None, {"a": match.score_a, "b": match.score_b})])


def _check_seen(match: Match, seen_version: int | None) -> None:
    """What the opponents (or an organizer) confirm or dispute is what they saw: a score
    that changed in between is refused, to be looked at again."""
    _require_seen(match, seen_version)
    if seen_version != match.version:
        raise Conflict([rules.Violation(
            "score_changed",
            gettext_noop("The score changed since you loaded it: it is %(a)s–%(b)s now. "
                         "Look at it again."),
            None, {"a": match.score_a, "b": match.score_b})])


def _repeat(match: Match, seen_version: int | None) -> bool:
    """The same answer again (pressed twice, or on two phones): the match already stands as
    answered, and the version seen is its own, or the one the first answer moved it on from
    when nothing was written since that answer. A repeat writes nothing, so it confirms
    nothing that was not confirmed already."""
    _require_seen(match, seen_version)
    if seen_version == match.version:
        return True
    last = ConfirmationStep.objects.filter(match=match).order_by("-id").values_list(
        "version", flat=True).first()
    return seen_version == match.version - 1 and last == match.version


@transaction.atomic
def confirm(*, match: Match | int, via: str, seen_version: int | None, by=None) -> Match:
    """The opponents confirm the score as it stands (every hand so far, or the final
    result); through an organizer's account it is a confirmation on the team's behalf.
    `seen_version`: the match's version the score was read at (see _check_seen)."""
    locked = writing.lock(match)
    _check_open(locked, via)
    _nothing_to_confirm(locked)
    if locked.confirmation == Confirmation.CONFIRMED and _repeat(locked, seen_version):
        return locked  # pressed twice, or on two phones: confirmed once
    _check_seen(locked, seen_version)
    _write(locked, Confirmation.CONFIRMED, confirmed_hands=locked.hand_count, held=SETTLED)
    _step(locked, Action.CONFIRMED_FOR_TEAM if via == Via.ORGANIZER else Action.CONFIRMED,
          via, by)
    return locked


@transaction.atomic
def dispute(*, match: Match | int, via: str, seen_version: int | None, reason: str = "",
            hand: int | None = None, by=None) -> Match:
    """The opponents do not agree with the score as it stands, for `reason` (optional).
    With every hand confirmed, `hand` names the waiting hand disputed (the last, unless
    said): only a correction of that hand settles it."""
    if names.has_control(reason or "") or names.has_invisible(reason or ""):
        # PostgreSQL cannot store NUL, and no reason needs an invisible character.
        raise InvalidInput([rules.Violation(
            "reason_characters", gettext_noop("The reason holds a character that cannot be "
                                              "shown: type it again."), "reason")])
    reason = names.normalise(reason or "")
    if len(reason) > DISPUTE_REASON_MAX:
        raise InvalidInput([rules.Violation(
            "reason_too_long", gettext_noop("Say why in at most %(max)s characters."),
            "reason", {"max": DISPUTE_REASON_MAX})])
    locked = writing.lock(match)
    _check_open(locked, via)
    _nothing_to_confirm(locked)
    mode = _mode(locked)
    _check_disputable_hand(locked, mode, hand)
    if locked.confirmation == Confirmation.DISPUTED and locked.dispute_reason == reason and \
            locked.disputed_hand == (hand or locked.disputed_hand) and \
            _repeat(locked, seen_version):
        return locked
    _check_seen(locked, seen_version)
    _write(locked, Confirmation.DISPUTED, reason=reason,
           held=dispute_of(mode, locked, writing.hands_of(locked), hand))
    _step(locked, Action.DISPUTED, via, by, reason)
    return locked


def _check_disputable_hand(match: Match, mode: str, hand: int | None) -> None:
    """A hand named by a dispute is one that waits: after the hands confirmed, up to the
    last entered (with every hand confirmed; otherwise the result is disputed, no hand)."""
    if hand is None:
        return
    if mode != ConfirmationMode.HAND or not match.confirmed_hands < hand <= match.hand_count:
        raise InvalidInput([rules.Violation(
            "hand_not_waiting",
            gettext_noop("Hand %(number)s is not one waiting for your confirmation."),
            "hand", {"number": hand})])


@dataclass(frozen=True)
class ConfirmedAll:
    """What "confirm them all" did: the matches confirmed, those skipped because their
    score changed since the organizer's page showed it, and those skipped because a dispute
    rests on them (changed by the keeper since: settled one table at a time) (ids, in
    order)."""

    confirmed: list[int]
    skipped: list[int]
    disputed: list[int] = ()


@transaction.atomic
def confirm_all_waiting(*, seen: dict[int, int], by) -> ConfirmedAll:
    """An organizer confirms on the teams' behalf every match of `seen` (id: the version the
    organizer's page showed) that waits for confirmation, never a disputed one (that is
    settled one table at a time). A match whose version moved on since is skipped: its
    score is not the one the organizer saw."""
    confirmed, skipped, disputed = [], [], []
    writing.lock_all(seen)
    for pk in sorted(seen):
        locked = writing.lock(pk)
        if locked.version != seen[pk]:
            skipped.append(pk)
            continue
        if locked.confirmation != Confirmation.WAITING:
            continue
        if locked.disputed_values:
            disputed.append(pk)
            continue
        _write(locked, Confirmation.CONFIRMED, confirmed_hands=locked.hand_count,
               held=SETTLED)
        _step(locked, Action.CONFIRMED_FOR_TEAM, Via.ORGANIZER, by)
        confirmed.append(pk)
    return ConfirmedAll(confirmed, skipped, disputed)


@transaction.atomic
def set_mode(*, match: Match | int, mode: str) -> Match:
    """What the opponents confirm (a tournament's setting, when a round is drawn)."""
    if mode not in ConfirmationMode.values:
        raise InvalidInput([rules.Violation(
            "confirmation_mode", gettext_noop("Choose what the opponents confirm."),
            "confirmation")])
    locked = writing.lock(match)
    locked.confirmation_mode = mode
    locked.confirmation = confirmation_of(
        mode, finished=locked.is_finished, hand_count=locked.hand_count,
        confirmed_hands=locked.confirmed_hands, disputed=False, result_confirmed=False)
    locked.disputed_hand, locked.disputed_values = SETTLED
    writing.save_moved_on(locked, ["confirmation_mode", "confirmation", "disputed_hand",
                                   "disputed_values"], result_changed=locked.is_finished)
    return locked


@transaction.atomic
def restore(*, match: Match | int, confirmation: str | None, confirmed_hands: int = 0,
            dispute_reason: str = "", disputed: tuple = (None, None)) -> Match:
    """Where the confirmation stood, as a backup had it (restore_match's companion): a state
    the match's setting cannot have is left as the setting makes it. `disputed`: the held
    or resting dispute's hand and fingerprint, as the backup kept them (a disputed match's
    from what stands when the backup has none)."""
    locked = writing.lock(match)
    if locked.confirmation_mode == ConfirmationMode.NONE or \
            confirmation not in Confirmation.values or confirmation == Confirmation.NONE:
        return locked
    hands = confirmed_hands if rules.is_whole(confirmed_hands) else 0
    reason = names.normalise(str(dispute_reason or ""))[:DISPUTE_REASON_MAX]
    number, values = disputed
    if isinstance(values, str) and FINGERPRINT.fullmatch(values) and (
            number is None or (rules.is_whole(number) and 1 <= number <= locked.hand_count)):
        held = number, values
    elif confirmation == Confirmation.DISPUTED:
        held = dispute_of(_mode(locked), locked, writing.hands_of(locked))
    else:
        held = SETTLED
    _write(locked, confirmation, confirmed_hands=max(0, min(hands, locked.hand_count)),
           reason=reason, held=held)
    return locked


def history(match: Match):
    """The match's confirmation steps, newest first."""
    return ConfirmationStep.objects.filter(match=match).select_related("by").order_by(
        "-at", "-id")
