"""Pages anyone may follow for a public tournament: standings, draw, results, bracket and a
projector mode.

Every projector and phone in the room polls them. A request reads the tournament and its
results version (its ETag's) in one query; a poll (or a reload) that finds nothing new gets
a 304. The live part, the same for every reader, is rendered once per ETag and kept in the
cache; the page around it is rendered for its reader, with their own path and CSRF token.
"""

import hashlib

from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.views.decorators.http import require_GET

from tournaments import kept_pages, public_names
from tournaments.etags import etag
from tournaments.overview import StandingsOnly, overview
from tournaments.selectors import can_organize, read_standings, tournament_for_public
from tournaments.single_flight import once
from tournaments.standings_cache import STANDINGS_SECONDS

# The pages of kept_pages.PAGES, whose live parts the cache keeps.
TEMPLATES = {
    "standings": "tournaments/public/page.html",
    "draw": "tournaments/public/page.html",
    "results": "tournaments/public/page.html",
    "bracket": "tournaments/public/page.html",
    "projector": "tournaments/public/projector.html",
}
# The standings move only when a match ends; the other pages show scores hand by hand.
FINISHED_ONLY = kept_pages.FINISHED_ONLY
# Only the results and the bracket show every round's tables; the draw and the projector
# show the round being played.
EVERY_ROUND = {"results", "bracket"}


@require_GET
def public_page(request, pk: int, page: str):
    """One of the public pages (`page`, a key of TEMPLATES, given by the URL); its live
    part alone for htmx's poll."""
    tournament = tournament_for_public(pk, request.user)
    tag = etag(tournament, page, finished_only=page in FINISHED_ONLY)
    response = get_conditional_response(request, etag=_as_read_by(request, tag))
    if response is None:
        live = live_part(request, tournament, page, tag)
        if request.htmx:
            response = HttpResponse(live)
        else:
            response = TemplateResponse(request, TEMPLATES[page], {
                "tournament": tournament, "page": page, "live": live,
                "is_organizer": can_organize(request.user, tournament),
            })
    response["ETag"] = _as_read_by(request, tag)
    # A whole page is its reader's (their path, their CSRF token, an organizer's links):
    # for their browser only, as every answer is (config.middleware). The live part that
    # htmx polls is the same for everyone who may read it: a shared cache may keep it.
    patch_cache_control(response, no_cache=True,
                        **({"public": True} if request.htmx and tournament.public else {}))
    # On the 304 too: a browser takes a 304's headers for the copy it keeps.
    patch_vary_headers(response, ("Cookie", "Accept-Language", "HX-Request"))
    return response


def _as_read_by(request, tag: str) -> str:
    """A whole page's ETag: the tournament's, and who reads it (their session: signing in or
    out, or in as someone else, draws the page anew, with its name, links and CSRF token).
    The live part's is the tournament's alone."""
    if request.htmx:
        return tag
    session = request.session.session_key or ""
    reader = hashlib.sha256(session.encode()).hexdigest()[:12] if session else "anonymous"
    return f'{tag[:-1]}-{reader}"'


def live_part(request, tournament, page: str, tag: str) -> str:
    """The page's live part, rendered once per ETag (`tag`) and kept. A tag never comes
    back: what was written after it was read is newer, never wrong."""
    key = kept_pages.live_part_key(page, tag)
    html = cache.get(key)  # render_to_string's SafeString, as it was kept
    if html is not None:
        return html
    # Drawn once for the threads that ask at the same moment (a room arriving at once).
    return once(key, lambda: _draw_live_part(request, tournament, page, tag, key))


def _draw_live_part(request, tournament, page, tag, key) -> str:
    if page == "standings":
        read = read_standings(tournament)
        view = StandingsOnly(read.standings, read.provisional)
    else:
        view = overview(tournament, past_tables=page in EVERY_ROUND, players=False)
    view = public_names.for_the_public(view, tournament)
    html = render_to_string(TEMPLATES[page] + "#live", {
        "tournament": tournament, "view": view, "page": page, "etag": tag,
        # Kept for every reader, whatever path the first one came by: polled at its own.
        "own_path": reverse(f"public_{page}", args=[tournament.pk]),
    }, request=request)
    cache.set(key, html, STANDINGS_SECONDS)
    return html


@require_GET
def player_page(request, pk: int, entry_id: int):
    """A player's own night at an individual night: where they sit this round, with whom,
    their rounds so far and their place; live (its part alone for htmx's poll, 304 while
    nothing changed). Opened from the player's name card or the list of seats."""
    tournament = tournament_for_public(pk, request.user)
    if not tournament.is_individual:
        raise Http404
    tag = etag(tournament, "player", str(entry_id))
    response = get_conditional_response(request, etag=_as_read_by(request, tag))
    if response is None:
        view = public_names.for_the_public(overview(tournament, players=False), tournament)
        player = view.entry_by_id.get(entry_id)
        if player is None:
            raise Http404
        context = {"tournament": tournament, "view": view, "player": player,
                   "night": view.night_of(entry_id), "standing": view.standing_of(entry_id),
                   "etag": tag, "own_path": request.path}
        template = "tournaments/public/player.html" + ("#live" if request.htmx else "")
        response = TemplateResponse(request, template, context)
    response["ETag"] = _as_read_by(request, tag)
    patch_cache_control(response, no_cache=True, private=True)
    patch_vary_headers(response, ("Cookie", "Accept-Language", "HX-Request"))
    return response
