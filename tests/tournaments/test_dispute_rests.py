"""A held dispute is not lost without someone settling it (outside review of issue 30)."""

import pytest

from scoring import confirmations, rules
from scoring import services as scoring
from scoring.models import Confirmation
from tests.factories import seen_version
from tests.tournaments.helpers import make_tournament
from tournaments import services
from tournaments.models import Entry

pytestmark = pytest.mark.django_db
OPP = confirmations.Via.OPPONENTS_LINK


def table(owner, **extra):
    tournament = make_tournament(owner, teams=4, target=33, **extra)
    round_1 = services.draw_next_round(tournament=tournament)
    return tournament, round_1, round_1.tables.select_related("match").get(number=1)


def test_a_withdrawal_clicked_back_brings_the_dispute_back(organizer):
    """Every hand: hand 1 disputed. The organizer withdraws a team by mistake (the match is
    forfeited) and clicks it back at once: the match goes on from its hands, but the
    dispute is gone, and the keeper enters hand 2 as if nothing had been disputed."""
    _t, _r, t = table(organizer, confirmation="hand")
    match = t.match
    scoring.record_hand(match=match.pk, number=1, hand=rules.Hand.played(6, 5))
    confirmations.dispute(match=match.pk, via=OPP, seen_version=seen_version(match),
                          reason="5-6")
    entry = Entry.objects.get(pk=t.entry_b_id)
    services.set_entry_flags(entry=entry, withdrawn=True)
    services.set_entry_flags(entry=entry, withdrawn=False)
    match.refresh_from_db()
    assert match.forfeited_by is None
    assert match.confirmation == Confirmation.DISPUTED


def test_confirm_them_all_skips_a_table_whose_dispute_rests(organizer):
    """Final result disputed; the keeper changes a hand to other values (the dispute rests,
    the table waits). "Confirm them all", routine at the end of a round, skips it: a
    disputed table is settled one at a time."""
    _t, _round_1, t = table(organizer)
    match = t.match
    for n, (a, b) in enumerate([(6, 5), (5, 6), (11, 0), (11, 0)], start=1):
        scoring.record_hand(match=match.pk, number=n, hand=rules.Hand.played(a, b))
    confirmations.dispute(match=match.pk, via=OPP, seen_version=seen_version(match))
    scoring.correct_hand(match=match.pk, number=1, hand=rules.Hand.played(7, 4))
    match.refresh_from_db()
    assert match.confirmation == Confirmation.WAITING and match.disputed_values
    done = confirmations.confirm_all_waiting(seen={match.pk: match.version}, by=organizer)
    assert (done.confirmed, done.disputed) == ([], [match.pk])
    assert state(match) == Confirmation.WAITING


def state(match):
    match.refresh_from_db()
    return match.confirmation
