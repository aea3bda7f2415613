"""One player, one team: a player already on a team of the tournament is refused on
another, before anything is saved."""

import pytest
from django.urls import reverse

from scoring.errors import InvalidInput
from scoring.services import NewTeam
from tests.tournaments.helpers import make_tournament
from tournaments import services

pytestmark = pytest.mark.django_db


def test_a_player_already_on_a_team_is_refused_on_another_in_any_spelling(organizer):
    tournament = make_tournament(organizer, teams=2)  # Player 1A and 1B play for Team 001
    with pytest.raises(InvalidInput) as refused:
        services.add_teams(tournament=tournament, teams=[
            NewTeam("Les Nouveaux", ("Anne", "  PLAYER   1a "))])
    assert refused.value.codes == ["player_on_two_teams"]
    assert refused.value.messages() == [
        "Team 1: PLAYER 1a already plays for Team 001; a player plays for one team of a "
        "tournament."]
    assert tournament.entries.count() == 2


def test_a_pasted_list_naming_one_player_twice_is_refused_with_its_line(organizer):
    with pytest.raises(InvalidInput) as refused:
        services.create_tournament(owner=organizer, settings=services.Settings(
            name="Soirée", variant="politaine", format="swiss", target=11, swiss_rounds=3),
            teams=services.parse_team_list("Les Bleus; Anne; Marc\nLes Rouges; Luc; anne\n"))
    assert refused.value.messages() == [
        "Line 2: anne already plays for Les Bleus; a player plays for one team of a "
        "tournament."]


def test_a_team_of_one_player_twice_is_refused(organizer):
    tournament = make_tournament(organizer, teams=2)
    with pytest.raises(InvalidInput) as refused:
        services.add_teams(tournament=tournament, teams=[NewTeam("Solo", ("Zoé", "zoé"))])
    assert refused.value.codes == ["player_twice"]


def test_the_teams_page_says_why_and_keeps_what_was_typed(client, organizer):
    tournament = make_tournament(organizer, teams=2)
    response = client.post(reverse("tournament_teams", args=[tournament.pk]), {
        "add": "1", "name": "Les Nouveaux", "first_player": "Anne",
        "second_player": "player 2b"})
    assert response.status_code == 422
    body = response.content.decode()
    assert "player 2b already plays for Team 002" in body
    assert 'value="Les Nouveaux"' in body
    assert tournament.entries.count() == 2
