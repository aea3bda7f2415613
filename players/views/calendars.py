"""The calendars: a club's public nights and a player's own, as iCalendar feeds a phone's
calendar subscribes to (no login: a club's feed is public, a player's is behind its
secret)."""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404

from clubs.models import Club
from players import calendars
from players.models import CalendarKey

CONTENT_TYPE = "text/calendar; charset=utf-8"


def club_calendar(request, pk):
    club = get_object_or_404(Club, pk=pk)
    if not club.public:
        raise Http404
    response = HttpResponse(calendars.club_feed(club, host=request.get_host(),
                                                base=request.build_absolute_uri("/")),
                            content_type=CONTENT_TYPE)
    response["Cache-Control"] = "public, max-age=300"
    return response


def my_calendar(request, secret):
    key = CalendarKey.objects.select_related("user").filter(secret=secret).first()
    if key is None:
        raise Http404
    response = HttpResponse(calendars.player_feed(key.user, host=request.get_host(),
                                                  base=request.build_absolute_uri("/")),
                            content_type=CONTENT_TYPE)
    response["Cache-Control"] = "private, no-store"
    return response
