"""Who made a hand is part of its result (issue 42): the keeper's link cannot say it once
the night is closed, as it cannot change the hands; the organizers still can."""

import pytest
from django.urls import reverse

from clubs import services
from clubs.models import Attribution, Member
from scoring import rules
from scoring import services as scoring
from tests.tournaments.helpers import finish, make_tournament
from tournaments import services as tournaments
from tournaments.services.closing import close_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed_table(organizer):
    """A club night's table whose first hand held a politaine, then the night closed."""
    club = services.create_club(owner=organizer, name="Les As", place="Lévis")
    night = make_tournament(organizer, teams=2, format="round_robin")
    services.add_night(club=club, tournament=night)
    table = tournaments.draw_next_round(tournament=night).tables.get()
    scoring.record_hand(match=table.match, number=1, hand=rules.Hand.played(7, 4, 1, 0))
    finish(table.match, winner="a")
    close_tournament(tournament=night)
    return club, table.match


def politaine_of(club, match):
    return {"kind": "politaine", "hand_number": 1, "slot": 0, "team": "a",
            "member": Member.objects.get(club=club, seats__player=match.seat_n).pk}


def test_the_keepers_link_cannot_say_who_made_a_politaine_once_the_night_is_closed(
        client, closed_table):
    club, match = closed_table
    client.logout()
    url = reverse("club_link_attributions", kwargs={"token": match.scorekeeper_token})
    answer = client.post(url, politaine_of(club, match))
    assert answer.status_code == 409
    assert "The tournament is over: its results are final." in answer.content.decode()
    assert not Attribution.objects.exists()
    undo = client.post(reverse("link:undo", kwargs={"token": match.scorekeeper_token}),
                       {"number": 1})
    assert undo.status_code == 409  # as the hands are refused


def test_in_french_the_closed_night_is_said_in_french(client, closed_table):
    club, match = closed_table
    client.logout()
    url = reverse("club_link_attributions", kwargs={"token": match.scorekeeper_token})
    answer = client.post(url, politaine_of(club, match), HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 409
    assert "Le tournoi est terminé" in answer.content.decode()
    assert not Attribution.objects.exists()


def test_the_organizer_still_says_who_made_it_after_the_night_is_closed(client, closed_table):
    club, match = closed_table
    url = reverse("club_attributions", args=[club.pk, match.pk])
    answer = client.post(url, politaine_of(club, match))
    assert answer.status_code == 302
    assert Attribution.objects.count() == 1
