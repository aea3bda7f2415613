"""A late team joins: the dashboard counts who is checked in, a draw that leaves teams out
names them first, and a team checked in after round 1 of a Swiss (then a knockout) is
drawn from the next round, its missed rounds counting as the organizer chose."""

import pytest
from django.urls import reverse

from scoring.errors import Conflict
from tests.tournaments.helpers import make_tournament, play_round
from tournaments import services
from tournaments.overview import overview
from tournaments.selectors import draw_candidates

pytestmark = pytest.mark.django_db


def _check_in_all_but_last(tournament):
    entries = list(tournament.entries.order_by("seed"))
    for entry in entries[:-1]:
        services.set_entry_flags(entry=entry, checked_in=True)
    return entries[-1]


def _drawn(round_):
    return {e for t in round_.tables.all() for e in (t.entry_a_id, t.entry_b_id)} | {
        b.entry_id for b in round_.byes.all()}


def test_the_dashboard_says_how_many_teams_are_checked_in(client, organizer):
    tournament = make_tournament(organizer, teams=10, format="swiss_knockout",
                                 knockout_size=4)
    _check_in_all_but_last(tournament)
    body = client.get(reverse("tournament_dashboard", args=[tournament.pk])).content.decode()
    assert "9 of 10 teams checked in" in body
    assert "10 teams ready" not in body


def test_a_draw_that_leaves_teams_out_names_them_first(client, organizer):
    tournament = make_tournament(organizer, teams=10, format="swiss_knockout",
                                 knockout_size=4)
    late = _check_in_all_but_last(tournament)
    url = reverse("tournament_draw", args=[tournament.pk])
    asked = client.post(url)
    assert asked.status_code == 409
    body = asked.content.decode()
    assert "Team 010" in body and "not checked in" in body
    assert 'name="leave_out" value="1"' in body
    assert not tournament.rounds.exists()
    client.post(url, {"leave_out": "1"})
    round_1 = tournament.rounds.get()
    assert late.pk not in _drawn(round_1) and len(_drawn(round_1)) == 9


def test_a_draw_with_every_team_asks_nothing(client, organizer):
    tournament = make_tournament(organizer, teams=4)
    response = client.post(reverse("tournament_draw", args=[tournament.pk]))
    assert response.status_code == 302 and tournament.rounds.count() == 1


def test_a_team_checked_in_after_round_1_of_a_swiss_then_knockout_joins_round_2(organizer):
    tournament = make_tournament(organizer, teams=10, format="swiss_knockout",
                                 knockout_size=4, swiss_rounds=3)
    late = _check_in_all_but_last(tournament)
    play_round(services.draw_next_round(tournament=tournament))
    services.set_entry_flags(entry=late, checked_in=True)  # refused before
    round_2 = services.draw_next_round(tournament=tournament)
    assert late.pk in _drawn(round_2) and len(_drawn(round_2)) == 10
    # By default its missed round counts as a loss: no win, no bye written.
    standing = next(s for s in overview(tournament).standings if s.team_id == late.pk)
    assert standing.wins == 0 and not late.byes.exists()


def test_the_missed_rounds_count_as_byes_when_the_organizer_chose_so(organizer):
    tournament = make_tournament(organizer, teams=8, swiss_rounds=4, missed_rounds="bye")
    late = _check_in_all_but_last(tournament)
    play_round(services.draw_next_round(tournament=tournament))
    play_round(services.draw_next_round(tournament=tournament))
    services.set_entry_flags(entry=late, checked_in=True)
    services.draw_next_round(tournament=tournament)
    assert sorted(late.byes.values_list("round__number", flat=True)) == [1, 2]
    standing = next(s for s in overview(tournament).standings if s.team_id == late.pk)
    assert standing.wins >= 2


def test_once_the_swiss_rounds_are_drawn_the_knockout_takes_no_new_team(organizer):
    tournament = make_tournament(organizer, teams=6, format="swiss_knockout",
                                 knockout_size=4, swiss_rounds=1)
    late = _check_in_all_but_last(tournament)
    services.draw_next_round(tournament=tournament)
    with pytest.raises(Conflict) as refused:
        services.set_entry_flags(entry=late, checked_in=True)
    assert refused.value.messages() == [
        "The Swiss rounds are all drawn: the knockout takes no new team."]


def test_the_teams_a_draw_leaves_out_are_those_not_checked_in(organizer):
    tournament = make_tournament(organizer, teams=5)
    late = _check_in_all_but_last(tournament)
    entries = list(tournament.entries.all())
    assert {e.pk for e in entries} - {e.pk for e in draw_candidates(entries)} == {late.pk}
