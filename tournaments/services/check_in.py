"""The door's "Check in everyone listed": the entries the page lists, checked in at once."""

from django.db import transaction

from tournaments.models import Entry, Tournament
from tournaments.services._common import lock
from tournaments.services.teams import set_entry_flags


@transaction.atomic
def check_in_entries(*, tournament: Tournament, entry_ids: list[int]) -> list[Entry]:
    """Check in the tournament's entries of `entry_ids` that are neither checked in nor
    withdrawn (ids of another tournament's entries are ignored), under the tournament's
    lock, all or none: each one as its own switch would, refused as it would be (the
    tournament over, a field closed to new teams)."""
    locked = lock(tournament)
    entries = list(locked.entries.filter(pk__in=entry_ids, checked_in=False, withdrawn=False)
                   .order_by("seed"))
    for entry in entries:
        set_entry_flags(entry=entry, checked_in=True)
    return entries
