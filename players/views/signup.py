"""A night's sign-up page for players: the night, its sign-up window and places, where I
stand, and my steps: sign up alone (an individual night), with a partner from the roster
or looking for one (a team night), ask another player who looks, confirm or decline when
named, withdraw (asked first), check in once the organizer opens it. Each step answers the
page (or, for htmx, the sign-up's card alone); a sign-up is acted on only by its players
(else 404)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from clubs import selectors as clubs
from clubs.public_names import PublicNames
from players import services
from players.forms.player import AskPartnerForm, PartnerForm
from players.models import Signup
from players.selectors import me as selectors
from players.selectors import member_of
from players.services.signups import waiting_position
from players.views._common import back, refused, safe_next

State = Signup.State
TEMPLATE = "players/night_signup.html"


class NightView:
    """The club, its night and the reader, as the page and each step need them."""

    def __init__(self, request, pk: int, night_id: int):
        self.request = request
        self.club = clubs.club_or_404(pk)
        self.night = selectors.night_for_signup(self.club, night_id)
        self.organizer = clubs.is_organizer(request.user, self.club)
        self.member = member_of(request.user, self.club)
        tournament = self.night.tournament
        # Linked members see the club's nights; anyone a public club's public nights.
        if not (self.organizer or self.member is not None
                or (self.club.public and tournament.public)):
            raise Http404
        self.names = PublicNames(self.club, full=self.organizer)

    @property
    def path(self) -> str:
        return reverse("night_signup", args=[self.club.pk, self.night.pk])

    def context(self, *, fresh: bool = True, **extra) -> dict:
        """The page's context; `fresh`, the night read again (after a step)."""
        night = selectors.night_for_signup(self.club, self.night.pk) if fresh else self.night
        page = selectors.night_page(night, self.member, names=self.names)
        return {"club": self.club, "page": page, "night": night,
                "tournament": night.tournament, "zone": self.club.time_zone,
                "is_organizer": self.organizer, "own_path": self.path,
                "partner_form": extra.pop("partner_form", None) or PartnerForm(
                    choices=page.partners, auto_id="id_signup_%s"), **extra}

    def answer(self, *, status: int = 200, **extra):
        """After a step: the page again (its sign-up card alone for htmx, the messages
        in it), or where the form said to go back to."""
        if self.request.htmx and not self.request.POST.get("next"):
            return TemplateResponse(self.request, TEMPLATE + "#sheet",
                                    self.context(fragment=True, **extra), status=status)
        return back(self.request, self.path)

    def signup(self, signup_id: int) -> Signup:
        """One of the night's sign-ups that holds or names the reader (else 404)."""
        found = clubs.one_or_404(Signup.objects.filter(sheet__night=self.night).select_related(
            "member", "partner", "sheet"), signup_id)
        if self.member is None or self.member.pk not in (found.member_id, found.partner_id):
            raise Http404
        return found


def _said(signup: Signup, names: PublicNames) -> str:
    if signup.state == State.IN:
        return _("You are signed up.")
    if signup.state == State.WAITING:
        return _("The night is full: you are number %(position)s on the waiting list. A "
                 "place given back goes to the first who waits.") % {
            "position": waiting_position(signup)}
    if signup.state == State.PARTNER_TO_CONFIRM:
        return _("%(name)s is asked to confirm from their page: until then the pair holds "
                 "no place.") % {"name": names.of(signup.partner)}
    return _("You are on the list of players looking for a partner: ask one of them, or "
             "wait to be asked or paired by an organizer.")


