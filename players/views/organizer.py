"""The organizer's pages of the player's door: a night's start time and sign-up, its
cancelling; its sign-up list (who is in, who waits, the pairs to confirm, the partnership
desk), what the organizer does there (add, remove, let in, pair, open check-in) and the
sign-ups put into the night as its entries; a member's account and invitation on their
roster page, and the requests to be linked on the roster (clubs.organizer_parts).

Only the club's organizers reach them (else 404, as the club's other pages). Times are
shown and typed in the club's time zone."""

from zoneinfo import ZoneInfo

from django.contrib import messages
from django.db import transaction
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs import organizer_parts
from clubs.public_names import PublicNames
from clubs.views._common import member_of, organizer_view
from players import services
from players.forms.organizer import (
    AddSignupForm,
    EnterForm,
    InviteForm,
    NightSettingsForm,
    PairForm,
)
from players.models import Signup
from players.selectors import sheets as selectors
from players.services.signups import unit
from players.views._common import tell_refusal
from scoring.errors import ScoringError
from scoring.links import qr_svg
from tournaments import services as tournaments

TEMPLATES = "players/organizer/"
# The accept page of an invitation (players/views/links.py, the player's side).
INVITATION_URL = "invitation"
# A refusal's field (the services') and the form's field that shows it.
SETTINGS_FIELDS = {"starts_at": "starts_on", "opens_at": "opens_on",
                   "closes_at": "closes_on", "cap": "cap"}


def _form_errors(form, error: ScoringError, fields: dict | None = None) -> None:
    """Each refusal beside its field (renamed by `fields`), or over the form."""
    for violation, message in zip(error.violations, error.messages(), strict=True):
        name = (fields or {}).get(violation.field, violation.field)
        form.add_error(name if name in form.fields else None, message)


def _night(club, night_id: int):
    night = selectors.night_or_404(club, night_id)
    night.club = club  # the services ask the night's club who organizes it
    return night


def _to_signups(club, night):
    return redirect("players_signups", pk=club.pk, night_id=night.pk)


# -- a night's start time and sign-up ------------------------------------------------

@organizer_view
@require_http_methods(["GET", "POST"])
def night_settings(request, club, night_id: int):
    night = _night(club, night_id)
    zone = ZoneInfo(club.time_zone)
    form = NightSettingsForm(request.POST or None, zone=zone, unit=unit(night.tournament),
                             tournament=night.tournament, sheet=selectors.sheet_of(night))
    if request.method == "POST" and form.is_valid():
        starts_at = form.cleaned_data.get("starts_at")
        try:
            with transaction.atomic():  # the start time and the sign-up, both or neither
                if starts_at != night.tournament.starts_at:
                    night.tournament = tournaments.schedule(
                        tournament=night.tournament, starts_at=starts_at, zone=club.time_zone)
                services.set_sheet(night=night, settings=form.sheet_settings(),
                                   by=request.user)
        except ScoringError as error:
            _form_errors(form, error, SETTINGS_FIELDS)
        else:
            messages.success(request, _("Saved."))
            return _to_signups(club, night)
    return TemplateResponse(request, TEMPLATES + "night_settings.html", {
        "club": club, "night": night, "tournament": night.tournament, "form": form,
        "page": selectors.sheet_page(night),
    }, status=422 if form.errors else 200)


@organizer_view
@require_http_methods(["GET", "POST"])
def night_cancel(request, club, night_id: int):
    """Asked first (those signed up are told); posted with `cancelled=0`, taken back."""
    night = _night(club, night_id)
    if request.method == "POST":
        cancelled = request.POST.get("cancelled", "1") != "0"
        try:
            services.cancel_night(night=night, by=request.user, cancelled=cancelled)
        except ScoringError as error:
            tell_refusal(request, error)
        else:
            messages.success(request, _("The night is cancelled: those who signed up are told.")
                             if cancelled else _("The night is on again."))
        return redirect("players_night_settings", pk=club.pk, night_id=night.pk)
    return TemplateResponse(request, TEMPLATES + "night_cancel.html", {
        "club": club, "night": night, "tournament": night.tournament,
        "page": selectors.sheet_page(night),
    })


# -- the sign-up list ------------------------------------------------------------------

def _signups_page(request, club, night, *, add_form=None, pair_form=None, status=200):
    """The list; to an htmx request, only its lists (their counts and messages with
    them)."""
    page = selectors.sheet_page(night)
    names = PublicNames(club, full=True)
    template = TEMPLATES + "signups.html" + ("#lists" if request.htmx else "")
    return TemplateResponse(request, template, {
        "club": club, "night": night, "tournament": night.tournament, "page": page,
        "names": names,
        "add_form": add_form or AddSignupForm(members=page.free, names=names, unit=page.unit),
        "pair_form": pair_form or PairForm(looking=page.looking, names=names),
    }, status=status)


