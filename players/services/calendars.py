"""The secret in a player's private calendar address: made on first need, replaced on
request (the old address then reads nothing)."""

from django.db import IntegrityError, transaction

from players.models import CalendarKey, new_secret

__all__ = ["calendar_key", "new_calendar_key"]


def calendar_key(user) -> CalendarKey:
    """The user's calendar key, made if they have none. Two first requests at once make
    one: the loser of the race reads the winner's row."""
    try:
        return CalendarKey.objects.get(user=user)
    except CalendarKey.DoesNotExist:
        pass
    try:
        with transaction.atomic():
            return CalendarKey.objects.create(user=user)
    except IntegrityError:
        return CalendarKey.objects.get(user=user)


@transaction.atomic
def new_calendar_key(user) -> CalendarKey:
    """A new secret: the address that used the old one answers 404 from now on."""
    key = CalendarKey.objects.select_for_update().filter(user=user).first()
    if key is None:
        return calendar_key(user)
    key.secret = new_secret()
    key.save(update_fields=["secret"])
    return key
