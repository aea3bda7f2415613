"""The organizer's pages: clubs, the roster, club nights, a club match, seasons, the whole
club as JSON."""

import json
from dataclasses import replace

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import add_never_cache_headers
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs import exports, organizer_parts, roster_list, selectors, services
from clubs.forms import (
    AttributionForm,
    ClubForm,
    ClubMatchForm,
    MemberForm,
    MergeForm,
    NightForm,
    PublicNameForm,
    RosterListForm,
    SeasonForm,
    TonightForm,
)
from clubs.models import ClubNight, Member, Season
from clubs.public_names import PublicNames
from clubs.services.seasons import save_season
from clubs.views._common import form_errors, member_of, organizer_view
from scoring.errors import Conflict, ScoringError
from scoring.selectors import match_for_table
from scoring.services import NewTeam
from tournaments import services as tournaments
from tournaments.forms import OrganizerForm, TeamListForm, TournamentForm
from tournaments.models import Format
from tournaments.selectors import organized_by

FORM_PAGE = "clubs/form.html"
HISTORY_SHOWN = 100  # the club's latest requests, on its settings page
SUGGESTIONS = 8
# The fields whose typed names the roster answers: a club match's seats, a club night's
# team players (tournaments.forms.TeamForm), an individual night's player (PlayerForm).
TYPED_FIELDS = ("seat_n", "seat_s", "seat_e", "seat_w", "first_player", "second_player",
                "player")


@login_required
@require_GET
def club_list(request):
    return TemplateResponse(request, "clubs/list.html",
                            {"clubs": selectors.clubs_of(request.user)})


