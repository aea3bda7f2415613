"""An organizer corrects a knockout match after the next round is drawn."""

import pytest

from scoring import rules
from scoring import services as scoring
from scoring.errors import Conflict
from tests.tournaments.helpers import make_tournament, play_round
from tournaments import services
from tournaments.overview import overview

pytestmark = pytest.mark.django_db


def test_a_semi_final_corrected_after_the_final_is_drawn_cannot_leave_its_loser_in_the_final(
        organizer):
    tournament = make_tournament(organizer, teams=4, format="knockout", target=11)
    semis = services.draw_next_round(tournament=tournament)
    play_round(semis, winners={1: "a", 2: "a"})  # one hand each: 7-4 or more, team A wins
    final = services.draw_next_round(tournament=tournament)
    semi = semis.tables.get(number=1)
    assert semi.entry_a_id in {final.tables.get().entry_a_id, final.tables.get().entry_b_id}
    # The organizer finds the semi-final's score was entered the wrong way round.
    match = semi.match
    for number in range(1, match.hand_count + 1):
        hand = match.hands.get(number=number).to_rules()
        scoring.correct_hand(match=match, number=number,
                             hand=rules.Hand.played(hand.points.b, hand.points.a), by=organizer)
    match.refresh_from_db()
    assert match.winner == rules.Team.B  # team B won the semi-final after all
    finalists = {final.tables.get().entry_a_id, final.tables.get().entry_b_id}
    # Either the correction is refused, or the final is not left with the semi's loser in it.
    assert semi.entry_a_id not in finalists, (
        "the final still holds the team that lost the corrected semi-final; "
        f"champion would be decided between {sorted(finalists)}")


def test_a_finished_knockouts_champion_won_every_match_it_played(organizer):
    tournament = make_tournament(organizer, teams=4, format="knockout", target=11)
    semis = services.draw_next_round(tournament=tournament)
    play_round(semis, winners={1: "a", 2: "a"})
    final = services.draw_next_round(tournament=tournament)
    play_round(final, winners={1: "a"})
    champion = overview(tournament).champion
    semi = semis.tables.get(entry_a=champion)
    # The final is played: correcting the semi-final is refused with what to take back first.
    hand = semi.match.hands.get(number=1).to_rules()
    with pytest.raises(Conflict) as refused:
        scoring.correct_hand(match=semi.match, number=1,
                             hand=rules.Hand.played(hand.points.b, hand.points.a), by=organizer)
    assert refused.value.codes == ["winner_played_on"]
    final_match = final.tables.get().match
    while final_match.hand_count:
        scoring.undo_last_hand(match=final_match, by=organizer)
        final_match.refresh_from_db()
    for number in range(1, semi.match.hand_count + 1):
        hand = semi.match.hands.get(number=number).to_rules()
        scoring.correct_hand(match=semi.match, number=number,
                             hand=rules.Hand.played(hand.points.b, hand.points.a), by=organizer)
    play_round(final, winners={1: "a"})
    view = overview(tournament)
    lost = {t.entry_a.pk if t.match.winner == "b" else t.entry_b.pk
            for r in view.rounds for t in r.tables}
    assert view.champion is None or view.champion.pk not in lost, (
        f"{view.champion.team.name} is champion but lost a match of the knockout")
