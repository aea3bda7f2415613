"""Individual nights: players come alone, four to a table with a new partner each round;
their rounds are their partnerships' results (tournaments/services/individual_rounds.py)."""

import json
import random
from collections import Counter

import pytest

from scoring import rules
from scoring.errors import Conflict
from scoring.services import NewTeam
from tests.factories import UserFactory
from tests.tournaments.helpers import finish
from tournaments import services
from tournaments.models import Bye, Entry, TableSeat
from tournaments.overview import overview
from tournaments.selectors import read_standings
from tournaments.services import Settings

pytestmark = pytest.mark.django_db

NAMES = ["Anne", "Bruno", "Carole", "Denis", "Élise", "François", "Gisèle", "Hugo", "Isabelle",
         "Jacques", "Karine", "Luc", "Manon", "Nicolas", "Odile", "Pierre"]


def night(owner, players=9, *, rounds=None, sit_out="none", sit_out_points=0):
    settings = Settings(name="Vendredi à la mêlée", variant="politaine", format="individual",
                        target=11, individual_rounds=rounds, sit_out=sit_out,
                        sit_out_points=sit_out_points)
    return services.create_tournament(owner=owner, settings=settings,
                                      teams=[NewTeam(name) for name in NAMES[:players]])


def seats_of(round_) -> list[dict[str, int]]:
    tables = {}
    for table_id, seat, entry_id in TableSeat.objects.filter(table__round=round_).values_list(
            "table_id", "seat", "entry_id"):
        tables.setdefault(table_id, {})[seat] = entry_id
    return list(tables.values())


def partners(seats) -> list[frozenset]:
    return [frozenset((s["N"], s["S"])) for s in seats] + [
        frozenset((s["E"], s["W"])) for s in seats]


def test_nine_players_sit_at_two_tables_and_one_sits_out():
    tournament = night(UserFactory())
    first = services.draw_next_round(tournament=tournament)
    seats = seats_of(first)
    out = list(Bye.objects.filter(round=first).values_list("entry_id", flat=True))
    seated = [entry for table in seats for entry in table.values()]
    assert len(seats) == 2 and len(out) == 1
    assert sorted(seated + out) == sorted(tournament.entries.values_list("pk", flat=True))


def test_each_table_is_a_match_of_its_two_partnerships_with_the_players_in_their_seats():
    tournament = night(UserFactory(), players=8)
    table = services.draw_next_round(tournament=tournament).tables.select_related(
        "match__team_a", "match__team_b").first()
    entries = {e.pk: e for e in Entry.objects.filter(tournament=tournament)}
    at = {seat.seat: entries[seat.entry_id] for seat in table.seats.all()}
    match = table.match
    assert (match.seat_n_id, match.seat_e_id, match.seat_s_id, match.seat_w_id) == tuple(
        at[seat].player_id for seat in "NESW")
    assert match.team_a.name == f"{at['N'].name} & {at['S'].name}"
    assert match.team_b.name == f"{at['E'].name} & {at['W'].name}"
    assert table.entry_a_id is None and table.entry_b_id is None


def test_eight_players_over_seven_rounds_never_partner_twice_and_meet_as_opponents_twice():
    tournament = night(UserFactory(), players=8, rounds=7)
    pairs, opponents = Counter(), Counter()
    for _ in range(7):
        drawn = services.draw_next_round(tournament=tournament)
        seats = seats_of(drawn)
        pairs.update(partners(seats))
        for s in seats:
            opponents.update(frozenset(p) for p in (
                (s["N"], s["E"]), (s["N"], s["W"]), (s["S"], s["E"]), (s["S"], s["W"])))
        for table in drawn.tables.select_related("match"):
            finish(table.match)
    assert set(pairs.values()) == {1} and len(pairs) == 28
    assert set(opponents.values()) == {2}
    with pytest.raises(Conflict) as refused:
        services.draw_next_round(tournament=tournament)
    assert refused.value.violations[0].code == "no_round_left"


def test_a_player_rounds_are_their_partnerships_results():
    tournament = night(UserFactory(), players=4, rounds=1)
    drawn = services.draw_next_round(tournament=tournament)
    table = drawn.tables.select_related("match").get()
    finish(table.match, winner="a")  # North and South win
    table.match.refresh_from_db()
    at = {seat.seat: seat.entry_id for seat in table.seats.all()}
    lines = {s.team_id: s for s in read_standings(tournament).standings}
    for seat in "NS":
        assert (lines[at[seat]].wins, lines[at[seat]].points_for) == (1, table.match.score_a)
    for seat in "EW":
        assert (lines[at[seat]].losses, lines[at[seat]].points_against) == (
            1, table.match.score_a)
    assert [s.team_id for s in read_standings(tournament).standings][:2] == sorted(
        (at["N"], at["S"]), key=lambda pk: Entry.objects.get(pk=pk).seed)
    assert overview(tournament).champion.pk in (at["N"], at["S"])


