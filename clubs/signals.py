"""A team added to a club night (tournaments know nothing of clubs): its players join the
club's roster. And what clubs tell the apps built on them (which clubs never imports): two
members about to be merged."""

from django.db.models.signals import post_save
from django.dispatch import Signal

# Sent by roster.merge_members (the club locked, in its transaction) before `absorb` becomes
# `keep` and goes: a receiver moves what it keeps of `absorb`, or refuses the merge by
# raising a refusal (scoring.errors).
members_merging = Signal()


def _entry_saved(sender, instance, created, **kwargs):
    from clubs import services

    if created:
        services.seat_entry(instance)


def connect() -> None:
    from tournaments.models import Entry

    post_save.connect(_entry_saved, sender=Entry, dispatch_uid="clubs_seat_entry")
