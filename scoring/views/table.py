"""The match page at the table: enter, check, correct and undo hands; follow the score.

HTMX requests get the page's fragments (`{% partialdef %}` blocks of scoring/table.html);
other requests get the whole page, and every form posts and redirects without JavaScript.
"""

from django.contrib import messages
from django.http import HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import reswap

from scoring import rules, services
from scoring.access import TableAccess, table_view
from scoring.display import seat_label
from scoring.errors import AlreadySaved, ScoringError
from scoring.forms import (
    FourSevensForm,
    HandForm,
    UndoForm,
    autofill,
    fill_blanks,
    fill_points_from_count,
)
from scoring.links import QR_SECONDS, qr_svg_file, qr_version, scorekeeper_link
from scoring.selectors import Version, match_version, new_lines
from scoring.views.fragments import MatchPage, etag_of, live_etag, number_from

TEMPLATE = "scoring/table.html"
# Codes that only say an input is still empty: not worth a message while typing.
STILL_TYPING = {"points_missing", "tricks_missing"}


def _fresh(access: TableAccess) -> TableAccess:
    """The access with the match's state as the database has it now (after a refused
    write, which may have lost to another phone's)."""
    access.match.refresh_from_db(fields=services.WRITTEN_FIELDS)
    return access


def _render(request, context, partial=None, *, status=200):
    """The page, or one of its fragments (`partial`), with the context built for it."""
    template = f"{TEMPLATE}#{partial}" if partial else TEMPLATE
    return TemplateResponse(request, template, context, status=status)


def _page(request, access, *, status=200, **whole):
    return _render(request, MatchPage(request, access).whole(**whole), status=status)


@require_GET
@table_view
def table(request, access):
    return _page(request, access)


@require_GET
@table_view
def qr_code(request, access):
    """The score keeper link as a QR code, the image of the page's "another phone" card.
    Its address names the link (`v`): the browser keeps it as long as it likes, and a new
    link's page asks for another address. Asked under another name (a page drawn before
    "Make a new link"), it is the current link's, never kept."""
    link = scorekeeper_link(request, access.match)
    response = HttpResponse(qr_svg_file(link), content_type="image/svg+xml")
    if request.GET.get("v") == qr_version(link):
        patch_cache_control(response, private=True, max_age=QR_SECONDS, immutable=True)
    else:
        patch_cache_control(response, private=True, no_cache=True)
    return response


@require_GET
def live(request, pk=None, token=None):
    """The scoreboard and history, polled by every phone on the match.

    Answers 304 while nothing changed (the version of the match is in the ETag): a poll
    via the link costs one small query, of the match's version alone, and nothing else
    runs for it. Anything else (a change, or a caller only the full check admits) goes on
    to the fragments.
    """
    known = request.headers.get("If-None-Match", "")
    if known:
        entry_number = number_from(request.GET.get("number"))
        found = match_version(pk=pk, token=token)
        if found is not None and _may_poll(request, found, token):
            etag = etag_of(found.pk, found.version, entry_number)
            if etag in known:
                return live_headers(HttpResponseNotModified(), etag)
    return _live(request, pk=pk, token=token)


def _may_poll(request, found: Version, token) -> bool:
    """Who may have a 304 without the full check: the link's holder, the match's owner, a
    superuser (others, a tournament's organizers, go through table_view's)."""
    if token is not None:
        return True
    user = request.user
    return user.is_authenticated and (found.owner_id == user.pk or user.is_superuser)


def live_headers(response, etag):
    response["ETag"] = etag
    # Its forms hold this phone's CSRF token: never kept by a shared cache for another.
    response["Cache-Control"] = "private, no-cache"
    return response


@table_view
def _live(request, access):
    entry_number = number_from(request.GET.get("number"))
    etag = live_etag(access.match, entry_number)
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    else:
        # A phone where nobody is typing moves on to the hand to enter now; one where
        # somebody is keeps its form, and is told the hands changed.
        moves_on = (
            entry_number is not None
            and entry_number != access.match.hand_count + 1
            and HandForm.is_blank(request.GET)
        )
        # A hand being corrected on this phone keeps its open form (hx-preserve).
        page = MatchPage(request, access)
        if moves_on:  # polls from now on as a phone on the hand to enter
            form = page.entry_form()
            entry_number = form.entry_number if form else None
        # A phone that showed the match before hands were added (and nothing else written)
        # gets their rows alone; any other change draws the history again.
        added = access.match.hands_added_since(number_from(request.GET.get("shown")))
        # (None when a write came between the match's read and its hands': drawn whole.)
        lines = new_lines(access.match, access.match.hand_count - added) \
            if added and not page.read_only else None
        history = (page.added_rows(lines) if lines
                   else page.history(preserve_number=number_from(request.GET.get("editing"))))
        context = {
            **page.scoreboard(entry_number=entry_number),
            **history, "rows_added": bool(lines),
            **(page.entry() if moves_on else {}), "entry_oob": moves_on,
            # A phone that keeps its form is told there, where it is about to save, when
            # the hands changed under it (and Save waits), or that they no longer differ.
            "conflict_oob": not moves_on and entry_number is not None,
        }
        response = _render(request, context, "live")
    return live_headers(response, etag)


