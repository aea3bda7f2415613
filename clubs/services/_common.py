"""Refusals in the rules' shape, and the club's row locked by every write to it."""

from clubs.models import Club
from scoring import rules
from scoring.errors import Conflict, InvalidInput, NotAllowed


def violation(code, message, field=None, **params) -> rules.Violation:
    return rules.Violation(code, message, field, params)


def refuse(code, message, field=None, **params):
    raise InvalidInput([violation(code, message, field, **params)])


def conflict(code, message, field=None, **params):
    raise Conflict([violation(code, message, field, **params)])


def not_allowed(code, message, field=None, **params):
    raise NotAllowed([violation(code, message, field, **params)])


def lock(club: Club | int) -> Club:
    pk = club.pk if isinstance(club, Club) else club
    return Club.objects.select_for_update().get(pk=pk)
