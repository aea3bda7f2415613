"""A team added to a club night (tournaments know nothing of clubs): its players join the
club's roster."""

from django.db.models.signals import post_save


def _entry_saved(sender, instance, created, **kwargs):
    from clubs import services

    if created:
        services.seat_entry(instance)


def connect() -> None:
    from tournaments.models import Entry

    post_save.connect(_entry_saved, sender=Entry, dispatch_uid="clubs_seat_entry")
