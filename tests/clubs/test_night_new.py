"""A new club night from the club's page (issue 43, item 6): the new tournament's form with
the club set and its roster offered (who is here tonight); the tournament made and made
the club's night in one transaction, the organizer on its dashboard."""

import pytest
from django.urls import reverse

from clubs import services
from clubs.models import ClubNight, Member, Season
from tests.factories import UserFactory
from tournaments.models import Tournament

FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


@pytest.fixture
def club(organizer):
    club = services.create_club(owner=organizer, name="Les As", place="Lévis")
    for name in ("Anne Tremblay", "Benoît Roy", "Chloé Gagnon", "Denis Roy", "Élise Cyr"):
        services.add_member(club=club, name=name)
    return club


def ids(club, *names):
    return [Member.objects.get(club=club, name=name).pk for name in names]


def night(club, *, format="individual", here=(), pasted="", **extra):
    data = {"name": "Soirée du jeudi", "variant": "politaine", "format": format,
            "confirmation": "result", "public": "on", "list-teams": pasted,
            "club-here": list(here), **extra}
    if format in ("swiss", "swiss_knockout"):
        data |= {"swiss_first_round": "by_seed", "missed_rounds": "loss"}
    if format == "individual":
        data |= {"sit_out": "none"}
    return data


def test_the_club_page_offers_a_new_night_to_its_organizers_alone(client, club):
    url = reverse("club_night_new", args=[club.pk])
    assert url in client.get(reverse("club_page", args=[club.pk])).content.decode()
    client.force_login(UserFactory())
    assert url not in client.get(reverse("club_page", args=[club.pk])).content.decode()
    client.logout()
    assert url not in client.get(reverse("club_page", args=[club.pk])).content.decode()


def test_the_form_offers_the_roster_as_who_is_here_tonight(client, club):
    page = client.get(reverse("club_night_new", args=[club.pk])).content.decode()
    assert "New club night" in page and "Who is here tonight" in page
    for member in Member.objects.filter(club=club):
        assert f'value="{member.pk}"' in page and member.name in page
    assert 'value="Lévis"' in page  # the club's place
    assert "Create the club night" in page


def test_an_individual_night_of_the_players_checked_is_the_clubs_night(client, club):
    here = ids(club, "Anne Tremblay", "Benoît Roy", "Chloé Gagnon", "Denis Roy")
    answer = client.post(reverse("club_night_new", args=[club.pk]),
                         night(club, here=here, pasted="Gaston Lévesque"))
    tournament = Tournament.objects.get(name="Soirée du jeudi")
    assert answer.status_code == 302
    assert answer["Location"] == reverse("tournament_dashboard", args=[tournament.pk])
    assert ClubNight.objects.get(tournament=tournament).club == club
    assert list(tournament.entries.order_by("seed").values_list("team__name", flat=True)) == [
        "Gaston Lévesque", "Anne Tremblay", "Benoît Roy", "Chloé Gagnon", "Denis Roy"]
    # The new name joined the roster; those checked are the roster's players, not new ones.
    assert Member.objects.filter(club=club).count() == 6
    assert "Soirée du jeudi is a club night now." in client.get(
        answer["Location"]).content.decode()


def test_a_team_night_pairs_the_players_checked_by_lot(client, club):
    here = ids(club, "Anne Tremblay", "Benoît Roy", "Chloé Gagnon", "Denis Roy")
    answer = client.post(reverse("club_night_new", args=[club.pk]),
                         night(club, format="swiss", here=here,
                               pasted="Les Bleus; Élise Cyr; Gaston Lévesque"))
    assert answer.status_code == 302
    tournament = Tournament.objects.get(name="Soirée du jeudi")
    entries = list(tournament.entries.order_by("seed").select_related(
        "team__first_player", "team__second_player"))
    assert entries[0].team.name == "Les Bleus" and len(entries) == 3
    paired = sorted(p.name for e in entries[1:] for p in (e.team.first_player,
                                                          e.team.second_player))
    assert paired == ["Anne Tremblay", "Benoît Roy", "Chloé Gagnon", "Denis Roy"]
    assert ClubNight.objects.filter(tournament=tournament, club=club).exists()


def test_the_newest_season_is_offered_and_counts_the_night(client, club):
    season = Season.objects.create(club=club, name="Automne")
    page = client.get(reverse("club_night_new", args=[club.pk])).content.decode()
    assert "Count it in the season Automne" in page
    client.post(reverse("club_night_new", args=[club.pk]),
                night(club, here=ids(club, "Anne Tremblay"), **{"club-season": "on"}))
    assert season.nights.get().tournament.name == "Soirée du jeudi"


def test_a_refusal_saves_neither_the_tournament_nor_the_night(client, club):
    url = reverse("club_night_new", args=[club.pk])
    # An odd number of players checked for teams: said beside them.
    answer = client.post(url, night(club, format="swiss",
                                    here=ids(club, "Anne Tremblay", "Benoît Roy",
                                             "Chloé Gagnon")))
    assert answer.status_code == 422
    assert "3 players: an odd number" in answer.content.decode()
    # A name pasted that is one checked: listed twice.
    answer = client.post(url, night(club, here=ids(club, "Anne Tremblay"),
                                    pasted="anne tremblay"))
    assert answer.status_code == 422
    # A name the roster finds as a checked player's (a former name): one seat each.
    services.update_member(member=Member.objects.get(club=club, name="Benoît Roy"),
                           name="Benoît Roy-Cyr")
    answer = client.post(url, night(club, here=ids(club, "Benoît Roy-Cyr"),
                                    pasted="Benoit Roy\nBenoît Roy"), **FR)
    assert answer.status_code == 422
    assert not Tournament.objects.exists() and not ClubNight.objects.exists()
    assert Member.objects.filter(club=club).count() == 5


def test_refusals_read_in_french(client, club):
    answer = client.post(reverse("club_night_new", args=[club.pk]),
                         night(club, format="swiss", here=ids(club, "Anne Tremblay")), **FR)
    page = answer.content.decode()
    assert answer.status_code == 422
    assert "Nouvelle soirée du club" in page and "Qui est là ce soir" in page
    assert "nombre impair" in page
    assert "Créer la soirée du club" in page
    assert not Tournament.objects.exists()


def test_only_the_clubs_organizers_make_its_nights(client, club, organizer):
    url = reverse("club_night_new", args=[club.pk])
    client.force_login(UserFactory())
    assert client.get(url).status_code == 404
    assert client.post(url, night(club, here=ids(club, "Anne Tremblay"))).status_code == 404
    client.logout()
    assert client.get(url).status_code == 302  # to log in
    assert not Tournament.objects.exists()
    co = UserFactory(username="coorg")
    services.add_organizer(club=club, username="coorg", by=organizer)
    client.force_login(co)
    assert client.post(url, night(club, here=ids(club, "Anne Tremblay"))).status_code == 302
    assert Tournament.objects.get().owner == co
