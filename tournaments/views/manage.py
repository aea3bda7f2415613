"""The organizer's pages: tournaments, settings, co-organizers, teams and the dashboard."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseNotModified
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from scoring.errors import ScoringError
from scoring.links import qr_svg
from scoring.models import MAX_ID
from scoring.services import NewTeam
from tournaments import door, services, suggestions
from tournaments.etags import etag
from tournaments.formats import suggested_swiss_rounds
from tournaments.forms import (
    OrganizerForm,
    PartnersByLotForm,
    PlayerForm,
    TeamForm,
    TeamListForm,
    TournamentForm,
)
from tournaments.models import Entry
from tournaments.overview import overview
from tournaments.selectors import draw_candidates, organized_by, tournament_for_organizer


def organizer_view(view):
    """Logged in, and an organizer of the tournament in the URL (else 404)."""

    @login_required
    @wraps(view)
    def wrapper(request, pk, *args, **kwargs):
        return view(request, tournament_for_organizer(pk, request.user), *args, **kwargs)

    return wrapper


def refusal_messages(request, error: ScoringError) -> None:
    for message in error.messages():
        messages.error(request, message)


@login_required
@require_GET
def tournament_list(request):
    tournaments = organized_by(request.user).select_related("owner")
    return TemplateResponse(request, "tournaments/list.html", {"tournaments": tournaments})


def _form_errors(form, error: ScoringError, *others) -> None:
    """Each refusal beside its field, on whichever of the page's forms has it."""
    for violation, message in zip(error.violations, error.messages(), strict=True):
        owner = next((f for f in (form, *others) if violation.field in f.fields), form)
        owner.add_error(violation.field if violation.field in owner.fields else None, message)


@login_required
@require_http_methods(["GET", "POST"])
def tournament_new(request):
    form = TournamentForm(request.POST or None)
    list_form = TeamListForm(request.POST or None, prefix="list").before_the_format()
    if request.method == "POST" and form.is_valid():
        teams = services.parse_entry_list(form.cleaned_data["format"],
                                          request.POST.get("list-teams", ""))
        try:
            tournament = services.create_tournament(owner=request.user,
                                                    settings=form.settings(), teams=teams)
        except ScoringError as error:
            _form_errors(form, error, list_form)  # the pasted list's errors beside the list
        else:
            return redirect("tournament_dashboard", pk=tournament.pk)
    return TemplateResponse(request, "tournaments/form.html",
                            {"form": form, "list_form": list_form, "creating": True},
                            status=422 if form.is_bound else 200)


@organizer_view
@require_http_methods(["GET", "POST"])
def tournament_settings(request, tournament):
    form = TournamentForm(request.POST or None, initial=TournamentForm.initial_from(tournament))
    if request.method == "POST" and form.is_valid():
        try:
            services.update_tournament(tournament=tournament, settings=form.settings())
        except ScoringError as error:
            _form_errors(form, error)
        else:
            messages.success(request, _("Settings saved."))
            return redirect("tournament_settings", pk=tournament.pk)
    drawn = tournament.rounds.exists()
    field_size = len(draw_candidates(tournament.entries.all()))
    return TemplateResponse(request, "tournaments/form.html", {
        "form": form, "tournament": tournament, "organizer_form": OrganizerForm(),
        "organizers": tournament.organizers.all(), "drawn": drawn,
        "is_creator": _is_creator(request.user, tournament),
        # What an empty Swiss rounds field will mean at the first draw.
        "suggested_rounds": None if drawn else suggested_swiss_rounds(field_size),
        "field_size": field_size,
    }, status=422 if form.is_bound else 200)


def _is_creator(user, tournament) -> bool:
    return user.pk == tournament.owner_id or user.is_superuser


@organizer_view
@require_POST
def organizer_add(request, tournament):
    """The creator chooses the co-organizers."""
    if not _is_creator(request.user, tournament):
        raise PermissionDenied(_("Only the tournament's creator adds co-organizers."))
    form = OrganizerForm(request.POST)
    if form.is_valid():
        try:
            user = services.add_organizer(tournament=tournament,
                                          username=form.cleaned_data["username"])
        except ScoringError as error:
            refusal_messages(request, error)
        else:
            messages.success(request, _("%(name)s is now a co-organizer.") % {
                "name": user.get_username()})
    return redirect("tournament_settings", pk=tournament.pk)


@organizer_view
@require_POST
def organizer_remove(request, tournament, user_id):
    """The creator removes co-organizers; a co-organizer may step down."""
    if not (_is_creator(request.user, tournament) or user_id == request.user.pk):
        raise PermissionDenied(_("Only the tournament's creator removes co-organizers."))
    services.remove_organizer(tournament=tournament, user_id=user_id)
    if user_id == request.user.pk and not _is_creator(request.user, tournament):
        return redirect("tournament_list")
    return redirect("tournament_settings", pk=tournament.pk)


# --- Teams -------------------------------------------------------------------------------


