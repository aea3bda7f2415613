"""The clubs' API: a public club is anyone's to read, a private one its organizers'."""

import pytest

from clubs import rating_model, services
from clubs.models import DEFAULT_POINTS_TABLE, Member
from clubs.services.seasons import save_season
from scoring import rules
from tests.api.conftest import ApiClient
from tests.clubs.helpers import club_match, win
from tests.tournaments.helpers import make_tournament, play_rounds


@pytest.fixture
def club(owner):
    club = services.create_club(owner=owner, name="Les As", place="Lévis")
    club_match(club, owner, ("Anne", "Benoît"), ("Chloé", "Denis"),
               [rules.Hand.played(7, 4, 1, 0)])
    club_match(club, owner, ("Anne", "Chloé"), ("Benoît", "Denis"), [win("b")])
    return club


def test_a_public_club_its_roster_and_ladder(client, club):
    anyone = ApiClient(client)
    found = anyone.get(f"/clubs/{club.pk}").json()
    assert (found["name"], found["players"], found["matches"]) == ("Les As", 4, 2)
    roster = anyone.get(f"/clubs/{club.pk}/players").json()
    assert [p["name"] for p in roster] == ["Anne", "Benoît", "Chloé", "Denis"]
    ladder = anyone.get(f"/clubs/{club.pk}/ladder").json()
    assert ladder[0]["name"] == "Benoît" and ladder[0]["rank"] == 1
    assert ladder[0]["rating"]["rated_matches"] == 2
    rating = ladder[0]["rating"]
    assert rating["rating"] == pytest.approx(
        rating_model.shown(rating["mu"], rating["sigma"]), abs=1e-3)
    assert rating["rating"] >= 0 and rating["provisional"] is True


def test_a_players_statistics_and_rating_history(client, club):
    anne = Member.objects.get(club=club, name="Anne")
    found = ApiClient(client).get(f"/players/{anne.pk}").json()
    s = found["statistics"]
    assert (s["matches"], s["wins"], s["losses"], s["politaines_by_team"]) == (2, 1, 1, 1)
    assert s["favourite_partner"]["player"]["name"] == "Benoît"
    assert len(found["rating_history"]) == 2


def test_a_private_club_answers_401_to_anyone_and_404_to_others(client, club, api):
    club.public = False
    club.save()
    anne = Member.objects.get(club=club, name="Anne")
    for path in (f"/clubs/{club.pk}", f"/clubs/{club.pk}/players", f"/players/{anne.pk}",
                 f"/clubs/{club.pk}/ladder"):
        assert ApiClient(client).get(path).status_code == 401
        assert api.get(path).status_code == 200  # the owner's token
    assert api.get("/clubs/999999").status_code == 404
    assert api.get("/players/0").status_code == 422


def test_a_seasons_standings(client, owner):
    club = services.create_club(owner=owner, name="Les As")
    tournament = make_tournament(owner, teams=4, format="round_robin")
    play_rounds(tournament, 3)
    night = services.add_night(club=club, tournament=tournament)
    season = save_season(club=club, name="Automne", points_table=DEFAULT_POINTS_TABLE,
                         best_of=None, nights=[night.pk])
    found = ApiClient(client).get(f"/seasons/{season.pk}/standings").json()
    assert found["name"] == "Automne" and len(found["standings"]) == 8
    assert found["standings"][0]["points"] == DEFAULT_POINTS_TABLE[0]
