"""iCalendar feeds (RFC 5545, through `icalendar`): a club's public nights and a player's
own sign-ups. First version: one event per night."""

from datetime import timedelta

from icalendar import Calendar, Event

from clubs.models import ClubNight
from players.models import Signup

DEFAULT_LENGTH = timedelta(hours=3)


def _calendar(name: str) -> Calendar:
    cal = Calendar()
    cal.add("prodid", "-//Politaine//club nights//EN")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", name)
    return cal


def _event(night: ClubNight, host: str) -> Event:
    tournament = night.tournament
    event = Event()
    event.add("uid", f"night-{tournament.pk}@{host}")
    event.add("summary", tournament.name)
    event.add("dtstart", tournament.starts_at)
    event.add("dtend", tournament.starts_at + DEFAULT_LENGTH)
    event.add("sequence", tournament.version)
    if tournament.cancelled_at:
        event.add("status", "CANCELLED")
    return event


def club_feed(club, *, host: str, base: str) -> bytes:
    cal = _calendar(club.name)
    nights = ClubNight.objects.select_related("tournament").filter(
        club=club, tournament__public=True, tournament__starts_at__isnull=False)
    for night in nights:
        cal.add_component(_event(night, host))
    return cal.to_ical()


def player_feed(user, *, host: str, base: str) -> bytes:
    cal = _calendar(str(user))
    signups = Signup.objects.select_related("sheet__night__tournament").filter(
        member__account=user, state__in=Signup.ACTIVE,
        sheet__night__tournament__starts_at__isnull=False)
    for signup in signups:
        cal.add_component(_event(signup.sheet.night, host))
    return cal.to_ical()
