"""Individual nights as an organizer, a player and a spectator meet them outside the happy
path: the settings form's tie-breaks, a result from paper, the CSV exports, a forged POST,
a backup that does not hold together, a format changed after the names were entered, the
score sheets of a big night, the words of its refusals."""

import csv
import io
import json

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape

from accounts.services import issue_token
from scoring.errors import Conflict, InvalidInput
from scoring.models import Player
from scoring.services import NewTeam
from tests.api.conftest import ApiClient
from tests.factories import UserFactory
from tests.tournaments.helpers import finish
from tournaments import services
from tournaments.exports import tournament_data
from tournaments.overview import overview
from tournaments.services import Settings

pytestmark = pytest.mark.django_db

NAMES = ["Anne", "Bruno", "Carole", "Denis", "Élise", "François", "Gisèle", "Hugo", "Isabelle"]


def night(owner, players=9, **settings):
    return services.create_tournament(owner=owner, settings=Settings(
        name="Vendredi à la mêlée", variant="politaine", format="individual", target=11,
        **settings), teams=[NewTeam(name) for name in NAMES[:players]])


def organizer_client(owner) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(owner)
    return client


def test_a_night_whose_organizer_put_buchholz_in_the_tie_breaks_still_shows_its_pages():
    """The settings form offers Buchholz among the tie-breaks for every format: an organizer
    who orders them "points difference, points for, Buchholz" on an individual night must
    not bring down its dashboard, its standings and the API (Buchholz is left out there:
    partners and opponents change every round)."""
    owner = UserFactory()
    tournament = night(owner)
    client = organizer_client(owner)
    response = client.post(reverse("tournament_settings", args=[tournament.pk]), {
        "name": tournament.name, "variant": "politaine", "target": 11, "format": "individual",
        "sit_out": "none", "confirmation": "result", "public": "on",
        "tiebreak_1": "points_for", "tiebreak_2": "difference", "tiebreak_3": "buchholz"})
    assert response.status_code == 302, response.content
    table = services.draw_next_round(tournament=tournament).tables.first()
    finish(table.match)
    for path in (f"/tournaments/{tournament.pk}/", f"/t/{tournament.pk}/",
                 f"/t/{tournament.pk}/projector/", f"/tournaments/{tournament.pk}/standings.csv",
                 f"/api/v1/tournaments/{tournament.pk}/standings"):
        assert client.get(path).status_code == 200, path
    standings = client.get(f"/api/v1/tournaments/{tournament.pk}/standings").json()
    assert standings["tiebreaks"] == ["points_for", "difference"]


def test_the_organizer_enters_a_result_from_paper_at_an_individual_table():
    owner = UserFactory()
    tournament = night(owner)
    table = services.draw_next_round(tournament=tournament).tables.select_related(
        "match__team_a", "match__team_b").get(number=1)
    client = organizer_client(owner)
    url = reverse("tournament_table_paper", args=[tournament.pk, 1, 1])
    page = client.get(url)
    assert page.status_code == 200
    for team in (table.match.team_a, table.match.team_b):  # "Anne & Carole" (N–S)...
        assert escape(team.name) in page.content.decode()
    response = client.post(url, {"score_a": 14, "score_b": 8, "ended": "target"})
    assert response.status_code == 302, response.content
    table.match.refresh_from_db()
    assert (table.match.score_a, table.match.score_b, table.match.winner) == (14, 8, "a")


def test_the_results_csv_never_counts_a_round_sat_out_as_a_win():
    owner = UserFactory()
    tournament = night(owner)  # 9 players: one sits out each round
    drawn = services.draw_next_round(tournament=tournament)
    out = drawn.byes.select_related("entry__team").get().entry.name
    response = organizer_client(owner).get(
        reverse("tournament_results_csv", args=[tournament.pk]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode().lstrip("\ufeff"))))
    sat_out, = [row for row in rows if row["team_a"] == out]
    assert sat_out["winner"] == ""
    assert sat_out["finish_reason"] == sat_out["status"] == "sat_out"


def test_partners_by_lot_cannot_make_a_player_of_two_at_an_individual_night():
    """The form is not on an individual night's players page; a POST made by hand must not
    enter a "player" named "Xavier & Yves"."""
    owner = UserFactory()
    tournament = night(owner, players=4)
    response = organizer_client(owner).post(
        reverse("tournament_teams", args=[tournament.pk]),
        {"lot": "1", "players": "Xavier\nYves"})
    assert response.status_code in (400, 404, 422)
    assert sorted(tournament.entries.values_list("team__name", flat=True)) == sorted(NAMES[:4])


