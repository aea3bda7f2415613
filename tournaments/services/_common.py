"""What every tournament service starts from: the tournament's row locked (two organizers
drawing at once draw one round), refusals in the rules' shape, the version bumped."""

from django.contrib.auth import get_user_model
from django.utils.translation import gettext_noop

from scoring import rules
from scoring.errors import Conflict, InvalidInput
from tournaments.models import Tournament
from tournaments.selectors import is_over

NAME_MAX = 100
MAX_ROUND_MINUTES = 600
MAX_TEAMS = 512
TEAM_NAME_MAX = 60
PARTNERS = " & "


def violation(code, message, field=None, **params) -> rules.Violation:
    return rules.Violation(code, message, field, params)


def refuse(code, message, field=None, **params):
    raise InvalidInput([violation(code, message, field, **params)])


def conflict(code, message, field=None, **params):
    raise Conflict([violation(code, message, field, **params)])


def user_named(username: str | None):
    """The user with this user name, or a refusal that names what was typed."""
    typed = (username or "").strip()
    # Matched whatever the case; an exact match first, when two names differ by case only.
    users = get_user_model().objects.filter(username__iexact=typed)
    user = users.filter(username=typed).first() or users.order_by("pk").first()
    if user is None:
        refuse("unknown_user", gettext_noop("Nobody has the user name %(name)s."), "username",
               name=(username or "").strip()[:150])
    return user


def lock(tournament: Tournament | int) -> Tournament:
    pk = tournament.pk if isinstance(tournament, Tournament) else tournament
    return Tournament.objects.select_for_update().get(pk=pk)


def bump(tournament: Tournament) -> None:
    """Every tournament-level write changes the version (part of the pages' ETags)."""
    tournament.version += 1
    tournament.save(update_fields=["version"])


def refuse_once_over(tournament: Tournament) -> None:
    """A finished tournament's field is its results' ground: no team comes or goes."""
    if is_over(tournament):
        conflict("tournament_over", gettext_noop(
            "The tournament is over: its teams and results are final (the organizers can "
            "still correct a score)."))


def partnership_name(first: str, second: str) -> str:
    """Two partners' names as their team's (at most TEAM_NAME_MAX characters): each name
    shortened alike when both do not fit."""
    name = f"{first}{PARTNERS}{second}"
    if len(name) <= TEAM_NAME_MAX:
        return name
    room = (TEAM_NAME_MAX - len(PARTNERS)) // 2
    return f"{_shortened(first, room)}{PARTNERS}{_shortened(second, room)}"


def _shortened(name: str, room: int) -> str:
    return name if len(name) <= room else name[:room - 1] + "…"
