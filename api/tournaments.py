"""Tournaments: create one with its teams, draw rounds, read it and its standings. Its
matches are read and scored through the match API."""

import json

from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from ninja import Path, Query, Router, Status

from api import auth
from api import players as door
from api.errors import (
    ApiError,
    documented_errors,
    no_such_player,
    no_such_team,
    no_such_tournament,
    refusals,
    unauthorized,
)
from api.schemas import (
    ErrorOut,
    NightOut,
    RoundOut,
    StandingsOut,
    TeamFlagsIn,
    TournamentChangeIn,
    TournamentIn,
    TournamentOut,
    TournamentPlayerIn,
    TournamentTeamOut,
)
from clubs import selectors as clubs
from clubs.models import ClubNight
from players import services as players
from players.services.signups import unit
from scoring import rules
from scoring.errors import InvalidInput
from scoring.models import MAX_ID
from scoring.services import NewTeam
from tournaments import kept_pages, public_names, services
from tournaments.etags import etag
from tournaments.formats import Format, Stage
from tournaments.metrics import COLUMNS
from tournaments.models import Entry, SitOut, Tournament
from tournaments.overview import StandingsOnly, overview
from tournaments.selectors import can_organize, read_standings, tiebreaks_of
from tournaments.services import Settings
from tournaments.standings_cache import STANDINGS_SECONDS

router = Router(tags=["tournaments"])

TournamentId = Path(..., ge=1, le=MAX_ID, description="The tournament's id.")
TeamId = Path(..., ge=1, le=MAX_ID, description="The team's id in the tournament.")
PlayerId = Path(..., ge=1, le=MAX_ID, description="The player's id in the tournament.")
ERRORS = documented_errors(ErrorOut)


def _tournament(request, pk: int, *, organize: bool) -> Tournament:
    caller = request.auth
    tournament = Tournament.objects.filter(pk=pk).select_related("results_version").first()
    organizer = tournament is not None and caller.user is not None and can_organize(
        caller.user, tournament)
    if tournament is None or not (organizer or (not organize and tournament.public)):
        raise unauthorized() if caller.anonymous else no_such_tournament()
    return tournament


def _individual_table(t, *, tokens: bool) -> dict:
    table = {"table": t.table.number, "match": t.match.pk,
             "seats": {seat: entry.pk for seat, entry in t.seats.items()},
             "status": t.match.status, "score": {"NS": t.match.score_a, "EW": t.match.score_b},
             "winner": {rules.Team.A: "NS", rules.Team.B: "EW"}.get(t.match.winner)}
    if tokens:
        table["scorekeeper_token"] = t.match.scorekeeper_token
    return table


def _round_data(round_view, *, tokens: bool) -> dict:
    if round_view.round.stage == Stage.INDIVIDUAL:
        return {"number": round_view.round.number, "stage": round_view.round.stage,
                "matches": [], "byes": [], "with_rematches": round_view.round.with_rematches,
                "tables": [_individual_table(t, tokens=tokens) for t in round_view.tables],
                "sitting_out": [entry.pk for entry in round_view.byes]}
    matches = []
    for t in round_view.tables:
        match = {
            "id": t.match.pk, "table": t.table.number, "team_a": t.entry_a.pk,
            "team_b": t.entry_b.pk, "status": t.match.status,
            "score": {"a": t.match.score_a, "b": t.match.score_b},
            "winner": t.winner.pk if t.winner else None,
        }
        if tokens:
            match["scorekeeper_token"] = t.match.scorekeeper_token
        matches.append(match)
    return {"number": round_view.round.number, "stage": round_view.round.stage,
            "matches": matches, "byes": [entry.pk for entry in round_view.byes],
            "with_rematches": round_view.round.with_rematches}


def team_data(entry) -> dict:
    return {"id": entry.pk, "name": entry.name, "seed": entry.seed,
            "checked_in": entry.checked_in, "withdrawn": entry.withdrawn}