@pytest.mark.parametrize("forge", ["team_tables_in_a_night", "seats_in_a_team_format"])
def test_a_backup_whose_tables_do_not_fit_its_format_is_refused_whole(forge):
    """An individual night's tables are its players by seat, a team format's its two teams:
    a backup that mixes them (edited by hand) is refused, not restored into a tournament
    whose every page then answers 500."""
    owner = UserFactory()
    tournament = night(owner, players=8)
    services.draw_next_round(tournament=tournament)
    data = json.loads(json.dumps(tournament_data(overview(tournament))))
    if forge == "team_tables_in_a_night":
        first, second = data["teams"][0]["key"], data["teams"][1]["key"]
        for table in data["rounds"][0]["tables"]:
            table.update(seats=None, team_a=first, team_b=second)
    else:
        data["tournament"]["format"] = "swiss"
        data["tournament"].update(individual_rounds=None, sit_out="none", sit_out_points=0)
        data["rounds"][0]["stage"] = "swiss"
    before = owner.tournaments.count()
    with pytest.raises(InvalidInput):
        services.import_tournament(data=data, owner=owner)
    assert owner.tournaments.count() == before


def test_names_pasted_before_the_format_was_set_to_individual_are_players_at_the_tables():
    """An organizer pastes the evening's names one per line into a new tournament left on a
    team format, then chooses "Individual" in the settings: each name must sit at the tables
    as a player (the matches' seats, the club's ratings), as names entered afterwards do."""
    owner = UserFactory()
    tournament = services.create_tournament(owner=owner, settings=Settings(
        name="Vendredi", variant="politaine", format="swiss", target=11),
        teams=services.parse_team_list("\n".join(NAMES[:8])))
    services.update_tournament(tournament=tournament, settings=Settings(
        name="Vendredi", variant="politaine", format="individual", target=11))
    table = services.draw_next_round(tournament=tournament).tables.select_related(
        "match__seat_n", "match__seat_e", "match__seat_s", "match__seat_w").first()
    seated = {seat.seat: seat.entry.name for seat in table.seats.select_related("entry__team")}
    match = table.match
    assert {"N": match.seat_n.name, "E": match.seat_e.name, "S": match.seat_s.name,
            "W": match.seat_w.name} == seated


def test_a_team_of_two_does_not_become_one_player_of_an_individual_night():
    owner = UserFactory()
    tournament = services.create_tournament(owner=owner, settings=Settings(
        name="Vendredi", variant="politaine", format="swiss", target=11),
        teams=[NewTeam("Les Bleus", ("Anne", "Marc")), NewTeam("Les Rouges", ("Luc", "Éva"))])
    with pytest.raises(Conflict) as refused:
        services.update_tournament(tournament=tournament, settings=Settings(
            name="Vendredi", variant="politaine", format="individual", target=11))
    assert refused.value.violations[0].code == "teams_of_two"
    tournament.refresh_from_db()
    assert tournament.format == "swiss"


def test_players_of_a_night_turned_into_a_team_format_are_teams_again():
    """Back from "Individual" to a team format before the first draw: the entries are teams
    named after the players (no players of their own), as a pasted list of names makes."""
    owner = UserFactory()
    tournament = night(owner, players=4)
    services.update_tournament(tournament=tournament, settings=Settings(
        name="Vendredi", variant="politaine", format="swiss", target=11))
    assert list(tournament.entries.values_list("player", flat=True)) == [None] * 4
    assert not Player.objects.filter(name__in=NAMES[:4]).exists()


def test_the_score_sheets_of_a_round_read_as_many_queries_for_40_players_as_for_8():
    """Each sheet names the four players at their seats: read with the night's entries, not
    table by table."""
    counts = []
    for players in (8, 40):
        owner = UserFactory()
        tournament = services.create_tournament(owner=owner, settings=Settings(
            name="Vendredi", variant="politaine", format="individual", target=11),
            teams=[NewTeam(f"Joueur {i}") for i in range(1, players + 1)])
        services.draw_next_round(tournament=tournament)
        client = organizer_client(owner)
        with CaptureQueriesContext(connection) as captured:
            page = client.get(reverse("tournament_round_sheets", args=[tournament.pk, 1]))
        assert page.status_code == 200
        assert "Joueur 1" in page.content.decode()  # the players by seat
        counts.append(len(captured.captured_queries))
    assert counts[0] == counts[1], counts


def test_an_individual_night_speaks_of_players_when_it_refuses_one_or_removes_one():
    """The players page's list, the API's late arrival and the removal's question say
    "player", not "team" (English and French)."""
    owner = UserFactory()
    tournament = night(owner, players=4)
    client = organizer_client(owner)
    pasted = client.post(reverse("tournament_teams", args=[tournament.pk]),
                         {"paste": "1", "teams": "Hugo\n" + "x" * 61})
    assert "Line 2: a player&#x27;s name has 1 to 60 characters." in pasted.content.decode()
    api = ApiClient(client, issue_token(user=owner), language="fr-CA")
    again = api.post(f"/tournaments/{tournament.pk}/players", {"name": "ANNE"})
    assert again.json()["detail"] == "Joueur 1 : ANNE est déjà dans le tournoi."
    anne = tournament.entries.get(team__name="Anne")
    asked = client.get(reverse("tournament_team_remove", args=[tournament.pk, anne.pk]))
    assert "Anne leaves the list of players." in asked.content.decode()
    assert "Keep the player" in asked.content.decode()