@require_http_methods(["GET", "POST"])
def night_signup(request, pk: int, night_id: int):
    view = NightView(request, pk, night_id)
    if request.method == "GET":
        return TemplateResponse(request, TEMPLATE, view.context(fresh=False))
    if not request.user.is_authenticated:
        return redirect_to_login(view.path)
    how = request.POST.get("how")
    partner, form = None, None
    if view.member is None:
        messages.error(request, _(
            "Your account is not linked to a player of this club: accept the club's "
            "invitation, or ask to be linked from the club's page."))
        return view.answer()
    if how == "partner":
        choices = selectors.partner_choices(view.club, view.member, view.names)
        form = PartnerForm(request.POST, choices=choices, auto_id="id_signup_%s")
        if not form.is_valid():
            return view.answer(partner_form=form, status=422) if request.htmx else \
                TemplateResponse(request, TEMPLATE, view.context(partner_form=form),
                                 status=422)
        partner = view.club.members.filter(pk=form.chosen).first()
        if partner is None:
            messages.error(request, _("Choose your partner among the roster's names shown."))
            return view.answer()
    elif how not in ("alone", "looking"):
        messages.error(request, _("Choose how you sign up: alone, with a partner, or "
                                  "looking for one."))
        return view.answer()
    with refused(request):
        signup = services.sign_up(night=view.night, user=request.user, partner=partner,
                                  looking_for_partner=how == "looking")
        messages.success(request, _said(signup, view.names))
    return view.answer()


@login_required
@require_POST
def confirm(request, pk: int, night_id: int, signup_id: int):
    view = NightView(request, pk, night_id)
    with refused(request):
        signup = services.confirm_partner(signup=view.signup(signup_id), user=request.user)
        messages.success(request, _("Confirmed: you play with %(name)s.") % {
            "name": view.names.of(signup.member)} + " " + _said(signup, view.names))
    return view.answer()


@login_required
@require_POST
def decline(request, pk: int, night_id: int, signup_id: int):
    view = NightView(request, pk, night_id)
    with refused(request):
        signup = services.decline_partner(signup=view.signup(signup_id), user=request.user)
        messages.success(request, _("Declined: %(name)s is told.") % {
            "name": view.names.of(signup.member)})
    return view.answer()


@login_required
@require_POST
def ask_partner(request, pk: int, night_id: int, signup_id: int):
    """From the partnership desk: a player looking for a partner asks another who looks."""
    view = NightView(request, pk, night_id)
    signup = view.signup(signup_id)
    page = selectors.night_page(view.night, view.member, names=view.names)
    form = AskPartnerForm(request.POST, choices=[(s.member_id, name)
                                                 for s, name in page.lookers])
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return view.answer(status=422)
    partner = view.club.members.filter(pk=form.chosen).first()
    if partner is None:
        messages.error(request, _("This player is no longer looking for a partner."))
        return view.answer(status=422)
    with refused(request):
        signup = services.ask_partner(signup=signup, user=request.user, partner=partner)
        messages.success(request, _said(signup, view.names))
    return view.answer()


@login_required
@require_http_methods(["GET", "POST"])
def withdraw(request, pk: int, night_id: int, signup_id: int):
    """GET asks first; POST takes the sign-up back (for the pair, when it is one)."""
    view = NightView(request, pk, night_id)
    signup = view.signup(signup_id)
    if request.method == "POST":
        with refused(request):
            services.withdraw(signup=signup, by=request.user)
            messages.success(request, _("Withdrawn: your sign-up for %(night)s is taken "
                                        "back.") % {"night": view.night.tournament.name})
        return back(request, view.path)
    other = signup.partner if signup.member_id == view.member.pk else signup.member
    return TemplateResponse(request, "players/withdraw.html", {
        "club": view.club, "night": view.night, "signup": signup, "zone": view.club.time_zone,
        "partner_name": view.names.of(other) if other else "",
        "next": safe_next(request), "own_path": view.path,
    })


@login_required
@require_POST
def check_in(request, pk: int, night_id: int, signup_id: int):
    view = NightView(request, pk, night_id)
    with refused(request):
        services.check_in_self(signup=view.signup(signup_id), user=request.user)
        messages.success(request, _("Checked in: welcome!"))
    return view.answer()