def _after_write(request, access, message, *, state: rules.MatchState | None = None,
                 entry=True, status=200, error=False, one_row=False, dealer=False):
    """After a write (or a refused one): fresh fragments for htmx, or back to the page.

    `state` is the write's new state: the service brought `access.match` up to date with
    it, so the fragments are drawn from both without reading the match or its hands again.
    Without it (a refusal) the match is read afresh. With `one_row` (a hand added by a
    phone that showed every other hand), the history gets its new row, not drawn whole,
    unless the hand made the link read-only (its history is then drawn without buttons).
    """
    if state is None:
        access = _fresh(access)
    if not request.htmx:
        if error:
            return _page(request, access, status=status, flash=[("error", message)])
        messages.success(request, message)
        return redirect(access.url("table"))
    page = MatchPage(request, access, state)
    one_row = one_row and not page.read_only
    form = page.entry_form()
    context = {
        **page.scoreboard(entry_number=form.entry_number if form else None),
        **page.flash([("error" if error else "success", message)]),
        **(page.new_hand() if one_row else page.history()),
        **(page.entry(form=form) if entry else {}), "entry_oob": entry,
        # The form left as it is still says who deals its hand (the first dealer changed).
        **(page.entry_dealer() if dealer and not entry else {}),
        "dealer_oob": dealer and not entry and form is not None,
    }
    response = _render(request, context, "after_hand" if one_row else "after_write",
                       status=status)
    # Every part of the page comes out of band; nothing goes into the requesting element.
    return reswap(response, "none")


def _refused(request, access, refusal: ScoringError, *, entry=True):
    """A write the match refuses as it stands now: say why, and show where it stands."""
    message = " ".join(refusal.messages(access.match.team_name))
    return _after_write(request, access, message, entry=entry, status=409, error=True)


def _already_saved(request, access, resent: AlreadySaved):
    """The same hand sent again (a retry after a lost answer): a success, nothing doubled."""
    return _after_write(request, access, " ".join(resent.messages(access.match.team_name)))


def saved_message(access, number, state: rules.MatchState):
    if state.finished:  # the scoreboard says who won
        return _("Hand %(number)s saved. The match is over.") % {"number": number}
    return _("Hand %(number)s saved. The score is %(a)s–%(b)s.") % {
        "number": number,
        "a": state.score.a,
        "b": state.score.b,
    }


def _saw_every_other_hand(request, access) -> bool:
    """Whether the phone that saved this hand showed the match as it was just before: drawn
    at the version this write followed (no other write since). Then its answer adds one row
    to that history (opens it, on the first hand) instead of drawing it all again."""
    seen = number_from(_seen(request))
    return seen is not None and seen + 1 == access.match.version


def _seen(request) -> str:
    """The version the phone's history shows, as its form sent it (digits, or nothing)."""
    seen = request.POST.get("seen", "")
    return seen if seen.isascii() and seen.isdigit() and len(seen) <= 18 else ""


@require_POST
@table_view
def record(request, access):
    page = MatchPage(request, access)
    form = page.hand_form(fill_blanks(request.POST), first_hand=access.match.hand_count == 0)
    if form.is_valid():
        number = form.cleaned_data["number"]
        try:
            state = services.record_hand(
                match=access.match, number=number, hand=form.rules_hand, by=request.user,
                first_dealer=form.cleaned_data.get("first_dealer") or None,
            )
        except AlreadySaved as resent:
            return _already_saved(request, access, resent)
        except ScoringError as refusal:
            return _refused(request, access, refusal)
        return _after_write(request, access, saved_message(access, number, state),
                            state=state, one_row=_saw_every_other_hand(request, access))
    if request.htmx:
        # Only the form is drawn again: it hands on the version the phone's history shows.
        return _render(request, page.entry(form=form, seen=_seen(request)), "entry",
                       status=422)
    return _page(request, access, status=422, form=form)


@require_POST
@table_view
def check(request, access):
    """Live validation while the keeper types: messages beside the fields, the other team's
    share filled in, and what the hand would give."""
    return _live_check(request, access)


@require_POST
@table_view
def check_correction(request, access, number):
    """The live check of a correction, as of the entry form."""
    return _live_check(request, access, correcting=number)


