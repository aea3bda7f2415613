"""A person sits in one seat of a match and plays once in a club night, as the roster sees
people (issue 42, items 1 and 2): two names typed for one member (a renamed member's old
name, a name taken off and the number it became) are one person. A club match, a club
night, a team added to one, a club file and a merge that would seat one member twice are
refused, naming the names and the member, and nothing is saved."""

import copy
import json
from html import unescape

import pytest
from django.urls import reverse

from accounts.services import issue_token
from clubs import services
from clubs.exports import club_data
from clubs.models import Club, ClubMatch, ClubNight, Member, Seat
from clubs.services import privacy
from clubs.services.backup import import_club
from scoring.errors import InvalidInput
from scoring.models import Match
from scoring.services import NewTeam
from tests.api.conftest import ApiClient
from tests.clubs.helpers import club_match, win
from tests.pages import text_of
from tests.tournaments.helpers import finish, make_tournament
from tournaments import services as tournaments
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

FOUR_SEATS = {"variant": "politaine", "target": "", "team_a_name": "", "team_b_name": "",
              "first_dealer": "N"}


def member(club, name) -> Member:
    return Member.objects.get(club=club, name=name)


@pytest.fixture
def club(organizer):
    """Anne Roy, who played a match, has married since: she is Anne Tremblay on the roster,
    and her old name still finds her."""
    club = services.create_club(owner=organizer, name="Les As", place="Lévis")
    club_match(club, organizer, ("Anne Roy", "Bruno Gagnon"), ("Chloé Côté", "Denis Morin"),
               [win()])
    services.update_member(member=member(club, "Anne Roy"), name="Anne Tremblay")
    return club


def new_match(client, club, **seats):
    return client.post(reverse("club_match_new", args=[club.pk]), {**FOUR_SEATS, **seats})


def refusals(answer) -> str:
    """The form's messages, in one line (not the values typed back into its fields)."""
    form = answer.context["form"]
    return " ".join(message for errors in form.errors.values() for message in errors)


def counts() -> tuple:
    return (Match.objects.count(), ClubMatch.objects.count(), Member.objects.count(),
            Seat.objects.count(), Entry.objects.count(), ClubNight.objects.count())


# --- A club match ------------------------------------------------------------------------------


def test_a_player_typed_under_her_old_and_new_names_on_one_match_is_refused_naming_her(
        client, club):
    before = counts()
    answer = new_match(client, club, seat_n="Anne Roy", seat_s="Marc Roy",
                       seat_e="Anne Tremblay", seat_w="Luc Morin")
    assert answer.status_code == 422
    said = refusals(answer)
    assert ("Anne Roy and Anne Tremblay are the same person on the roster, Anne Tremblay: "
            "a person sits in one seat of a match.") in said
    assert counts() == before


def test_a_player_typed_under_two_of_her_names_is_refused_in_french(client, club):
    client.cookies["django_language"] = "fr"
    answer = new_match(client, club, seat_n="Anne Tremblay", seat_s="ANNE ROY",
                       seat_e="Marc Roy", seat_w="Luc Morin")
    assert answer.status_code == 422
    assert ("Les noms Anne Tremblay et ANNE ROY désignent la même personne de la liste du "
            "club, Anne Tremblay") in refusals(answer)
    assert not Match.objects.filter(team_a__name__contains="Marc").exists()


def test_a_player_whose_name_was_taken_off_typed_under_it_and_his_number_is_refused_by_number(
        client, organizer, club):
    bruno = member(club, "Bruno Gagnon")
    privacy.anonymize_member(member=bruno, by=organizer)
    before = counts()
    answer = new_match(client, club, seat_n="Bruno Gagnon", seat_s="Marc Roy",
                       seat_e=f"#{bruno.number}", seat_w="Luc Morin")
    assert answer.status_code == 422
    said = refusals(answer)
    assert f"Two seats name Player {bruno.number}" in said
    assert "Bruno" not in said and "Gagnon" not in said
    assert counts() == before


