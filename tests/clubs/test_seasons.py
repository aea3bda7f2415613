"""Seasons: points per night by final rank, over the best N nights or all of them."""

import pytest
from django.urls import reverse

from clubs import seasons, services
from clubs.models import DEFAULT_POINTS_TABLE, Member
from clubs.services.seasons import save_season
from scoring.errors import InvalidInput
from tests.tournaments.helpers import make_tournament, play_rounds

Night = seasons.Night


def test_points_by_rank_over_the_best_nights():
    # Players 1-4 in teams of two; three nights.
    nights = [
        Night(1, "Night 1", ((1, (1, 2)), (2, (3, 4)))),
        Night(2, "Night 2", ((1, (3, 4)), (2, (1, 2)))),
        Night(3, "Night 3", ((1, (1, 3)),)),
    ]
    table = [10, 6]
    every = {s.member: s for s in seasons.season_standings(nights, table, None)}
    assert (every[1].points, every[2].points, every[3].points, every[4].points) == (
        26, 16, 26, 16)
    assert every[1].rank == every[3].rank == 1 and every[2].rank == 3
    best = {s.member: s for s in seasons.season_standings(nights, table, 2)}
    # Player 1: 10, 6 and 10 — the 6 drops out.
    assert best[1].points == 20 and best[1].counted == [True, False, True]
    assert best[2].points == 16 and best[2].nights == 2


def test_the_points_table_is_read_from_what_the_organizer_typed():
    assert seasons.parse_table("25, 18 15;12") == [25, 18, 15, 12]
    assert seasons.parse_table("10, 12") is None  # a lower place cannot score more
    assert seasons.parse_table("a, 1") is None
    assert seasons.parse_table("") is None


@pytest.fixture
def season(organizer):
    club = services.create_club(owner=organizer, name="Les As")
    nights = []
    for number in (1, 2):
        tournament = make_tournament(organizer, teams=4, format="round_robin")
        tournament.name = f"Soirée {number}"
        tournament.save(update_fields=["name"])
        play_rounds(tournament, 3, seed=number)
        nights.append(services.add_night(club=club, tournament=tournament))
    return save_season(club=club, name="Automne", points_table=DEFAULT_POINTS_TABLE,
                       best_of=None, nights=[n.pk for n in nights])


def test_a_club_nights_players_join_the_roster_and_are_rated(season):
    # 4 teams of two per night, the same names on both nights: 8 players.
    assert Member.objects.filter(club=season.club).count() == 8
    assert all(m.rated_matches == 6 for m in Member.objects.filter(club=season.club))


def test_the_season_page_its_projector_and_csv(client, season):
    page = client.get(reverse("season_page", args=[season.pk])).content.decode()
    assert "Automne" in page and "Soirée 1" in page
    standings = client.get(reverse("season_page", args=[season.pk])).context["standings"]
    assert sum(s.points for s in standings) == 2 * 2 * sum(DEFAULT_POINTS_TABLE[:4])
    assert standings[0].rank == 1
    assert client.get(reverse("season_projector", args=[season.pk])).status_code == 200
    csv = client.get(reverse("season_csv", args=[season.pk])).content.decode()
    assert csv.splitlines()[0] == "\ufeffrank,player,points,nights,Soirée 1,Soirée 2"


def test_a_season_refuses_a_bad_table_and_another_clubs_nights(season, organizer):
    other = services.create_club(owner=organizer, name="Autre")
    with pytest.raises(InvalidInput):
        save_season(club=other, name="X", points_table=[1], best_of=None,
                    nights=list(season.nights.values_list("pk", flat=True)))
    with pytest.raises(InvalidInput):
        save_season(club=other, name="X", points_table=None, best_of=None, nights=[])


def test_the_season_form(client, season):
    url = reverse("club_season_new", args=[season.club.pk])
    answer = client.post(url, {"name": "Hiver", "points_table": "3, 9", "best_of": ""})
    assert answer.status_code == 422
    assert "first place first" in answer.content.decode()
    answer = client.post(url, {"name": "Hiver", "points_table": "9, 3", "best_of": "1",
                               "nights": list(season.nights.values_list("pk", flat=True))})
    assert answer.status_code == 302


def test_teams_added_to_a_club_night_join_the_roster_and_its_matches_rate_live(organizer):
    from tournaments import services as tournaments
    from tournaments.services import ListedTeam

    club = services.create_club(owner=organizer, name="Les As")
    tournament = make_tournament(organizer, teams=2, format="swiss", swiss_rounds=1)
    services.add_night(club=club, tournament=tournament)
    tournaments.add_teams(tournament=tournament, teams=[
        ListedTeam("Les Bleus", ("Zoé", "Yves")), ListedTeam("Les Verts", ("Xavier", "Anne"))])
    assert {"Zoé", "Yves", "Xavier", "Anne"} <= set(
        Member.objects.filter(club=club).values_list("name", flat=True))
    play_rounds(tournament, 1)
    assert Member.objects.get(club=club, name="Zoé").rated_matches == 1
    live = list(Member.objects.filter(club=club).order_by("pk").values_list("mu", "sigma"))
    services.rerate(club=club)
    assert list(Member.objects.filter(club=club).order_by("pk").values_list(
        "mu", "sigma")) == live