@organizer_view
@require_GET
def signups(request, club, night_id: int):
    return _signups_page(request, club, _night(club, night_id))


def _no_sheet(request, club, night):
    """A step of the list on a night that takes no sign-up: said, and nothing done."""
    messages.error(request, _("This night takes no sign-up."))
    return _done(request, club, night, status=409)


def _done(request, club, night, *, status=200):
    """After a step of the list: the lists again (htmx), else the page (after a redirect)."""
    if request.htmx:  # read again: the step changed the sheet or its sign-ups
        return _signups_page(request, club, _night(club, night.pk), status=status)
    return _to_signups(club, night)


@organizer_view
@require_POST
def signup_add(request, club, night_id: int):
    night = _night(club, night_id)
    if selectors.sheet_of(night) is None:
        return _no_sheet(request, club, night)
    page = selectors.sheet_page(night)
    names = PublicNames(club, full=True)
    form = AddSignupForm(request.POST, members=page.free, names=names, unit=page.unit)
    if form.is_valid():
        chosen = {member.pk: member for member in page.free}
        member, partner = chosen[form.cleaned_data["member"]], \
            chosen.get(form.cleaned_data.get("partner"))
        try:
            signup = services.add_signup(night=night, member=member, partner=partner,
                                         by=request.user)
        except ScoringError as error:
            _form_errors(form, error)
        else:
            messages.success(request, _("%(name)s signed up.") % {
                "name": " & ".join(names.of(m) for m in (signup.member, signup.partner) if m)})
            return _to_signups(club, night)
    return _signups_page(request, club, night, add_form=form, status=422)


@organizer_view
@require_http_methods(["GET", "POST"])
def signup_remove(request, club, night_id: int, signup_id: int):
    """Asked first (the players are told); then withdrawn by the organizer: a place given
    back before the close goes to the first who waits."""
    night = _night(club, night_id)
    signup = selectors.signup_or_404(night, signup_id)
    names = PublicNames(club, full=True)
    who = " & ".join(names.of(m) for m in (signup.member, signup.partner) if m)
    if request.method == "POST":
        try:
            services.withdraw(signup=signup, by=request.user)
        except ScoringError as error:
            tell_refusal(request, error)
        else:
            messages.success(request, _("%(name)s no longer signed up.") % {"name": who})
        return _to_signups(club, night)
    return TemplateResponse(request, TEMPLATES + "signup_remove.html", {
        "club": club, "night": night, "tournament": night.tournament, "signup": signup,
        "who": who, "active": signup.state in Signup.ACTIVE and signup.entry_id is None,
    })


@organizer_view
@require_POST
def signup_let_in(request, club, night_id: int, signup_id: int):
    night = _night(club, night_id)
    signup = selectors.signup_or_404(night, signup_id)
    try:
        services.give_place(signup=signup, by=request.user)
    except ScoringError as error:
        tell_refusal(request, error)
        return _done(request, club, night, status=409)
    messages.success(request, _("%(name)s has a place.") % {
        "name": " & ".join(PublicNames(club, full=True).of(m)
                           for m in (signup.member, signup.partner) if m)})
    return _done(request, club, night)


@organizer_view
@require_POST
def signups_pair(request, club, night_id: int):
    """The partnership desk: two who look for a partner, made a pair."""
    night = _night(club, night_id)
    if selectors.sheet_of(night) is None:
        return _no_sheet(request, club, night)
    page = selectors.sheet_page(night)
    names = PublicNames(club, full=True)
    form = PairForm(request.POST, looking=page.looking, names=names)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return _done(request, club, night, status=422)
    by_id = {signup.pk: signup for signup in page.looking}
    first, second = (by_id[pk] for pk in form.cleaned_data["looking"])
    try:
        services.pair_lookers(first=first, second=second, by=request.user)
    except ScoringError as error:
        tell_refusal(request, error)
        return _done(request, club, night, status=409)
    messages.success(request, _("%(first)s and %(second)s are a pair.") % {
        "first": names.of(first.member), "second": names.of(second.member)})
    return _done(request, club, night)


@organizer_view
@require_POST
def signups_check_in(request, club, night_id: int):
    """Players check in from their own page (posted `open=1`), or no longer (`open=0`)."""
    night = _night(club, night_id)
    open_ = request.POST.get("open") == "1"
    if selectors.sheet_of(night) is None:
        return _no_sheet(request, club, night)
    services.open_check_in(night=night, by=request.user, open_=open_)
    messages.success(request, _("Players check in from their page now.") if open_
                     else _("Players check in at the door only."))
    return _done(request, club, night)


