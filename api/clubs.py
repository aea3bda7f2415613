"""Clubs: a club, its roster, a player's statistics and rating, the ladder, a season's
standings. Anyone may read a public club; a private one, its organizers."""

from datetime import datetime

from django.utils.translation import gettext as _
from ninja import Path, Router, Schema

from api import auth
from api.errors import ApiError, documented_errors, unauthorized
from api.schemas import ErrorOut
from clubs import rating_model, seasons, selectors, stats
from clubs.models import Club, Member, Season
from clubs.public_names import PublicNames, hidden_name
from scoring.models import MAX_ID
from scoring.names import sort_key

router = Router(tags=["clubs"])

ClubId = Path(..., ge=1, le=MAX_ID, description="The club's id.")
PlayerId = Path(..., ge=1, le=MAX_ID, description="The club player's id.")
SeasonId = Path(..., ge=1, le=MAX_ID, description="The season's id.")
ERRORS = documented_errors(ErrorOut)


class RatingOut(Schema):
    rating: float | None  # mu - 3 sigma on the ladder's scale (never negative), as shown
    mu: float | None
    sigma: float | None
    rated_matches: int
    provisional: bool  # rated after too few matches to say much yet


class PlayerOut(Schema):
    id: int
    name: str
    nickname: str
    rating: RatingOut


class Ref(Schema):
    id: int
    name: str


class ClubOut(Schema):
    id: int
    name: str
    place: str
    public: bool
    players: int
    matches: int
    nights: list[Ref]
    seasons: list[Ref]


class LadderRow(PlayerOut):
    rank: int


class RecordOut(Schema):
    player: Ref
    played: int
    wins: int
    losses: int


class ResultOut(Schema):
    match: int
    ended_at: datetime
    won: bool | None
    score_for: int
    score_against: int


class StatsOut(Schema):
    matches: int
    tournaments: int
    wins: int
    losses: int
    hands: int
    points_per_hand: float
    politaines_by_team: int
    politaines_by_player: int
    four_sevens_by_team: int
    four_sevens_to_player: int
    redeals: int
    redeals_by_player: int
    favourite_partner: RecordOut | None
    toughest_opponents: list[RecordOut]
    last_results: list[ResultOut]


class RatingPoint(Schema):
    match: int
    at: datetime
    rating: float
    mu: float
    sigma: float


class PlayerDetailOut(PlayerOut):
    club: Ref
    statistics: StatsOut
    rating_history: list[RatingPoint]


class SeasonRow(Schema):
    rank: int
    player: Ref
    points: int
    nights: int
    night_points: list[int | None]
    counted: list[bool]


class SeasonOut(Schema):
    id: int
    name: str
    club: Ref
    points_table: list[int]
    best_of: int | None
    nights: list[Ref]
    standings: list[SeasonRow]


def _no_such_club():
    return ApiError(404, "not_found", _("There is no such club, or it is not yours to see."))


def readable_club(request, club: Club | None) -> Club:
    caller = request.auth
    if club is None or not (club.public or selectors.is_organizer(caller.user, club)):
        raise unauthorized() if caller.anonymous else _no_such_club()
    return club


def _rating(member: Member) -> dict:
    rated = member.mu is not None
    return {"rating": round(rating_model.shown(member.mu, member.sigma), 4) if rated else None,
            "mu": member.mu, "sigma": member.sigma, "rated_matches": member.rated_matches,
            "provisional": rating_model.is_provisional(member.rated_matches)}


def _names(request, club: Club) -> PublicNames:
    """The names the caller may read: in full for the club's organizers, else as each
    member (or the club) chose (clubs.public_names)."""
    user = request.auth.user
    return PublicNames(club, full=user is not None and selectors.is_organizer(user, club))


def _player(member: Member, names: PublicNames) -> dict:
    return {"id": member.pk, "name": names.of(member),
            "nickname": member.nickname if names.in_full(member) else "",
            "rating": _rating(member)}


def _ref(member: Member | None, names: PublicNames) -> dict:
    return {"id": member.pk, "name": names.of(member)}


@router.get("/clubs/{id}", response={200: ClubOut, **ERRORS}, auth=auth.PUBLIC,
            summary="A club", openapi_extra=auth.PUBLIC_SECURITY)
