"""Reads of the player's door shared by its pages, the API and the calendars: a club's
nights ahead with their sign-up's counts, in one query whatever the club's size."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.db.models import Count, Q
from django.utils import timezone

from clubs.models import Club, ClubNight, Member
from players.models import Signup, SignupSheet
from players.services.signups import closes_at, unit, window
from tournaments.models import Tournament

# A night stays "ahead" for this long after it starts: tonight's is still listed.
STILL_AHEAD = timedelta(hours=12)


@dataclass
class NightAhead:
    night: ClubNight
    tournament: Tournament
    sheet: SignupSheet | None
    unit: str  # "player" or "pair": what one place is
    taken: int  # places held (`in`)
    waiting: int
    window: str  # the sign-up's: "none", "not_open", "open", "closed"

    @property
    def places_left(self) -> int | None:
        if self.sheet is None or self.sheet.cap is None:
            return None
        return max(self.sheet.cap - self.taken, 0)

    @property
    def cancelled(self) -> bool:
        return self.tournament.cancelled_at is not None

    @property
    def closes_at(self) -> datetime | None:
        return closes_at(self.sheet) if self.sheet else None


def zone(club: Club) -> ZoneInfo:
    return ZoneInfo(club.time_zone)


def nights_with_counts():
    return ClubNight.objects.select_related("tournament", "club", "signup_sheet").annotate(
        # distinct: the rounds' join repeats each sign-up once a round.
        taken=Count("signup_sheet__signups", distinct=True,
                    filter=Q(signup_sheet__signups__state=Signup.State.IN)),
        waiting=Count("signup_sheet__signups", distinct=True,
                      filter=Q(signup_sheet__signups__state=Signup.State.WAITING)),
        rounds=Count("tournament__rounds", distinct=True),
    )


def night_ahead(night: ClubNight, now: datetime | None = None) -> NightAhead:
    """One night as the lists show it (`night` from nights_with_counts)."""
    sheet = getattr(night, "signup_sheet", None)
    state = "none"
    if sheet is not None:
        # The night's rounds are counted on the row: not asked again per night.
        state = window(sheet, now, drawn=bool(night.rounds))
    return NightAhead(night=night, tournament=night.tournament, sheet=sheet,
                      unit=unit(night.tournament), taken=night.taken, waiting=night.waiting,
                      window=state)


def _shown(nights, public_only: bool, with_signup: bool):
    """The nights the reader may see: all (organizers), the public ones, and (a linked
    member, `with_signup`) those that take sign-ups too."""
    if not public_only:
        return nights
    shown = Q(tournament__public=True)
    if with_signup:
        shown |= Q(signup_sheet__isnull=False)
    return nights.filter(shown)


def upcoming_nights(club: Club | int, *, now: datetime | None = None,
                    public_only: bool = True, with_signup: bool = False) -> list[NightAhead]:
    """The club's nights that have a start time not yet past (give or take STILL_AHEAD),
    cancelled ones included (they say so), soonest first; with `public_only`, the nights
    anyone may follow."""
    now = now or timezone.now()
    nights = nights_with_counts().filter(
        club=club, tournament__starts_at__gte=now - STILL_AHEAD,
        tournament__closed_at__isnull=True)
    nights = _shown(nights, public_only, with_signup).order_by("tournament__starts_at", "pk")
    return [night_ahead(night, now) for night in nights]


def scheduled_nights(club: Club | int, *, public_only: bool = True, with_signup: bool = False):
    """The club's nights that have a start time, past and ahead, newest first (with
    nights_with_counts' counts: read them through night_ahead)."""
    nights = nights_with_counts().filter(club=club, tournament__starts_at__isnull=False)
    return _shown(nights, public_only, with_signup).order_by("-tournament__starts_at", "-pk")


def member_of(user, club: Club | int) -> Member | None:
    """The user's member in the club's roster, if linked."""
    if not getattr(user, "is_authenticated", False):
        return None
    club_id = club.pk if isinstance(club, Club) else club
    return Member.objects.filter(club_id=club_id, account=user).first()
