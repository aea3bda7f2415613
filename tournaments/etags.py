"""A tournament's ETags: they change with any write to the tournament or to one of its
matches, and never come back to an earlier value.

An ETag is made of the tournament's id, creation time and version, its results version
(models.ResultsVersion: moved on by every write to one of its matches, in that write's
transaction), the language and the release (config/release.py). With `finished_only`, only
changes to finished results count: the standings' ETag, which moves when a match ends (or a
finished one is corrected), not with every hand played.
"""

from django.conf import settings
from django.utils.translation import get_language

from tournaments.models import ResultsVersion, Tournament


def versions(tournament: Tournament) -> tuple[int, int]:
    """How far its matches, and its finished results, have moved on: read with the
    tournament (select_related("results_version")), else one query."""
    try:
        found = tournament.results_version
    except ResultsVersion.DoesNotExist:  # none of its matches written to yet
        return 0, 0
    return found.matches, found.results


def etag(tournament: Tournament, *extra, finished_only: bool = False) -> str:
    """Changes with any write to the tournament or to one of its matches (with
    `finished_only`, to one of its finished results)."""
    matches, results = versions(tournament)
    # The creation time to the microsecond: a database restored or filled again gives the
    # same id to another tournament, maybe within the same second.
    parts = [tournament.pk, f"{tournament.created_at.timestamp():.6f}", tournament.version,
             results if finished_only else f"{matches}.{results}", get_language(),
             settings.RELEASE, *extra]
    return 'W/"' + "-".join(str(part) for part in parts) + '"'
