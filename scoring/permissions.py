"""Who may keep the score of a match through their account.

Anyone holding a match's score keeper link may score it without an account; this module
decides the other way in. Other apps (tournaments) add rules with `register_keeper_rule`.
"""

from collections.abc import Callable

from scoring.models import Match

_keeper_rules: list[Callable] = []
_reader_rules: list[Callable] = []
_write_guards: list[Callable] = []


def register_keeper_rule(rule: Callable) -> Callable:
    """Add a rule(user, match) -> bool that lets more users keep a match's score."""
    _keeper_rules.append(rule)
    return rule


def register_reader_rule(rule: Callable) -> Callable:
    """Add a rule(match) -> bool that lets anyone read a match (a public tournament's)."""
    _reader_rules.append(rule)
    return rule


def is_public(match: Match) -> bool:
    return any(rule(match) for rule in _reader_rules)


def can_keep_score(user, match: Match) -> bool:
    if not user.is_authenticated:
        return False
    if match.owner_id == user.pk or user.is_superuser:
        return True
    return any(rule(user, match) for rule in _keeper_rules)


def register_write_guard(guard: Callable) -> Callable:
    """Add a guard(match, user) -> Violation | None consulted before any change to a match's
    hands (a tournament closes a round's matches once the next round is drawn)."""
    _write_guards.append(guard)
    return guard


def write_refusal(match: Match, user):
    return next((refusal for guard in _write_guards if (refusal := guard(match, user))), None)


_change_checks: list[Callable] = []


def register_change_check(check: Callable) -> Callable:
    """Add a check(match, before, after, user) run after a correction or an undo changed a
    match's result, in the same transaction: it may write what follows from it (a knockout
    winner moved into the next round) or raise a Conflict, which takes the change back."""
    _change_checks.append(check)
    return check


def check_change(match: Match, before, after, user) -> None:
    if (before.winner, before.finish_reason) == (after.winner, after.finish_reason):
        return
    for check in _change_checks:
        check(match, before, after, user)