def test_one_number_typed_on_two_seats_is_refused_as_the_player_is_written(
        client, organizer, club):
    bruno = member(club, "Bruno Gagnon")
    privacy.anonymize_member(member=bruno, by=organizer)
    answer = new_match(client, club, seat_n=f"#{bruno.number}", seat_s="Marc Roy",
                       seat_e=f"#{bruno.number}", seat_w="Luc Morin")
    assert answer.status_code == 422
    assert f"Player {bruno.number} is named in two seats" in refusals(answer)


def test_four_people_of_the_roster_still_start_a_match(client, club):
    answer = new_match(client, club, seat_n="Anne Roy", seat_s="Bruno Gagnon",
                       seat_e="Chloé Côté", seat_w="Denis Morin")
    assert answer.status_code == 302
    assert Seat.objects.filter(member=member(club, "Anne Tremblay")).count() == 2


# --- A club night ------------------------------------------------------------------------------


def individual_night(organizer, players):
    night = make_tournament(organizer, teams=0, format="individual")
    tournaments.add_teams(tournament=night, teams=[NewTeam(p) for p in players])
    return night


def test_a_night_whose_two_players_are_one_person_of_the_roster_is_not_attached(
        organizer, club):
    night = individual_night(organizer, ["Anne Roy", "Chloé Côté", "Anne Tremblay",
                                         "Denis Morin"])
    before = counts()
    with pytest.raises(InvalidInput) as refused:
        services.add_night(club=club, tournament=night)
    said = " ".join(refused.value.messages())
    assert ("Anne Roy and Anne Tremblay are the same person on the roster, Anne Tremblay: "
            "a person plays once in a club night.") in said
    assert counts() == before


def test_a_team_night_with_one_person_on_two_teams_is_not_attached(organizer, club):
    night = make_tournament(organizer, teams=0, format="swiss", swiss_rounds=2)
    tournaments.add_teams(tournament=night, teams=[
        NewTeam("Les Roy", ("Anne Roy", "Marc Roy")),
        NewTeam("Les Tremblay", ("Anne Tremblay", "Luc Tremblay"))])
    with pytest.raises(InvalidInput) as refused:
        services.add_night(club=club, tournament=night)
    assert "Anne Roy and Anne Tremblay" in " ".join(refused.value.messages())
    assert not ClubNight.objects.exists()


def test_a_player_added_to_a_club_night_under_another_name_of_a_player_there_is_refused(
        client, organizer, club):
    night = individual_night(organizer, ["Anne Roy", "Chloé Côté", "Denis Morin"])
    services.add_night(club=club, tournament=night)
    before = counts()
    answer = client.post(reverse("tournament_teams", args=[night.pk]),
                         {"add": "1", "player": "Anne Tremblay"})
    assert answer.status_code == 422
    said = text_of(answer.content.decode())
    assert ("Anne Roy and Anne Tremblay are the same person on the roster, Anne Tremblay: "
            "a person plays once in a club night.") in said
    assert counts() == before
    with pytest.raises(InvalidInput):
        tournaments.add_teams(tournament=night, teams=[NewTeam("anne tremblay")])
    assert counts() == before


def test_a_player_whose_name_was_taken_off_added_to_a_night_where_his_number_plays_is_refused(
        organizer, club):
    bruno = member(club, "Bruno Gagnon")
    privacy.anonymize_member(member=bruno, by=organizer)
    night = individual_night(organizer, [f"#{bruno.number}", "Chloé Côté", "Denis Morin"])
    services.add_night(club=club, tournament=night)
    with pytest.raises(InvalidInput) as refused:
        tournaments.add_teams(tournament=night, teams=[NewTeam("Bruno Gagnon")])
    said = " ".join(refused.value.messages())
    assert f"Two players of this night are Player {bruno.number}" in said
    assert "Gagnon" not in said
    assert Entry.objects.filter(tournament=night).count() == 3


# --- A club file -------------------------------------------------------------------------------


