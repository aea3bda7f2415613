"""Who may keep the score of a match through their account, and who may read it.

Anyone holding a match's score keeper link may score it without an account; this module
decides the other way in: the match's owner, a superuser, or whoever another app says
(scoring.extensions: a tournament's organizers).
"""

from scoring import extensions
from scoring.models import Match


def acting_user(by):
    """Who a write is recorded as made by: a signed-in user, or None (the score keeper
    link, an anonymous visitor)."""
    return by if by is not None and getattr(by, "is_authenticated", False) else None


def can_keep_score(user, match: Match) -> bool:
    if not user.is_authenticated:
        return False
    if match.owner_id == user.pk or user.is_superuser:
        return True
    return extensions.may_keep_score(user, match)


def is_public(match: Match) -> bool:
    """Anyone may read it (a public tournament's match)."""
    return extensions.is_public(match)
