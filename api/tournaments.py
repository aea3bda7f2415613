"""Tournaments: create one with its teams, draw rounds, read it and its standings. Its
matches are read and scored through the match API."""

from ninja import Path, Router, Status

from api import auth
from api.errors import documented_errors, no_such_tournament, refusals, unauthorized
from api.schemas import ErrorOut, RoundOut, StandingsOut, TournamentIn, TournamentOut
from scoring.selectors import MAX_ID
from scoring.services import NewTeam
from tournaments import services
from tournaments.models import Tournament
from tournaments.selectors import can_organize, overview
from tournaments.services import Settings

router = Router(tags=["tournaments"])

TournamentId = Path(..., ge=1, le=MAX_ID, description="The tournament's id.")
ERRORS = documented_errors(ErrorOut)


def _tournament(request, pk: int, *, organize: bool) -> Tournament:
    caller = request.auth
    tournament = Tournament.objects.filter(pk=pk).first()
    organizer = tournament is not None and caller.user is not None and can_organize(
        caller.user, tournament)
    if tournament is None or not (organizer or (not organize and tournament.public)):
        raise unauthorized() if caller.anonymous else no_such_tournament()
    return tournament


def _round_data(round_view, *, tokens: bool) -> dict:
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
            "matches": matches, "byes": [entry.pk for entry in round_view.byes]}


def tournament_data(view, *, tokens: bool) -> dict:
    t = view.tournament
    return {
        "id": t.pk, "name": t.name, "variant": t.variant, "target": t.target,
        "format": t.format, "public": t.public, "date": t.date, "place": t.place,
        "swiss_rounds": t.swiss_rounds, "knockout_size": t.knockout_size,
        "total_rounds": view.total_rounds, "finished": view.finished,
        "teams": [{"id": e.pk, "name": e.name, "seed": e.seed, "withdrawn": e.withdrawn}
                  for e in view.entries],
        "rounds": [_round_data(r, tokens=tokens) for r in view.rounds],
    }


@router.post("/tournaments", response={201: TournamentOut, **ERRORS}, auth=auth.PERSONAL,
             summary="Create a tournament with its teams")
def create_tournament(request, payload: TournamentIn):
    user = auth.personal_user(request)
    settings = Settings(
        name=payload.name, variant=payload.variant, format=payload.format,
        target=payload.target, swiss_rounds=payload.rounds, knockout_size=payload.knockout_size,
        public=payload.public, date=payload.date, place=payload.place,
        round_minutes=payload.round_minutes,
    )
    teams = [NewTeam(team.name, tuple(team.players)) for team in payload.teams]
    with refusals():
        tournament = services.create_tournament(owner=user, settings=settings, teams=teams)
    return Status(201, tournament_data(overview(tournament), tokens=True))


@router.get("/tournaments/{id}", response={200: TournamentOut, **ERRORS}, auth=auth.PUBLIC,
            summary="A tournament with its teams, rounds and match summaries",
            openapi_extra=auth.PUBLIC_SECURITY)
def get_tournament(request, id: int = TournamentId):
    tournament = _tournament(request, id, organize=False)
    organizer = request.auth.user is not None and can_organize(request.auth.user, tournament)
    return tournament_data(overview(tournament), tokens=organizer)


@router.post("/tournaments/{id}/rounds", response={201: RoundOut, **ERRORS},
             auth=auth.PERSONAL, summary="Draw the next round")
def draw_round(request, id: int = TournamentId):
    auth.personal_user(request)
    tournament = _tournament(request, id, organize=True)
    with refusals():
        new_round = services.draw_next_round(tournament=tournament)
    view = overview(tournament)
    round_view = next(r for r in view.rounds if r.round.pk == new_round.pk)
    return Status(201, _round_data(round_view, tokens=True))


@router.get("/tournaments/{id}/standings", response={200: StandingsOut, **ERRORS},
            auth=auth.PUBLIC, summary="The standings", openapi_extra=auth.PUBLIC_SECURITY)
def standings(request, id: int = TournamentId):
    view = overview(_tournament(request, id, organize=False))
    return {"standings": [
        {"rank": s.rank, "team": {"id": s.team_id, "name": s.name}, "played": s.played,
         "wins": s.wins, "losses": s.losses, "byes": s.byes, "points_for": s.points_for,
         "points_against": s.points_against, "difference": s.difference,
         "buchholz": s.buchholz}
        for s in view.standings
    ]}
