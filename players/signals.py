"""What players hear of the tournaments (which know nothing of them): a club night closed
tells those who played that its results are in."""

from django.db.models.signals import post_save


def _tournament_saved(sender, instance, update_fields=None, **kwargs):
    from players.services.notices import tell_results

    if instance.closed_at is not None and update_fields and "closed_at" in update_fields:
        tell_results(instance)


def connect() -> None:
    from tournaments.models import Tournament

    post_save.connect(_tournament_saved, sender=Tournament, dispatch_uid="players_results")