def get_club(request, id: int = ClubId):
    club = readable_club(request, Club.objects.filter(pk=id).first())
    return {
        "id": club.pk, "name": club.name, "place": club.place, "public": club.public,
        "players": club.members.count(),
        "matches": selectors.club_matches(club.pk).count(),
        "nights": [{"id": n.tournament_id, "name": n.tournament.name}
                   for n in club.nights.select_related("tournament").order_by("pk")],
        "seasons": [{"id": s.pk, "name": s.name} for s in club.seasons.all()],
    }


@router.get("/clubs/{id}/players", response={200: list[PlayerOut], **ERRORS},
            auth=auth.PUBLIC, summary="The club's roster", openapi_extra=auth.PUBLIC_SECURITY)
def club_players(request, id: int = ClubId):
    club = readable_club(request, Club.objects.filter(pk=id).first())
    names = _names(request, club)
    members = list(selectors.roster(club.pk))
    if not all(names.in_full(m) for m in members):
        # In the order of the names shown, the hidden ones ("Player 17") last, by number: a
        # hidden name's place among the others would tell how it is spelled.
        members.sort(key=lambda m: (True, "", m.number)
                     if names.of(m) == hidden_name(m.number)
                     else (False, sort_key(names.of(m)), m.pk))
    return [_player(m, names) for m in members]


@router.get("/clubs/{id}/ladder", response={200: list[LadderRow], **ERRORS},
            auth=auth.PUBLIC, summary="The ratings ladder, best first",
            openapi_extra=auth.PUBLIC_SECURITY)
def club_ladder(request, id: int = ClubId):
    club = readable_club(request, Club.objects.filter(pk=id).first())
    names = _names(request, club)
    return [{"rank": rank, **_player(m, names)}
            for rank, m in enumerate(selectors.ladder(club.pk), start=1)]


def _record(record: stats.Record, members, names) -> dict:
    return {"player": _ref(members[record.member], names), "played": record.played,
            "wins": record.wins, "losses": record.losses}


@router.get("/players/{id}", response={200: PlayerDetailOut, **ERRORS}, auth=auth.PUBLIC,
            summary="A club player: statistics and rating", openapi_extra=auth.PUBLIC_SECURITY)
def get_player(request, id: int = PlayerId):
    member = Member.objects.select_related("club").filter(pk=id).first()
    readable_club(request, member.club if member else None)
    view = selectors.player_page(member)
    s, members, names = view.stats, view.members, _names(request, member.club)
    return {
        **_player(member, names), "club": {"id": member.club_id, "name": member.club.name},
        "statistics": {
            "matches": s.matches, "tournaments": s.tournaments, "wins": s.wins,
            "losses": s.losses, "hands": s.hands, "points_per_hand": s.points_per_hand,
            "politaines_by_team": s.team_politaines, "politaines_by_player": s.own_politaines,
            "four_sevens_by_team": s.team_four_sevens,
            "four_sevens_to_player": s.own_four_sevens,
            "redeals": s.redeals, "redeals_by_player": s.own_redeals,
            "favourite_partner": _record(s.favourite_partner, members, names)
            if s.favourite_partner else None,
            "toughest_opponents": [_record(r, members, names) for r in s.toughest_opponents],
            "last_results": [{"match": r.match_id, "ended_at": r.ended_at, "won": r.won,
                              "score_for": r.score_for, "score_against": r.score_against}
                             for r in s.last_results],
        },
        "rating_history": [{"match": c.match_id, "at": c.rated_at, "mu": c.mu_after,
                            "sigma": c.sigma_after,
                            "rating": round(rating_model.shown(c.mu_after, c.sigma_after), 4)}
                           for c in view.history],
    }


@router.get("/seasons/{id}/standings", response={200: SeasonOut, **ERRORS},
            auth=auth.PUBLIC, summary="A season's standings",
            openapi_extra=auth.PUBLIC_SECURITY)
def season_standings(request, id: int = SeasonId):
    season = Season.objects.select_related("club").filter(pk=id).first()
    readable_club(request, season.club if season else None)
    nights = selectors.season_nights(season)
    members = {m.pk: m for m in selectors.roster(season.club_id)}
    names = _names(request, season.club)
    return {
        "id": season.pk, "name": season.name,
        "club": {"id": season.club_id, "name": season.club.name},
        "points_table": season.points_table, "best_of": season.best_of,
        "nights": [{"id": n.tournament_id, "name": n.name} for n in nights],
        "standings": [{"rank": s.rank, "player": _ref(members[s.member], names), "points": s.points,
                       "nights": s.nights, "night_points": s.night_points,
                       "counted": s.counted}
                      for s in seasons.season_standings(nights, season.points_table,
                                                        season.best_of)],
    }
