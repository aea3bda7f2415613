"""The standings kept in the shared cache between two results.

The organizer's dashboard and the spectators' draw and projector are drawn again at every
hand played at any table; the standings they show move only when a match ends, a finished
one changes, or the tournament does. They are kept under the ETag of the finished matches
(etags.etag with `finished_only`), which never comes back to an earlier value: standings
read after it are as new as it, or newer (a result that ended meanwhile), never older.
"""

import hashlib
from dataclasses import fields

from django.core.cache import cache

from tournaments.etags import etag
from tournaments.models import Tournament
from tournaments.selectors import read_standings
from tournaments.single_flight import once
from tournaments.standings import Standing

# How long standings are kept: as the public pages' live parts.
STANDINGS_SECONDS = 600
# A kept line is a plain tuple in the order of Standing's fields, named in the key: a
# release that changes them never reads another's lines.
_LINE_FIELDS = tuple(f.name for f in fields(Standing))
_KEY_PREFIX = "standings:" + hashlib.sha256(",".join(_LINE_FIELDS).encode()).hexdigest()[:8] + ":"


def kept_standings(tournament: Tournament, entries=None) -> tuple[list[Standing], set[int]]:
    """The standings and the provisional teams, from the cache while the standings stand
    still, else read (and kept): the key is the standings' ETag."""
    key = standings_key(tournament)
    kept = cache.get(key)
    if kept is None:  # read once for the threads that ask at the same moment
        kept = once(key, lambda: _read_and_keep(tournament, entries, key))
    lines, provisional = kept
    return [Standing(**dict(zip(_LINE_FIELDS, line, strict=True))) for line in lines], \
        set(provisional)


def standings_key(tournament: Tournament) -> str:
    """Where the standings are kept: under the standings' ETag."""
    return _KEY_PREFIX + etag(tournament, finished_only=True)


def _read_and_keep(tournament, entries, key) -> tuple[list[tuple], list[int]]:
    """The standings read, as kept: plain lines, each caller making its own Standings."""
    read = read_standings(tournament, entries)
    kept = ([tuple(getattr(s, name) for name in _LINE_FIELDS) for s in read.standings],
            sorted(read.provisional))
    cache.set(key, kept, STANDINGS_SECONDS)
    return kept
