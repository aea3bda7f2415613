"""Refusals in the rules' shape (tournaments' own), and the club's row locked by every
write to it."""

from clubs.models import Club
from scoring.errors import NotAllowed
from tournaments.services._common import conflict, refuse, user_named, violation

__all__ = ["conflict", "lock", "not_allowed", "refuse", "user_named", "violation"]


def not_allowed(code, message, field=None, **params):
    raise NotAllowed([violation(code, message, field, **params)])


def lock(club: Club | int) -> Club:
    pk = club.pk if isinstance(club, Club) else club
    return Club.objects.select_for_update().get(pk=pk)
