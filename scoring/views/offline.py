"""The score keeper's page as an installable app that keeps working through a dropped
connection: its manifest, the service worker that keeps the page for a reload offline, and
the endpoint to which the page sends, in order, the hands (four sevens, redeals) saved on the
phone meanwhile (static/js/offline.js). Each answer says what became of it, in JSON; the same
hand or redeal sent twice is "already saved" (the services say so), another hand under a
taken number is a conflict showing both.
"""

import json

from django.contrib.staticfiles import finders
from django.http import Http404, HttpResponse, JsonResponse
from django.templatetags.static import static
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from scoring import display, rules, services
from scoring.access import table_view
from scoring.errors import AlreadySaved, InvalidInput, ScoringError
from scoring.forms import FourSevensForm, fill_blanks
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
        "name": _("Politaine: %(a)s – %(b)s") % {"a": access.match.team_name("a"),
                                                 "b": access.match.team_name("b")},
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
    """What the keeper saved on the phone while offline, sent when the connection returns:
    the fields of the form it was saved with, as the page would have posted them. `entry`
    says which: a played hand (the entry form's fields; the default), `four_sevens` (the
    four sevens form's number, team and confirmation) or `redeal` (with `redeals`, which of
    the match's redeals it is). With `correct=1`, the keeper resolves a conflict by
    correcting the hand saved under that number to this one."""
    match = access.match
    entry = request.POST.get("entry") or "hand"
    if entry == "redeal":
        return _send_redeal(request, access)
    correcting = request.POST.get("correct") == "1"
    if entry == "four_sevens":
        form = FourSevensForm(request.POST)
        if not form.is_valid():
            return _refused_form(form)
        number = form.cleaned_data["number"]
        hand, first_dealer = rules.Hand.four_sevens(form.cleaned_data["team"]), None
    elif entry == "hand":
        page = MatchPage(request, access)
        first_hand = request.POST.get("number") == "1" and not correcting
        form = page.hand_form(fill_blanks(request.POST), first_hand=first_hand)
        if not form.is_valid():
            return _refused_form(form)
        number, hand = form.cleaned_data["number"], form.rules_hand
        first_dealer = form.cleaned_data.get("first_dealer") or None
    else:
        return _answer(422, "refused", _("This phone sent something the app does not know. "
                                         "Reload the page."))
    try:
        if correcting:
            state = services.correct_hand(match=match, number=number, hand=hand,
                                          by=request.user)
            return _answer(200, "corrected", _("Hand %(number)s corrected. The score is "
                                                "%(a)s–%(b)s.") % {
                "number": number, "a": state.score.a, "b": state.score.b})
        state = services.record_hand(match=match, number=number, hand=hand, by=request.user,
                                     first_dealer=first_dealer)
    except AlreadySaved as resent:
        return _answer(200, "already_saved", " ".join(resent.messages(match.team_name)))
    except ScoringError as refusal:
        saved = next((v.params["saved"] for v in refusal.violations if "saved" in v.params),
                     None)
        if saved is None:  # the match is over, a hand is missing before it, a closed round
            return _refusal(match, refusal)
        return _answer(409, "conflict", " ".join(refusal.messages(match.team_name)),
                       number=number, saved=display.describe_hand(match, saved),
                       sent=display.describe_hand(match, hand.as_dict()))
    if hand.kind == rules.HandKind.FOUR_SEVENS:
        return _answer(201, "saved", _("Four sevens: the match is over."))
    return _answer(201, "saved", table.saved_message(access, number, state))


def _send_redeal(request, access):
    """A redeal kept on the phone: noted once, however often it is sent (its `redeals`)."""
    ordinal = request.POST.get("redeals", "")
    if not (ordinal.isascii() and ordinal.isdigit() and 0 < len(ordinal) < 6):
        return _answer(422, "refused", _("This phone sent something the app does not know. "
                                         "Reload the page."))
    try:
        services.note_redeal(match=access.match, ordinal=int(ordinal))
    except AlreadySaved as resent:
        return _answer(200, "already_saved", " ".join(resent.messages(access.match.team_name)))
    except ScoringError as refusal:
        return _refusal(access.match, refusal)
    return _answer(201, "saved", _("Redeal noted: the same dealer deals again."))


def _refused_form(form) -> JsonResponse:
    errors = [message for messages in form.errors.values() for message in messages]
    return _answer(422, "refused", " ".join(errors))


def _refusal(match, refusal: ScoringError) -> JsonResponse:
    status = 422 if isinstance(refusal, InvalidInput) else 409
    return _answer(status, "refused", " ".join(refusal.messages(match.team_name)))
