"""Pages anyone may follow for a public tournament: standings, draw, results, bracket and a
projector mode. Each refreshes itself cheaply: a poll answers 304 while nothing changed, and
what changed is rendered once per version, then served from the cache to every spectator.
A visitor who is not signed in gets the whole page from the cache too, with their own path
written in."""

import functools
import gzip
import threading
import time
from dataclasses import dataclass
from functools import cached_property

from django.contrib import messages
from django.core.cache import cache
from django.http import HttpResponse, HttpResponseNotModified
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.utils.crypto import salted_hmac
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from lib.urls import cached_reverse
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
    # Polled at the page's own path, whatever path its first reader came by: the live part
    # is kept for every reader.
    html = render_to_string(PAGES[page] + "#live", {
        "tournament": tournament, "view": view, "page": page, "etag": drawn_for,
        "own_path": _own_path(page, tournament),
    }, request=request)
    if drawn_for == tag:
        cache.set(key, html, CACHE_SECONDS)
    return html, drawn_for


@dataclass(frozen=True)
class StandIn:
    """A stand-in for the visitor's path (the language form's `next`) in a page kept in the
    (shared) cache: the same in every process of every server of one site (drawn from its
    SECRET_KEY), never in a page otherwise, and only letters and digits. The shared cache's
    key of a visitor's page names it: a server with another SECRET_KEY (a key being
    rotated) never takes one for its own."""

    path: str

    @cached_property
    def key(self) -> str:
        return f"public-page:{self.path[4:12]}:"  # eight of its hex digits: the SECRET_KEY's


@functools.cache
def stand_in() -> StandIn:
    """Drawn at first use, not at import: a command run without a key (makemigrations)
    imports this module through the URLs."""
    return StandIn(path="path" + salted_hmac("visitors-page", "path").hexdigest()[:32])


class _Kept:
    """A visitor's page split at its path's stand-in, in bytes (or a page's live part,
    which has none): an answer is the pieces joined with the visitor's path, without
    scanning the page for the stand-in or encoding it on every visit. For the path most
    visitors come by (the page's own, without a query), joined once, and gzipped once: the
    page holds no secret (no CSRF token), so compressing it gives nothing away (BREACH),
    and a 128-team standings goes out in a tenth of its 50 kB, to every spectator's phone
    on the club's Wi-Fi, as each match ends. Another path to the same page (a query,
    /t/012/) is joined for its visitor, and not compressed."""

    def __init__(self, html: str, until: float, own_path: str):
        self.until = until
        self.pieces = tuple(piece.encode() for piece in html.split(stand_in().path))
        self.own_path = own_path
        self._joined: tuple[bytes, bytes] | None = None  # (plain, gzipped), for own_path

    def answer(self, request) -> HttpResponse:
        path = request.get_full_path()
        if path != self.own_path:
            return HttpResponse(escape(path).encode().join(self.pieces))
        joined = self._joined
        if joined is None:  # two threads may join it at once: they join the same thing
            plain = escape(path).encode().join(self.pieces)
            joined = self._joined = (plain, gzip.compress(plain, mtime=0))
        if not accepts_gzip(request.headers.get("Accept-Encoding", "")):
            return HttpResponse(joined[0])
        response = HttpResponse(joined[1])
        response["Content-Encoding"] = "gzip"
        return response


