"""Tournament services: teams, draws of every format, swaps, time, links."""

import pytest

from scoring import rules
from scoring import services as scoring
from scoring.errors import Conflict, InvalidInput
from scoring.services import NewTeam
from tests.factories import UserFactory
from tests.tournaments.helpers import finish, make_tournament, play_round, play_rounds
from tournaments import services
from tournaments.models import Bye, Entry, Table
from tournaments.overview import overview
from tournaments.services import ListedTeam, Settings

pytestmark = pytest.mark.django_db



def test_a_tournament_keeps_its_teams_in_seed_order(organizer):
    tournament = make_tournament(organizer, teams=5)
    entries = list(tournament.entries.order_by("seed").select_related("team__first_player"))
    assert [e.seed for e in entries] == [1, 2, 3, 4, 5]
    assert entries[0].team.name == "Team 001" and entries[0].team.first_player.name == "Player 1A"


@pytest.mark.parametrize(
    ("changes", "code"),
    [({"name": ""}, "name"), ({"format": "ladder"}, "format"),
     ({"format": "swiss", "swiss_rounds": 0}, "swiss_rounds"),
         ({"format": "swiss", "swiss_rounds": 21}, "swiss_rounds"),
     ({"format": "swiss_knockout", "swiss_rounds": 3, "knockout_size": 1}, "knockout_size"),
     ({"target": 5}, "target_range"), ({"round_minutes": 0}, "round_minutes"),
     ({"tiebreaks": ["buchholz", "buchholz", "points_for"]}, "tiebreaks")],
)
def test_bad_settings_are_refused(organizer, changes, code):
    settings = Settings(**{"name": "Club", "variant": "politaine", "format": "round_robin",
                           **changes})
    with pytest.raises(InvalidInput) as refused:
        services.create_tournament(owner=organizer, settings=settings)
    assert code in refused.value.codes


def test_pasted_lists_are_read_line_by_line():
    teams = services.parse_team_list("Les Bleus; Anne; Marc\n\nLes Rouges,Luc,Julie\n"
                                     "Seuls\nTab\tA\tB\n")
    assert teams == [ListedTeam("Les Bleus", ("Anne", "Marc"), line=1),
                     ListedTeam("Les Rouges", ("Luc", "Julie"), line=3),
                     ListedTeam("Seuls", (), line=4), ListedTeam("Tab", ("A", "B"), line=5)]


def test_a_list_with_a_bad_line_adds_nothing_and_says_which(organizer):
    tournament = make_tournament(organizer, teams=2)
    with pytest.raises(InvalidInput) as refused:
        services.add_teams(tournament=tournament, teams=services.parse_team_list(
            "Nouveaux; A; B\n\nSolo; One\nTeam 001; X; Y"))
    messages = refused.value.messages()
    # The lines of the text as pasted, blank ones counted.
    assert "Line 3: a team name of 1 to 60 characters and two players, or none." in messages
    assert "Line 4: Team 001 is already in the tournament." in messages
    assert tournament.entries.count() == 2


def test_seeds_can_be_reordered_before_the_draw(organizer):
    tournament = make_tournament(organizer, teams=3)
    ids = list(tournament.entries.order_by("seed").values_list("pk", flat=True))
    services.set_seeds(tournament=tournament, order=list(reversed(ids)))
    assert list(tournament.entries.order_by("seed").values_list("pk", flat=True)) == ids[::-1]
    services.draw_next_round(tournament=tournament)
    with pytest.raises(Conflict):
        services.set_seeds(tournament=tournament, order=ids)


def test_round_robin_every_pair_meets_once_and_the_tournament_ends(organizer):
    tournament = make_tournament(organizer, teams=5, format="round_robin")
    rounds = play_rounds(tournament, 5)
    pairs = [frozenset((t.entry_a_id, t.entry_b_id))
             for t in Table.objects.filter(round__tournament=tournament)]
    assert len(pairs) == len(set(pairs)) == 10
    byes = list(Bye.objects.filter(round__tournament=tournament).values_list("entry", flat=True))
    assert sorted(byes) == sorted(tournament.entries.values_list("pk", flat=True))
    assert all(r.byes.count() == 1 for r in rounds)
    with pytest.raises(Conflict) as refused:
        services.draw_next_round(tournament=tournament)
    assert refused.value.codes == ["no_round_left"]
    assert overview(tournament).finished