def test_a_late_player_is_drawn_from_the_next_round_and_a_player_who_leaves_is_not():
    tournament = night(UserFactory(), players=8)
    first = services.draw_next_round(tournament=tournament)
    for table in first.tables.select_related("match"):
        finish(table.match)
    late, = services.add_teams(tournament=tournament, teams=[NewTeam("Raymond")])
    gone = Entry.objects.filter(tournament=tournament).order_by("seed").first()
    services.set_entry_flags(entry=gone, withdrawn=True)
    second = services.draw_next_round(tournament=tournament)
    seated = {e for table in seats_of(second) for e in table.values()}
    out = set(Bye.objects.filter(round=second).values_list("entry_id", flat=True))
    assert late.pk in seated | out and gone.pk not in seated | out
    assert len(seated) == 8 and not out


def test_a_player_who_leaves_mid_match_forfeits_it_for_their_partnership():
    tournament = night(UserFactory(), players=4)
    table = services.draw_next_round(tournament=tournament).tables.get()
    east = Entry.objects.get(pk=table.seats.get(seat="E").entry_id)
    services.set_entry_flags(entry=east, withdrawn=True)
    table.match.refresh_from_db()
    assert table.match.status == rules.Status.FINISHED
    assert table.match.winner == rules.Team.A  # North and South win by forfeit


def test_a_player_once_drawn_cannot_be_removed_but_can_withdraw():
    tournament = night(UserFactory(), players=4)
    services.draw_next_round(tournament=tournament)
    entry = Entry.objects.filter(tournament=tournament).first()
    with pytest.raises(Conflict):
        services.remove_entry(entry=entry)


def test_fewer_than_four_players_cannot_be_drawn():
    tournament = night(UserFactory(), players=3)
    with pytest.raises(Exception) as refused:
        services.draw_next_round(tournament=tournament)
    assert refused.value.violations[0].code == "too_few_players"


@pytest.mark.parametrize(("sit_out", "points", "expected"), [
    ("none", 0, 0), ("fixed", 7, 7)])
def test_a_round_sat_out_scores_what_the_organizer_chose(sit_out, points, expected):
    tournament = night(UserFactory(), players=5, rounds=1, sit_out=sit_out,
                       sit_out_points=points)
    drawn = services.draw_next_round(tournament=tournament)
    out = Bye.objects.get(round=drawn).entry_id
    line = next(s for s in read_standings(tournament).standings if s.team_id == out)
    assert (line.played, line.byes, line.wins, line.points_for) == (0, 1, 0, expected)


def test_random_nights_standings_equal_a_recount_from_the_matches():
    """Over random nights with late arrivals and departures: every round draws, every player
    there is seated once or sits out, and each line counts the partnerships' results."""
    chooser = random.Random(32)
    owner = UserFactory()
    for evening in range(4):
        tournament = night(owner, players=chooser.randint(5, 12), rounds=4)
        for _ in range(4):
            drawn = services.draw_next_round(tournament=tournament, allow_rematches=True)
            here = set(Entry.objects.filter(tournament=tournament, withdrawn=False)
                       .values_list("pk", flat=True))
            seated = [e for table in seats_of(drawn) for e in table.values()]
            out = list(Bye.objects.filter(round=drawn).values_list("entry_id", flat=True))
            assert sorted(seated + out) == sorted(here) and len(out) == len(here) % 4
            for table in drawn.tables.select_related("match"):
                finish(table.match, winner=chooser.choice("ab"), margin=chooser.randint(0, 4))
            if chooser.random() < 0.4:
                services.add_teams(tournament=tournament,
                                   teams=[NewTeam(f"Retard {evening}-{drawn.number}")])
            if chooser.random() < 0.3 and len(here) > 5:
                services.set_entry_flags(entry=Entry.objects.get(pk=chooser.choice(sorted(
                    here))), withdrawn=True)
        recount = Counter()
        for seat in TableSeat.objects.filter(table__round__tournament=tournament).select_related(
                "table__match"):
            match = seat.table.match
            side_a = seat.seat in "NS"
            won = (match.winner == rules.Team.A) == side_a
            recount[seat.entry_id, "wins"] += won
            recount[seat.entry_id, "points_for"] += match.score_a if side_a else match.score_b
            recount[seat.entry_id, "played"] += 1
        for line in read_standings(tournament).standings:
            assert (line.wins, line.points_for, line.played) == (
                recount[line.team_id, "wins"], recount[line.team_id, "points_for"],
                recount[line.team_id, "played"])


def test_partners_never_repeat_over_random_nights_of_eight_or_more_without_changes():
    owner = UserFactory()
    for players in (8, 10, 11, 14):
        tournament = night(owner, players=players, rounds=5)
        seen = Counter()
        for _ in range(5):
            drawn = services.draw_next_round(tournament=tournament)
            seen.update(partners(seats_of(drawn)))
            for table in drawn.tables.select_related("match"):
                finish(table.match)
        assert max(seen.values()) == 1, players