@functools.lru_cache(maxsize=64)  # browsers send a handful of different headers
def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an Accept-Encoding header admits gzip: named (or x-gzip, or else `*`) with a
    weight above 0 (RFC 9110, 12.5.3): "gzip;q=0" refuses it."""
    weights = {}
    for coding in accept_encoding.lower().split(","):
        name, *parameters = (part.strip() for part in coding.split(";"))
        weight = 1.0
        for parameter in parameters:
            key, _, value = parameter.partition("=")
            if key.strip() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        weights[name] = weight
    return next((weights[name] for name in ("gzip", "x-gzip", "*") if name in weights), 0) > 0


# Kept in this process (the latest few visitors' pages and live parts, for a minute). A
# minute, so that what empties the shared cache (an operator, a deploy) reaches this
# process's readers too.
_KEPT: dict[str, _Kept] = {}
_KEPT_MOST = 64
KEPT_SECONDS = 60
_KEPT_LOCK = threading.Lock()  # a thread's keeping one (rare) never meets another's


def forget_kept_pages() -> None:
    """As the cache is cleared (tests)."""
    _KEPT.clear()


def _answer_kept(request, key: str, tag: str, page, tournament,
                 draw) -> tuple[HttpResponse, str]:
    """The answer kept in this process under `key` (for a minute); else `draw()`: the HTML
    and the ETag it was drawn for, kept when that is `tag`; and that ETag."""
    now = time.monotonic()
    kept = _KEPT.get(key)
    if kept is not None and now < kept.until:
        return kept.answer(request), tag
    html, drawn_for = draw()
    kept = _Kept(html, now + KEPT_SECONDS, _own_path(page, tournament))
    if drawn_for == tag:
        with _KEPT_LOCK:
            _KEPT.pop(key, None)
            while len(_KEPT) >= _KEPT_MOST:  # the one kept longest goes
                del _KEPT[next(iter(_KEPT))]
            _KEPT[key] = kept
    return kept.answer(request), drawn_for


def _visitors_page(request, tournament, page, tag, totals) -> tuple[HttpResponse, str]:
    """The whole page for a visitor who is not signed in: rendered once per ETag with a
    stand-in for the visitor's path, written in for each visitor; and the ETag it was drawn
    for (as _live_html). It holds no CSRF token: a visitor posts nothing but the language
    switch, which needs none (config/language.py)."""
    key = f"{stand_in().key}{page}:{tag}"

    def draw():
        html = cache.get(key)
        if html is not None:
            return html, tag
        live_html, drawn_for = _live_html(request, tournament, page, tag, totals)
        html = render_to_string(PAGES[page], {
            "tournament": tournament, "page": page, "etag": drawn_for,
            "live_html": mark_safe(live_html),
            "is_organizer": False, "csrf_token": "", "next_path": stand_in().path,
        }, request=request)
        if drawn_for == tag:
            cache.set(key, html, CACHE_SECONDS)
        return html, drawn_for

    return _answer_kept(request, key, tag, page, tournament, draw)


def _own_path(page, tournament) -> str:
    return cached_reverse(f"public_{page}", pk=tournament.pk)


def _page(page):
    @require_GET
    def view(request, pk):
        counted = page in FINISHED_ONLY
        tournament = tournament_for_public(pk, request.user, finished_only=counted)
        totals = counted_totals(tournament, finished_only=counted)
        tag = etag(tournament, page, totals=totals)
        if tag in request.headers.get("If-None-Match", ""):
            response = HttpResponseNotModified()
        elif request.htmx:  # a poll: the live part only, the same for every reader
            response, tag = _answer_kept(
                request, f"live:{page}:{tag}", tag, page, tournament,
                lambda: _live_html(request, tournament, page, tag, totals))
        elif not request.user.is_authenticated and not messages.get_messages(request):
            response, tag = _visitors_page(request, tournament, page, tag, totals)
        else:
            live_html, tag = _live_html(request, tournament, page, tag, totals)
            response = TemplateResponse(request, PAGES[page], {
                "tournament": tournament, "page": page, "etag": tag,
                "live_html": mark_safe(live_html),
                "is_organizer": can_organize(request.user, tournament),
            })
        response["ETag"] = tag
        # A whole page is its reader's: a signed-in reader's holds their CSRF token (and an
        # organizer's buttons), a visitor's the path they came by. For their browser only,
        # never kept by a shared cache to answer someone else. The live part polled by htmx
        # is the same for everyone.
        response["Cache-Control"] = "no-cache" if request.htmx else "private, no-cache"
        response["Vary"] = "Accept-Encoding, Accept-Language, Cookie, HX-Request"
        return response

    view.__name__ = f"public_{page}"
    return view


standings = _page("standings")
draw = _page("draw")
results = _page("results")
bracket = _page("bracket")
projector = _page("projector")
# By their URL's name (tournaments/public_urls.py; tournaments/middleware.py).
VIEWS = {view.__name__: view for view in (standings, draw, results, bracket, projector)}
