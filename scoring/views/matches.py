"""Starting a match."""

import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import rules, services
from scoring.access import OWNED
from scoring.errors import NotAllowed, ScoringError
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
    form = NewMatchForm(initial={"variant": variant})
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
def archive(request, pk):
    """Take a match off the home list ("archived": "1") or put it back ("0")."""
    archived = request.POST.get("archived", "1") == "1"
    _keep(request, services.archive_match, match=match_for_table(pk=pk), by=request.user,
          archived=archived)
    if archived:
        messages.success(request, _("Match archived: find it under “Archived matches”."))
    else:
        messages.success(request, _("The match is back on your list."))
    return redirect(reverse("home") + ("" if archived else "?archived=1"))


@login_required
@require_POST
def delete(request, pk):
    """Delete a match with no hand (started by mistake)."""
    if _keep(request, services.delete_match, match=match_for_table(pk=pk), by=request.user):
        messages.success(request, _("Match deleted."))
    return redirect("home")


def _keep(request, service, **kwargs) -> bool:
    """Run a service on a keeper's own match: a refusal becomes a message; a match that is
    not the user's, a 403 with its message."""
    try:
        service(**kwargs)
    except NotAllowed as refusal:
        raise PermissionDenied(" ".join(refusal.messages())) from refusal
    except ScoringError as refusal:
        for message in refusal.messages():
            messages.error(request, message)
        return False
    return True


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