def test_a_new_round_is_refused_while_a_match_is_unfinished(organizer):
    tournament = make_tournament(organizer, teams=4)
    round_1 = services.draw_next_round(tournament=tournament)
    first = round_1.tables.order_by("number").first()
    finish(first.match)
    with pytest.raises(Conflict) as refused:
        services.draw_next_round(tournament=tournament)
    assert refused.value.codes == ["round_unfinished"]
    assert "1 table still playing" in refused.value.messages()[0]


def test_swiss_rounds_pair_equal_wins_and_never_rematch(organizer):
    tournament = make_tournament(organizer, teams=8, swiss_rounds=3)
    round_1 = services.draw_next_round(tournament=tournament)
    assert [t.number for t in round_1.tables.all()] == [1, 2, 3, 4]
    play_round(round_1)
    round_2 = services.draw_next_round(tournament=tournament)
    view = overview(tournament)
    wins = {s.team_id: s.wins for s in view.standings}
    for table in round_2.tables.all():
        assert wins[table.entry_a_id] == wins[table.entry_b_id]
    play_round(round_2)
    play_rounds(tournament, 1)
    pairs = [frozenset((t.entry_a_id, t.entry_b_id))
             for t in Table.objects.filter(round__tournament=tournament)]
    assert len(pairs) == len(set(pairs)) == 12
    with pytest.raises(Conflict):
        services.draw_next_round(tournament=tournament)


def test_swiss_with_an_odd_field_gives_the_bye_to_the_lowest_without_one(organizer):
    tournament = make_tournament(organizer, teams=7, swiss_rounds=3)
    play_rounds(tournament, 3)
    byes = list(Bye.objects.filter(round__tournament=tournament).values_list("entry", flat=True))
    assert len(byes) == 3 and len(set(byes)) == 3
    last_seed = tournament.entries.get(seed=7)
    assert byes[0] == last_seed.pk  # round 1: the lowest seed


def test_withdrawn_teams_are_not_drawn_again_and_their_results_stay(organizer):
    tournament = make_tournament(organizer, teams=6, swiss_rounds=3)
    play_rounds(tournament, 1)
    gone = tournament.entries.get(seed=1)
    services.set_entry_flags(entry=gone, withdrawn=True)
    round_2 = services.draw_next_round(tournament=tournament)
    drawn = {*round_2.tables.values_list("entry_a", flat=True),
             *round_2.tables.values_list("entry_b", flat=True),
             *round_2.byes.values_list("entry", flat=True)}
    assert gone.pk not in drawn and len(drawn) == 5
    standing = next(s for s in overview(tournament).standings if s.team_id == gone.pk)
    assert standing.played == 1 and standing.withdrawn


def test_once_check_in_began_only_checked_in_teams_are_drawn(organizer):
    tournament = make_tournament(organizer, teams=5)
    for entry in tournament.entries.filter(seed__lte=4):
        services.set_entry_flags(entry=entry, checked_in=True)
    round_1 = services.draw_next_round(tournament=tournament)
    assert round_1.tables.count() == 2 and not round_1.byes.exists()


def test_knockout_bracket_seeds_byes_and_winners_advance(organizer):
    tournament = make_tournament(organizer, teams=6, format="knockout")
    round_1 = services.draw_next_round(tournament=tournament)
    seeds = {e.pk: e.seed for e in tournament.entries.all()}
    assert sorted(seeds[b.entry_id] for b in round_1.byes.all()) == [1, 2]
    assert sorted((seeds[t.entry_a_id], seeds[t.entry_b_id]) for t in round_1.tables.all()) == [
        (3, 6), (4, 5)]
    play_round(round_1, winners={1: "a", 2: "a"})
    round_2 = services.draw_next_round(tournament=tournament)
    assert round_2.tables.count() == 2
    play_round(round_2, winners={1: "a", 2: "a"})
    final = services.draw_next_round(tournament=tournament)
    assert final.tables.count() == 1
    assert {seeds[final.tables.get().entry_a_id], seeds[final.tables.get().entry_b_id]} == {1, 2}
    play_round(final)
    assert overview(tournament).finished
    with pytest.raises(Conflict):
        services.draw_next_round(tournament=tournament)


def test_swiss_then_knockout_of_the_top_four(organizer):
    tournament = make_tournament(organizer, teams=8, format="swiss_knockout", swiss_rounds=2,
                                 knockout_size=4)
    play_rounds(tournament, 2)
    top = [s.team_id for s in overview(tournament).standings[:4]]
    semi = services.draw_next_round(tournament=tournament)
    assert semi.stage == "knockout"
    assert {(t.entry_a_id, t.entry_b_id) for t in semi.tables.all()} == {
        (top[0], top[3]), (top[1], top[2])}
    play_round(semi)
    final = services.draw_next_round(tournament=tournament)
    assert final.tables.count() == 1
    play_round(final)
    assert overview(tournament).finished