def tournament_data(view, *, tokens: bool) -> dict:
    t = view.tournament
    return {
        "id": t.pk, "name": t.name, "variant": t.variant, "target": t.target,
        "format": t.format, "public": t.public, "date": t.date, "place": t.place,
        "starts_at": t.starts_at, "cancelled": t.cancelled_at is not None,
        "swiss_rounds": t.swiss_rounds, "swiss_first_round": t.swiss_first_round,
        "knockout_size": t.knockout_size, "confirmation": t.confirmation,
        "total_rounds": view.total_rounds, "finished": view.finished,
        "closed": t.closed_at is not None,
        "champion": view.champion.pk if view.champion else None,
        "rounds": [_round_data(r, tokens=tokens) for r in view.rounds],
        **({"teams": [], "players": [team_data(e) for e in view.entries],
            "sit_out_score": {"kind": t.sit_out, "points": t.sit_out_points}}
           if t.is_individual else {"teams": [team_data(e) for e in view.entries]}),
    }


@router.post("/tournaments", response={201: TournamentOut, **ERRORS}, auth=auth.PERSONAL,
             summary="Create a tournament with its teams")
def create_tournament(request, payload: TournamentIn):
    user = auth.personal_user(request)
    individual = payload.format == Format.INDIVIDUAL
    sit_out = payload.sit_out_score
    settings = Settings(
        name=payload.name, variant=payload.variant, format=payload.format,
        target=payload.target, swiss_rounds=None if individual else payload.rounds,
        individual_rounds=payload.rounds if individual else None,
        sit_out=sit_out.kind if sit_out else SitOut.NONE,
        sit_out_points=sit_out.points if sit_out else 0,
        knockout_size=payload.knockout_size,
        public=payload.public, date=payload.date, place=payload.place,
        round_minutes=payload.round_minutes, swiss_first_round=payload.swiss_first_round,
        confirmation=payload.confirmation,
    )
    if (individual and payload.teams) or (not individual and (payload.players or sit_out)):
        raise ApiError(422, "format_entries", _(
            "An individual night takes players (and what a round sat out scores); the other "
            "formats take teams."))
    teams = [NewTeam(player.name) for player in payload.players] if individual else [
        NewTeam(team.name, tuple(team.players)) for team in payload.teams]
    with refusals():
        tournament = services.create_tournament(owner=user, settings=settings, teams=teams)
    return Status(201, tournament_data(overview(tournament), tokens=True))


@router.get("/tournaments/{id}", response={200: TournamentOut, **ERRORS}, auth=auth.PUBLIC,
            summary="A tournament with its teams, rounds and match summaries",
            openapi_extra=auth.PUBLIC_SECURITY)
def get_tournament(request, id: int = TournamentId):
    tournament = _tournament(request, id, organize=False)
    organizer = request.auth.user is not None and can_organize(request.auth.user, tournament)
    view = overview(tournament)
    # The public reads a club night's players as they chose to be named.
    return tournament_data(view if organizer else public_names.for_the_public(
        view, tournament), tokens=organizer)


@router.post("/tournaments/{id}/rounds", response={201: RoundOut, **ERRORS},
             auth=auth.PERSONAL, summary="Draw the next round")
def draw_round(request, id: int = TournamentId,
               allow_rematches: bool = Query(
                   False, description="Draw with the fewest rematches when none can be "
                   "avoided.")):
    """409 `rematch_unavoidable` when no draw of the round avoids a rematch (after
    withdrawals or late arrivals): its errors name the pairs that would meet again, and
    `?allow_rematches=true` draws the round with the fewest."""
    auth.personal_user(request)
    tournament = _tournament(request, id, organize=True)
    with refusals():
        new_round = services.draw_next_round(tournament=tournament,
                                             allow_rematches=allow_rematches)
    view = overview(tournament)
    round_view = next(r for r in view.rounds if r.round.pk == new_round.pk)
    return Status(201, _round_data(round_view, tokens=True))


@router.post("/tournaments/{id}/close", response={200: TournamentOut, **ERRORS},
             auth=auth.PERSONAL, summary="Close the tournament: its results are final")
