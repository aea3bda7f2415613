"""A night brought back from its backup (a new server) is as closed as it was, its opponents'
slips work as the keepers' do, and a resting dispute still rests."""

import pytest
from django.core.management import call_command

from scoring import confirmations, rules
from scoring import services as scoring
from scoring.models import Match
from tests.factories import UserFactory, seen_version
from tests.tournaments.helpers import make_tournament, play_round
from tests.tournaments.test_backup import export
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def closed_tournament():
    owner = UserFactory(username="org")
    tournament = make_tournament(owner, teams=2, format="round_robin")
    play_round(services.draw_next_round(tournament=tournament))
    return services.close_tournament(tournament=tournament)


def bring_back(tournament, tmp_path):
    path, _before = export(tournament, tmp_path)
    opp = Match.objects.filter(table__round__tournament=tournament).get().opponents_token
    matches = list(Match.objects.filter(table__round__tournament=tournament)
                   .values_list("pk", flat=True))
    tournament.delete()
    Match.objects.filter(pk__in=matches).delete()
    call_command("import_tournament", str(path), owner="org")
    return Tournament.objects.get(), opp


def test_a_closed_tournament_stays_closed_through_a_backup(tmp_path):
    restored, _ = bring_back(closed_tournament(), tmp_path)
    assert restored.closed_at is not None


def test_the_opponents_slip_survives_a_backup_as_the_keepers_does(tmp_path):
    owner = UserFactory(username="org")
    tournament = make_tournament(owner, teams=2, format="round_robin")
    services.draw_next_round(tournament=tournament)
    _restored, opp = bring_back(tournament, tmp_path)
    assert Match.objects.filter(opponents_token=opp).exists()


def test_a_resting_dispute_still_rests_after_a_backup(tmp_path):
    owner = UserFactory(username="org")
    tournament = make_tournament(owner, teams=2, format="round_robin", confirmation="hand")
    match = services.draw_next_round(tournament=tournament).tables.get().match
    scoring.record_hand(match=match.pk, number=1, hand=rules.Hand.played(6, 5))
    confirmations.dispute(match=match.pk, via=confirmations.Via.OPPONENTS_LINK,
                          seen_version=seen_version(match), reason="5-6")
    scoring.correct_hand(match=match.pk, number=1, hand=rules.Hand.played(5, 6))  # it rests
    bring_back(tournament, tmp_path)
    restored = Match.objects.get()
    assert restored.confirmation == "waiting" and restored.disputed_hand == 1
    # Put back as it was disputed: the dispute comes back, as it would have before.
    scoring.correct_hand(match=restored.pk, number=1, hand=rules.Hand.played(6, 5))
    restored.refresh_from_db()
    assert restored.confirmation == "disputed"
