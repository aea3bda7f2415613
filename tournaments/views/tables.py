"""A round's tables as the organizer settles them: confirmations on a team's behalf (one
table, or all waiting at once), results from paper score sheets, and the sheets to print."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import confirmations, names, paper, rules
from scoring.errors import Conflict, ScoringError
from scoring.links import qr_svg, scorekeeper_link
from tournaments.forms import PaperResultForm
from tournaments.models import Table
from tournaments.views.manage import organizer_view, refusal_messages
from tournaments.views.rounds import round_and_views

# Enough lines for a match to its usual target, on one page of A4 or Letter.
SHEET_LINES = 20


def _table(tournament, number, table) -> Table:
    found = Table.objects.filter(round__tournament=tournament, round__number=number,
                                 number=table).select_related(
        "match__team_a", "match__team_b", "round").first()
    if found is None:
        raise Http404
    return found


def _back(tournament):
    return redirect("tournament_dashboard", pk=tournament.pk)


def _version(value: str) -> int | None:
    """A version as a form sent it: a whole number, or nothing."""
    return int(value) if value.isascii() and value.isdecimal() and len(value) <= 10 else None


def _skipped(request, number) -> None:
    messages.warning(request, _("Table %(number)s skipped: its score changed since you "
                                "loaded the page.") % {"number": number})


@organizer_view
@require_POST
def confirm_for_team(request, tournament, number, table):
    """The organizer confirms a table's score on the opponents' behalf (also a disputed
    one, once talked over): the score the dashboard showed (its version), else nothing."""
    found = _table(tournament, number, table)
    try:
        confirmations.confirm(match=found.match, via=confirmations.Via.ORGANIZER,
                              by=request.user,
                              seen_version=_version(request.POST.get("version", "")))
    except Conflict as error:
        if set(error.codes) & {"score_changed", "score_unseen"}:
            _skipped(request, table)
        else:
            refusal_messages(request, error)
    except ScoringError as error:
        refusal_messages(request, error)
    else:
        messages.success(request, _("Table %(number)s: the score is confirmed for the "
                                    "opponents.") % {"number": table})
    return _back(tournament)


def _seen_on_page(values, tables) -> dict[int, int]:
    """The versions the dashboard showed ("match id:version" each), for this round's tables
    only: whatever else a form sends is not confirmed."""
    ours = {t.match.pk for t in tables}
    seen = {}
    for value in values:
        pk, _sep, version = value.partition(":")
        pk, version = _version(pk), _version(version)
        if pk in ours and version is not None:
            seen[pk] = version
    return seen


@organizer_view
@require_POST
def confirm_all(request, tournament, number):
    """Every table of the round that waited for confirmation on the dashboard it was
    pressed on, confirmed at once; a table whose score changed since is skipped, and said."""
    _round, _view, round_view = round_and_views(tournament, number)
    done = confirmations.confirm_all_waiting(
        seen=_seen_on_page(request.POST.getlist("seen"), round_view.tables), by=request.user)
    count = len(done.confirmed)
    messages.success(request, ngettext(
        "%(count)s result confirmed for the teams.", "%(count)s results confirmed for the teams.",
        count) % {"count": count})
    table_of = {t.match.pk: t.table.number for t in round_view.tables}
    for pk in done.skipped:
        _skipped(request, table_of[pk])
    for pk in done.disputed:
        messages.warning(request, _(
            "Table %(number)s skipped: the opponents disputed it and the score keeper changed "
            "it since. Look at it and confirm it on its own.") % {"number": table_of[pk]})
    return _back(tournament)


@organizer_view
@require_http_methods(["GET", "POST"])
def paper_result(request, tournament, number, table):
    """A table that kept its score on paper: its final result, in one step."""
    found = _table(tournament, number, table)
    match = found.match
    # The match's teams: a table's two teams, or an individual night's two partnerships.
    teams = (names.shown(match.team_a.name), names.shown(match.team_b.name))
    form = PaperResultForm(request.POST or None, names=teams,
                           quadrette=match.is_quadrette, initial=PaperResultForm.initial_for(match))
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            try:
                paper.enter_paper_result(match=match, by=request.user, **form.result())
            except ScoringError as error:
                status = 409 if isinstance(error, Conflict) else 422
                for violation, message in zip(error.violations,
                                              error.messages(match.team_name), strict=True):
                    form.add_error(violation.field if violation.field in form.fields else None,
                                   message)
            else:
                match.refresh_from_db()
                messages.success(request, _("Table %(number)s: %(a)s %(score_a)s, %(b)s "
                                            "%(score_b)s, entered from paper.") % {
                    "number": table, "a": teams[0], "b": teams[1],
                    "score_a": match.score_a, "score_b": match.score_b})
                return _back(tournament)
    return TemplateResponse(request, "tournaments/paper.html", {
        "tournament": tournament, "table": found, "match": match, "form": form,
        # Its hands ended the match: corrected on its page, never overwritten from paper.
        "ended_on_hands": match.is_finished and not match.from_paper and match.hand_count > 0,
    }, status=status)


@organizer_view
@require_POST
def paper_take_back(request, tournament, number, table):
    found = _table(tournament, number, table)
    try:
        paper.take_back_paper_result(match=found.match, by=request.user)
    except ScoringError as error:
        refusal_messages(request, error)
    else:
        messages.success(request, _("Table %(number)s: the result from paper is taken back; "
                                    "the table can keep its score on a phone.") % {
            "number": table})
    return _back(tournament)


def _seats(table_view) -> dict[str, str]:
    """Who sits where, from the teams (team A's first player North, team B's East); at an
    individual night, its players by seat (their names read with the entries)."""
    if table_view.seats:
        return {seat: names.shown(entry.name) for seat, entry in table_view.seats.items()}
    a, b = table_view.entry_a.team, table_view.entry_b.team
    players = {"N": a.first_player, "S": a.second_player,
               "E": b.first_player, "W": b.second_player}
    return {seat: names.shown(player.name) if player else ""
            for seat, player in players.items()}


@organizer_view
@require_GET
def score_sheets(request, tournament, number):
    """Printable score sheets, one page per table (or only `?table=N`): the score keeper's,
    with the keeper's link alone (the opponents' is on their own slip, tournament_round_cards)."""
    round, _view, round_view = round_and_views(tournament, number)
    only = request.GET.get("table")
    sheets = []
    for table_view in round_view.tables:
        if only is not None and str(table_view.table.number) != only:
            continue
        match = table_view.match
        if match.is_finished and not match.hand_count and not match.from_paper:
            continue  # won by forfeit at the draw: nobody sits at that table
        seats = _seats(table_view)
        link = scorekeeper_link(request, match)
        sheets.append({
            "table": table_view, "seats": seats, "qr": qr_svg(link), "link": link,
            "lines": [{"number": n, "dealer": seat, "player": seats[seat]}
                      for n in range(1, SHEET_LINES + 1)
                      for seat in [rules.dealer_of_hand(match.variant, match.first_dealer, n)]],
        })
    if not sheets:
        raise Http404
    return TemplateResponse(request, "tournaments/sheets.html", {
        "tournament": tournament, "round": round, "sheets": sheets,
        "quadrette": tournament.variant == rules.Variant.QUADRETTE,
    })
