"""Closing a tournament that is over (its results final) and taking the closing back."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from tournaments.models import Tournament
from tournaments.selectors import is_over
from tournaments.services._common import conflict, lock
from tournaments.services.rounds import refuse_disputed_round


@transaction.atomic
def close_tournament(*, tournament: Tournament) -> Tournament:
    """The organizers close a tournament that is over: its results are final. The
    opponents' links no longer confirm or dispute, the table links no longer write; the
    organizers still correct a score. Refused before the last round is played, and while a
    result of it is disputed (as the draw of a next round is). Closing twice closes once."""
    locked = lock(tournament)
    if locked.closed_at is not None:
        return locked
    if not is_over(locked):
        conflict("tournament_not_over", gettext_noop(
            "The tournament is not over: close it once its last round is played."))
    refuse_disputed_round(locked.rounds.order_by("-number").first())
    locked.closed_at = timezone.now()
    locked.version += 1
    locked.save(update_fields=["closed_at", "version"])
    return locked


@transaction.atomic
def reopen_tournament(*, tournament: Tournament) -> Tournament:
    """The organizers take a closing back (closed by mistake, or a result to talk over
    again): the opponents' links confirm and dispute again, the table links write. Opening
    an open tournament is no error."""
    locked = lock(tournament)
    if locked.closed_at is None:
        return locked
    locked.closed_at = None
    locked.version += 1
    locked.save(update_fields=["closed_at", "version"])
    return locked
