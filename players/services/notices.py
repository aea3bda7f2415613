"""What a player is told: a notice on their page, and an email when their account has an
address (sent once the transaction is kept, through Django's email backend)."""

from django.db import transaction

from players.models import Notice


def notify(member, kind: str, *, night=None, **params) -> Notice:
    """`params` hold numbers and member ids (`by`: who asked), never names: a name taken
    off later is not left behind in someone's notices."""
    notice = Notice.objects.create(member=member, kind=kind, night=night, params=params)
    if member.account_id is not None:
        transaction.on_commit(lambda: _email(notice.pk))
    return notice


def _email(notice_id: int) -> None:
    # players.emails renders and sends it; imported here so that a notice never waits on it.
    from players import emails

    emails.send_notice(notice_id)
