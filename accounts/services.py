"""Issuing, checking and revoking personal API tokens; deleting an account."""

import secrets

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_noop

from accounts.models import ApiToken, token_hash
from accounts.selectors import DeletionPlan, deletion_plan, own_matches
from clubs import services as clubs
from clubs.models import Club
from players import services as players
from scoring import rules
from scoring import services as scoring
from scoring.errors import Conflict, InvalidInput
from scoring.models import Match
from tournaments import services as tournaments
from tournaments.models import Tournament

TOKEN_PREFIX = "pol_"


def issue_token(*, user, name: str = "") -> str:
    """Create a token for `user` and return it: the only time it can be seen."""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    ApiToken.objects.create(
        user=user, name=name.strip()[:60], key_hash=token_hash(token), prefix=token[:12]
    )
    return token


def user_for_token(token: str):
    """The active user a personal token belongs to, or None."""
    if not token.startswith(TOKEN_PREFIX) or len(token) > 200 or "\x00" in token:
        return None
    try:
        found = ApiToken.objects.select_related("user").get(key_hash=token_hash(token))
    except ApiToken.DoesNotExist:
        return None
    if not found.user.is_active:
        return None
    now = timezone.now()
    # Note the use at most once a minute: a busy scoreboard should not write on every call.
    if found.last_used_at is None or (now - found.last_used_at).total_seconds() > 60:
        ApiToken.objects.filter(pk=found.pk).update(last_used_at=now)
    return found.user


def revoke_token(*, user, token_id: int) -> bool:
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    return bool(deleted)


def violation(code, message, field=None, **params) -> rules.Violation:
    return rules.Violation(code, message, field, params)


def club_refusal(club: Club) -> rules.Violation:
    return violation("club_needs_organizer", gettext_noop(
        "%(club)s has no other organizer to take it over: add a co-organizer to the club "
        "first, who takes it over (with its nights)."), club=club.name)


def tournament_refusal(tournament: Tournament) -> rules.Violation:
    return violation("tournament_needs_organizer", gettext_noop(
        "%(tournament)s has no co-organizer to take it over: add one first, who takes it "
        "over."), tournament=tournament.name)


def _sharing_with(user) -> set[int]:
    """The user and the owners and organizers of the clubs and tournaments it owns or
    organizes: who a deletion may hand something to, or take something from."""
    clubs_ = Club.objects.filter(Q(owner=user) | Q(organizers=user))
    tournaments_ = Tournament.objects.filter(Q(owner=user) | Q(organizers=user))
    return {user.pk,
            *clubs_.values_list("owner", flat=True),
            *clubs_.filter(organizers__isnull=False).values_list("organizers", flat=True),
            *tournaments_.values_list("owner", flat=True),
            *tournaments_.filter(organizers__isnull=False).values_list("organizers",
                                                                       flat=True)}


@transaction.atomic
def delete_account(*, user, password: str) -> DeletionPlan:
    """Delete `user`'s account, what it organized handed over as accounts.selectors says:
    its clubs and tournaments to another of their organizers, with their matches; its club
    matches to their club's owner; its own matches deleted; its co-organizer places and
    API tokens gone. The hands, corrections and confirmations it entered in others' matches
    stay, without its name (their `by` becomes empty). Refused whole, with every reason at
    once, when something has nobody to go to (Conflict) or the password is wrong
    (InvalidInput, beside the field): nothing changes then. Returns what was done."""
    # The account and every account it shares a club or a tournament with, in the order of
    # their ids: two deletions that would hand things to each other are served one after
    # the other, never each waiting for the other's row (a deadlock).
    User = get_user_model()
    list(User.objects.select_for_update().filter(pk__in=_sharing_with(user)).order_by("pk")
         .values_list("pk"))
    locked = User.objects.select_for_update().get(pk=user.pk)
    # Its clubs' and tournaments' rows too: no co-organizer leaves or joins meanwhile.
    list(Club.objects.select_for_update().filter(owner=locked).values_list("pk"))
    list(Tournament.objects.select_for_update().filter(owner=locked).values_list("pk"))
    plan = deletion_plan(locked)
    problems = [*map(club_refusal, plan.stuck_clubs),
                *map(tournament_refusal, plan.stuck_tournaments)]
    if not isinstance(password, str) or not locked.check_password(password):
        problems.append(violation("wrong_password", gettext_noop(
            "This is not your password. Nothing was deleted."), "password"))
    if problems:
        raise (InvalidInput if plan.possible else Conflict)(problems)

    for handover in plan.clubs:
        clubs.hand_over_club(club=handover.item, to=handover.to)
    for handover in plan.tournaments:
        tournaments.hand_over_tournament(tournament=handover.item, to=handover.to)
    # The matches it started in others' tournaments and clubs stay with them.
    for tournament in (Tournament.objects.filter(rounds__tables__match__owner=locked)
                       .select_related("owner").distinct()):
        scoring.give_matches(matches=Match.objects.filter(
            owner=locked, table__round__tournament=tournament), to=tournament.owner)
    for club in Club.objects.filter(club_matches__match__owner=locked).select_related(
            "owner").distinct():
        scoring.give_matches(matches=Match.objects.filter(
            owner=locked, club_match__club=club), to=club.owner)
    scoring.delete_matches(matches=own_matches(locked))
    for tournament in Tournament.objects.filter(organizers=locked):
        tournaments.remove_organizer(tournament=tournament, user_id=locked.pk)
    locked.co_organized_clubs.clear()
    ApiToken.objects.filter(user=locked).delete()
    # Each club's history says the person's account went; they stay on the roster.
    for member in plan.linked_members:
        players.unlink(member=member, by=locked, how="account_deleted")
    locked.delete()
    return plan
