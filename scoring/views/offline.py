"""The score keeper's page as an installable app that keeps working through a dropped
connection: its manifest, the service worker that keeps the page for a reload offline, and
the endpoint to which the page sends, in order, the hands saved on the phone meanwhile
(static/js/offline.js). Each answer says what became of the hand, in JSON; the same hand
sent twice is "already saved" (the services say so), another hand under a taken number is a
conflict showing both.
"""

import json

from django.contrib.staticfiles import finders
from django.http import Http404, HttpResponse, JsonResponse
from django.templatetags.static import static
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from scoring import display, services
from scoring.access import table_view
from scoring.errors import AlreadySaved, InvalidInput, ScoringError
from scoring.forms import fill_blanks
from scoring.views import table
from scoring.views.fragments import MatchPage

SERVICE_WORKER = "js/sw.js"
ICON_SIZES = (192, 512)
THEME_COLOR = "#0a4f96"  # the header's colour (--accent in app.css)
BACKGROUND_COLOR = "#f7f5ef"  # the page's (--paper)


@require_GET
@never_cache
def service_worker(request):
    """static/js/sw.js, served from the site's root so that its scope covers every page
    (a worker only controls pages under the folder it is served from)."""
    path = finders.find(SERVICE_WORKER)
    if path is None:  # pragma: no cover - the file ships with the app
        raise Http404
    with open(path, encoding="utf-8") as source:
        response = HttpResponse(source.read(), content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
@table_view
def manifest(request, access):
    """The web app manifest of this match's page: installed, it opens this match."""
    page = access.url("table")
    data = {
        "name": _("Politaine: %(a)s – %(b)s") % {"a": access.match.team_a.name,
                                                 "b": access.match.team_b.name},
        "short_name": _("Politaine"),
        "description": _("Score keeper for La Politaine: enter the hands, even offline."),
        "lang": get_language(),
        "start_url": page,
        "scope": page,
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": [{"src": static(f"icons/icon-{size}.png"), "sizes": f"{size}x{size}",
                   "type": "image/png", "purpose": "any"} for size in ICON_SIZES],
    }
    return HttpResponse(json.dumps(data, ensure_ascii=False),
                        content_type="application/manifest+json; charset=utf-8")


def _answer(status: int, outcome: str, message: str, **more) -> JsonResponse:
    return JsonResponse({"status": outcome, "message": message, **more}, status=status)


@require_POST
@table_view
def send(request, access):
    """A hand saved on the phone while offline, sent when the connection returns: the entry
    form's fields, as the page would have posted them. With `correct=1`, the keeper resolves
    a conflict by correcting the hand saved under that number to this one."""
    match = access.match
    correcting = request.POST.get("correct") == "1"
    page = MatchPage(request, access)
    first_hand = request.POST.get("number") == "1" and not correcting
    form = page.hand_form(fill_blanks(request.POST), first_hand=first_hand)
    if not form.is_valid():
        errors = [message for messages in form.errors.values() for message in messages]
        return _answer(422, "refused", " ".join(errors))
    number, hand = form.cleaned_data["number"], form.rules_hand
    try:
        if correcting:
            state = services.correct_hand(match=match, number=number, hand=hand,
                                          by=request.user)
            return _answer(200, "corrected", _("Hand %(number)s corrected. The score is "
                                                "%(a)s–%(b)s.") % {
                "number": number, "a": state.score.a, "b": state.score.b})
        state = services.record_hand(match=match, number=number, hand=hand, by=request.user,
                                     first_dealer=form.cleaned_data.get("first_dealer") or None)
    except AlreadySaved as resent:
        return _answer(200, "already_saved", " ".join(resent.messages(match.team_name)))
    except ScoringError as refusal:
        message = " ".join(refusal.messages(match.team_name))
        status = 422 if isinstance(refusal, InvalidInput) else 409
        saved = next((v.params["saved"] for v in refusal.violations if "saved" in v.params),
                     None)
        if saved is None:  # the match is over, a hand is missing before it, a closed round
            return _answer(status, "refused", message)
        return _answer(409, "conflict", message, number=number,
                       saved=display.describe_hand(match, saved),
                       sent=display.describe_hand(match, hand.as_dict()))
    return _answer(201, "saved", table.saved_message(access, number, state))