def close_tournament(request, id: int = TournamentId):
    """Once the tournament is over (409 `tournament_not_over` before) and no result of its
    last round is disputed (409 `round_disputed`): the opponents' tokens then refuse to
    confirm or dispute (409 `tournament_closed`), the score keeper tokens to write. Closing
    twice is no error."""
    auth.personal_user(request)
    tournament = _tournament(request, id, organize=True)
    with refusals():
        tournament = services.close_tournament(tournament=tournament)
    return tournament_data(overview(tournament), tokens=True)


@router.post("/tournaments/{id}/reopen", response={200: TournamentOut, **ERRORS},
             auth=auth.PERSONAL, summary="Reopen a closed tournament")
def reopen_tournament(request, id: int = TournamentId):
    """A closing taken back: the opponents' tokens confirm and dispute again, the score
    keeper tokens write. Reopening an open tournament is no error."""
    auth.personal_user(request)
    tournament = _tournament(request, id, organize=True)
    tournament = services.reopen_tournament(tournament=tournament)
    return tournament_data(overview(tournament), tokens=True)


@router.get("/tournaments/{id}/standings", response={200: StandingsOut, **ERRORS},
            auth=auth.PUBLIC, summary="The standings", openapi_extra=auth.PUBLIC_SECURITY)
def standings(request, id: int = TournamentId):
    """Computed and serialized once per version of the standings (they move when a match
    ends) and kept in the shared cache, as the public pages are. The answer's ETag, sent
    back in If-None-Match, gets a 304 while they have not moved."""
    tournament = _tournament(request, id, organize=False)
    tag = etag(tournament, "api", finished_only=True)
    if tag in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    else:
        key = kept_pages.api_standings_key(tag)
        body = cache.get(key)
        if body is None:
            read = read_standings(tournament)
            # Kept for every caller: the names as the public may read them.
            shown = public_names.for_the_public(
                StandingsOnly(read.standings, read.provisional), tournament).standings
            data = {"tiebreaks": list(tiebreaks_of(tournament)), "standings": [
                _player_standing(s) if tournament.is_individual else
                {"rank": s.rank, "team": {"id": s.team_id, "name": s.name},
                 **{metric.key: getattr(s, metric.key) for metric in COLUMNS},
                 "withdrawn": s.withdrawn}
                for s in shown
            ]}
            # As ninja would answer it, once: checked against the schema, in JSON.
            body = json.dumps(StandingsOut.model_validate(data).model_dump(mode="json"))
            cache.set(key, body, STANDINGS_SECONDS)
        response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["ETag"] = tag
    # The same for everyone who may read a public tournament's: a shared cache may keep it
    # (a private one's is its organizers', as every answer is: config.middleware).
    patch_cache_control(response, no_cache=True, **({"public": True} if tournament.public
                                                    else {}))
    return response


def _player_standing(s) -> dict:
    """An individual night's line: the player's, the rounds sat out counted apart."""
    return {"rank": s.rank, "player": {"id": s.team_id, "name": s.name}, "wins": s.wins,
            "losses": s.losses, "rounds_played": s.played, "sat_out": s.byes,
            "points_for": s.points_for, "points_against": s.points_against,
            "difference": s.difference, "withdrawn": s.withdrawn}


@router.patch("/tournaments/{id}/teams/{team_id}", response={200: TournamentTeamOut, **ERRORS},
              auth=auth.PERSONAL, summary="Check a team in, or withdraw it")
def update_team(request, payload: TeamFlagsIn, id: int = TournamentId,
                team_id: int = TeamId):
    """The same rules as the organizer's pages: a team withdrawn in the middle of a match
    forfeits it, and in a round robin its remaining games are won by forfeit by their
    opponents. 409 once the tournament is over."""
    return _update_entry(request, payload, id, team_id, individual=False)


@router.post("/tournaments/{id}/players", response={201: TournamentTeamOut, **ERRORS},
             auth=auth.PERSONAL, summary="Add a player to an individual night")