@organizer_view
@require_http_methods(["GET", "POST"])
def teams(request, tournament):
    # An individual night's entries are players, each added by name.
    team_form = (PlayerForm if tournament.is_individual else TeamForm)(
        request.POST if "add" in request.POST else None,
        players_url=suggestions.players_url(tournament, request.user))
    list_form = TeamListForm(request.POST if "paste" in request.POST else None)
    lot_form = PartnersByLotForm(request.POST if "lot" in request.POST else None)
    if tournament.is_individual:
        list_form.individual()
    if tournament.is_individual and "lot" in request.POST:
        raise Http404  # partners for the night are a team format's: the page has no such form
    status = 200
    if request.method == "POST":
        status = 422
        form = team_form if "add" in request.POST else lot_form if "lot" in request.POST \
            else list_form
        if form.is_valid():
            try:
                added = services.add_teams(tournament=tournament, teams=_new_entries(
                    tournament, form, team_form, lot_form))
            except ScoringError as error:
                _form_errors(form, error)
            else:
                messages.success(request, (ngettext(
                    "%(count)s player added.", "%(count)s players added.", len(added))
                    if tournament.is_individual else ngettext(
                    "%(count)s team added.", "%(count)s teams added.", len(added)))
                    % {"count": len(added)})
                return redirect("tournament_teams", pk=tournament.pk)
    view = overview(tournament)
    removed = request.session.get(REMOVED) if request.GET.get("removed") else None
    return TemplateResponse(request, "tournaments/teams.html", {
        "tournament": tournament, "view": view, "team_form": team_form,
        "list_form": list_form, "lot_form": lot_form, "drawn": bool(view.rounds),
        "over": view.finished,
        "removed": removed if removed and removed.get("tournament") == tournament.pk
        else None,
        **_door(tournament, view.entries, request.GET.get("q", "")),
    }, status=status)


def _door(tournament, entries, typed: str) -> dict:
    """The teams page's list as the door uses it: the entries found by what was typed (the
    search without JavaScript, ?q=), and the count checked in."""
    checked, active = door.checked_in_count(tournament)
    typed = typed.strip()
    return {"q": typed, "listed": door.listed(entries, typed), "checked": checked,
            "active": active}


def _teams_url(tournament, typed: str = "") -> str:
    """The teams page, its list still found by what was typed."""
    url = reverse("tournament_teams", args=[tournament.pk])
    return f"{url}?{urlencode({'q': typed})}" if typed.strip() else url


def _new_entries(tournament, form, team_form, lot_form) -> list:
    """The teams (or players) one of the teams page's forms adds."""
    if form is team_form:
        return [form.team()]
    if form is lot_form:
        return services.teams_by_lot(form.cleaned_data["players"])
    return services.parse_entry_list(tournament.format, form.cleaned_data["teams"])


def _entry(tournament, entry_id) -> Entry:
    entry = Entry.objects.select_related("team").filter(pk=entry_id, tournament=tournament)
    if not entry.exists():
        raise Http404
    return entry.get()


@organizer_view
@require_POST
def team_flag(request, tournament, entry_id, flag):
    if flag not in ("checked_in", "withdrawn"):
        raise Http404
    entry = _entry(tournament, entry_id)
    value = request.POST.get("value") == "1"
    typed = request.POST.get("q", "").strip()
    try:
        services.set_entry_flags(entry=entry, **{flag: value})
    except ScoringError as error:
        refusal_messages(request, error)
        if request.htmx:  # the whole page, to show why
            return HttpResponseClientRedirect(_teams_url(tournament, typed))
        return redirect(_teams_url(tournament, typed))
    if request.htmx:  # the row, and the count checked in out of band
        checked, active = door.checked_in_count(tournament)
        return TemplateResponse(request, "tournaments/teams.html#flag_answer", {
            "tournament": tournament, "entry": Entry.objects.select_related(
                "team__first_player", "team__second_player").get(pk=entry.pk),
            "drawn": tournament.rounds.exists(), "q": typed, "checked": checked,
            "active": active,
        })
    return redirect(_teams_url(tournament, typed))


@organizer_view
@require_POST
def team_check_in_all(request, tournament):
    """The door's "Check in everyone listed": the entries whose ids the list sent (those it
    showed), at once. With htmx the list comes back; without, the page, still searched."""
    typed = request.POST.get("q", "").strip()
    # Ids as the page sends them; anything else (a superscript digit, a number past any
    # id) is no entry of the list.
    ids = [int(value) for value in request.POST.getlist("entry")
           if value.isascii() and value.isdigit() and int(value) <= MAX_ID]
    try:
        done = services.check_in_entries(tournament=tournament, entry_ids=ids)
    except ScoringError as error:
        refusal_messages(request, error)
        if request.htmx:  # the whole page, to show why
            return HttpResponseClientRedirect(_teams_url(tournament, typed))
        return redirect(_teams_url(tournament, typed))
    if request.htmx:  # the list and its count say what was done
        # Every row, as the page had them: the page narrows them again by what is typed.
        view = overview(tournament)
        return TemplateResponse(request, "tournaments/teams.html#door", {
            "tournament": tournament, "view": view, "drawn": bool(view.rounds),
            "over": view.finished, **_door(tournament, view.entries, "")})
    if done:
        messages.success(request, (ngettext(
            "%(count)s player checked in.", "%(count)s players checked in.", len(done))
            if tournament.is_individual else ngettext(
            "%(count)s team checked in.", "%(count)s teams checked in.", len(done)))
            % {"count": len(done)})
    else:
        messages.info(request, _("Everyone listed was already checked in."))
    return redirect(_teams_url(tournament, typed))


