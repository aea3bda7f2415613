"""The club's pages: who sees them, the roster, a club match with the roster offered."""

import pytest
from django.urls import reverse

from clubs import services
from clubs.models import ClubMatch, Member
from scoring import rules
from tests.clubs.helpers import club_match, win
from tests.conftest import HTMX
from tests.factories import UserFactory
from tests.tournaments.helpers import make_tournament
from tournaments import services as tournaments


@pytest.fixture
def club(organizer):
    club = services.create_club(owner=organizer, name="Les As", place="Lévis")
    club_match(club, organizer, ("Anne", "Benoît"), ("Chloé", "Denis"),
               [rules.Hand.played(7, 4, 1, 0)])
    club_match(club, organizer, ("Anne", "Chloé"), ("Benoît", "Denis"), [win("b")])
    return club


def member(club, name):
    return Member.objects.get(club=club, name=name)


def test_the_club_page_shows_the_ladder_leaders_and_records(client, club):
    page = client.get(reverse("club_page", args=[club.pk])).content.decode()
    assert "Ratings ladder" in page and "Benoît" in page
    assert "Most wins" in page
    assert "Most politaines in one match" in page


def test_the_player_page_shows_the_record_and_the_rating_chart(client, club):
    page = client.get(reverse("club_player", args=[club.pk, member(club, "Anne").pk]))
    text = page.content.decode()
    assert page.status_code == 200
    assert "1 – 1" in text  # wins – losses
    assert "<svg" in text and "after 2 rated matches" in text
    assert "Favourite partner" in text


def test_a_private_club_is_its_organizers_alone(client, club):
    club.public = False
    club.save()
    client.logout()
    for url in (reverse("club_page", args=[club.pk]),
                reverse("club_player", args=[club.pk, member(club, "Anne").pk]),
                reverse("club_ladder_csv", args=[club.pk])):
        assert client.get(url).status_code == 404
    client.force_login(UserFactory())
    assert client.get(reverse("club_page", args=[club.pk])).status_code == 404


def test_the_roster_is_the_organizers_to_edit(client, club):
    url = reverse("club_roster", args=[club.pk])
    answer = client.post(url, {"name": "  Gaston  ", "nickname": "Le Grand"})
    assert answer.status_code == 302
    assert member(club, "Gaston").nickname == "Le Grand"
    refused = client.post(url, {"name": "ANNE"})
    assert refused.status_code == 422
    assert "Anne is already on the roster." in refused.content.decode()
    client.force_login(UserFactory())
    assert client.post(url, {"name": "Intrus"}).status_code == 404


def test_merging_from_the_page_keeps_the_history(client, club):
    club_match(club, club.owner, ("Anne B", "Chloé"), ("Benoît", "Denis"), [win("a")])
    anne, twin = member(club, "Anne"), member(club, "Anne B")
    answer = client.post(reverse("club_member_edit", args=[club.pk, anne.pk]),
                         {"merge-other": twin.pk})
    assert answer.status_code == 302
    page = client.get(reverse("club_player", args=[club.pk, anne.pk])).content.decode()
    assert "2 – 1" in page
    assert not Member.objects.filter(pk=twin.pk).exists()


def test_a_club_match_offers_the_roster_and_takes_new_names(client, club):
    suggest = client.get(reverse("club_suggest", args=[club.pk]),
                         {"seat_n": "an", "list": "seat_n-players"}, **HTMX)
    text = suggest.content.decode()
    assert '<datalist id="seat_n-players">' in text and 'value="Anne"' in text
    assert "Benoît" not in text
    answer = client.post(reverse("club_match_new", args=[club.pk]), {
        "variant": "politaine", "target": "", "team_a_name": "", "team_b_name": "",
        "seat_n": "anne", "seat_s": "Zoé", "seat_e": "Chloé", "seat_w": "Denis",
        "first_dealer": "N"})
    assert answer.status_code == 302
    assert ClubMatch.objects.filter(club=club).count() == 3
    assert member(club, "Zoé")  # a new name joined the roster
    match = ClubMatch.objects.filter(club=club).order_by("pk").last().match
    assert (match.team_a.name, match.team_b.name) == ("anne & Zoé", "Chloé & Denis")