def night_with_rounds(owner, players: int, rounds: int):
    tournament = night(owner, players=0, rounds=rounds + 1)
    services.add_teams(tournament=tournament,
                       teams=[NewTeam(f"Joueur {i}") for i in range(1, players + 1)])
    for _ in range(rounds):
        drawn = services.draw_next_round(tournament=tournament)
        for table in drawn.tables.select_related("match"):
            finish(table.match)
    services.draw_next_round(tournament=tournament)
    return tournament


@pytest.mark.parametrize("players", [8, 40])
def test_a_night_s_pages_and_api_cost_the_same_few_queries_whatever_its_size(
        client, django_assert_max_num_queries, players):
    """The organizer's dashboard, round and players pages, the public draw with its list of
    seats, the projector, a player's own page and the API's tournament and standings: a
    fixed handful of queries for 8 players or 40, after 3 rounds."""
    owner = UserFactory()
    tournament = night_with_rounds(owner, players, rounds=3)
    player = Entry.objects.filter(tournament=tournament).first().pk
    client.force_login(owner)
    pk = tournament.pk
    # The public pages and the API's: one more, whether the night is a club's, whose
    # players choose how their names show (tournaments.public_names).
    for path, most in ((f"/tournaments/{pk}/", 13), (f"/tournaments/{pk}/rounds/4/", 15),
                       (f"/tournaments/{pk}/teams/", 13), (f"/t/{pk}/draw/", 12),
                       (f"/t/{pk}/projector/", 12), (f"/t/{pk}/", 10),
                       (f"/t/{pk}/players/{player}/", 14), (f"/api/v1/tournaments/{pk}", 15),
                       (f"/api/v1/tournaments/{pk}/standings", 11)):
        with django_assert_max_num_queries(most):
            assert client.get(path).status_code == 200, path


def test_an_individual_night_backed_up_and_restored_keeps_its_seats_and_standings():
    from tournaments.exports import tournament_data

    owner = UserFactory()
    tournament = night_with_rounds(owner, 9, rounds=2)  # round 3 drawn, not played
    exported = tournament_data(overview(tournament))
    restored = services.import_tournament(data=json.loads(json.dumps(exported)), owner=owner)
    assert (restored.format, restored.individual_rounds, restored.sit_out) == (
        "individual", 3, "none")

    def seen(t):
        names = dict(Entry.objects.filter(tournament=t).values_list("pk", "team__name"))
        seats = sorted((s.table.round.number, s.table.number, s.seat, names[s.entry_id])
                       for s in TableSeat.objects.filter(table__round__tournament=t)
                       .select_related("table__round"))
        lines = [(s.rank, s.name, s.wins, s.points_for, s.byes)
                 for s in read_standings(t).standings]
        return seats, lines

    assert seen(restored) == seen(tournament)
    for table in restored.rounds.get(number=3).tables.select_related("match"):
        finish(table.match)  # the restored night plays on, to its last round
    with pytest.raises(Conflict) as refused:
        services.draw_next_round(tournament=restored)
    assert refused.value.violations[0].code == "no_round_left"


def test_the_organizer_is_shown_who_would_partner_again_before_such_a_round_is_drawn(client):
    """Four players over four rounds: after three, everyone has partnered everyone, so
    round 4 repeats partners. The draw says who first and draws only when asked."""
    owner = UserFactory()
    client.force_login(owner)
    tournament = night(owner, players=4, rounds=4)
    for _ in range(3):
        drawn = services.draw_next_round(tournament=tournament)
        finish(drawn.tables.get().match)
    asked = client.post(f"/tournaments/{tournament.pk}/rounds/")
    page = asked.content.decode()
    assert asked.status_code == 409 and "A partner again cannot be avoided" in page
    assert page.count("would partner again") == 2
    assert not tournament.rounds.filter(number=4).exists()
    drawn = client.post(f"/tournaments/{tournament.pk}/rounds/", {"allow_rematches": "1"})
    assert drawn.status_code == 302
    assert tournament.rounds.get(number=4).with_rematches


def test_a_night_left_with_three_players_ends_and_can_be_closed_with_its_winner():
    """Two of five go home after round 1: no table can be seated any more, so the night
    ends with the round it played (a draw says why), and the organizers close it."""
    tournament = night(UserFactory(), players=5, rounds=5)
    for table in services.draw_next_round(tournament=tournament).tables.all():
        finish(table.match)
    for entry in Entry.objects.filter(tournament=tournament).order_by("-seed")[:2]:
        services.set_entry_flags(entry=entry, withdrawn=True)
    tournament.refresh_from_db()
    view = overview(tournament)
    assert view.finished and view.total_rounds == 1 and view.champion is not None
    with pytest.raises(Conflict) as refused:
        services.draw_next_round(tournament=tournament)
    assert refused.value.violations[0].code == "too_few_players"
    services.close_tournament(tournament=tournament)
    tournament.refresh_from_db()
    assert tournament.closed_at is not None
