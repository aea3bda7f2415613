"""Drawing rounds, changing a draw before play, calling time, table links and cards."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import rules
from scoring.errors import ScoringError, render
from scoring.links import opponents_link, qr_svg, scorekeeper_link
from scoring.models import ConfirmationMode
from scoring.names import sort_key
from tournaments import services
from tournaments.forms import SwapForm
from tournaments.models import Round, Table
from tournaments.overview import overview
from tournaments.selectors import left_out_of_next_draw
from tournaments.views.manage import organizer_view, refusal_messages


def _round(tournament, number) -> Round:
    found = tournament.rounds.filter(number=number).first() if 1 <= number <= 1000 else None
    if found is None:
        raise Http404
    return found


def round_and_views(tournament, number):
    """The tournament's overview and the round's part of it."""
    round = _round(tournament, number)
    view = overview(tournament)
    return round, view, next(r for r in view.rounds if r.round.pk == round.pk)


@organizer_view
@require_POST
def draw_round(request, tournament):
    leave_out = request.POST.get("leave_out") == "1"
    if not leave_out and (left_out := left_out_of_next_draw(tournament)):
        # Asked first: the entered teams this draw would leave out, by name.
        return TemplateResponse(request, "tournaments/draw_left_out.html", {
            "tournament": tournament, "left_out": left_out,
            "allow_rematches": request.POST.get("allow_rematches") == "1"}, status=409)
    try:
        new_round = services.draw_next_round(
            tournament=tournament, allow_rematches=request.POST.get("allow_rematches") == "1")
    except ScoringError as error:
        if "rematch_unavoidable" in error.codes or "partners_again" in error.codes:
            # Never a dead end: say which pairs must meet again, and offer that draw.
            reason, *pairs = error.messages()
            return TemplateResponse(request, "tournaments/draw_rematch.html", {
                "tournament": tournament, "reason": reason, "pairs": pairs,
                "leave_out": leave_out}, status=409)
        refusal_messages(request, error)
        return redirect("tournament_dashboard", pk=tournament.pk)
    messages.success(request, _("Round %(number)s is drawn: hand out the table cards.") % {
        "number": new_round.number})
    return redirect("tournament_round", pk=tournament.pk, number=new_round.number)


@organizer_view
@require_POST
def close_tournament(request, tournament):
    """The tournament is over and talked over: its results become final."""
    try:
        services.close_tournament(tournament=tournament)
    except ScoringError as error:
        refusal_messages(request, error)
    else:
        messages.success(request, _("The tournament is closed: its results are final."))
    return redirect("tournament_dashboard", pk=tournament.pk)


@organizer_view
@require_POST
def reopen_tournament(request, tournament):
    """A closing taken back: the opponents may confirm and dispute again."""
    services.reopen_tournament(tournament=tournament)
    messages.success(request, _("The tournament is open again: the opponents can confirm or "
                                "dispute its last round's results, and its tables can write."))
    return redirect("tournament_dashboard", pk=tournament.pk)


@organizer_view
@require_GET
def round_detail(request, tournament, number):
    round, view, round_view = round_and_views(tournament, number)
    entries = [e for t in round_view.tables for e in (t.entry_a, t.entry_b)] + round_view.byes
    return TemplateResponse(request, "tournaments/round.html", {
        "tournament": tournament, "view": view, "round_view": round_view,
        "is_current": view.current is round_view,
        "swap_form": SwapForm(entries=sorted(entries, key=lambda e: sort_key(e.team.name))),
        "warnings": [render(w) for w in services.rematch_warnings(round)],
        "links": {t.table.pk: scorekeeper_link(request, t.match) for t in round_view.tables},
    })


@organizer_view
@require_POST
def round_swap(request, tournament, number):
    round = _round(tournament, number)
    entries = [*round.tables.values_list("entry_a", flat=True),
               *round.tables.values_list("entry_b", flat=True),
               *round.byes.values_list("entry", flat=True)]
    form = SwapForm(request.POST, entries=tournament.entries.filter(pk__in=entries)
                    .select_related("team"))
    if form.is_valid():
        try:
            warnings = services.swap_teams(
                round=round, first=form.cleaned_data["first"],
                second=form.cleaned_data["second"],
                allow_rematch=request.POST.get("allow_rematch") == "1")
        except ScoringError as error:
            if "swap_rematch" in error.codes:
                # Asked before it is made: the earlier meeting named, the swap one button.
                names = dict(form.fields["first"].choices)
                return TemplateResponse(request, "tournaments/swap_rematch.html", {
                    "tournament": tournament, "round": round, "reasons": error.messages(),
                    "first": form.cleaned_data["first"], "second": form.cleaned_data["second"],
                    "first_name": names[form.cleaned_data["first"]],
                    "second_name": names[form.cleaned_data["second"]]}, status=409)
            refusal_messages(request, error)
        else:
            messages.success(request, _("Teams swapped. The tables they changed have new "
                                        "links: print their slips again."))
            for warning in warnings:
                messages.warning(request, render(warning))
    return redirect("tournament_round", pk=tournament.pk, number=round.number)


@organizer_view
@require_http_methods(["GET", "POST"])
def round_call_time(request, tournament, number):
    """GET asks first (every match ends after its current hand); POST calls time."""
    round = _round(tournament, number)
    if request.method == "GET":
        playing = round.tables.exclude(match__status=rules.Status.FINISHED).count()
        return TemplateResponse(request, "tournaments/call_time.html", {
            "tournament": tournament, "round": round, "playing": playing})
    playing = services.call_time(round=round)
    messages.success(request, ngettext(
        "Time is called: %(count)s match still playing ends after the hand being played.",
        "Time is called: %(count)s matches still playing end after the hand being played.",
        playing,
    ) % {"count": playing})
    return redirect("tournament_dashboard", pk=tournament.pk)


@organizer_view
@require_POST
def round_take_back_time(request, tournament, number):
    """Time called by mistake: the matches play on, as long as none has ended by it."""
    try:
        playing = services.take_back_time_call(round=_round(tournament, number))
    except ScoringError as error:
        refusal_messages(request, error)
    else:
        messages.success(request, ngettext(
            "Time is no longer called: %(count)s match plays on to its target.",
            "Time is no longer called: %(count)s matches play on to their target.",
            playing,
        ) % {"count": playing})
    return redirect("tournament_dashboard", pk=tournament.pk)


def _table_of(tournament, number, table) -> Table:
    found = Table.objects.filter(round__tournament=tournament, round__number=number,
                                 number=table).first()
    if found is None:
        raise Http404
    return found


@organizer_view
@require_POST
def table_reissue(request, tournament, number, table):
    services.reissue_table_link(table=_table_of(tournament, number, table))
    messages.success(request, _("Table %(number)s has a new score keeper link; the old one no "
                                "longer works. Print its card again.") % {"number": table})
    return redirect("tournament_round", pk=tournament.pk, number=number)


@organizer_view
@require_POST
def table_reissue_opponents(request, tournament, number, table):
    """A new opponents' link for a table (its slip went to the wrong hands): the old one
    answers 404 from now on."""
    services.reissue_table_opponents_link(table=_table_of(tournament, number, table))
    messages.success(request, _("Table %(number)s has a new opponents' link; the old one no "
                                "longer works. Print its slips again.") % {"number": table})
    return redirect("tournament_round", pk=tournament.pk, number=number)


@organizer_view
@require_GET
def round_cards(request, tournament, number):
    """Printable table slips: for each table, the score keeper's (its link as a QR code)
    and, when the opponents confirm, the opponents' own, to be cut apart and handed over."""
    round, _view, round_view = round_and_views(tournament, number)
    cards = []
    for table in round_view.tables:
        if table.finished and not table.match.hand_count and not table.match.from_paper:
            continue  # won by forfeit at the draw: nobody sits at that table
        link = scorekeeper_link(request, table.match)
        card = {"table": table, "link": link, "qr": qr_svg(link)}
        if table.match.confirmation_mode != ConfirmationMode.NONE:
            opponents = opponents_link(request, table.match)
            card.update(opponents_link=opponents, opponents_qr=qr_svg(opponents),
                        by_hand=table.match.confirmation_mode == ConfirmationMode.HAND)
        cards.append(card)
    return TemplateResponse(request, "tournaments/cards.html", {
        "tournament": tournament, "round": round, "cards": cards, "byes": round_view.byes,
    })
