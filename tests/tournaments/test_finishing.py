"""What the organizer sees when a Swiss needs a rematch, the knockout of the top K, the
automatic number of Swiss rounds, and a standalone match's link renewed."""

import re

import pytest
from django.urls import reverse

from scoring import rules
from scoring import services as scoring
from tests.factories import MatchFactory
from tests.tournaments.helpers import make_tournament, play_round, play_rounds
from tournaments import services
from tournaments.overview import overview

pytestmark = pytest.mark.django_db



def two_left_who_have_met(organizer):
    """Round 1 is 1 v 3 and 2 v 4; then 2 and 4 go home: 1 and 3 can only meet again."""
    tournament = make_tournament(organizer, teams=4, swiss_rounds=3)
    round_1 = services.draw_next_round(tournament=tournament)
    play_round(round_1)
    gone = round_1.tables.order_by("number")[1]
    for entry in (gone.entry_a, gone.entry_b):
        services.set_entry_flags(entry=entry, withdrawn=True)
    return tournament, round_1


def test_an_unavoidable_rematch_is_explained_and_drawn_with_one_button(client, organizer):
    tournament, round_1 = two_left_who_have_met(organizer)
    draw_url = reverse("tournament_draw", args=[tournament.pk])
    response = client.post(draw_url)
    assert response.status_code == 409
    body = response.content.decode()
    assert "A rematch cannot be avoided" in body
    table = round_1.tables.order_by("number").first()
    first, second = table.entry_a.team.name, table.entry_b.team.name
    assert f"{first} and {second} would meet again (they met in round 1)." in body
    assert 'name="allow_rematches" value="1"' in body
    assert tournament.rounds.count() == 1  # nothing drawn yet
    response = client.post(draw_url, {"allow_rematches": "1"}, follow=True)
    assert tournament.rounds.count() == 2 and tournament.rounds.last().with_rematches
    assert "already met in round 1" in response.content.decode()


