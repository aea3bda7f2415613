"""Starting a match."""

import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import rules, services
from scoring.access import OWNED
from scoring.errors import ScoringError
from scoring.forms import NewMatchForm
from scoring.permissions import can_keep_score
from scoring.selectors import match_for_table


@login_required
@require_http_methods(["GET", "POST"])
def new_match(request):
    form = NewMatchForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            match = services.create_match(owner=request.user, **form.match_kwargs())
        except ScoringError as refusal:
            for message in refusal.messages():
                form.add_error(None, message)
        else:
            return redirect(f"{OWNED}:table", pk=match.pk)
    status = 422 if form.is_bound else 200
    return TemplateResponse(request, "scoring/match_new.html", {"form": form}, status=status)


@require_GET
def target_field(request):
    """The target input preset for the chosen game (htmx swaps it in as the game changes)."""
    variant = request.GET.get("variant")
    if not rules.is_variant(variant):
        variant = rules.Variant.POLITAINE
    form = NewMatchForm(initial={"variant": variant,
                                 "target": rules.variant_rules(variant).default_target})
    return TemplateResponse(request, "scoring/match_new.html#target", {"form": form})


@login_required
@require_POST
def new_link(request, pk):
    """Revoke the score keeper link (a lost phone, a link shared too widely) and make a new
    one: the old one stops working at once."""
    match = match_for_table(pk=pk)
    if not can_keep_score(request.user, match):
        raise Http404
    services.reissue_scorekeeper_token(match=match)
    messages.success(request, _("The match has a new score keeper link; the old one no "
                                "longer works."))
    return redirect(f"{OWNED}:table", pk=match.pk)


@login_required
@require_POST
def rematch(request, pk):
    """The same teams, game and target again; the first dealer is drawn anew."""
    match = match_for_table(pk=pk)
    if not can_keep_score(request.user, match):
        raise Http404
    first_dealer = secrets.choice(rules.SEATS)
    again = services.create_match(
        owner=request.user, variant=match.variant, target=match.target,
        first_dealer=first_dealer, team_a=match.team_a, team_b=match.team_b,
    )
    return redirect(f"{OWNED}:table", pk=again.pk)
