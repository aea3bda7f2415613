"""The door's "Check in everyone listed": the entries the page lists, checked in at once."""

from django.db import transaction

from tournaments.models import Entry, Tournament
from tournaments.services._common import bump, lock, refuse_once_over
from tournaments.services.teams import refuse_late_check_in


@transaction.atomic
def check_in_entries(*, tournament: Tournament, entry_ids: list[int]) -> list[Entry]:
    """Check in the tournament's entries of `entry_ids` that are neither checked in nor
    withdrawn (ids of another tournament's entries are ignored), under the tournament's
    lock, all or none: each one as its own switch would, refused as it would be (the
    tournament over, a field closed to new teams)."""
    locked = lock(tournament)
    entries = list(locked.entries.filter(pk__in=entry_ids, checked_in=False, withdrawn=False)
                   .order_by("seed"))
    if not entries:
        return entries
    # One write for the whole list, refused as each switch would be (set_entry_flags): a
    # door of forty costs what a door of four does.
    refuse_once_over(locked)
    refuse_late_check_in(locked, entries)
    Entry.objects.filter(pk__in=[entry.pk for entry in entries]).update(checked_in=True)
    for entry in entries:
        entry.checked_in = True
    bump(locked)
    return entries
