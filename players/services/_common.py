"""Refusals in the rules' shape (the clubs' own), who may act for a member, and the sheet's
row locked by every sign-up write."""

from django.utils.translation import gettext_noop

from clubs import selectors as clubs
from clubs.models import Member
from clubs.services._common import conflict, not_allowed, refuse
from players.models import SignupSheet

__all__ = ["conflict", "lock_sheet", "may_act_for", "not_allowed", "refuse",
           "refuse_unless_organizer"]


def lock_sheet(sheet: SignupSheet | int) -> SignupSheet:
    pk = sheet.pk if isinstance(sheet, SignupSheet) else sheet
    return SignupSheet.objects.select_for_update(of=("self",)).select_related(
        "night__tournament", "night__club").get(pk=pk)


def refuse_unless_organizer(user, club) -> None:
    if not clubs.is_organizer(user, club):
        not_allowed("not_organizer", gettext_noop("Only the club's organizers may do this."))


def may_act_for(user, member: Member, club) -> bool:
    """The member's own account, or one of the club's organizers."""
    return (getattr(user, "is_authenticated", False) and member.account_id == user.pk) \
        or clubs.is_organizer(user, club)
