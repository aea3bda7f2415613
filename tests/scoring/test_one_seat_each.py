"""A person sits in one seat of a match (issue 42): the same player named on two seats is
refused, naming the player, on the club's form, the keeper's form, the API and a club
import; nothing is saved."""

import json

import pytest
from django.urls import reverse

from clubs import services as clubs
from clubs.exports import club_data
from clubs.models import Club, ClubMatch, Member
from clubs.services.backup import import_club
from scoring import rules
from scoring.errors import InvalidInput
from scoring.models import Match
from tests.clubs.helpers import club_match

pytestmark = pytest.mark.django_db

FOUR_SEATS = {"variant": "politaine", "target": "", "team_a_name": "", "team_b_name": "",
              "first_dealer": "N"}


@pytest.fixture
def club(organizer):
    return clubs.create_club(owner=organizer, name="Les As", place="Lévis")


def test_one_member_on_all_four_seats_of_a_club_match_is_refused_by_name(client, club):
    answer = client.post(reverse("club_match_new", args=[club.pk]), {
        **FOUR_SEATS, "seat_n": "Anne Roy", "seat_s": "Anne Roy", "seat_e": "anne roy",
        "seat_w": "Anne  Roy"})
    assert answer.status_code == 422
    assert "Anne Roy is named in two seats" in answer.content.decode()
    assert not ClubMatch.objects.exists() and not Member.objects.filter(club=club).exists()


def test_a_partner_who_is_also_an_opponent_is_refused_in_french(client, club):
    client.cookies["django_language"] = "fr"
    answer = client.post(reverse("club_match_new", args=[club.pk]), {
        **FOUR_SEATS, "seat_n": "Anne Roy", "seat_s": "Marc", "seat_e": "Luc",
        "seat_w": "ANNE ROY"}, HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 422
    assert "Le nom ANNE ROY est inscrit à deux places" in answer.content.decode()
    assert not Match.objects.exists()


def test_the_keepers_own_match_refuses_one_player_on_two_seats(client, organizer):
    answer = client.post(reverse("match_new"), {
        **FOUR_SEATS, "seat_n": "Luc", "seat_s": "Marc", "seat_e": "Luc", "seat_w": "Julie"})
    assert answer.status_code == 422
    assert "Luc is named in two seats" in answer.content.decode()
    assert not Match.objects.exists()


def test_a_club_file_with_one_player_on_two_seats_is_refused_whole(organizer, club):
    club_match(club, organizer, ("Anne", "Benoît"), ("Chloé", "Denis"),
               [rules.Hand.played(7, 4, 1, 0)])
    data = json.loads(json.dumps(club_data(club)))
    data["matches"][0]["team_b"]["players"] = ["Chloé", "Anne"]
    before = Club.objects.count()
    with pytest.raises(InvalidInput) as refused:
        import_club(data=data, owner=organizer)
    assert "player_in_two_seats" in refused.value.codes
    assert Club.objects.count() == before