def test_the_french_organizer_reads_the_reason_in_french(client, organizer):
    tournament, _ = two_left_who_have_met(organizer)
    body = client.post(reverse("tournament_draw", args=[tournament.pk]),
                       HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Une revanche est inévitable" in body
    assert "Tirer avec le moins de revanches" in body


@pytest.mark.parametrize(("knockout_size", "byes", "tables"), [(6, 2, 2), (5, 3, 1), (3, 1, 1),
                                                               (8, 0, 4), (2, 0, 1)])
def test_the_knockout_takes_exactly_the_top_k(organizer, knockout_size, byes, tables):
    tournament = make_tournament(organizer, teams=8, format="swiss_knockout", swiss_rounds=3,
                                 knockout_size=knockout_size)
    play_rounds(tournament, 3)
    top = [s.team_id for s in overview(tournament).standings][:knockout_size]
    knockout = services.draw_next_round(tournament=tournament)
    assert knockout.stage == "knockout"
    drawn = {e for t in knockout.tables.all() for e in (t.entry_a_id, t.entry_b_id)} | {
        b.entry_id for b in knockout.byes.all()}
    assert drawn == set(top)
    assert knockout.byes.count() == byes and knockout.tables.count() == tables
    # The byes go to the top seeds of the standings.
    assert {b.entry_id for b in knockout.byes.all()} == set(top[:byes])


def test_six_of_eight_seeds_one_and_two_rest_three_plays_six_and_four_plays_five(organizer):
    tournament = make_tournament(organizer, teams=8, format="swiss_knockout", swiss_rounds=3,
                                 knockout_size=6)
    play_rounds(tournament, 3)
    top = [s.team_id for s in overview(tournament).standings][:6]
    knockout = services.draw_next_round(tournament=tournament)
    pairs = {frozenset((t.entry_a_id, t.entry_b_id)) for t in knockout.tables.all()}
    assert pairs == {frozenset((top[2], top[5])), frozenset((top[3], top[4]))}
    play_round(knockout)
    semis = services.draw_next_round(tournament=tournament)
    assert semis.tables.count() == 2
    assert {top[0], top[1]} <= {e for t in semis.tables.all()
                                for e in (t.entry_a_id, t.entry_b_id)}


def test_an_empty_swiss_rounds_field_means_what_suits_the_field(client, organizer):
    response = client.post(reverse("tournament_new"), {
        "name": "Club", "variant": "politaine", "format": "swiss", "swiss_rounds": "",
        "list-teams": "\n".join(f"Équipe {i}" for i in range(1, 11)),
    })
    assert response.status_code == 302
    tournament = organizer.tournaments.get()
    assert tournament.swiss_rounds is None
    settings_page = client.get(reverse("tournament_settings", args=[tournament.pk]))
    assert "Left empty: 4 rounds for the 10 teams entered." in settings_page.content.decode()
    assert overview(tournament).total_rounds == 4
    services.draw_next_round(tournament=tournament)
    tournament.refresh_from_db()
    assert tournament.swiss_rounds == 4  # fixed once the field is known
    settings_page = client.get(reverse("tournament_settings", args=[tournament.pk]))
    assert "Left empty" not in settings_page.content.decode()


def test_the_first_round_may_be_drawn_at_random(client, organizer):
    tournament = make_tournament(organizer, teams=8, swiss_first_round="random")
    round_1 = services.draw_next_round(tournament=tournament)
    assert round_1.tables.count() == 4
    page = client.get(reverse("tournament_settings", args=[tournament.pk])).content.decode()
    assert re.search(r'<input type="radio" name="swiss_first_round" value="random"[^>]* checked',
                     page)


def test_the_standings_say_what_happens_to_a_withdrawn_team(client, organizer):
    tournament = make_tournament(organizer, teams=4, format="round_robin")
    body = client.get(reverse("public_standings", args=[tournament.pk])).content.decode()
    assert "its remaining games are won by forfeit" in body
    assert "listed after the teams still in" in body


def test_forfeit_tables_get_no_card(client, organizer):
    tournament = make_tournament(organizer, teams=4, format="round_robin")
    play_round(services.draw_next_round(tournament=tournament))
    services.set_entry_flags(entry=tournament.entries.get(seed=4), withdrawn=True)
    round_2 = services.draw_next_round(tournament=tournament)
    assert round_2.tables.count() == 2
    cards = client.get(reverse("tournament_round_cards", args=[tournament.pk, 2]))
    assert cards.content.decode().count('<article class="slip slip-keeper"') == 1


def test_a_late_team_cannot_join_a_round_robin_under_way(organizer):
    from scoring.errors import Conflict

    tournament = make_tournament(organizer, teams=5, format="round_robin")
    for entry in tournament.entries.filter(seed__lte=4):
        services.set_entry_flags(entry=entry, checked_in=True)
    services.draw_next_round(tournament=tournament)
    with pytest.raises(Conflict) as refused:
        services.set_entry_flags(entry=tournament.entries.get(seed=5), checked_in=True)
    assert refused.value.codes == ["field_closed"]


def test_the_owner_renews_a_matchs_link_and_the_old_one_stops_working(client, organizer):
    match = MatchFactory(owner=organizer)
    old = match.scorekeeper_token
    page = client.get(reverse("owned:table", args=[match.pk])).content.decode()
    assert "Make a new link" in page
    assert "Make a new link" not in client.get(
        reverse("link:table", args=[old])).content.decode()
    response = client.post(reverse("match_new_link", args=[match.pk]), follow=True)
    assert "the old one no longer works" in response.content.decode()
    match.refresh_from_db()
    assert match.scorekeeper_token != old
    assert client.get(reverse("link:table", args=[old])).status_code == 404
    assert client.get(reverse("link:table", args=[match.scorekeeper_token])).status_code == 200
    scoring.record_hand(match=match, number=1, hand=rules.Hand.played(6, 5))
