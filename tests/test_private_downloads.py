"""Downloads are not kept by caches (issue 30, item 8): `tournament.json` holds every table's
link secret, the CSVs a club's or a night's names and results. Each answers
`Cache-Control: no-store`, so that neither a cache in front of the app nor the browser's own
keeps a copy for whoever comes next (a shared computer, a proxy). The whole club's JSON holds
its matches' link secrets too."""

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from clubs import services as clubs
from clubs.models import DEFAULT_POINTS_TABLE
from clubs.services.seasons import save_season
from tests.tournaments.helpers import make_tournament, play_rounds

pytestmark = pytest.mark.django_db

# Every download the site offers, by URL name; a new one joins this list (the walk below
# says so) and is checked with the others.
DOWNLOADS = {"tournament_standings_csv", "tournament_results_csv", "tournament_json",
             "club_ladder_csv", "season_csv", "club_json"}
# Files that are not downloads of anyone's data: the API's public description.
NOT_DOWNLOADS = {"openapi-json"}


def _routes(patterns, prefix=""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), pattern.name


def test_every_csv_and_json_file_of_the_site_is_in_the_walk():
    files = {name for route, name in _routes(get_resolver().url_patterns)
             if route.endswith((".csv", ".json"))}
    assert files - NOT_DOWNLOADS == DOWNLOADS


@pytest.fixture
def everything(organizer):
    """A private club with a season of one played night: every download has content."""
    club = clubs.create_club(owner=organizer, name="Les As")
    club.public = False
    club.save(update_fields=["public"])
    tournament = make_tournament(organizer, teams=4, format="round_robin", public=False)
    play_rounds(tournament, 3)
    night = clubs.add_night(club=club, tournament=tournament)
    season = save_season(club=club, name="Automne", points_table=DEFAULT_POINTS_TABLE,
                         best_of=None, nights=[night.pk])
    return {"tournament_standings_csv": tournament.pk, "tournament_results_csv": tournament.pk,
            "tournament_json": tournament.pk, "club_ladder_csv": club.pk,
            "season_csv": season.pk, "club_json": club.pk}


@pytest.mark.parametrize("name", sorted(DOWNLOADS))
def test_a_private_download_is_never_kept_by_a_cache(client, everything, name):
    answer = client.get(reverse(name, args=[everything[name]]))
    assert answer.status_code == 200
    assert answer["Content-Disposition"].startswith("attachment;")
    directives = {part.strip() for part in answer["Cache-Control"].split(",")}
    assert "no-store" in directives, answer["Cache-Control"]
    assert "private" in directives, answer["Cache-Control"]
    assert "public" not in directives and not any(d.startswith("max-age=") and d != "max-age=0"
                                                  for d in directives)


def test_the_tournament_backup_holds_the_link_secrets_it_must_not_leave_in_a_cache(
        client, everything):
    answer = client.get(reverse("tournament_json", args=[everything["tournament_json"]]))
    assert '"scorekeeper_token"' in answer.content.decode()
    assert "no-store" in answer["Cache-Control"]
