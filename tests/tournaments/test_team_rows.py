"""The teams page's rows: check-in and withdrawal are switches that say their state;
removing a team asks first, says what it did and can be undone; co-organizers are found
whatever the case of their user name; an empty "Teams in the knockout" means the top 4."""

import re

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.tournaments.helpers import make_tournament
from tournaments import services

pytestmark = pytest.mark.django_db


def _row(body, entry):
    return re.search(rf'<tr id="entry-{entry.pk}".*?</tr>', body, re.S).group(0)


def test_check_in_and_withdrawal_are_switches_that_say_their_state(client, organizer):
    tournament = make_tournament(organizer, teams=2)
    first = tournament.entries.order_by("seed").first()
    services.set_entry_flags(entry=first, checked_in=True)
    row = _row(client.get(reverse("tournament_teams", args=[tournament.pk])).content.decode(),
               first)
    assert 'aria-pressed="true"' in row and 'aria-pressed="false"' in row
    assert "Checked in" in row and "Not withdrawn" in row
    assert ">Yes<" not in row and ">No<" not in row


def test_removing_a_team_asks_first_says_what_it_did_and_can_be_undone(client, organizer):
    tournament = make_tournament(organizer, teams=3)
    second = tournament.entries.get(seed=2)
    services.set_entry_flags(entry=second, checked_in=True)
    url = reverse("tournament_team_remove", args=[tournament.pk, second.pk])
    teams_page = client.get(reverse("tournament_teams", args=[tournament.pk])).content.decode()
    assert f'href="{url}"' in teams_page  # a link to a question, not a button that removes
    asked = client.get(url)
    assert asked.status_code == 200 and "Remove Team 002?" in asked.content.decode()
    assert tournament.entries.count() == 3
    done = client.post(url, follow=True).content.decode()
    assert tournament.entries.count() == 2
    assert "Team 002 removed." in done and "Undo: bring Team 002 back" in done
    back = client.post(reverse("tournament_team_restore", args=[tournament.pk]),
                       follow=True).content.decode()
    assert "Team 002 is back on the list." in back
    restored = tournament.entries.get(team__name="Team 002")
    assert restored.seed == 2 and restored.checked_in
    assert [restored.team.first_player.name, restored.team.second_player.name] == [
        "Player 2A", "Player 2B"]
    # Undone once: a second undo has nothing to bring back.
    again = client.post(reverse("tournament_team_restore", args=[tournament.pk]), follow=True)
    assert "There is no removed team to bring back." in again.content.decode()
    assert tournament.entries.count() == 3


def test_a_co_organizer_is_found_whatever_the_case_of_the_user_name(client, organizer):
    tournament = make_tournament(organizer, teams=2)
    helper = UserFactory(username="Marie.Tremblay")
    client.post(reverse("tournament_organizer_add", args=[tournament.pk]),
                {"username": "  marie.TREMBLAY "})
    assert list(tournament.organizers.all()) == [helper]


def test_an_empty_knockout_size_takes_the_top_four(organizer):
    tournament = make_tournament(organizer, teams=10, format="swiss_knockout",
                                 knockout_size=None)
    assert tournament.knockout_size == 4