def test_a_club_match_needs_its_four_players(client, club):
    answer = client.post(reverse("club_match_new", args=[club.pk]), {
        "variant": "politaine", "seat_n": "Anne", "first_dealer": "N"})
    assert answer.status_code == 422
    assert ClubMatch.objects.filter(club=club).count() == 2


def test_the_ladder_as_csv_is_spreadsheet_safe(client, club):
    services.add_member(club=club, name="=cmd")
    answer = client.get(reverse("club_ladder_csv", args=[club.pk]))
    text = answer.content.decode()
    assert text.startswith("\ufeffrank,player")
    assert "Anne" in text


def test_pages_in_french(client, club):
    client.cookies["django_language"] = "fr"
    page = client.get(reverse("club_page", args=[club.pk]), HTTP_ACCEPT_LANGUAGE="fr")
    assert "Classement des cotes" in page.content.decode()


def test_the_end_screen_says_what_the_match_did_to_the_ratings(client, club, organizer):
    match = club_match(club, organizer, ("Anne", "Benoît"), ("Chloé", "Denis"), [win("a")])
    page = client.get(reverse("owned:table", args=[match.pk])).content.decode()
    assert "Club ratings: Anne +" in page
    assert "Denis −" in page
    client.cookies["django_language"] = "fr"
    page = client.get(reverse("owned:table", args=[match.pk])).content.decode()
    assert "Cotes du club : Anne +" in page


def test_who_made_the_politaine_in_one_tap_from_the_end_screen(client, club, organizer):
    match = club.club_matches.order_by("pk").first().match
    page = client.get(reverse("owned:table", args=[match.pk])).content.decode()
    url = reverse("club_attributions", args=[club.pk, match.pk])
    assert url in page
    page = client.get(url).content.decode()
    assert "Hand 1: a politaine of Anne &amp; Benoît" in page
    anne = member(club, "Anne")
    answer = client.post(url, {"kind": "politaine", "hand_number": 1, "slot": 0, "team": "a",
                               "member": anne.pk})
    assert answer.status_code == 302
    page = client.get(reverse("club_player", args=[club.pk, anne.pk])).content.decode()
    assert "Politaines made by the player</dt><dd>1</dd>" in page
    refused = client.post(url, {"kind": "politaine", "hand_number": 1, "slot": 0,
                                "team": "a", "member": member(club, "Chloé").pk}, follow=True)
    assert "did not sit on that team" in refused.content.decode()
    assert client.post(url, {"kind": "nonsense"}).status_code == 302


def test_the_owner_shares_the_club_with_a_co_organizer(client, club):
    helper = UserFactory(username="helene")
    url = reverse("club_organizer_add", args=[club.pk])
    assert client.post(url, {"username": "personne"}, follow=True).content.decode().count(
        "Nobody has the user name personne.") == 1
    client.post(url, {"username": "helene"})
    client.force_login(helper)
    assert client.get(reverse("club_roster", args=[club.pk])).status_code == 200
    # A co-organizer cannot add more.
    answer = client.post(url, {"username": "helene"}, follow=True)
    assert "owner can add organizers." in answer.content.decode()


def test_ids_beyond_a_bigint_are_not_found(client, club):
    for url in (f"/clubs/{club.pk}/players/{2**64}/", f"/clubs/{club.pk}/roster/{2**64}/",
                f"/seasons/{2**64}/", f"/clubs/{2**64}/",
                f"/clubs/{club.pk}/matches/{2**64}/attributions/"):
        assert client.get(url).status_code == 404, url


