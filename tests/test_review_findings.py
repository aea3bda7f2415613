"""An outside review of the merged issues 13, 14 and 15 (stale standings, ratings after a
paper result, a dispute's reason, forfeits and disputes with every hand confirmed, a first
dealer resent): each finding, as it was reproduced."""

import pytest
from django.core.cache import cache

from clubs import services as clubs
from clubs.models import Member
from scoring import confirmations, paper, rules
from scoring import services as scoring
from scoring.errors import Conflict, InvalidInput
from scoring.models import Match
from scoring.services import NewTeam
from tests.tournaments.helpers import finish, make_tournament
from tournaments import services as tournaments

pytestmark = pytest.mark.django_db
WIN = rules.Hand.played(11, 0)
VIA = confirmations.Via.OPPONENTS_LINK


def _match(owner, mode="hand"):
    return scoring.create_match(owner=owner, variant="politaine", team_a=NewTeam("A"),
                                team_b=NewTeam("B"), target=33, confirmation_mode=mode)


def _ranks(client, url):
    return [(s["team"]["name"], s["rank"]) for s in client.get(url).json()["standings"]]


def test_the_standings_change_when_one_match_stops_counting_and_another_starts(client,
                                                                                organizer):
    tournament = make_tournament(organizer, teams=6)
    round_1 = tournaments.draw_next_round(tournament=tournament)
    m1, m2, m3 = [t.match for t in round_1.tables.select_related("match").order_by("number")]
    scoring.record_hand(match=m1.pk, number=1, hand=WIN)
    for _ in range(3):
        scoring.note_redeal(match=m2.pk)
    scoring.record_hand(match=m2.pk, number=1, hand=WIN)
    url = f"/api/v1/tournaments/{tournament.pk}/standings"
    first = client.get(url)
    scoring.undo_last_hand(match=m2.pk)
    # m3 ends at the version m2 had: as many finished matches, the same sum of versions.
    while Match.objects.get(pk=m3.pk).version < Match.objects.get(pk=m2.pk).version - 2:
        scoring.note_redeal(match=m3.pk)
    scoring.record_hand(match=m3.pk, number=1, hand=WIN)
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200
    served = _ranks(client, url)
    cache.clear()
    assert served == _ranks(client, url)


def test_a_paper_result_entered_again_keeps_the_ratings_equal_to_a_recompute(organizer):
    club = clubs.create_club(owner=organizer, name="Les As")

    def club_match(pair_a, pair_b):
        return clubs.start_match(club=club, owner=organizer, variant="politaine", target=11,
                                 team_a=NewTeam(" & ".join(pair_a), pair_a),
                                 team_b=NewTeam(" & ".join(pair_b), pair_b))

    first = club_match(("Anne", "Benoît"), ("Chloé", "Denis"))
    paper.enter_paper_result(match=first.pk, by=organizer, score_a=12, score_b=5,
                             finish_reason="target")
    second = club_match(("Anne", "Chloé"), ("Benoît", "Denis"))
    scoring.record_hand(match=second.pk, number=1, hand=WIN)
    paper.enter_paper_result(match=first.pk, by=organizer, score_a=13, score_b=5,
                             finish_reason="target")
    live = sorted(Member.objects.filter(club=club).values_list("name", "mu", "sigma"))
    clubs.rerate(club=club)
    assert live == sorted(Member.objects.filter(club=club).values_list("name", "mu", "sigma"))


@pytest.mark.parametrize("reason", ["a\x00b", "pas\u200bd'accord"])
def test_a_dispute_reason_with_hidden_characters_is_refused(organizer, reason):
    match = _match(organizer)
    scoring.record_hand(match=match.pk, number=1, hand=rules.Hand.played(7, 4))
    with pytest.raises(InvalidInput) as refused:
        confirmations.dispute(match=match.pk, via=VIA, reason=reason)
    assert refused.value.violations[0].code == "reason_characters"
    assert Match.objects.get(pk=match.pk).confirmation == "waiting"


def test_a_forfeit_waits_for_no_confirmation_and_cannot_hold_the_next_round(organizer):
    tournament = make_tournament(organizer, teams=4, confirmation="hand", target=33)
    round_1 = tournaments.draw_next_round(tournament=tournament)
    m1, m2 = [t.match for t in round_1.tables.select_related("match").order_by("number")]
    scoring.record_hand(match=m1.pk, number=1, hand=rules.Hand.played(7, 4))
    scoring.forfeit(match=m1.pk, team="b")
    assert Match.objects.get(pk=m1.pk).confirmation == "none"
    with pytest.raises(Conflict):
        confirmations.dispute(match=m1.pk, via=VIA, reason="we left")
    finish(m2)
    confirmations.confirm(match=m2.pk, via=VIA)
    assert tournaments.draw_next_round(tournament=tournament).number == 2
    scoring.take_back_forfeit(match=m1.pk)
    assert Match.objects.get(pk=m1.pk).confirmation == "waiting"


def test_correcting_an_earlier_hand_does_not_settle_the_dispute_of_the_last(organizer):
    match = _match(organizer)
    scoring.record_hand(match=match.pk, number=1, hand=rules.Hand.played(7, 4))
    confirmations.confirm(match=match.pk, via=VIA)
    scoring.record_hand(match=match.pk, number=2, hand=rules.Hand.played(6, 5))
    confirmations.dispute(match=match.pk, via=VIA, reason="hand 2 was 5–6")
    scoring.correct_hand(match=match.pk, number=1, hand=rules.Hand.played(8, 3))
    disputed = Match.objects.get(pk=match.pk)
    assert (disputed.confirmation, disputed.dispute_reason, disputed.confirmed_hands) == \
        ("disputed", "hand 2 was 5–6", 0)
    with pytest.raises(Conflict) as refused:
        scoring.record_hand(match=match.pk, number=3, hand=rules.Hand.played(6, 5))
    assert refused.value.violations[0].code == "hand_disputed"
    scoring.correct_hand(match=match.pk, number=2, hand=rules.Hand.played(5, 6))
    assert Match.objects.get(pk=match.pk).confirmation == "waiting"
    scoring.record_hand(match=match.pk, number=3, hand=rules.Hand.played(6, 5))


def test_hand_1_resent_with_another_first_dealer_is_a_conflict(organizer):
    match = _match(organizer, mode="none")
    scoring.record_hand(match=match.pk, number=1, hand=rules.Hand.played(7, 4),
                        first_dealer="E")
    with pytest.raises(Conflict) as refused:
        scoring.record_hand(match=match.pk, number=1, hand=rules.Hand.played(7, 4),
                            first_dealer="S")
    assert refused.value.violations[0].code == "hand_already_entered"
    assert Match.objects.get(pk=match.pk).first_dealer == "E"
    with pytest.raises(Conflict) as resent:  # the same hand and dealer: already saved
        scoring.record_hand(match=match.pk, number=1, hand=rules.Hand.played(7, 4),
                            first_dealer="E")
    assert resent.value.violations[0].code == rules.ALREADY_SAVED

