"""Pages anyone may follow for a public tournament: standings, draw, results, bracket and a
projector mode. Each refreshes itself cheaply: a poll answers 304 while nothing changed, and
what changed is rendered once per version, then served from the cache to every spectator.
A visitor who is not signed in gets the whole page from the cache too, with their own CSRF
token and path written in."""

import functools
import re
import threading
import time
from dataclasses import dataclass
from functools import cached_property

from django.contrib import messages
from django.core.cache import cache
from django.http import HttpResponse, HttpResponseNotModified
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.utils.crypto import salted_hmac
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from tournaments.selectors import (
    StandingsOnly,
    can_organize,
    counted_totals,
    etag,
    overview,
    read_standings,
    tournament_for_public,
)

PAGES = {
    "standings": "tournaments/public/page.html",
    "draw": "tournaments/public/page.html",
    "results": "tournaments/public/page.html",
    "bracket": "tournaments/public/page.html",
    "projector": "tournaments/public/projector.html",
}
# The standings move only when a match ends; the other pages show scores hand by hand.
FINISHED_ONLY = {"standings"}
CACHE_SECONDS = 600
EVERY_ROUND = {"results", "bracket"}


def _live_html(request, tournament, page, tag, totals) -> tuple[str, str]:
    """The page's live part, the same for every spectator: rendered once per ETag (`tag`,
    made of `totals`) and kept; and the ETag it was drawn for. That is `tag`, but for
    standings read after a match ended since the tag was read (or ended and was taken
    back): they go out unkept under the tag of what was read (StandingsRead.sent_under)."""
    key = f"public:{page}:{tag}"
    html = cache.get(key)
    if html is not None:
        return html, tag
    drawn_for = tag
    # The standings page shows the standings alone, the draw and the projector the round
    # being played: only the results and the bracket need every round's tables.
    if page == "standings":
        read = read_standings(tournament)
        view, drawn_for = StandingsOnly.of(read), read.sent_under(tournament, tag, totals, page)
    else:
        # Their tags count every write and never come back: what was written after the tag
        # was read is newer, never wrong (their standings are kept_standings').
        view = overview(tournament, past_tables=page in EVERY_ROUND, players=False)
    html = render_to_string(PAGES[page] + "#live", {
        "tournament": tournament, "view": view, "page": page, "etag": drawn_for,
    }, request=request)
    if drawn_for == tag:
        cache.set(key, html, CACHE_SECONDS)
    return html, drawn_for


@dataclass(frozen=True)
class StandIns:
    """Stand-ins for what differs from one visitor to the next in a page kept in the
    (shared) cache: the same in every process of every server of one site (drawn from its
    SECRET_KEY), never in a page otherwise, and only letters and digits. The shared cache's
    key of a visitor's page names them: a server with another SECRET_KEY (a key being
    rotated) never takes one for its own."""

    csrf: str
    path: str

    @cached_property
    def key(self) -> str:
        return f"public-page:{self.csrf[4:12]}:"

    @cached_property
    def pattern(self) -> re.Pattern:
        return re.compile(f"({self.csrf}|{self.path})")


@functools.cache
def stand_ins() -> StandIns:
    """Drawn at first use, not at import: a command run without a key (makemigrations)
    imports this module through the URLs."""
    return StandIns(csrf="csrf" + salted_hmac("visitors-page", "csrf").hexdigest()[:32],
                    path="path" + salted_hmac("visitors-page", "path").hexdigest()[:32])


# Kept pages split at their stand-ins, in bytes, in this process (the latest few, for a
# minute): a visitor's answer is the pieces joined with their token and path, without
# scanning the page for the stand-ins or encoding it on every visit. A minute, so that what
# empties the shared cache (an operator, a deploy) reaches this process's visitors too.
_PIECES: dict[str, tuple[float, tuple]] = {}
_PIECES_KEPT = 64
PIECES_SECONDS = 60
_PIECES_LOCK = threading.Lock()  # a thread's keeping them (rare) never meets another's


def forget_kept_pages() -> None:
    """As the cache is cleared (tests)."""
    _PIECES.clear()


def _visitors_page(request, tournament, page, tag, totals) -> tuple[bytes, str]:
    """The whole page for a visitor who is not signed in: rendered once per ETag with
    stand-ins for the visitor's CSRF token (the language form's) and path, which are
    written in for each visitor; and the ETag it was drawn for (as _live_html)."""
    marks = stand_ins()
    key = f"{marks.key}{page}:{tag}"
    now = time.monotonic()
    kept_until, pieces = _PIECES.get(key, (0, None))
    drawn_for = tag
    if kept_until < now:
        html = cache.get(key)
        if html is None:
            live_html, drawn_for = _live_html(request, tournament, page, tag, totals)
            html = render_to_string(PAGES[page], {
                "tournament": tournament, "page": page, "etag": drawn_for,
                "live_html": mark_safe(live_html),
                "is_organizer": False, "csrf_token": marks.csrf, "next_path": marks.path,
            }, request=request)
            if drawn_for == tag:
                cache.set(key, html, CACHE_SECONDS)
        pieces = tuple(piece if piece in (marks.csrf, marks.path) else piece.encode()
                       for piece in marks.pattern.split(html))
        if drawn_for == tag:
            with _PIECES_LOCK:
                _PIECES.pop(key, None)
                while len(_PIECES) >= _PIECES_KEPT:  # the one kept longest goes
                    del _PIECES[next(iter(_PIECES))]
                _PIECES[key] = (now + PIECES_SECONDS, pieces)
    visitors = {}
    if marks.csrf in pieces:  # a page with a form (the projector has none)
        visitors[marks.csrf] = get_token(request).encode()
    if marks.path in pieces:
        visitors[marks.path] = escape(request.get_full_path()).encode()
    return b"".join(visitors[piece] if piece.__class__ is str else piece
                    for piece in pieces), drawn_for


def _page(page):
    @require_GET
    def view(request, pk):
        counted = page in FINISHED_ONLY
        tournament = tournament_for_public(pk, request.user, finished_only=counted)
        totals = counted_totals(tournament, finished_only=counted)
        tag = etag(tournament, page, totals=totals)
        if tag in request.headers.get("If-None-Match", ""):
            response = HttpResponseNotModified()
        elif request.htmx:  # a poll: the live part only
            html, tag = _live_html(request, tournament, page, tag, totals)
            response = HttpResponse(html)
        elif not request.user.is_authenticated and not messages.get_messages(request):
            html, tag = _visitors_page(request, tournament, page, tag, totals)
            response = HttpResponse(html)
        else:
            live_html, tag = _live_html(request, tournament, page, tag, totals)
            response = TemplateResponse(request, PAGES[page], {
                "tournament": tournament, "page": page, "etag": tag,
                "live_html": mark_safe(live_html),
                "is_organizer": can_organize(request.user, tournament),
            })
        response["ETag"] = tag
        # A whole page holds its reader's CSRF token (or an organizer's buttons): for their
        # browser only, never kept by a shared cache to answer someone else. The live part
        # polled by htmx is the same for everyone.
        response["Cache-Control"] = "no-cache" if request.htmx else "private, no-cache"
        response["Vary"] = "Accept-Language, Cookie, HX-Request"
        return response

    view.__name__ = f"public_{page}"
    return view


standings = _page("standings")
draw = _page("draw")
results = _page("results")
bracket = _page("bracket")
projector = _page("projector")
