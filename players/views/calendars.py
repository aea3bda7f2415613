"""The calendars: a club's public nights and a player's own, as iCalendar feeds a phone's
calendar subscribes to. No login: a club's feed is public (a private club's answers 404),
a player's is behind the secret of its address (an unknown one: 404)."""

import re

from django.http import Http404, HttpResponse
from django.http.request import split_domain_port
from django.shortcuts import get_object_or_404
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

from clubs.models import Club
from players import calendars
from players.models import CalendarKey

CONTENT_TYPE = "text/calendar; charset=utf-8"
# Calendar apps fetch a feed every few hours at most; a shared cache may keep the club's
# (the same for every reader) this long.
CLUB_FEED_SECONDS = 300
# What a secret can be (players.models.new_secret: URL-safe base64): anything else (a NUL,
# which PostgreSQL refuses in a query) is no address.
SECRET = re.compile(r"[A-Za-z0-9_-]{1,64}")


def _where(request) -> dict:
    host = split_domain_port(request.get_host())[0] or "politaine"
    return {"host": host, "base": request.build_absolute_uri("/")}


@require_safe
def club_calendar(request, pk):
    club = get_object_or_404(Club, pk=pk, public=True)
    response = HttpResponse(calendars.club_feed(club, **_where(request)),
                            content_type=CONTENT_TYPE)
    patch_cache_control(response, public=True, max_age=CLUB_FEED_SECONDS)
    response["Content-Disposition"] = f'inline; filename="club-{club.pk}.ics"'
    return response


@require_safe
def my_calendar(request, secret):
    key = CalendarKey.objects.select_related("user").filter(secret=secret).first() \
        if SECRET.fullmatch(secret) else None
    if key is None or not key.user.is_active:
        raise Http404
    response = HttpResponse(calendars.player_feed(key.user, **_where(request)),
                            content_type=CONTENT_TYPE)
    patch_cache_control(response, private=True, no_store=True)
    response["X-Robots-Tag"] = "noindex"
    response["Content-Disposition"] = 'inline; filename="my-nights.ics"'
    return response
