"""The club's pages anyone may read when the club is public: the club, a player, a season
and its projector, and the CSV of the ladder and of a season."""

from django.http import Http404, HttpResponse
from django.template.response import TemplateResponse
from django.utils.cache import add_never_cache_headers
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from clubs import exports, organizer_parts, rating_model, seasons, selectors
from clubs.models import Member, Season
from clubs.public_names import PublicNames
from clubs.views._common import reader_view


def names_for(request, club) -> PublicNames:
    """The members' names as this reader may read them: in full for the club's organizers,
    else as each member (or the club) chose."""
    return PublicNames(club, full=selectors.is_organizer(request.user, club))


@reader_view
@require_GET
def club_page(request, club):
    names = names_for(request, club)
    view = selectors.club_page(club)
    return TemplateResponse(request, "clubs/club.html", {
        "club": club, "view": view, "is_organizer": names.full, "names": names,
        "members": view.members, "provisional_below": rating_model.PROVISIONAL_BELOW,
        # What the apps built on clubs add (clubs.organizer_parts): the players' door.
        "parts": organizer_parts.parts(organizer_parts.CLUB, request, club),
    })


@reader_view
@require_GET
def player_page(request, club, member_id):
    member = selectors.one_or_404(Member.objects.filter(club=club), member_id)
    names = names_for(request, club)
    view = selectors.player_page(member)
    return TemplateResponse(request, "clubs/player.html", {
        "club": club, "view": view, "is_organizer": names.full, "names": names,
        "members": view.members,
    })


def _season(request, season_id) -> Season:
    season = selectors.one_or_404(Season.objects.select_related("club"), season_id)
    if not selectors.may_read(request.user, season.club):
        raise Http404
    return season


def season_view(request, season, *, screen: bool = False):
    """A season's standings; on a `screen` (the projector, which the room reads whoever
    opened it) the names as the public may read them, as the tournaments' projector."""
    nights = selectors.season_nights(season)
    return {
        "names": PublicNames(season.club, full=False) if screen
        else names_for(request, season.club),
        "season": season, "club": season.club, "nights": nights,
        "standings": seasons.season_standings(nights, season.points_table, season.best_of),
        "members": {m.pk: m for m in selectors.roster(season.club_id)},
    }


@require_GET
def season_page(request, pk):
    season = _season(request, pk)
    view = season_view(request, season)
    return TemplateResponse(request, "clubs/season.html", {
        **view, "is_organizer": view["names"].full})


@require_GET
def season_projector(request, pk):
    return TemplateResponse(request, "clubs/season_projector.html",
                            season_view(request, _season(request, pk), screen=True))


def _csv(content: str, name: str) -> HttpResponse:
    """A CSV to save, that no cache keeps (a private club's names, as the next visitor of a
    shared computer or proxy would otherwise get them)."""
    response = HttpResponse(content, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    add_never_cache_headers(response)
    return response


@reader_view
@require_GET
def ladder_csv(request, club):
    return _csv(exports.ladder_csv(selectors.ladder(club.pk), names_for(request, club)),
                f"{slugify(club.name) or 'club'}-ladder.csv")


@require_GET
def season_csv(request, pk):
    view = season_view(request, _season(request, pk))
    return _csv(exports.season_csv(view), f"{slugify(view['season'].name) or 'season'}.csv")