REMOVED = "removed_team"  # the session's key for the last team removed, to undo


@organizer_view
@require_http_methods(["GET", "POST"])
def team_remove(request, tournament, entry_id):
    """GET asks first; POST removes the team, and the teams page offers to undo it."""
    entry = _entry(tournament, entry_id)
    if request.method == "GET":
        return TemplateResponse(request, "tournaments/team_remove.html", {
            "tournament": tournament, "entry": Entry.objects.select_related(
                "team__first_player", "team__second_player").get(pk=entry.pk)})
    team = Entry.objects.select_related("team__first_player", "team__second_player").get(
        pk=entry.pk).team
    kept = {"tournament": tournament.pk, "name": team.name, "seed": entry.seed,
            "checked_in": entry.checked_in,
            "players": [p.name for p in (team.first_player, team.second_player) if p]}
    try:
        services.remove_entry(entry=entry)
    except ScoringError as error:
        refusal_messages(request, error)
        return redirect("tournament_teams", pk=tournament.pk)
    request.session[REMOVED] = kept
    return redirect(reverse("tournament_teams", args=[tournament.pk]) + "?removed=1")


@organizer_view
@require_POST
def team_restore(request, tournament):
    """The removal's "Undo": the team comes back as it was."""
    kept = request.session.get(REMOVED)
    if not kept or kept.get("tournament") != tournament.pk:
        messages.error(request, _("There is no removed team to bring back."))
        return redirect("tournament_teams", pk=tournament.pk)
    try:
        services.restore_entry(tournament=tournament, team=NewTeam(
            kept["name"], tuple(kept["players"])), seed=kept["seed"],
            checked_in=kept["checked_in"])
    except ScoringError as error:
        refusal_messages(request, error)
    else:
        del request.session[REMOVED]
        messages.success(request, _("%(name)s is back on the list.") % {"name": kept["name"]})
    return redirect("tournament_teams", pk=tournament.pk)


@organizer_view
@require_POST
def team_seeds(request, tournament):
    """Seeds from the numbers typed beside each team (ties keep the current order)."""
    current = list(tournament.entries.order_by("seed"))
    typed = {}
    for entry in current:
        try:
            typed[entry.pk] = int(request.POST.get(f"seed-{entry.pk}", entry.seed))
        except ValueError:
            typed[entry.pk] = entry.seed
    order = sorted(typed, key=lambda pk: (typed[pk], [e.pk for e in current].index(pk)))
    try:
        services.set_seeds(tournament=tournament, order=order)
    except ScoringError as error:
        refusal_messages(request, error)
    else:
        messages.success(request, _("Seeds saved."))
    return redirect("tournament_teams", pk=tournament.pk)


@organizer_view
@require_GET
def name_cards(request, tournament):
    """An individual night's name cards, to print: each player's name and a QR code of
    their own page (where they sit each round, their results, their place)."""
    if not tournament.is_individual:
        raise Http404
    cards = []
    for entry in tournament.entries.select_related("team").filter(withdrawn=False).order_by(
            "seed"):
        link = request.build_absolute_uri(reverse("public_player",
                                                  args=[tournament.pk, entry.pk]))
        cards.append({"entry": entry, "link": link, "qr": qr_svg(link)})
    return TemplateResponse(request, "tournaments/name_cards.html", {
        "tournament": tournament, "cards": cards})


# --- The dashboard -------------------------------------------------------------------------


@organizer_view
@require_GET
def dashboard(request, tournament):
    """Every table of the current round, live; refreshes itself (304 while nothing changed)."""
    # The minute is part of the ETag: "last hand 5 min ago" moves on even when nothing else does.
    tag = etag(tournament, "dash", timezone.now().strftime("%H%M"))
    if request.htmx and tag in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    else:
        template = "tournaments/dashboard.html" + ("#live" if request.htmx else "")
        response = TemplateResponse(request, template, {
            # The round being played, and the standings: no earlier round's tables.
            "tournament": tournament,
            "view": overview(tournament, past_tables=False, players=False),
            "etag": tag, "now": timezone.now(),
        })
    response["ETag"] = tag
    response["Cache-Control"] = "no-cache, private"
    return response