def test_a_club_file_whose_match_seats_one_member_twice_is_refused_naming_the_match(
        organizer, club):
    data = json.loads(json.dumps(club_data(club)))
    played = data["matches"][0]
    anne = next(m["key"] for m in data["members"] if m["name"] == "Anne Tremblay")
    played["seats"]["e"] = anne  # Chloé Côté's seat, given to Anne in the file
    before = Club.objects.count()
    with pytest.raises(InvalidInput) as refused:
        import_club(data=copy.deepcopy(data), owner=organizer)
    assert "club_export_member_twice" in refused.value.codes
    said = " ".join(refused.value.messages())
    assert (f"The club match {played['key']} seats one person of the roster twice: Anne Roy "
            "and Chloé Côté are both Anne Tremblay.") in said
    assert Club.objects.count() == before


# --- A merge -----------------------------------------------------------------------------------


def test_merging_two_players_of_one_match_is_refused_naming_the_match(client, club):
    anne, chloe = member(club, "Anne Tremblay"), member(club, "Chloé Côté")
    answer = client.post(reverse("club_member_edit", args=[club.pk, anne.pk]),
                         {"merge-other": chloe.pk})
    assert answer.status_code == 422
    said = unescape(text_of(answer.content.decode()))
    assert "Anne Tremblay and Chloé Côté both played the match Anne Roy & Bruno Gagnon" in said
    assert Member.objects.filter(pk=chloe.pk).exists()
    assert Seat.objects.filter(member=chloe).count() == 1


def test_merging_two_players_of_one_round_of_a_club_night_is_refused_naming_it(
        organizer, club):
    night = individual_night(organizer, ["Élise Morin", "Chloé Côté", "Hugo Roy",
                                         "Isabelle Roy"])
    services.add_night(club=club, tournament=night)
    finish(tournaments.draw_next_round(tournament=night).tables.get().match)
    elise, hugo = member(club, "Élise Morin"), member(club, "Hugo Roy")
    with pytest.raises(InvalidInput) as refused:
        services.merge_members(keep=elise, absorb=hugo)
    said = " ".join(refused.value.messages())
    assert (f"Élise Morin and Hugo Roy both played round 1 of the club night {night.name}"
            in said)
    assert Member.objects.filter(pk=hugo.pk).exists()
    assert Seat.objects.filter(member=hugo).count() == 1


def test_the_night_and_merge_refusals_read_in_french(client, organizer, club):
    client.cookies["django_language"] = "fr"
    anne, chloe = member(club, "Anne Tremblay"), member(club, "Chloé Côté")
    answer = client.post(reverse("club_member_edit", args=[club.pk, anne.pk]),
                         {"merge-other": chloe.pk})
    assert answer.status_code == 422
    assert ("Les noms Anne Tremblay et Chloé Côté figurent tous deux dans la partie"
            in unescape(text_of(answer.content.decode())))
    night = individual_night(organizer, ["Anne Roy", "Chloé Côté", "Denis Morin"])
    services.add_night(club=club, tournament=night)
    answer = client.post(reverse("tournament_teams", args=[night.pk]),
                         {"add": "1", "player": "Anne Tremblay"})
    assert answer.status_code == 422
    assert ("Les noms Anne Roy et Anne Tremblay désignent la même personne de la liste du "
            "club, Anne Tremblay : une personne ne joue qu'une fois dans une soirée du club"
            in unescape(text_of(answer.content.decode())))


def test_the_api_refuses_a_player_added_to_a_club_night_under_another_name_of_one_there(
        client, organizer, club):
    night = individual_night(organizer, ["Anne Roy", "Chloé Côté", "Denis Morin"])
    services.add_night(club=club, tournament=night)
    before = counts()
    answer = ApiClient(client, issue_token(user=organizer)).post(
        f"/tournaments/{night.pk}/players", {"name": "Anne Tremblay"})
    assert answer.status_code == 422, answer.content
    assert ("Anne Roy and Anne Tremblay are the same person on the roster"
            in answer.content.decode())
    assert counts() == before
