"""A table that kept its score on paper: its final result entered in one step.

Its result is the one entered (Match.from_paper), checked by the rules
(rules.validate_paper_result), and counts in standings and confirmations as any other. A
table whose phone died mid-match takes it too: the hands kept so far stay in its history and
the result may not be below their score; a table whose hands ended the match takes none.
It can be entered again to correct it, or taken back (the table goes on with a phone, its
hands as they were).
Like scoring/services.py: keyword-only arguments, one transaction, the match row locked.
"""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from scoring import confirmations, extensions, rules, writing
from scoring.errors import Conflict, InvalidInput
from scoring.models import Match
from scoring.permissions import acting_user


def _refuse_ended_on_hands(match: Match, hands_state: rules.MatchState) -> None:
    if hands_state.finished:
        raise Conflict([rules.Violation(
            "match_has_hands",
            gettext_noop("This table's hands ended the match (%(count)s hands entered): "
                         "correct its hands on its page instead."),
            None, {"count": hands_state.hand_count})])


@transaction.atomic
def enter_paper_result(*, match: Match | int, by, score_a: int, score_b: int,
                       finish_reason: str, four_sevens_team: str | None = None
                       ) -> rules.MatchState:
    """The final result from the table's score sheet: the totals and how the match ended
    (the target, four sevens dealt to `four_sevens_team`, or time called)."""
    locked = writing.lock_for_change(match)
    writing.refuse_if_closed(locked, by)
    hands = writing.hands_of(locked)
    hands_state = locked.replay_hands(hands)
    if not locked.from_paper:
        _refuse_ended_on_hands(locked, hands_state)
    if locked.forfeited_by:
        raise Conflict([rules.Violation(
            "forfeited", gettext_noop("This match was won by forfeit: it has no result to "
                                      "enter."))])
    score = rules.Pair(score_a, score_b)
    if problems := rules.validate_paper_result(locked.variant, locked.target, score,
                                               finish_reason, four_sevens_team,
                                               so_far=hands_state.score):
        raise InvalidInput(problems)
    before = locked.replay(hands)
    after = rules.paper_state(locked.variant, locked.target, locked.first_dealer, score,
                              finish_reason, four_sevens_team, lines=hands_state.lines)
    if locked.from_paper and before == after:
        return before  # the same result again: nothing changes, nothing to confirm again
    if not locked.from_paper:  # entered again, it keeps its place in time (club ratings)
        locked.last_hand_at = timezone.now()
    locked.from_paper = True
    locked.score_a, locked.score_b = after.score
    locked.winner, locked.finish_reason = after.winner, after.finish_reason
    state = writing.write_replay(locked, hands, hand_written=False,
                        also=("from_paper", "last_hand_at"))
    confirmations.after_hands_change(locked, changed_from=1, hands=hands)
    confirmations.record_paper_step(locked, by)
    extensions.after_result_change(locked, before, state, acting_user(by))
    return state


@transaction.atomic
def take_back_paper_result(*, match: Match | int, by) -> rules.MatchState:
    """The result from paper goes: the match is back in play, to be scored on a phone."""
    locked = writing.lock_for_change(match)
    writing.refuse_if_closed(locked, by)
    hands = writing.hands_of(locked)
    before = locked.replay(hands)
    if not locked.from_paper:
        return before
    locked.from_paper = False
    state = writing.write_replay(locked, hands, hand_written=False, also=("from_paper",))
    confirmations.after_hands_change(locked, changed_from=1, hands=hands)
    confirmations.record_paper_step(locked, by, taken_back=True)
    extensions.after_result_change(locked, before, state, acting_user(by))
    return state