def test_teams_may_swap_before_play_into_a_rematch_once_confirmed(organizer):
    tournament = make_tournament(organizer, teams=4, swiss_rounds=3)
    play_rounds(tournament, 1)
    met = {frozenset((t.entry_a_id, t.entry_b_id))
           for t in Table.objects.filter(round__tournament=tournament)}
    round_2 = services.draw_next_round(tournament=tournament)
    table_1, table_2 = round_2.tables.order_by("number")
    # Swapping a team of table 1 with one of table 2 remakes a round-1 pair.
    for first in (table_1.entry_a_id, table_1.entry_b_id):
        for second in (table_2.entry_a_id, table_2.entry_b_id):
            partner = table_1.entry_b_id if first == table_1.entry_a_id else table_1.entry_a_id
            if frozenset((partner, second)) in met:
                warnings = services.swap_teams(round=round_2, first=first, second=second,
                                               allow_rematch=True)
                assert warnings and {w.code for w in warnings} == {"rematch"}
                table_1.refresh_from_db()
                assert second in (table_1.entry_a_id, table_1.entry_b_id)
                table_1.match.refresh_from_db()
                assert {table_1.match.team_a_id, table_1.match.team_b_id} == {
                    Entry.objects.get(pk=table_1.entry_a_id).team_id,
                    Entry.objects.get(pk=table_1.entry_b_id).team_id}
                return
    pytest.fail("no swap made a rematch")


def test_no_swap_once_a_table_has_started(organizer):
    tournament = make_tournament(organizer, teams=4)
    round_1 = services.draw_next_round(tournament=tournament)
    table_1, table_2 = round_1.tables.order_by("number")
    scoring.record_hand(match=table_1.match, number=1, hand=rules.Hand.played(5, 6))
    with pytest.raises(Conflict) as refused:
        services.swap_teams(round=round_1, first=table_1.entry_a_id, second=table_2.entry_a_id)
    assert refused.value.codes == ["swap_started"]


def test_calling_time_ends_each_match_after_the_hand_being_played(organizer):
    tournament = make_tournament(organizer, teams=4, target=33, round_minutes=30)
    round_1 = services.draw_next_round(tournament=tournament)
    table_1, table_2 = round_1.tables.order_by("number")
    scoring.record_hand(match=table_1.match, number=1, hand=rules.Hand.played(7, 4))
    assert services.call_time(round=round_1) == 2
    state = scoring.record_hand(match=table_1.match, number=2, hand=rules.Hand.played(3, 8))
    assert state.finished and state.winner == "b" and state.finish_reason == "time"
    # Level after the hand being played: one more hand.
    scoring.record_hand(match=table_2.match, number=1, hand=rules.Hand.played(6, 5))
    table_2.match.refresh_from_db()
    assert table_2.match.status == "finished" and table_2.match.finish_reason == "time"


def test_reissuing_a_table_link_revokes_the_old_one(organizer):
    tournament = make_tournament(organizer, teams=2)
    table = services.draw_next_round(tournament=tournament).tables.get()
    old = table.match.scorekeeper_token
    services.reissue_table_link(table=table)
    table.match.refresh_from_db()
    assert table.match.scorekeeper_token != old


def test_teams_cannot_join_a_round_robin_once_it_is_drawn(organizer):
    tournament = make_tournament(organizer, teams=4, format="round_robin")
    services.draw_next_round(tournament=tournament)
    with pytest.raises(Conflict):
        services.add_teams(tournament=tournament, teams=[NewTeam("Late")])
    swiss = make_tournament(organizer, teams=4)
    services.draw_next_round(tournament=swiss)
    assert services.add_teams(tournament=swiss, teams=[NewTeam("Late")])[0].seed == 5


def test_organizers_keep_score_and_strangers_do_not(organizer):
    from scoring.permissions import can_keep_score, is_public

    helper, stranger = UserFactory(username="helper"), UserFactory(username="stranger")
    tournament = make_tournament(organizer, teams=2, public=False)
    services.add_organizer(tournament=tournament, username="helper")
    match = services.draw_next_round(tournament=tournament).tables.get().match
    assert can_keep_score(organizer, match) and can_keep_score(helper, match)
    assert not can_keep_score(stranger, match)
    assert not is_public(match)
    with pytest.raises(InvalidInput):
        services.add_organizer(tournament=tournament, username="nobody")
