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


def tell_results(tournament) -> int:
    """A club night closed: each player who played it, linked to an account, is told its
    results are in (once a night, however often it is closed again). Returns how many."""
    from clubs.models import ClubNight, Member
    from tournaments.models import Entry

    night = ClubNight.objects.filter(tournament=tournament).first()
    if night is None:
        return 0
    players = {player for row in Entry.objects.filter(tournament=tournament).values_list(
        "player_id", "team__first_player_id", "team__second_player_id") for player in row
        if player is not None}
    told = Notice.objects.filter(night=night, kind=Notice.Kind.RESULTS).values("member")
    members = Member.objects.filter(seats__player_id__in=players, account__isnull=False
                                    ).exclude(pk__in=told).distinct()
    count = 0
    for member in members:
        notify(member, Notice.Kind.RESULTS, night=night)
        count += 1
    return count
