"""A tournament's ETags: they change with any write to the tournament or to one of its
matches, and never come back to an earlier value.

An ETag is made of the tournament's id, creation time and version, the language and the
release (config/release.py), and of totals over its matches (how many count, and their
versions summed and mixed), read in one aggregate query. With `finished_only`, only finished
matches count: the standings' ETag, which moves when a match ends (or a finished one is
corrected), not with every hand played.
"""

from django.conf import settings
from django.db.models import Count, F, Q, Sum
from django.utils.translation import get_language

from scoring import rules
from tournaments.models import Tournament

_MATCH = "rounds__tables__match"  # a tournament's matches, from the tournament
TOTAL_NAMES = ("etag_matches", "etag_versions", "etag_mixed", "etag_mixed_again")

# Two primes under 2³¹ and factors under 2³⁰: every product below stays under 2⁶³, in
# PostgreSQL's bigint and SQLite's integers alike.
MIXINGS = ((2_147_483_647, 1_000_000_007), (2_147_483_629, 999_999_937))


def aggregates(*, finished_only: bool) -> dict:
    """Which matches count, and the version of each, summed: aggregates over the
    tournament's matches, named TOTAL_NAMES. Sums of ids and versions alone can stay the
    same while matches stop counting and others start (tables 1 and 4 ending, taken back,
    then tables 2 and 3): sums of each (id, version) mixed tell such sets apart all but
    once in 2⁶². The sum of versions grows at every write to a match, so that the ETag of
    every match never comes back."""
    counted = Q(**{f"{_MATCH}__status": rules.Status.FINISHED}) if finished_only else None
    match_id, version = F(f"{_MATCH}__id"), F(f"{_MATCH}__version")
    return dict(zip(TOTAL_NAMES, (
        Count(_MATCH, filter=counted), Sum(version, filter=counted),
        *(Sum(_mixed(match_id, version, prime, factor), filter=counted)
          for prime, factor in MIXINGS)), strict=True))


def _mixed(match_id, version, prime: int, factor: int):
    """(id, version) made a number under `prime` that no simple sum of others repeats:
    x = id·1000003 + version, then x·(x + factor) = x² + factor·x, all modulo the prime."""
    x = ((match_id % prime) * 1_000_003 + version) % prime
    return x * (x + factor) % prime


# Built once, filtered for each tournament: resolving the aggregates above is most of what
# a spectator's poll costs, and it is the same for every tournament. Each use filters a copy
# (as Django's generic views copy their `queryset`); these are never evaluated themselves.
# The tournament and its ETag's totals in one query (selectors.tournament_for_public),
# without round 1's field: a list of every team that only the count of rounds asks for, on
# a page drawn anew (one query then).
TOURNAMENT_WITH_TOTALS = {finished_only: Tournament.objects.defer("field").annotate(
    **aggregates(finished_only=finished_only)) for finished_only in (False, True)}
_TOTALS = {finished_only: Tournament.objects.values("pk").annotate(
    **aggregates(finished_only=finished_only)).values_list(*TOTAL_NAMES)
    for finished_only in (False, True)}
_BOTH_TOTALS = Tournament.objects.values("pk").annotate(
    **{f"every_{name}": total for name, total in aggregates(finished_only=False).items()},
    **{f"finished_{name}": total for name, total in aggregates(finished_only=True).items()},
).values_list(*(f"{which}_{name}" for which in ("every", "finished") for name in TOTAL_NAMES))


def counted_totals(tournament: Tournament, *, finished_only: bool = False) -> tuple:
    """The totals an ETag is made of (`etag(..., totals=...)`): one query."""
    return plain(_row(_TOTALS[finished_only], tournament, len(TOTAL_NAMES)))


def both_totals(tournament: Tournament) -> tuple[tuple, tuple]:
    """The totals of every match and those of the finished ones, read in one query."""
    row = _row(_BOTH_TOTALS, tournament, 2 * len(TOTAL_NAMES))
    return plain(row[:len(TOTAL_NAMES)]), plain(row[len(TOTAL_NAMES):])


def _row(totals, tournament: Tournament, width: int) -> tuple:
    try:
        return totals.get(pk=tournament.pk)
    except Tournament.DoesNotExist:  # deleted meanwhile: no match counts
        return (None,) * width


def annotated_totals(tournament: Tournament) -> tuple:
    """The totals read with the tournament (TOURNAMENT_WITH_TOTALS)."""
    return plain(getattr(tournament, name) for name in TOTAL_NAMES)


def plain(found) -> tuple:
    """Totals as an ETag writes them: whole numbers, and a sum over no match (None) is 0."""
    return tuple(int(total or 0) for total in found)


def etag(tournament: Tournament, *extra, finished_only: bool = False,
         totals: tuple | None = None) -> str:
    """Changes with any write to the tournament or to one of its matches: one query, or
    none with the `totals` already read (counted_totals with the same `finished_only`)."""
    if totals is None:
        totals = counted_totals(tournament, finished_only=finished_only)
    # The creation time to the microsecond: a database restored or filled again gives the
    # same id to another tournament, maybe within the same second (as scoring.states).
    parts = [tournament.pk, f"{tournament.created_at.timestamp():.6f}", tournament.version,
             *totals, get_language(), settings.RELEASE, *extra]
    return 'W/"' + "-".join(str(part) for part in parts) + '"'


def finished_totals_of(matches: list[tuple[int, int]]) -> tuple:
    """The totals of an ETag with `finished_only`, counted here over the (id, version) of
    the finished matches a read found: the database's numbers for the same matches
    (tests/tournaments/test_etags.py). _mixed, in one pass: (id·1000003 + version) mod the
    prime is the same x, and x·(x + factor) the same product."""
    (first, factor), (second, factor_again) = MIXINGS
    versions = mixed = mixed_again = 0
    for match_id, version in matches:
        x = match_id * 1_000_003 + version
        one, two = x % first, x % second
        versions += version
        mixed += one * (one + factor) % first
        mixed_again += two * (two + factor_again) % second
    return len(matches), versions, mixed, mixed_again
