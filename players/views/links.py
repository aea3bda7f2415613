"""An account linked to a player of a club's roster: the personal invitation's page
(accepted in one step, after logging in or signing up), and a request to be linked asked
(and withdrawn) from the club's page."""

import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from clubs import selectors as clubs
from clubs.models import Member
from clubs.public_names import PublicNames
from players import services
from players.forms.player import AskToLinkForm
from players.models import Invitation, LinkRequest
from players.selectors import me as selectors
from players.services.links import refuse_closed_invitation
from players.views._common import back, refused
from scoring.errors import ScoringError

# What a token can be (players.models.new_secret: URL-safe base64): anything else (a NUL,
# which PostgreSQL refuses in a query, a letter of another script) is no invitation.
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")


def _refusal(invitation: Invitation, user) -> str:
    """Why this user cannot accept the invitation now, in their words ("" if they can)."""
    try:
        refuse_closed_invitation(invitation)
    except ScoringError as error:
        return " ".join(error.messages())
    if invitation.member.account_id is not None:
        return _("This player of the roster is already linked to an account.")
    if user.is_authenticated and Member.objects.filter(club_id=invitation.club_id,
                                                       account=user).exists():
        return _("Your account is already linked to a player of this club.")
    return ""


@require_http_methods(["GET", "POST"])
def invitation(request, token: str):
    """The club and the member (named as the public reads them) and the Accept button; a
    visitor logs in or signs up first and comes back here."""
    found = Invitation.objects.select_related("club", "member").filter(
        token=token).first() if TOKEN.fullmatch(token) else None
    if found is None:
        return TemplateResponse(request, "players/invitation.html", {
            "refusal": _("This invitation link is not known.")}, status=404)
    if request.method == "POST" and not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={request.path}")
    refusal = ""
    if request.method == "POST":
        try:
            member = services.accept_invitation(token=token, user=request.user)
        except ScoringError as error:
            refusal = " ".join(error.messages())
            found = Invitation.objects.select_related("club", "member").get(pk=found.pk)
        else:
            messages.success(request, _("Welcome: your account is linked to %(name)s in "
                                        "%(club)s.") % {
                "name": PublicNames(member.club, full=True).of(member),
                "club": member.club.name})
            return redirect("me")
    mine = request.user.is_authenticated and found.member.account_id == request.user.pk
    refusal = "" if mine else (refusal or _refusal(found, request.user))
    return TemplateResponse(request, "players/invitation.html", {
        "invitation": found, "club": found.club, "mine": mine, "refusal": refusal,
        "name": PublicNames(found.club, full=False).of(found.member),
    }, status=409 if refusal and request.method == "POST" else 200)


def _readable_club(request, pk: int):
    club = clubs.club_or_404(pk)
    if not clubs.may_read(request.user, club):
        raise Http404
    return club


@login_required
@require_POST
def ask(request, pk: int):
    """A user not linked to the club asks to be one of its roster's players."""
    club = _readable_club(request, pk)
    names = PublicNames(club, full=clubs.is_organizer(request.user, club))
    form = AskToLinkForm(request.POST, choices=selectors.link_choices(club, names))
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
    else:
        member = Member.objects.filter(pk=form.chosen, club=club).first()
        if member is None:
            messages.error(request, _("Choose your name among the roster's names shown."))
        else:
            with refused(request):
                services.ask_to_link(club=club, member=member, user=request.user)
                messages.success(request, _("Asked: an organizer of the club will answer. "
                                            "Your page says when it is done."))
    return back(request, reverse("club_page", args=[club.pk]) + "#player-door")


@login_required
@require_POST
def withdraw_request(request, pk: int):
    club = clubs.club_or_404(pk)
    pending = LinkRequest.objects.filter(club=club, user=request.user,
                                         decided_at__isnull=True).first()
    if pending is None:
        messages.info(request, _("You have no request waiting in this club."))
    else:
        with refused(request):
            services.withdraw_link_request(request=pending, user=request.user)
            messages.success(request, _("Your request is withdrawn."))
    default = reverse("club_page", args=[club.pk]) + "#player-door" \
        if clubs.may_read(request.user, club) else reverse("me")
    return back(request, default)

