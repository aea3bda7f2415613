"""What players hear of the tournaments and clubs (which know nothing of them): a club night
closed tells those who played that its results are in; two members merged keep what the
absorbed one was told, and a place held on a night ahead is taken back before."""

from django.db.models.signals import post_save


def _tournament_saved(sender, instance, update_fields=None, **kwargs):
    from players.services.notices import tell_results

    if instance.closed_at is not None and update_fields and "closed_at" in update_fields:
        tell_results(instance)


def _members_merging(sender, keep, absorb, **kwargs):
    from players.services.signups import before_merge

    before_merge(keep=keep, absorb=absorb)


def connect() -> None:
    from clubs.signals import members_merging
    from tournaments.models import Tournament

    post_save.connect(_tournament_saved, sender=Tournament, dispatch_uid="players_results")
    members_merging.connect(_members_merging, dispatch_uid="players_members_merging")
