"""The copies of a tournament's pages that the shared cache keeps, and their keys: the live
part of each public page (tournaments.views.public), the public API's standings
(api.tournaments) and the standings between two results (standings_cache), each under the
ETag it was drawn for, in each language.

A new version of the tournament is enough for no reader to get an old copy again; when a
copy must not outlive that (a name taken off, clubs.services.privacy), `forget` drops the
copies kept under the tournament's present ETags as well, before its version moves."""

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import translation

from tournaments.etags import etag
from tournaments.models import Tournament
from tournaments.standings_cache import standings_key

# The public pages whose live part is kept; the standings are keyed by the finished results
# alone, as they move only when a match ends.
PAGES = ("standings", "draw", "results", "bracket", "projector")
FINISHED_ONLY = frozenset({"standings"})


def live_part_key(page: str, tag: str) -> str:
    return f"public:{page}:{tag}"


def api_standings_key(tag: str) -> str:
    return f"api:standings:{tag}"


def keys_of(tournament: Tournament) -> list[str]:
    """The keys the tournament's copies are kept under now, in every language."""
    keys = []
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            keys += [live_part_key(page, etag(tournament, page,
                                              finished_only=page in FINISHED_ONLY))
                     for page in PAGES]
            keys += [api_standings_key(etag(tournament, "api", finished_only=True)),
                     standings_key(tournament)]
    return keys


def forget(tournaments) -> None:
    """Drop the copies kept for `tournaments` (a queryset), as they stand: now, and again
    once the caller's transaction commits (a reader who read the tournament before it
    moved on may have kept a copy meanwhile, under the old ETag)."""
    keys = [key for tournament in tournaments.select_related("results_version")
            for key in keys_of(tournament)]
    if keys:
        cache.delete_many(keys)
        transaction.on_commit(lambda: cache.delete_many(keys))