@pytest.mark.parametrize("typed", ["25, ², 10", "⑤", "25, 18, 1²", "9" * 40])
def test_a_points_table_with_digits_int_cannot_read_gets_the_forms_message(client, season,
                                                                          typed):
    answer = client.post(reverse("club_season_new", args=[season.club.pk]),
                         {"name": "Hiver", "points_table": typed, "best_of": ""})
    assert answer.status_code == 422
    assert "first place first" in answer.content.decode()
    assert seasons.parse_table(typed) is None


def test_a_night_added_from_the_nights_page_counts_in_the_current_season(client, season):
    club, organizer = season.club, season.club.owner
    tournament = make_tournament(organizer, teams=4, format="round_robin")
    page = client.get(reverse("club_nights", args=[club.pk])).content.decode()
    assert "Count it in the season Automne" in page
    answer = client.post(reverse("club_nights", args=[club.pk]),
                         {"tournament": tournament.pk, "season": "on"})
    assert answer.status_code == 302
    assert season.nights.filter(tournament=tournament).exists()


def test_a_night_left_out_of_the_season_when_the_box_is_unticked(client, season):
    tournament = make_tournament(season.club.owner, teams=4, format="round_robin")
    client.post(reverse("club_nights", args=[season.club.pk]), {"tournament": tournament.pk})
    assert not season.nights.filter(tournament=tournament).exists()
    assert season.club.nights.filter(tournament=tournament).exists()


def test_an_individual_night_of_the_club_rates_its_players_and_counts_in_the_season(
        client, organizer):
    """Each player joins the roster; every match of the night rates its four players (as
    partners of a round); the season gives each player the points of their own place."""
    from scoring.services import NewTeam
    from tournaments import services as tournaments

    club = services.create_club(owner=organizer, name="Les As")
    night = make_tournament(organizer, teams=0, format="individual", individual_rounds=3)
    tournaments.add_teams(tournament=night, teams=[NewTeam(f"Joueur {c}") for c in "ABCDEFGH"])
    added = services.add_night(club=club, tournament=night)
    play_rounds(night, 3)
    members = Member.objects.filter(club=club)
    assert members.count() == 8 and all(m.rated_matches == 3 for m in members)
    season = save_season(club=club, name="Automne", points_table=DEFAULT_POINTS_TABLE,
                         best_of=None, nights=[added.pk])
    standings = client.get(reverse("season_page", args=[season.pk])).context["standings"]
    night_places = {s.name: s.rank for s in tournaments_standings(night)}
    names = dict(members.values_list("pk", "name"))
    assert {names[s.member]: s.points for s in standings} == {
        name: seasons.points_for(rank, DEFAULT_POINTS_TABLE)
        for name, rank in night_places.items()}


def tournaments_standings(night):
    from tournaments.selectors import read_standings

    return read_standings(night).standings


def individual_season(organizer, club_name, nights):
    """A season of `nights` individual nights of 8 players, two rounds each, played."""
    from scoring.services import NewTeam
    from tournaments import services as tournaments

    club = services.create_club(owner=organizer, name=club_name)
    added = []
    for _ in range(nights):
        night = make_tournament(organizer, teams=0, format="individual", individual_rounds=2)
        tournaments.add_teams(tournament=night, teams=[NewTeam(f"Joueur {c}") for c in "ABCDEFGH"])
        added.append(services.add_night(club=club, tournament=night).pk)
        play_rounds(night, 2)
    return save_season(club=club, name="Automne", points_table=DEFAULT_POINTS_TABLE,
                       best_of=None, nights=added)


def test_a_season_of_individual_nights_reads_the_same_queries_for_four_nights_as_for_one(
        client, organizer):
    """The season's page and its API read every night's standings at once: a season of
    Friday nights à la mêlée does not cost four more queries a night."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for nights in (1, 4):
        season = individual_season(organizer, f"Les As {nights}", nights)
        for path in (reverse("season_page", args=[season.pk]),
                     f"/api/v1/seasons/{season.pk}/standings"):
            with CaptureQueriesContext(connection) as captured:
                assert client.get(path).status_code == 200, path
            counts.append((path.startswith("/api"), len(captured.captured_queries)))
    assert counts[0] == counts[2] and counts[1] == counts[3], counts