def add_player(request, payload: TournamentPlayerIn, id: int = TournamentId):
    """Before the first draw, the player joins the list; once the night has begun, the
    player is checked in and drawn from the next round."""
    auth.personal_user(request)
    tournament = _tournament(request, id, organize=True)
    if not tournament.is_individual:
        raise no_such_player()
    with refusals():
        entry, = services.add_teams(tournament=tournament, teams=[NewTeam(payload.name)])
    return Status(201, team_data(entry))


@router.patch("/tournaments/{id}/players/{player_id}",
              response={200: TournamentTeamOut, **ERRORS}, auth=auth.PERSONAL,
              summary="Check a player of an individual night in, or withdraw them")
def update_player(request, payload: TeamFlagsIn, id: int = TournamentId,
                  player_id: int = PlayerId):
    """A player withdrawn in the middle of a match forfeits it for their partnership, and
    is drawn no more; a player checked in after the first round is drawn from the next."""
    return _update_entry(request, payload, id, player_id, individual=True)


def _update_entry(request, payload: TeamFlagsIn, id: int, entry_id: int, *,
                  individual: bool):
    auth.personal_user(request)
    tournament = _tournament(request, id, organize=True)
    entry = Entry.objects.select_related("team").filter(
        pk=entry_id, tournament=tournament).first()
    if entry is None or tournament.is_individual != individual:
        raise no_such_player() if individual else no_such_team()
    with refusals():
        entry = services.set_entry_flags(entry=entry, checked_in=payload.checked_in,
                                         withdrawn=payload.withdrawn)
    return team_data(entry)


@router.patch("/tournaments/{id}", response={200: NightOut, **ERRORS}, auth=auth.PERSONAL,
              summary="Schedule a tournament; open a club night's sign-up, or call it off")
def change_tournament(request, payload: TournamentChangeIn, id: int = TournamentId):
    """The organizers (a club night's: its club's too). `starts_at` sets when play starts
    (its date is that day in the club's time zone); a club night's `signup` opens, changes
    or (null) closes its sign-up, `cancelled` calls it off before its first round. Another
    tournament takes only `starts_at` (409 `not_a_club_night`). All or nothing: a refusal
    changes nothing. The answer is the night as `GET /clubs/{id}/nights` shows it."""
    user = auth.personal_user(request)
    tournament = Tournament.objects.filter(pk=id).select_related("club_night__club").first()
    night = getattr(tournament, "club_night", None) if tournament is not None else None
    if tournament is None or not (can_organize(user, tournament) or (
            night is not None and clubs.is_organizer(user, night.club))):
        raise no_such_tournament()
    given = payload.model_fields_set
    if night is None and given & {"signup", "cancelled"}:
        raise door.not_a_club_night()
    sheet = payload.signup
    with refusals(), transaction.atomic():
        door.checked_time(payload.starts_at, "starts_at")
        if sheet is not None:
            door.checked_time(sheet.opens_at, "signup.opens_at")
            door.checked_time(sheet.closes_at, "signup.closes_at")
        if "starts_at" in given:
            services.schedule(tournament=tournament, starts_at=payload.starts_at,
                              zone=night.club.time_zone if night is not None else None)
        if "signup" in given:
            # Read again: the start just set is when sign-up closes at the latest.
            night = ClubNight.objects.select_related("club", "tournament").get(pk=night.pk)
            if sheet is not None and sheet.unit is not None \
                    and sheet.unit != unit(night.tournament):
                door.refuse(InvalidInput, "signup_unit", gettext_noop(
                    "An individual night takes players one by one (unit \"player\"), a "
                    "team night pairs (unit \"pair\")."), "signup.unit")
            players.set_sheet(night=night, by=user, settings=None if sheet is None else
                              players.SheetSettings(opens_at=sheet.opens_at,
                                                    closes_at=sheet.closes_at, cap=sheet.cap))
        if "cancelled" in given and payload.cancelled is not None:
            players.cancel_night(night=night, by=user, cancelled=payload.cancelled)
    return door.tournament_night_data(tournament)
