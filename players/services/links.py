"""A user account linked to a member of a club's roster: by the organizer's personal
invitation (single use, INVITATION_DAYS, revocable), or by the user's request that an
organizer approves. One account per member, one member per club per account; either side
unlinks in one step. Each link and unlink is a step of the club's history."""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from clubs.models import Club, ClubEvent, Member
from clubs.services._common import lock
from players.models import INVITATION_DAYS, Invitation, LinkRequest, Notice
from players.services._common import (
    conflict,
    may_act_for,
    not_allowed,
    refuse_unless_organizer,
)
from players.services.notices import notify


def _refuse_if_linked(member: Member) -> None:
    if member.account_id is not None:
        conflict("member_linked", gettext_noop(
            "This player of the roster is already linked to an account."), "member")


def _refuse_if_user_linked(club: Club, user) -> None:
    if Member.objects.filter(club=club, account=user).exists():
        conflict("already_linked", gettext_noop(
            "Your account is already linked to a player of this club."))


def _link(member: Member, user, *, by, how: str) -> Member:
    member.account = user
    member.save(update_fields=["account"])
    # Asked elsewhere, or invited twice: what is left open about either is settled.
    now = timezone.now()
    LinkRequest.objects.filter(club_id=member.club_id, decided_at__isnull=True).filter(
        member=member).update(decided_at=now, decided_by=by, approved=False)
    LinkRequest.objects.filter(club_id=member.club_id, user=user,
                               decided_at__isnull=True).update(
        decided_at=now, decided_by=by, approved=False)
    Invitation.objects.filter(member=member, used_at__isnull=True,
                              revoked_at__isnull=True).update(revoked_at=now)
    ClubEvent.objects.create(club_id=member.club_id, kind=ClubEvent.Kind.ACCOUNT_LINKED,
                             member=member, by=by, params={"how": how})
    notify(member, Notice.Kind.LINKED)
    return member


@transaction.atomic
def invite(*, club: Club, member: Member, by, email: str = "") -> Invitation:
    """A new personal link for `member` (the previous one, if still open, stops working)."""
    club = lock(club)
    refuse_unless_organizer(by, club)
    member = Member.objects.get(pk=member.pk, club=club)
    _refuse_if_linked(member)
    now = timezone.now()
    Invitation.objects.filter(member=member, used_at__isnull=True,
                              revoked_at__isnull=True).update(revoked_at=now)
    invitation = Invitation.objects.create(club=club, member=member, email=email.strip(),
                                           created_by=by, created_at=now,
                                           expires_at=now + timedelta(days=INVITATION_DAYS))
    if invitation.email:
        transaction.on_commit(lambda: _email_invitation(invitation.pk))
    return invitation


def _email_invitation(invitation_id: int) -> None:
    # Once the invitation is kept; a server that fails it fails no write (players.emails).
    from players import emails

    emails.send_invitation(invitation_id)


@transaction.atomic
def revoke_invitation(*, invitation: Invitation, by) -> Invitation:
    club = lock(invitation.club_id)
    refuse_unless_organizer(by, club)
    invitation = Invitation.objects.get(pk=invitation.pk)
    if invitation.used_at is not None:
        conflict("invitation_used", gettext_noop("This invitation has been used already."))
    if invitation.revoked_at is None:
        invitation.revoked_at = timezone.now()
        invitation.save(update_fields=["revoked_at"])
    return invitation


def refuse_closed_invitation(invitation: Invitation) -> None:
    """Why an invitation can no longer be accepted, if it cannot."""
    if invitation.used_at is not None:
        conflict("invitation_used", gettext_noop("This invitation has been used already."))
    if invitation.revoked_at is not None:
        conflict("invitation_revoked", gettext_noop(
            "This invitation was withdrawn by the club. Ask an organizer for a new one."))
    if invitation.expires_at <= timezone.now():
        conflict("invitation_expired", gettext_noop(
            "This invitation has expired. Ask an organizer for a new one."))


@transaction.atomic
def accept_invitation(*, token: str, user) -> Member:
    invitation = Invitation.objects.filter(token=token).first()
    if invitation is None:
        conflict("invitation_unknown", gettext_noop("This invitation link is not known."))
    club = lock(invitation.club_id)
    invitation = Invitation.objects.select_related("member").get(pk=invitation.pk)
    refuse_closed_invitation(invitation)
    member = Member.objects.get(pk=invitation.member_id)
    _refuse_if_linked(member)
    _refuse_if_user_linked(club, user)
    invitation.used_at = timezone.now()
    invitation.used_by = user
    invitation.save(update_fields=["used_at", "used_by"])
    return _link(member, user, by=user, how="invitation")


@transaction.atomic
def ask_to_link(*, club: Club, member: Member, user) -> LinkRequest:
    club = lock(club)
    member = Member.objects.get(pk=member.pk, club=club)
    _refuse_if_user_linked(club, user)
    _refuse_if_linked(member)
    if LinkRequest.objects.filter(club=club, user=user, decided_at__isnull=True).exists():
        conflict("already_asked", gettext_noop(
            "You have asked already: an organizer of the club will answer."))
    return LinkRequest.objects.create(club=club, member=member, user=user)


@transaction.atomic
def decide_link_request(*, request: LinkRequest, by, approve: bool) -> LinkRequest:
    club = lock(request.club_id)
    refuse_unless_organizer(by, club)
    request = LinkRequest.objects.select_related("member", "user").get(pk=request.pk)
    if request.decided_at is not None:
        conflict("request_decided", gettext_noop("This request has been answered already."))
    if approve:
        member = Member.objects.get(pk=request.member_id)
        _refuse_if_linked(member)
        _refuse_if_user_linked(club, request.user)
        _link(member, request.user, by=by, how="request")
    request.decided_at = timezone.now()
    request.decided_by = by
    request.approved = approve
    request.save(update_fields=["decided_at", "decided_by", "approved"])
    return request


@transaction.atomic
def withdraw_link_request(*, request: LinkRequest, user) -> None:
    lock(request.club_id)
    if request.user_id != user.pk:
        not_allowed("not_yours", gettext_noop("This request is someone else's."))
    LinkRequest.objects.filter(pk=request.pk, decided_at__isnull=True).delete()


@transaction.atomic
def unlink(*, member: Member, by, how: str = "") -> Member:
    """The member's account, or an organizer, ends the link: the account keeps nothing of
    the club's, the member keeps their results. `how`: "account_deleted" when the account
    goes (its history entry says so)."""
    club = lock(member.club_id)
    member = Member.objects.get(pk=member.pk)
    if not may_act_for(by, member, club):
        not_allowed("not_yours", gettext_noop("Only the player or the club's organizers may "
                                              "do this."))
    if member.account_id is None:
        return member
    member.account = None
    member.save(update_fields=["account"])
    ClubEvent.objects.create(club_id=member.club_id, kind=ClubEvent.Kind.ACCOUNT_UNLINKED,
                             member=member, by=by, params={"how": how} if how else {})
    return member
