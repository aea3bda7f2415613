"""Pages anyone may follow for a public tournament: standings, draw, results, bracket and a
projector mode. Each refreshes itself cheaply: a poll answers 304 while nothing changed."""

from django.http import HttpResponseNotModified
from django.template.response import TemplateResponse
from django.views.decorators.http import require_GET

from tournaments.selectors import can_organize, etag, overview, tournament_for_public

PAGES = {
    "standings": "tournaments/public/page.html",
    "draw": "tournaments/public/page.html",
    "results": "tournaments/public/page.html",
    "bracket": "tournaments/public/page.html",
    "projector": "tournaments/public/projector.html",
}


def _page(page):
    @require_GET
    def view(request, pk):
        tournament = tournament_for_public(pk, request.user)
        tag = etag(tournament, page)
        if tag in request.headers.get("If-None-Match", ""):
            response = HttpResponseNotModified()
        else:
            # htmx polls get the page's live part only; a visit gets the whole page.
            template = PAGES[page] + ("#live" if request.htmx else "")
            response = TemplateResponse(request, template, {
                "tournament": tournament, "view": overview(tournament), "page": page,
                "etag": tag, "is_organizer": can_organize(request.user, tournament),
            })
        response["ETag"] = tag
        response["Cache-Control"] = "no-cache"
        response["Vary"] = "Accept-Language, Cookie, HX-Request"
        return response

    view.__name__ = f"public_{page}"
    return view


standings = _page("standings")
draw = _page("draw")
results = _page("results")
bracket = _page("bracket")
projector = _page("projector")