def _live_check(request, access, correcting=None):
    if not request.htmx:
        return redirect(access.url("table"))
    # The input that sent the check, and the shares typed before a slow phone's scripts ran.
    typed = [request.htmx.trigger_name, *request.POST.get("typed", "").split(",")[:8]]
    data, filled = autofill(request.POST, typed)
    page = MatchPage(request, access)
    form = page.hand_form(data, correcting=correcting)
    if form.is_valid() and form.rules_hand.count is not None:
        # Counted cards give the points: write them in for the keeper to see.
        data, from_count = fill_points_from_count(data, form.preview_points())
        filled.update(from_count)
        form = page.hand_form(data, correcting=correcting)
        form.is_valid()
    slots = form.slots()
    # While typing, an empty input is no mistake yet.
    for name in slots:
        if name in form.fields and data.get(name) in (None, ""):
            slots[name] = []
    if form.violation_codes & STILL_TYPING:
        slots["points"] = slots["tricks"] = []
    return _render(request, page.feedback(form, slots=slots, filled=filled,
                                          correcting=correcting), "feedback")


@require_POST
@table_view
def four_sevens(request, access):
    form = FourSevensForm(request.POST)
    if not form.is_valid():
        if request.htmx:
            return _render(request, MatchPage(request, access).entry(
                four_sevens_form=form, seen=""), "entry", status=422)
        return _page(request, access, status=422, four_sevens_form=form)
    number = form.cleaned_data["number"]
    try:
        state = services.record_hand(
            match=access.match,
            number=number,
            hand=rules.Hand.four_sevens(form.cleaned_data["team"]),
            by=request.user,
        )
    except AlreadySaved as resent:
        return _already_saved(request, access, resent)
    except ScoringError as refusal:
        return _refused(request, access, refusal)
    return _after_write(request, access, _("Four sevens: the match is over."), state=state)


@require_POST
@table_view
def redeal(request, access):
    try:
        state = services.note_redeal(match=access.match)
    except ScoringError as refusal:
        return _refused(request, access, refusal, entry=False)
    return _after_write(
        request, access, _("Redeal noted: the same dealer deals again."), state=state,
        entry=False,
    )


@require_POST
@table_view
def first_dealer(request, access):
    """Who deals the first hand, as drawn at the table, while no hand is played."""
    try:
        state = services.set_first_dealer(match=access.match,
                                          seat=request.POST.get("first_dealer"))
    except ScoringError as refusal:
        return _refused(request, access, refusal)
    # The hand being typed stays as it is: only the scoreboard says who deals.
    return _after_write(request, access, _("%(seat)s deals the first hand.") % {
        "seat": seat_label(access.match, state.dealer)}, state=state, entry=False, dealer=True)


@require_POST
@table_view
def undo(request, access):
    form = UndoForm(request.POST)
    number = form.cleaned_data["number"] if form.is_valid() else None
    if number is None:
        return redirect(access.url("table"))
    try:
        state = services.undo_last_hand(match=access.match, number=number, by=request.user)
    except ScoringError as refusal:
        return _refused(request, access, refusal)
    return _after_write(request, access, _("Hand %(number)s undone.") % {"number": number},
                        state=state)


@require_http_methods(["GET", "POST"])
@table_view
def edit_hand(request, access, number):
    """Correct hand `number` in place (htmx) or on a page of its own."""
    hand = access.match.hands.filter(number=number).first()
    if hand is None:
        return _page(request, access, status=404,
                     flash=[("error", _("There is no hand %(number)s in this match.")
                             % {"number": number})])
    page = MatchPage(request, access)
    errors = None
    if request.method == "POST":
        form = page.hand_form(fill_blanks(request.POST), correcting=number)
        status = 422
        if form.is_valid():
            was_finished = access.match.is_finished
            try:
                state = services.correct_hand(
                    match=access.match, number=number, hand=form.rules_hand, by=request.user
                )
            except ScoringError as refusal:
                status, errors = 409, refusal.messages(access.match.team_name)
            else:
                message = _("Hand %(number)s corrected. The score is %(a)s–%(b)s.") % {
                    "number": number, "a": state.score.a, "b": state.score.b,
                }
                return _after_write(request, access, message, state=state,
                                    entry=was_finished != state.finished)
    else:
        form = page.hand_form(initial=HandForm.initial_for_correction(_initial(hand)),
                              correcting=number)
        status = 200
    if request.htmx:
        context = {**page.history(edit_form=form, edit_number=number, edit_errors=errors),
                   "item": None}
        return _render(request, context, "edit_row", status=status)
    return _page(request, access, status=status, edit_form=form, edit_number=number,
                 flash=[("error", " ".join(errors))] if errors else None)


def _initial(hand) -> dict:
    data = {"number": hand.number}
    if hand.kind == rules.HandKind.FOUR_SEVENS:
        data["kind"] = f"four_sevens_{hand.four_sevens_team}"
        return data
    data["kind"] = "played"
    for name in ("points_a", "points_b", "politaines_a", "politaines_b", "tricks_a",
                 "tricks_b", "aces_a", "aces_b", "counters_a", "counters_b", "last_trick"):
        data[name] = getattr(hand, name)
    if hand.tricks_a is not None:
        data.pop("points_a")
        data.pop("points_b")
    return data
