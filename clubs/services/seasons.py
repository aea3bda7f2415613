"""The club's seasons: a name, its nights, points by rank and how many nights count."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_noop

from clubs.models import ClubNight, Season
from clubs.services._common import lock, refuse
from scoring import names

MAX_BEST_OF = 100


def _check(name: str, table: list[int] | None, best_of: int | None) -> None:
    if names.problem(name, 100):
        refuse("season_name", gettext_noop("A season's name has 1 to 100 characters, no "
                                           "invisible ones."), "name")
    if table is None:
        refuse("season_table", gettext_noop(
            "Points by rank: whole numbers from 0 to 1000, first place first, each no more "
            "than the one before (for example 25, 18, 15, 12)."), "points_table")
    if best_of is not None and not 1 <= best_of <= MAX_BEST_OF:
        refuse("season_best_of", gettext_noop(
            "Count from 1 to 100 best nights, or leave it empty for all of them."), "best_of")


@transaction.atomic
def save_season(*, club, name: str, points_table: list[int] | None, best_of: int | None,
                nights: list[int], season: Season | None = None) -> Season:
    """Create a season (or change `season`): only the club's own nights join it."""
    locked = lock(club)
    _check(name, points_table, best_of)
    own = set(ClubNight.objects.filter(club=locked, pk__in=nights).values_list("pk",
                                                                                flat=True))
    if own != set(nights):
        refuse("season_nights", gettext_noop("Choose nights of this club."), "nights")
    season = season or Season(club=locked)
    season.name, season.points_table, season.best_of = (names.normalise(name), points_table,
                                                        best_of)
    season.save()
    season.nights.set(own)
    return season