def _form_page(request, form, heading, submit, **extra):
    return TemplateResponse(request, FORM_PAGE, {
        "form": form, "heading": heading, "submit": submit, **extra,
    }, status=422 if form.is_bound and form.errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def club_new(request):
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            club = services.create_club(owner=request.user, **form.cleaned_data)
        except ScoringError as error:
            form_errors(form, error)
        else:
            return redirect("club_roster", pk=club.pk)
    return _form_page(request, form, _("New club"), _("Create the club"))


@organizer_view
@require_http_methods(["GET", "POST"])
def club_settings(request, club):
    form = ClubForm(request.POST or None,
                    initial={"name": club.name, "place": club.place, "public": club.public,
                             "time_zone": club.time_zone})
    if request.method == "POST" and form.is_valid():
        try:
            services.update_club(club=club, **form.cleaned_data)
        except ScoringError as error:
            form_errors(form, error)
        else:
            messages.success(request, _("Saved."))
            return redirect("club_page", pk=club.pk)
    return _form_page(request, form, _("Club settings"), _("Save"), club=club,
                      organizers=club.organizers.order_by("username"),
                      organizer_form=OrganizerForm() if club.owner_id == request.user.pk
                      else None, names=PublicNames(club, full=True),
                      history=club.events.select_related("member", "by")[:HISTORY_SHOWN],
                      club_json=reverse("club_json", args=[club.pk]))


@organizer_view
@require_GET
def club_json(request, club):
    """The whole club, to move it (manage.py import_club reads it): a file no cache keeps,
    as it holds every match's link secrets and the roster's names."""
    text = json.dumps(exports.club_data(club), indent=2, ensure_ascii=False,
                      cls=DjangoJSONEncoder)
    response = HttpResponse(text, content_type="application/json")
    response["Content-Disposition"] = (
        f'attachment; filename="{slugify(club.name) or "club"}-club.json"')
    add_never_cache_headers(response)
    return response


@organizer_view
@require_POST
def organizer_add(request, club):
    form = OrganizerForm(request.POST)
    if form.is_valid():
        try:
            user = services.add_organizer(club=club, username=form.cleaned_data["username"],
                                          by=request.user)
        except ScoringError as error:
            for message in error.messages():
                messages.error(request, message)
        else:
            messages.success(request, _("%(name)s organizes the club too.") % {
                "name": user.get_username()})
    return redirect("club_settings", pk=club.pk)


@organizer_view
@require_http_methods(["GET", "POST"])
def roster(request, club):
    form = MemberForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            member = services.add_member(club=club, **form.cleaned_data)
        except ScoringError as error:
            form_errors(form, error)
        else:
            messages.success(request, _("%(name)s joined the roster.") % {"name": member.name})
            return redirect("club_roster", pk=club.pk)
    return TemplateResponse(request, "clubs/roster.html", {
        "club": club, "form": form, "members": selectors.roster(club.pk),
        "list_form": RosterListForm(),
        "parts": organizer_parts.parts(organizer_parts.ROSTER, request, club),
    }, status=422 if form.errors else 200)


@organizer_view
@require_http_methods(["GET", "POST"])
def roster_list_page(request, club):
    """A roster pasted, one name per line: posted, each line shows what it will do; posted
    again with "confirm", the names shown as added join the roster, all at once (or none,
    and the list is shown anew, when the roster changed meanwhile)."""
    form = RosterListForm(request.POST or None)
    status, changed = 200, False
    if request.method == "POST" and form.is_valid() and "confirm" in request.POST:
        try:
            added = services.add_listed_members(club=club, text=form.cleaned_data["names"],
                                                previewed=request.POST.getlist("adding"))
        except Conflict:
            status, changed = 409, True
        except ScoringError as error:
            form_errors(form, error)
        else:
            messages.success(request, ngettext(
                "%(count)s player joined the roster.", "%(count)s players joined the roster.",
                len(added)) % {"count": len(added)})
            return redirect("club_roster", pk=club.pk)
    lines = roster_list.read(club.pk, form.cleaned_data["names"]) \
        if form.is_bound and form.is_valid() else None
    return TemplateResponse(request, "clubs/roster_list.html", {
        "club": club, "form": form, "list_form": form, "lines": lines, "changed": changed,
        "adding": roster_list.adding(lines or []),
        "counts": {outcome: sum(line.outcome == outcome for line in lines or [])
                   for outcome in roster_list.Outcome},
    }, status=422 if form.errors else status)


@organizer_view
@require_http_methods(["GET", "POST"])
def member_edit(request, club, member_id):
    member = member_of(club, member_id)
    others = [m for m in selectors.roster(club.pk) if m.pk != member.pk]
    form = MemberForm(request.POST if "name" in request.POST else None,
                      initial={"name": member.name, "nickname": member.nickname})
    merge = MergeForm(request.POST if "other" in request.POST else None, members=others,
                      prefix="merge")
    if request.method == "POST":
        if "name" in request.POST and form.is_valid():
            try:
                services.update_member(member=member, **form.cleaned_data)
            except ScoringError as error:
                form_errors(form, error)
            else:
                messages.success(request, _("Saved."))
                return redirect("club_roster", pk=club.pk)
        elif "merge-other" in request.POST:
            merge = MergeForm(request.POST, members=others, prefix="merge")
            if merge.is_valid():
                other = member_of(club, merge.cleaned_data["other"])
                try:
                    services.merge_members(keep=member, absorb=other)
                except ScoringError as error:
                    form_errors(merge, error)
                else:
                    messages.success(request, _("%(other)s merged into %(name)s.") % {
                        "other": other.name, "name": member.name})
                    return redirect("club_player", pk=club.pk, member_id=member.pk)
    return TemplateResponse(request, "clubs/member_edit.html", {
        "club": club, "member": member, "form": form, "merge": merge,
        "shown_name": PublicNames(club, full=True).of(member),
        "public_name_form": PublicNameForm(initial={"public_name": member.public_name},
                                           number=member.number,
                                           club_choice=club.public_name),
        "parts": organizer_parts.parts(organizer_parts.MEMBER, request, club, member=member),
    }, status=422 if form.errors or merge.errors else 200)


@organizer_view
@require_GET
def suggest(request, club):
    """The roster's names that start with (or contain) what was typed: a <datalist> the
    field's browser offers as the keeper types (htmx swaps it in)."""
    typed = next((v for k, v in request.GET.items() if k in TYPED_FIELDS), "")
    list_id = request.GET.get("list", "")
    if list_id not in {f"{name}-players" for name in TYPED_FIELDS}:
        list_id = "players"
    found = selectors.suggestions(club.pk, typed, SUGGESTIONS)
    return TemplateResponse(request, "clubs/_suggestions.html",
                            {"list_id": list_id, "members": found})


@organizer_view
@require_http_methods(["GET", "POST"])
def match_new(request, club):
    form = ClubMatchForm(request.POST or None,
                         suggest_url=reverse("club_suggest", args=[club.pk]))
    if request.method == "POST" and form.is_valid():
        try:
            match = services.start_match(club=club, owner=request.user, **form.match_kwargs())
        except ScoringError as error:
            form_errors(form, error)
        else:
            if taken_off := selectors.names_taken_off_at(match=match):
                messages.info(request, ngettext(
                    "%(players)s, whose name was taken off the club's roster, plays this "
                    "match: it counts for them, and the name typed for them is replaced by "
                    "their number.",
                    "%(players)s, whose names were taken off the club's roster, play this "
                    "match: it counts for them, and the names typed for them are replaced by "
                    "their numbers.", len(taken_off)) % {"players": _listed(club, taken_off)})
            return redirect("owned:table", pk=match.pk)
    return TemplateResponse(request, "clubs/match_new.html", {"club": club, "form": form},
                            status=422 if form.errors else 200)


def _listed(club, members) -> str:
    """Members whose names were taken off, as everyone reads them ("Player 26")."""
    names = PublicNames(club, full=True)
    return ", ".join(names.of(member) for member in members)


@organizer_view
@require_http_methods(["GET", "POST"])
def nights(request, club):
    taken = ClubNight.objects.values_list("tournament_id", flat=True)
    choices = organized_by(request.user).exclude(pk__in=taken)
    current = club.seasons.first()  # the newest (Season's ordering)
    form = NightForm(request.POST or None, tournaments=choices, season=current)
    if request.method == "POST" and form.is_valid():
        tournament = choices.get(pk=form.cleaned_data["tournament"])
        try:
            services.add_night(club=club, tournament=tournament,
                               season=current if form.cleaned_data.get("season") else None)
        except ScoringError as error:
            form_errors(form, error)
        else:
            messages.success(request, _("%(name)s is a club night now.") % {
                "name": tournament.name})
            if taken_off := selectors.names_taken_off_at(tournament=tournament):
                messages.info(request, ngettext(
                    "%(players)s, whose name was taken off the club's roster, played this "
                    "night: it counts for them, and the name typed for them is replaced by "
                    "their number.",
                    "%(players)s, whose names were taken off the club's roster, played this "
                    "night: it counts for them, and the names typed for them are replaced by "
                    "their numbers.", len(taken_off)) % {"players": _listed(club, taken_off)})
            return redirect("club_nights", pk=club.pk)
    return TemplateResponse(request, "clubs/nights.html", {
        "club": club, "form": form,
        "nights": club.nights.select_related("tournament").order_by(
            "-tournament__date", "-tournament__created_at"),
    }, status=422 if form.errors else 200)


def _night_form_errors(error, *forms) -> None:
    """Each refusal beside its field, on whichever of the page's forms has it."""
    for violation, message in zip(error.violations, error.messages(), strict=True):
        owner = next((f for f in forms if violation.field in f.fields), forms[0])
        owner.add_error(violation.field if violation.field in owner.fields else None, message)


@organizer_view
@require_http_methods(["GET", "POST"])
def night_new(request, club):
    """A new tournament, made one of the club's nights as it is created: the new
    tournament's form, with the roster's players to check (who is here tonight), and the
    club's newest season to count it in."""
    current = club.seasons.first()  # the newest (Season's ordering)
    form = TournamentForm(request.POST or None, initial={
        "place": club.place, "date": timezone.localdate()})
    list_form = TeamListForm(request.POST or None, prefix="list").before_the_format()
    tonight = TonightForm(request.POST or None, members=list(selectors.roster(club.pk)),
                          season=current, prefix="club")
    if request.method == "POST" and form.is_valid() and tonight.is_valid():
        try:
            teams = _night_teams(form.cleaned_data["format"],
                                 request.POST.get("list-teams", ""), tonight.names_here())
            night = services.create_night(
                club=club, owner=request.user, settings=form.settings(), teams=teams,
                season=current if tonight.cleaned_data.get("season") else None)
        except ScoringError as error:
            _night_form_errors(error, form, tonight, list_form)
        else:
            messages.success(request, _("%(name)s is a club night now.") % {
                "name": night.tournament.name})
            return redirect("tournament_dashboard", pk=night.tournament_id)
    return TemplateResponse(request, "clubs/night_new.html", {
        "club": club, "form": form, "list_form": list_form, "tonight": tonight,
        "creating": True,
    }, status=422 if form.is_bound else 200)


def _night_teams(tournament_format: str, pasted: str, here: list[str]) -> list:
    """The pasted list, then the players checked: each one a player of an individual
    night, else paired by lot, each pair a team named after its two players."""
    teams = tournaments.parse_entry_list(tournament_format, pasted)
    if not here:
        return teams
    if tournament_format == Format.INDIVIDUAL:
        return [*teams, *(NewTeam(name) for name in here)]
    try:
        pairs = tournaments.teams_by_lot("\n".join(here))
    except ScoringError as error:  # an odd number: said beside the players checked
        error.violations = [replace(violation, field="here") for violation in error.violations]
        raise
    return [*teams, *(NewTeam(pair.name, pair.players) for pair in pairs)]


def _season_form(request, club, season=None):
    nights_ = club.nights.select_related("tournament").order_by("tournament__date",
                                                                 "tournament__created_at")
    initial = {} if season is None else {
        "name": season.name, "points_table": ", ".join(map(str, season.points_table)),
        "best_of": season.best_of, "nights": list(season.nights.values_list("pk", flat=True)),
    }
    form = SeasonForm(request.POST or None, nights=nights_, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            season = save_season(club=club, name=form.cleaned_data["name"],
                                 points_table=form.table(),
                                 best_of=form.cleaned_data["best_of"],
                                 nights=form.cleaned_data["nights"], season=season)
        except ScoringError as error:
            form_errors(form, error)
        else:
            return redirect("season_page", pk=season.pk)
    heading = _("New season") if season is None else _("Season settings")
    return _form_page(request, form, heading, _("Save"), club=club)


@organizer_view
@require_http_methods(["GET", "POST"])
def season_new(request, club):
    return _season_form(request, club)


@organizer_view
@require_http_methods(["GET", "POST"])
def season_edit(request, club, season_id):
    return _season_form(request, club,
                        selectors.one_or_404(Season.objects.filter(club=club), season_id))


def _club_match(club, match_id):
    return selectors.one_or_404(
        selectors.club_matches(club.pk).select_related("team_a", "team_b"), match_id)


@organizer_view
@require_http_methods(["GET", "POST"])
def attributions(request, club, match_id):
    """Who made each politaine, was dealt the four sevens, asked for each redeal: one tap
    on a player's name (again on "nobody" to take it back)."""
    match = _club_match(club, match_id)
    return _attributions(request, club, match, here=reverse(
        "club_attributions", args=[club.pk, match.pk]), table=reverse(
        "owned:table", args=[match.pk]))


@require_http_methods(["GET", "POST"])
def link_attributions(request, token):
    """The same taps for the keeper who came by the match's score keeper link (no account):
    the link is the right to keep this match's score, and so to say who made its hands."""
    match = match_for_table(token=token)
    club = selectors.club_of_match_or_404(match)
    return _attributions(request, club, match, here=reverse(
        "club_link_attributions", kwargs={"token": token}), table=reverse(
        "link:table", kwargs={"token": token}))


def _attributions(request, club, match, *, here, table):
    if request.method == "POST":
        form = AttributionForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            member = Member.objects.filter(club=club, pk=data["member"]).first() \
                if data["member"] else None
            try:
                services.attribute(match=match, kind=data["kind"],
                                   hand_number=data["hand_number"], slot=data["slot"],
                                   team=data["team"], member=member,
                                   by=request.user if request.user.is_authenticated else None)
            except Conflict as error:
                # A closed round or night: refused as its hands are, with the page as it is.
                for message in error.messages():
                    messages.error(request, message)
                return _attributions_page(request, club, match, table, status=409)
            except ScoringError as error:
                for message in error.messages():
                    messages.error(request, message)
        else:
            messages.error(request, _("That choice is not one of this page's."))
        return redirect(here)
    return _attributions_page(request, club, match, table)


def _attributions_page(request, club, match, table, status=200):
    return TemplateResponse(request, "clubs/attributions.html", {
        "club": club, "match": match, "taps": selectors.attribution_page(match),
        "table_url": table,
    }, status=status)
