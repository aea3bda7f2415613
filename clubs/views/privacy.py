"""What a member asks of the club about their personal information, answered by its
organizers in one step each: how the name shows in public (the member's, the club's
default), the name taken off for good, a copy of what the club holds on them; and the
club's history of these requests."""

import json

from django.contrib import messages
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.cache import add_never_cache_headers
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs import member_data, selectors, services
from clubs.forms import ClubPublicNameForm, PublicNameForm, SplitForm
from clubs.models import Member
from clubs.public_names import PublicNames, choice_label
from clubs.services import privacy
from clubs.views._common import form_errors, member_of, organizer_view
from scoring.errors import ScoringError


@organizer_view
@require_POST
def member_public_name(request, club, member_id):
    member = member_of(club, member_id)
    form = PublicNameForm(request.POST, club_choice=club.public_name)
    if form.is_valid():
        privacy.set_public_name(member=member, choice=form.cleaned_data["public_name"],
                                by=request.user)
        messages.success(request, _("%(name)s's name on the public pages: %(choice)s.") % {
            "name": member.name, "choice": choice_label(form.cleaned_data["public_name"],
                                                        club, member.number)})
    else:
        messages.error(request, _("Choose how the name shows in public: in full, as first "
                                  "name and initial, or hidden."))
    return redirect("club_member_edit", pk=club.pk, member_id=member.pk)


@organizer_view
@require_http_methods(["GET", "POST"])
def club_public_name(request, club):
    form = ClubPublicNameForm(request.POST or None, initial={"public_name": club.public_name})
    if request.method == "POST" and form.is_valid():
        try:
            privacy.set_club_public_name(club=club, choice=form.cleaned_data["public_name"],
                                         by=request.user)
        except ScoringError as error:
            form_errors(form, error)
        else:
            messages.success(request, _("Saved."))
            return redirect("club_settings", pk=club.pk)
    return TemplateResponse(request, "clubs/form.html", {
        "form": form, "club": club, "heading": _("Players' names in public"),
        "submit": _("Save")}, status=422 if form.errors else 200)


@organizer_view
@require_http_methods(["GET", "POST"])
def member_anonymize(request, club, member_id):
    """GET asks first, saying what goes and what stays; POST takes the name off."""
    member = member_of(club, member_id)
    if request.method == "POST" and member.anonymized_at is None:
        privacy.anonymize_member(member=member, by=request.user)
        messages.success(request, _("The name is taken off: the player is now %(name)s, "
                                    "their results stay.") % {
            "name": PublicNames(club, full=True).of(Member.objects.get(pk=member.pk))})
        return redirect("club_roster", pk=club.pk)
    return TemplateResponse(request, "clubs/member_anonymize.html", {
        "club": club, "member": member})


@organizer_view
@require_http_methods(["GET", "POST"])
def member_split(request, club, member_id):
    """Two people under one name: the second one's name and matches; the ratings are
    replayed with the two apart."""
    member = member_of(club, member_id)
    form = SplitForm(request.POST or None, sittings=selectors.sittings(member))
    if request.method == "POST" and form.is_valid():
        try:
            other = services.split_member(member=member, name=form.cleaned_data["name"],
                                          players=form.cleaned_data["players"],
                                          by=request.user)
        except ScoringError as error:
            form_errors(form, error)
        else:
            messages.success(request, _("%(name)s now has their own matches and rating.") % {
                "name": other.name})
            return redirect("club_member_edit", pk=club.pk, member_id=other.pk)
    return TemplateResponse(request, "clubs/member_split.html", {
        "club": club, "member": member, "form": form}, status=422 if form.errors else 200)


@organizer_view
@require_GET
def member_data_copy(request, club, member_id, kind):
    """What the club holds on a member, as JSON or CSV: a download no cache keeps, recorded
    in the club's history."""
    if kind not in ("json", "csv"):
        raise Http404
    return data_copy(member_of(club, member_id), kind, by=request.user)


def data_copy(member: Member, kind: str, *, by) -> HttpResponse:
    """The copy's download (`kind` "json" or "csv"), recorded in the club's history as
    taken by `by`: the organizer's, or the member's own account's (players' own page)."""
    data = member_data.member_data(member)
    privacy.record_data_copy(member=member, by=by)
    name = f"{slugify(member.name) or 'player'}-{member.pk}"
    if kind == "csv":
        response = HttpResponse(member_data.member_csv(data), content_type="text/csv; "
                                "charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    else:
        response = HttpResponse(json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False,
                                           indent=2), content_type="application/json")
        response["Content-Disposition"] = f'attachment; filename="{name}.json"'
    add_never_cache_headers(response)
    return response