def test_a_club_nights_teams_page_offers_the_roster_as_players_are_typed(client, club,
                                                                        organizer):
    night = make_tournament(organizer, teams=2)
    teams_url = reverse("tournament_teams", args=[night.pk])
    assert "first_player-players" not in client.get(teams_url).content.decode()
    services.add_night(club=club, tournament=night)
    page = client.get(teams_url).content.decode()
    suggest_url = reverse("club_suggest", args=[club.pk])
    assert f'hx-get="{suggest_url}"' in page
    assert '<datalist id="first_player-players"></datalist>' in page
    assert 'list="second_player-players"' in page
    suggest = client.get(suggest_url, {"second_player": "den", "list": "second_player-players"},
                         **HTMX).content.decode()
    assert '<datalist id="second_player-players">' in suggest and 'value="Denis"' in suggest
    assert "Anne" not in suggest
    # A new name typed there joins the roster with the team.
    client.post(teams_url, {"add": "1", "name": "Les Nouveaux", "first_player": "Denis",
                            "second_player": "Éloïse"})
    assert member(club, "Éloïse")


def test_an_individual_nights_players_page_offers_the_roster_as_a_name_is_typed(
        client, club, organizer):
    night = make_tournament(organizer, teams=0, format="individual")
    services.add_night(club=club, tournament=night)
    teams_url = reverse("tournament_teams", args=[night.pk])
    page = client.get(teams_url).content.decode()
    assert '<datalist id="player-players"></datalist>' in page
    assert 'list="player-players"' in page
    suggest = client.get(reverse("club_suggest", args=[club.pk]),
                         {"player": "den", "list": "player-players"}, **HTMX).content.decode()
    assert '<datalist id="player-players">' in suggest and 'value="Denis"' in suggest
    # A new name typed there joins the roster with the player.
    client.post(teams_url, {"add": "1", "player": "Éloïse"})
    assert member(club, "Éloïse")


def test_only_the_clubs_organizers_are_offered_its_roster(client, club, organizer):
    night = make_tournament(organizer, teams=2)
    services.add_night(club=club, tournament=night)
    stranger = UserFactory()
    tournaments.add_organizer(tournament=night, username=stranger.username)
    client.force_login(stranger)  # organizes the night, not the club
    page = client.get(reverse("tournament_teams", args=[night.pk])).content.decode()
    assert "first_player-players" not in page


@pytest.mark.parametrize("typed", ["\x00", "an\x00", "\u200b"])
def test_a_roster_suggestion_for_a_name_no_one_can_have_offers_nothing(client, club, typed):
    suggest = client.get(reverse("club_suggest", args=[club.pk]),
                         {"seat_n": typed, "list": "seat_n-players"}, **HTMX)
    assert suggest.status_code == 200
    assert suggest.content.decode().strip() == '<datalist id="seat_n-players"></datalist>'


def test_a_keeper_on_the_table_link_gives_the_politaine_without_logging_in(client, club):
    match = club.club_matches.order_by("pk").first().match
    client.logout()
    link = reverse("link:table", kwargs={"token": match.scorekeeper_token})
    page = client.get(link).content.decode()
    url = reverse("club_link_attributions", kwargs={"token": match.scorekeeper_token})
    assert url in page
    answer = client.get(url)
    assert answer.status_code == 200
    text = answer.content.decode()
    assert "Hand 1: a politaine of Anne &amp; Benoît" in text
    assert link in text  # back to the table by the link, not the keeper's account
    anne = member(club, "Anne")
    answer = client.post(url, {"kind": "politaine", "hand_number": 1, "slot": 0, "team": "a",
                               "member": anne.pk})
    assert answer.status_code == 302 and answer["Location"] == url
    page = client.get(reverse("club_player", args=[club.pk, anne.pk])).content.decode()
    assert "Politaines made by the player</dt><dd>1</dd>" in page


def test_a_revoked_or_unknown_link_reaches_no_attributions(client, club):
    client.logout()
    answer = client.get(reverse("club_link_attributions", kwargs={"token": "x" * 20}))
    assert answer.status_code == 404
