"""My page (`/me/`): my clubs, my nights ahead and where I stand on each, tonight's table,
my results, what I was told, my calendar; and what I ask of each club about my personal
information, answered at once: how my name shows in public, a copy of my data, my name
taken off, my link to the club ended. Only ever the reader's own members (else 404)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.forms import PublicNameForm
from clubs.models import Member
from clubs.public_names import PublicNames, choice_label
from clubs.services import privacy
from clubs.views.privacy import data_copy
from players import services
from players.selectors import me as selectors
from players.views._common import refused


def _to_club(member: Member):
    return redirect(reverse("me") + f"#club-{member.club_id}")


@login_required
@require_GET
def my_page(request):
    page = selectors.my_page(request.user)
    return TemplateResponse(request, "players/me.html", {
        "page": page,
        "calendar_key": services.calendar_key(request.user) if page.clubs else None,
        "public_name_forms": {
            c.member.pk: PublicNameForm(
                initial={"public_name": c.member.public_name}, club_choice=c.club.public_name,
                number=c.member.number, auto_id=f"id_name_{c.member.pk}_%s")
            for c in page.clubs if c.member.anonymized_at is None},
    })


@login_required
@require_POST
def public_name(request, member_id: int):
    member = selectors.my_member(request.user, member_id)
    if member.anonymized_at is not None:
        messages.error(request, _("Your name is taken off in this club: it shows as your "
                                  "number for good."))
        return _to_club(member)
    form = PublicNameForm(request.POST, club_choice=member.club.public_name,
                          number=member.number)
    if form.is_valid():
        choice = form.cleaned_data["public_name"]
        privacy.set_public_name(member=member, choice=choice, by=request.user)
        messages.success(request, _("Your name on %(club)s's public pages: %(choice)s.") % {
            "club": member.club.name,
            "choice": choice_label(choice, member.club, member.number)})
    else:
        messages.error(request, _("Choose how the name shows in public: in full, as first "
                                  "name and initial, or hidden."))
    return _to_club(member)


@login_required
@require_GET
def data(request, member_id: int, kind: str):
    """A copy of what the club holds on me, as JSON or CSV (the club's history says I took
    it)."""
    if kind not in ("json", "csv"):
        raise Http404
    return data_copy(selectors.my_member(request.user, member_id), kind, by=request.user)


@login_required
@require_http_methods(["GET", "POST"])
def take_name_off(request, member_id: int):
    """GET asks first, saying what goes and what stays; POST takes my name off at once."""
    member = selectors.my_member(request.user, member_id)
    if request.method == "POST" and member.anonymized_at is None:
        privacy.anonymize_member(member=member, by=request.user)
        member.refresh_from_db()
        messages.success(request, _("Your name is taken off in %(club)s: you are now "
                                    "%(name)s there, your results stay.") % {
            "club": member.club.name, "name": PublicNames(member.club, full=True).of(member)})
        return _to_club(member)
    return TemplateResponse(request, "players/take_name_off.html", {
        "member": member, "club": member.club})


@login_required
@require_http_methods(["GET", "POST"])
def unlink(request, member_id: int):
    """GET asks first; POST ends the link between my account and the club's roster."""
    member = selectors.my_member(request.user, member_id)
    if request.method == "POST":
        with refused(request):
            services.unlink(member=member, by=request.user)
            messages.success(request, _("Your account is no longer linked to %(club)s. Your "
                                        "results stay in the club.") % {
                "club": member.club.name})
        return redirect("me")
    return TemplateResponse(request, "players/unlink.html", {
        "member": member, "club": member.club,
        "name": PublicNames(member.club, full=True).of(member)})


@login_required
@require_POST
def new_calendar(request):
    """A new private calendar address: the old one, shared or leaked, stops working."""
    services.new_calendar_key(request.user)
    messages.success(request, _("Your calendar has a new address: the old one no longer "
                                "works. Subscribe again with this one."))
    return redirect(reverse("me") + "#calendar")
