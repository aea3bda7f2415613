"""The calendars a phone subscribes to (RFC 5545, written by `icalendar`): a club's public
nights, and a player's own sign-ups behind the secret of their address.

Each night is one event:
- UID `night-<tournament id>@<host>` in the club's feed, `signup-<tournament id>@<host>` in
  a player's (two calendars of one app never hold one UID twice): the same event however
  the night changes.
- DTSTART in the club's time zone (TZID, with its VTIMEZONE); DTEND after the night's
  planned rounds (round_minutes times the Swiss or individual rounds set) when both are
  known, else DEFAULT_LENGTH.
- SEQUENCE the tournament's `version`, which every change of the night moves on (its start
  time and its cancelling among them) and never back: an app told of a higher one replaces
  the event.
- STATUS:CANCELLED for a night called off (still listed, so that the app takes it off).
- DTSTAMP the time the feed is written.

Reads (`club_nights`, `player_nights`) are two queries whatever the number of nights; the
rest (`calendar`) is plain data to text. The club's feed names no player at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.db.models import Count, IntegerField, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from icalendar import Calendar, Event

from clubs.models import Club, ClubNight
from clubs.public_names import PublicNames
from players.models import Signup
from tournaments.models import Tournament

DEFAULT_LENGTH = timedelta(hours=3)
SHORTEST = timedelta(hours=1)
# A night stays in the feeds for this long after it started.
KEPT = timedelta(days=30)
PRODID = "-//Politaine//Club nights//EN"

State = Signup.State


@dataclass(frozen=True)
class CalendarNight:
    """One night as an event: plain data, written by `calendar`."""

    uid: str
    summary: str
    starts_at: datetime  # in the club's zone
    ends_at: datetime
    location: str
    description: str
    url: str
    sequence: int
    cancelled: bool


def length(tournament: Tournament) -> timedelta:
    """How long the night plays: its planned rounds at its round length, when both are
    set; else DEFAULT_LENGTH."""
    rounds = tournament.individual_rounds if tournament.is_individual else (
        tournament.swiss_rounds if tournament.format == "swiss" else None)
    if rounds and tournament.round_minutes:
        return max(timedelta(minutes=rounds * tournament.round_minutes), SHORTEST)
    return DEFAULT_LENGTH


def _zone(club: Club) -> ZoneInfo:
    try:
        return ZoneInfo(club.time_zone)
    except (ValueError, LookupError):  # an unknown key (ZoneInfoNotFoundError is one)
        return ZoneInfo("UTC")


def _kind(tournament: Tournament) -> str:
    return f"{tournament.get_format_display()} · {tournament.variant_label}"


def _places(night: ClubNight, unit: str) -> str:
    sheet = getattr(night, "signup_sheet", None)
    if sheet is None or sheet.cap is None:
        return ""
    left = max(sheet.cap - night.taken, 0)
    if left == 0:
        return gettext("Full: a new sign-up waits for a place.")
    if unit == "pair":
        return gettext("Places left: %(left)s of %(cap)s (a place is a pair).") % {
            "left": left, "cap": sheet.cap}
    return gettext("Places left: %(left)s of %(cap)s.") % {"left": left, "cap": sheet.cap}


def _summary(tournament: Tournament) -> str:
    if tournament.cancelled_at is not None:
        return gettext("Cancelled: %(name)s") % {"name": tournament.name}
    return tournament.name


def _night(night: ClubNight, *, uid: str, description: list[str], base: str,
           url_path: str) -> CalendarNight:
    tournament = night.tournament
    starts_at = tournament.starts_at.astimezone(_zone(night.club))
    return CalendarNight(
        uid=uid, summary=_summary(tournament), starts_at=starts_at,
        ends_at=starts_at + length(tournament),
        location=tournament.place or night.club.place,
        description="\n".join(line for line in description if line),
        url=base.rstrip("/") + url_path, sequence=tournament.version,
        cancelled=tournament.cancelled_at is not None)


def _upcoming(tournament: Tournament, now: datetime) -> bool:
    return tournament.cancelled_at is None and tournament.starts_at > now


# -- the club's feed --------------------------------------------------------------------

def club_nights(club: Club, *, host: str, base: str,
                now: datetime | None = None) -> list[CalendarNight]:
    """The club's public nights with a start time, from KEPT ago on: what anyone may read
    (no player's name)."""
    now = now or timezone.now()
    nights = ClubNight.objects.filter(
        club=club, tournament__public=True, tournament__starts_at__isnull=False,
        tournament__starts_at__gte=now - KEPT,
    ).select_related("tournament", "club", "signup_sheet").annotate(
        taken=Count("signup_sheet__signups", filter=Q(signup_sheet__signups__state=State.IN)),
    ).order_by("tournament__starts_at", "pk")
    events = []
    for night in nights:
        tournament = night.tournament
        unit = "player" if tournament.is_individual else "pair"
        lines = [_kind(tournament)]
        if tournament.cancelled_at is not None:
            lines.append(gettext("This night is cancelled."))
        elif _upcoming(tournament, now):
            lines.append(_places(night, unit))
        events.append(_night(night, uid=f"night-{tournament.pk}@{host}", description=lines,
                             base=base, url_path=reverse("public_standings",
                                                         args=[tournament.pk])))
    return events


# -- a player's feed --------------------------------------------------------------------

SHOWN = (State.IN, State.WAITING, State.PARTNER_TO_CONFIRM, State.LOOKING)


def _waiting_position():
    """Where a waiting claim stands among those who wait (1: the first), in the query."""
    ahead = Signup.objects.filter(
        sheet=OuterRef("sheet"), state=State.WAITING, position__lte=OuterRef("position"),
    ).order_by().values("sheet").annotate(count=Count("pk")).values("count")
    return Coalesce(Subquery(ahead, output_field=IntegerField()), 0)


def _standing(signup: Signup, mine: set[int], names: PublicNames) -> list[str]:
    """What the player's own claim says, from their side (theirs, or one naming them)."""
    named = signup.member_id not in mine  # someone else's claim that names the player
    other = signup.member if named else signup.partner
    if signup.state == State.IN:
        state = gettext("You are signed up.")
    elif signup.state == State.WAITING:
        state = gettext("You are on the waiting list (number %(position)s).") % {
            "position": signup.waiting}
    elif signup.state == State.LOOKING:
        state = gettext("You are looking for a partner.")
    elif named:  # to confirm: the line names who asked
        return [gettext("%(name)s named you as partner: confirm it on your page.") % {
            "name": names.of(other)}]
    else:
        state = gettext("Your partner has yet to confirm.")
    lines = [state]
    if other is not None:
        lines.append(gettext("Partner: %(name)s") % {"name": names.of(other)})
    return lines


def player_nights(user, *, host: str, base: str,
                  now: datetime | None = None) -> list[CalendarNight]:
    """The nights the user's members (in any club) signed up for, or were named for as
    partner, with a start time, from KEPT ago on; a claim withdrawn or declined is not."""
    now = now or timezone.now()
    signups = Signup.objects.filter(
        Q(member__account=user, state__in=SHOWN)
        | Q(partner__account=user, state__in=(State.IN, State.WAITING,
                                              State.PARTNER_TO_CONFIRM)),
        sheet__night__tournament__starts_at__isnull=False,
        sheet__night__tournament__starts_at__gte=now - KEPT,
    ).select_related(
        "member", "partner", "sheet__night__tournament", "sheet__night__club",
    ).annotate(waiting=_waiting_position()).order_by(
        "sheet__night__tournament__starts_at", "pk")
    claims: dict[int, list[Signup]] = {}  # a night's claims (one, or looking and named)
    for signup in signups:
        claims.setdefault(signup.sheet.night.tournament_id, []).append(signup)
    events = []
    for held in claims.values():
        night = held[0].sheet.night
        tournament = night.tournament
        names = PublicNames(night.club, full=False)
        lines = []
        if tournament.cancelled_at is not None:
            lines.append(gettext("This night is cancelled."))
        for signup in held:
            mine = {m.pk for m in (signup.member, signup.partner)
                    if m is not None and m.account_id == user.pk}
            lines += _standing(signup, mine, names)
        lines += [_kind(tournament), night.club.name]
        url_path = reverse("public_standings", args=[tournament.pk]) \
            if tournament.public else reverse("me")
        events.append(_night(night, uid=f"signup-{tournament.pk}@{host}", description=lines,
                             base=base, url_path=url_path))
    return events


# -- the text ---------------------------------------------------------------------------

def calendar(name: str, nights: list[CalendarNight], *, stamp: datetime | None = None,
             ) -> bytes:
    """The feed's text: one VEVENT a night, the VTIMEZONEs their start times name."""
    stamp = stamp or timezone.now()
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", name)
    for night in nights:
        event = Event()
        event.add("uid", night.uid)
        event.add("dtstamp", stamp.astimezone(ZoneInfo("UTC")))
        event.add("sequence", night.sequence)
        event.add("summary", night.summary)
        event.add("dtstart", night.starts_at)
        event.add("dtend", night.ends_at)
        if night.location:
            event.add("location", night.location)
        if night.description:
            event.add("description", night.description)
        event.add("url", night.url)
        event.add("status", "CANCELLED" if night.cancelled else "CONFIRMED")
        cal.add_component(event)
    if nights:
        first = min(n.starts_at for n in nights).date() - timedelta(days=1)
        last = max(n.ends_at for n in nights).date() + timedelta(days=366)
        cal.add_missing_timezones(first_date=first, last_date=last)
    return cal.to_ical()


def club_feed(club: Club, *, host: str, base: str) -> bytes:
    return calendar(club.name, club_nights(club, host=host, base=base))


def player_feed(user, *, host: str, base: str) -> bytes:
    return calendar(gettext("My club nights"), player_nights(user, host=host, base=base))
