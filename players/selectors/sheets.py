"""Reads of the organizer's pages of the player's door: a night's sign-up list (who is in,
who waits, the pairs to confirm, the partnership desk, who withdrew, the roster left to
add), the sign-ups not yet put into the night, a member's account and invitation, and the
requests to be linked. Each in a fixed number of queries, whatever the number of sign-ups
or members."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from clubs import selectors as clubs
from clubs.models import Club, ClubNight, Member
from players.models import Invitation, LinkRequest, Signup, SignupSheet
from players.services.signups import closes_at, entry_name, unit, window
from tournaments.models import Tournament

State = Signup.State


def night_or_404(club: Club, night_id: int) -> ClubNight:
    """The club's night with its tournament and sign-up sheet (else 404)."""
    return clubs.one_or_404(
        ClubNight.objects.filter(club=club).select_related("tournament", "signup_sheet"),
        night_id)


def sheet_of(night: ClubNight) -> SignupSheet | None:
    return getattr(night, "signup_sheet", None)


@dataclass
class SheetPage:
    """A night's sign-up list as its organizers read it."""

    night: ClubNight
    tournament: Tournament
    sheet: SignupSheet | None
    unit: str  # "player" or "pair": what one place is
    window: str  # "none", "not_open", "open", "closed"
    signed_up: list[Signup] = field(default_factory=list)  # in, in their order
    waiting: list[Signup] = field(default_factory=list)  # each with `.number`: 1, 2...
    to_confirm: list[Signup] = field(default_factory=list)
    looking: list[Signup] = field(default_factory=list)
    withdrawn: list[Signup] = field(default_factory=list)  # withdrawn or declined
    free: list[Member] = field(default_factory=list)  # the roster holding nothing tonight

    @property
    def taken(self) -> int:
        return len(self.signed_up)

    @property
    def cap(self) -> int | None:
        return self.sheet.cap if self.sheet else None

    @property
    def places_left(self) -> int | None:
        return None if self.cap is None else max(self.cap - self.taken, 0)

    @property
    def closes_at(self) -> datetime | None:
        return closes_at(self.sheet) if self.sheet else None

    @property
    def to_enter(self) -> list[Signup]:
        """The sign-ups in that are not yet the night's entries."""
        return [signup for signup in self.signed_up if signup.entry_id is None]

    @property
    def active(self) -> int:
        """The sign-ups that still hold or seek a place (told when the night is off)."""
        return len(self.signed_up) + len(self.waiting) + len(self.to_confirm) \
            + len(self.looking)

    @property
    def entered(self) -> int:
        return sum(signup.entry_id is not None for signup in self.signed_up)


def _order(signup: Signup) -> tuple:
    return (signup.position is None, signup.position or 0, signup.created_at, signup.pk)


def sheet_page(night: ClubNight, now: datetime | None = None) -> SheetPage:
    """The night (from night_or_404) and its sign-ups: three queries (the sign-ups with
    their members, the roster, whether a round is drawn) whatever their number."""
    sheet, tournament = sheet_of(night), night.tournament
    page = SheetPage(night=night, tournament=tournament, sheet=sheet,
                     unit=unit(tournament), window="none")
    if sheet is None:
        return page
    sheet.night = night  # window() reads the night's tournament: the one already read
    page.window = window(sheet, now)
    signups = sorted(Signup.objects.filter(sheet=sheet).select_related("member", "partner"),
                     key=_order)
    holding = set()
    for signup in signups:
        if signup.state == State.IN:
            page.signed_up.append(signup)
        elif signup.state == State.WAITING:
            signup.number = len(page.waiting) + 1
            page.waiting.append(signup)
        elif signup.state == State.PARTNER_TO_CONFIRM:
            page.to_confirm.append(signup)
        elif signup.state == State.LOOKING:
            page.looking.append(signup)
        else:
            page.withdrawn.append(signup)
        if signup.state in Signup.ACTIVE:
            holding.add(signup.member_id)
            if signup.partner_id and signup.state != State.LOOKING:
                holding.add(signup.partner_id)
    # A claim ended because its player now holds another (paired at the desk, or signed
    # up again) is no withdrawal: they are listed where they hold.
    page.withdrawn = sorted((signup for signup in page.withdrawn
                             if signup.member_id not in holding),
                            key=lambda signup: (signup.changed_at, signup.pk))
    page.free = [member for member in clubs.roster(night.club_id)
                 if member.pk not in holding and member.anonymized_at is None]
    return page


def signup_or_404(night: ClubNight, signup_id: int) -> Signup:
    """One of the night's sign-ups (else 404: another night's, or none)."""
    return clubs.one_or_404(
        Signup.objects.filter(sheet__night=night).select_related("member", "partner"),
        signup_id)


def proposed_names(signups: list[Signup]) -> dict[int, str]:
    """Each sign-up's team name if nobody changes it: the pair's (or the player's) names."""
    return {signup.pk: entry_name(signup) for signup in signups}


# -- a member's account, and the requests to be linked ---------------------------------

@dataclass
class MemberAccount:
    member: Member  # with its account
    invitation: Invitation | None  # the open one, if any
    requests: list[LinkRequest]  # pending, to be linked to this member


def member_account(member: Member, now: datetime | None = None) -> MemberAccount:
    """The member's account, open invitation and pending requests: three queries."""
    member = Member.objects.select_related("account").get(pk=member.pk)
    invitation = next((found for found in Invitation.objects.filter(
        member=member, used_at__isnull=True, revoked_at__isnull=True).order_by(
        "-created_at", "-id")[:1] if found.is_open(now)), None)
    requests = list(LinkRequest.objects.filter(
        member=member, decided_at__isnull=True).select_related("user"))
    return MemberAccount(member=member, invitation=invitation, requests=requests)


def pending_requests(club: Club) -> list[LinkRequest]:
    """The club's requests to be linked not yet answered, oldest first (one query)."""
    return list(LinkRequest.objects.filter(club=club, decided_at__isnull=True).select_related(
        "user", "member"))


def link_request_or_404(club: Club, request_id: int) -> LinkRequest:
    return clubs.one_or_404(
        LinkRequest.objects.filter(club=club).select_related("user", "member"), request_id)


def invitation_or_404(member: Member, invitation_id: int) -> Invitation:
    return clubs.one_or_404(Invitation.objects.filter(member=member), invitation_id)