@organizer_view
@require_http_methods(["GET", "POST"])
def signups_enter(request, club, night_id: int):
    """The sign-ups in, not yet entered, each with its team name (editable): they become
    the night's entries. Doing it again adds nobody."""
    night = _night(club, night_id)
    if request.method == "POST" and selectors.sheet_of(night) is None:
        return _no_sheet(request, club, night)
    page = selectors.sheet_page(night)
    to_enter = page.to_enter
    form = EnterForm(request.POST or None, signups=to_enter,
                     proposed=selectors.proposed_names(to_enter), pairs=page.unit == "pair")
    if request.method == "POST" and form.is_valid():
        try:
            entered = services.enter_signups(night=night, by=request.user, names=form.names())
        except ScoringError as error:
            _form_errors(form, error)
        else:
            if not entered:
                messages.info(request, _("Nobody is left to put in: every sign-up is in the "
                                         "night already."))
            elif page.unit == "player":
                messages.success(request, ngettext(
                    "%(count)s player put into the night.",
                    "%(count)s players put into the night.", len(entered)) % {
                        "count": len(entered)})
            else:
                messages.success(request, ngettext(
                    "%(count)s team put into the night.",
                    "%(count)s teams put into the night.", len(entered)) % {
                        "count": len(entered)})
            return _to_signups(club, night)
    return TemplateResponse(request, TEMPLATES + "signups_enter.html", {
        "club": club, "night": night, "tournament": night.tournament, "page": page,
        "form": form, "names": PublicNames(club, full=True),
    }, status=422 if form.errors else 200)


# -- a member's account and invitation, the requests to be linked ----------------------

def invitation_url(request, invitation) -> str:
    return request.build_absolute_uri(reverse(INVITATION_URL,
                                              kwargs={"token": invitation.token}))


def member_part(request, club, *, member) -> organizer_parts.Part:
    """The member's page: their account (or their invitation and the requests to be
    linked to them)."""
    account = selectors.member_account(member)
    link = invitation_url(request, account.invitation) if account.invitation else ""
    return organizer_parts.Part(TEMPLATES + "_member_account.html", {
        "account": account, "link": link, "qr": qr_svg(link) if link else "",
        "invite_form": InviteForm(auto_id="id_invite_%s"),
    })


def roster_part(request, club) -> organizer_parts.Part | None:
    """The roster: the requests to be linked waiting for an answer, if any."""
    requests = selectors.pending_requests(club)
    if not requests:
        return None
    return organizer_parts.Part(TEMPLATES + "_link_requests.html", {"requests": requests})


def _to_member(club, member):
    return redirect(reverse("club_member_edit", args=[club.pk, member.pk]) + "#account")


@organizer_view
@require_POST
def member_invite(request, club, member_id: int):
    member = member_of(club, member_id)
    form = InviteForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return _to_member(club, member)
    try:
        services.invite(club=club, member=member, by=request.user,
                        email=form.cleaned_data["email"])
    except ScoringError as error:
        tell_refusal(request, error)
    else:
        messages.success(request, _("A new invitation: hand over its link or let them scan "
                                    "its code."))
    return _to_member(club, member)


@organizer_view
@require_POST
def member_invitation_revoke(request, club, member_id: int, invitation_id: int):
    member = member_of(club, member_id)
    invitation = selectors.invitation_or_404(member, invitation_id)
    try:
        services.revoke_invitation(invitation=invitation, by=request.user)
    except ScoringError as error:
        tell_refusal(request, error)
    else:
        messages.success(request, _("The invitation no longer works."))
    return _to_member(club, member)


@organizer_view
@require_http_methods(["GET", "POST"])
def member_unlink(request, club, member_id: int):
    """Asked first; the member keeps their results, the account loses its way in."""
    member = member_of(club, member_id)
    account = selectors.member_account(member)
    if request.method == "POST":
        try:
            services.unlink(member=member, by=request.user)
        except ScoringError as error:
            tell_refusal(request, error)
        else:
            messages.success(request, _("The account is no longer linked to %(name)s.") % {
                "name": PublicNames(club, full=True).of(member)})
        return _to_member(club, member)
    return TemplateResponse(request, TEMPLATES + "member_unlink.html", {
        "club": club, "member": account.member, "names": PublicNames(club, full=True),
    })


@organizer_view
@require_POST
def link_request_decide(request, club, request_id: int):
    """Approve (`approve=1`) or decline a request to be linked."""
    link_request = selectors.link_request_or_404(club, request_id)
    if request.POST.get("approve") not in ("0", "1"):
        messages.error(request, _("Approve or decline the request."))
        return redirect("club_roster", pk=club.pk)
    approve = request.POST["approve"] == "1"
    name = PublicNames(club, full=True).of(link_request.member)
    try:
        services.decide_link_request(request=link_request, by=request.user, approve=approve)
    except ScoringError as error:
        tell_refusal(request, error)
    else:
        messages.success(request, (
            _("%(user)s is linked to %(name)s.") if approve
            else _("The request of %(user)s is declined.")) % {
                "user": link_request.user.get_username(), "name": name})
    return redirect("club_roster", pk=club.pk)
