"""The opponents' page: the team that is not keeping score follows the match, read-only and
live, and confirms or disputes its score (scoring/confirmations.py).

Reached only by the secret of the opponents' link (the QR code of the opponents' slip). The
page polls its live part as the table page does (304 while nothing changed); its forms post
and redirect, so it works without JavaScript. Each form carries the match's version its
page showed: a score that changed since is refused (409), and the page shows it as it is.
"""

from django.conf import settings
from django.contrib import messages
from django.http import HttpResponseNotModified
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from scoring import confirmations, extensions
from scoring.errors import Conflict, ScoringError, render
from scoring.models import DISPUTE_REASON_MAX, Confirmation, ConfirmationMode
from scoring.permissions import can_keep_score
from scoring.selectors import match_for_opponents, table_page
from scoring.standing import standing_text

TEMPLATE = "scoring/opponents.html"


def _etag(match, closed) -> str:
    # A round or a tournament closed changes no match: the refusal's code is in the tag.
    return (f'W/"o{match.pk}-{match.version}-{closed.code if closed else ""}-{get_language()}'
            f'-{settings.RELEASE}"')


def _context(request, match, closed) -> dict:
    page = table_page(match)
    state = page.state
    confirmed = match.confirmed_hands
    by_hand = match.confirmation_mode == ConfirmationMode.HAND and not match.from_paper
    asks = match.confirmation_mode != ConfirmationMode.NONE
    return {
        "match": match,
        "state": state,
        "standing": standing_text(match, state),
        "tournament": extensions.reference(match),
        "teams": [{"code": code, "name": match.team_name(code), "score": state.score.of(code)}
                  for code in ("a", "b")],
        "rows": [{"row": row, "confirmed": row.line.number <= confirmed} for row in page.rows],
        "by_hand": by_hand,
        # Which waiting hand a dispute is about, when more than one waits.
        "waiting_hands": list(range(confirmed + 1, match.hand_count + 1)) if by_hand else [],
        "can_answer": not closed and match.confirmation in (Confirmation.WAITING,
                                                            Confirmation.DISPUTED),
        "can_dispute": asks and not closed,
        # A result is final when the night is (scoring.extensions.answer_refusal).
        "closed": render(closed, match.team_name) if closed and asks else "",
        "open_until": extensions.open_until(match) if asks and not closed else None,
        "steps": confirmations.history(match),
        "etag": _etag(match, closed),
        "token": match.opponents_token,
    }


@require_GET
def page(request, token):
    match = match_for_opponents(token)
    return TemplateResponse(request, TEMPLATE, _context(
        request, match, extensions.answer_refusal(match)))


@require_GET
def live(request, token):
    """The live part of the page, polled every few seconds."""
    match = match_for_opponents(token)
    closed = extensions.answer_refusal(match)
    etag = _etag(match, closed)
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    else:
        response = TemplateResponse(request, f"{TEMPLATE}#live",
                                    _context(request, match, closed))
    response["ETag"] = etag
    # Its forms hold this phone's CSRF token: never kept by a shared cache for another.
    response["Cache-Control"] = "private, no-cache"
    return response


def _hand(request) -> int | None:
    """The hand a dispute names (the form's choice), or none: the last."""
    value = request.POST.get("hand", "")
    return int(value) if value.isascii() and value.isdecimal() and len(value) <= 4 else None


def _seen(request) -> int | None:
    """The match's version the page showed (its hidden input): what the answer is about."""
    value = request.POST.get("version", "")
    return int(value) if value.isascii() and value.isdecimal() and len(value) <= 10 else None


def _answer(request, match, write, done: str):
    """Write the answer and go back to the page; refused (the score changed since the page
    was loaded, say), the page as it is now, with the reason and the status (409 or 422)."""
    try:
        write()
    except ScoringError as refusal:
        for message in refusal.messages(match.team_name):
            messages.error(request, message)
        match = match_for_opponents(match.opponents_token)  # as it stands now
        context = _context(request, match, extensions.answer_refusal(match))
        context["reason"] = request.POST.get("reason", "")[:DISPUTE_REASON_MAX]
        return TemplateResponse(request, TEMPLATE, context,
                                status=409 if isinstance(refusal, Conflict) else 422)
    messages.success(request, done)
    return redirect("opponents", token=match.opponents_token)


def _via(request, match) -> str:
    """An organizer (a keeper through an account) on this page answers for the team, and
    the history says so; anyone else answers as the opponents."""
    if can_keep_score(request.user, match):
        return confirmations.Via.ORGANIZER
    return confirmations.Via.OPPONENTS_LINK


@require_POST
def confirm(request, token):
    match = match_for_opponents(token)
    return _answer(request, match, lambda: confirmations.confirm(
        match=match, via=_via(request, match), by=request.user,
        seen_version=_seen(request)), _("Thank you: the score is confirmed."))


@require_POST
def dispute(request, token):
    match = match_for_opponents(token)
    return _answer(request, match, lambda: confirmations.dispute(
        match=match, via=_via(request, match), by=request.user,
        reason=request.POST.get("reason", ""), hand=_hand(request),
        seen_version=_seen(request)),
        _("Your dispute is sent to the organizers. Talk it over with the score keeper: a "
          "correction asks for your confirmation again."))
