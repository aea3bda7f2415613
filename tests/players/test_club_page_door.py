"""The player's door on a club's page: its nights ahead (in the club's time zone, with
places left, the waiting list, a cancelled night marked, and a linked member's sign-up),
and a reader's link to the club: the roster's names to ask for (as the public reads them),
a request waiting that may be withdrawn, or who they are in the club."""

from datetime import UTC, datetime

import pytest
from django.urls import reverse

from clubs import services as clubs
from clubs.models import Member, PublicName
from players import services
from players.models import LinkRequest
from tests.factories import UserFactory
from tests.players.helpers import club_with_members, member, night_ahead
from tournaments import services as tournaments
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def page_url(night):
    return reverse("night_signup", args=[night.club_id, night.pk])


def text(response) -> str:
    return response.content.decode()


def test_the_clubs_page_lists_its_nights_ahead_in_the_clubs_time_zone(client, owner):
    club, _members, users = club_with_members(owner, 3)
    clubs.update_club(club=club, name=club.name, time_zone="America/Vancouver")
    night = night_ahead(club, owner, individual=True, cap=1, name="Mêlée du jeudi")
    starts = datetime(2031, 5, 15, 2, 30, tzinfo=UTC)  # Wednesday 7:30 p.m. in Vancouver
    tournaments.schedule(tournament=night.tournament, starts_at=starts, zone=club.time_zone)
    Tournament.objects.filter(pk=night.tournament_id).update(place="Salle Saint-Roch")
    cancelled = night_ahead(club, owner, name="Soirée annulée", days=8)
    services.cancel_night(night=cancelled, by=owner)
    private = night_ahead(club, owner, name="Soirée privée", days=9)
    Tournament.objects.filter(pk=private.tournament_id).update(public=False)
    services.sign_up(night=night, user=users[1])
    services.sign_up(night=night, user=users[2])
    page = text(client.get(reverse("club_page", args=[club.pk])))
    ahead = page.split('id="nights-ahead"')[1].split("</section>")[0]
    assert "Wednesday May 14, 2031, 7:30 p.m." in ahead
    assert "Salle Saint-Roch" in ahead and "Individual (new partners each round)" in ahead
    assert "La Politaine" in ahead and "Full" in ahead and "1 waiting" in ahead
    assert "Cancelled" in ahead.split("Soirée annulée")[1]
    assert "Soirée privée" not in ahead  # a night the public does not follow
    assert 'id="signup-' not in ahead  # no one to sign up
    french = text(client.get(reverse("club_page", args=[club.pk]), HTTP_ACCEPT_LANGUAGE="fr"))
    assert "mercredi 14 mai 2031, 19:30" in french and "Annulée" in french


def test_a_linked_member_signs_up_from_the_clubs_page(client, owner):
    club, _members, users = club_with_members(owner, 2)
    night = night_ahead(club, owner, individual=True, cap=4)
    private = night_ahead(club, owner, individual=True, name="Soirée des membres", days=8)
    Tournament.objects.filter(pk=private.tournament_id).update(public=False)
    client.force_login(users[0])
    club_url = reverse("club_page", args=[club.pk])
    page = text(client.get(club_url))
    assert f'id="signup-{night.pk}"' in page
    assert "Soirée des membres" in page  # a member sees the nights that take sign-ups
    answer = client.post(page_url(night), {"how": "alone", "next": club_url}, follow=True)
    assert answer.redirect_chain[-1][0] == club_url
    assert "Signed up" in text(answer).split('id="nights-ahead"')[1]


def test_a_user_asks_to_be_linked_from_the_clubs_page_and_may_withdraw(client, club):
    user = UserFactory(username="luc")
    client.force_login(user)
    page = text(client.get(reverse("club_page", args=[club.pk])))
    assert 'id="link-ask"' in page and "Luc Côté" in page
    answer = client.post(reverse("link_ask", args=[club.pk]),
                         {"member": member(club, "Luc Côté").pk}, follow=True)
    assert "Asked, waiting for an organizer." in text(answer)
    assert 'id="link-withdraw"' in text(answer)
    assert LinkRequest.objects.get(user=user).member.name == "Luc Côté"
    answer = client.post(reverse("link_withdraw", args=[club.pk]), follow=True)
    assert "Your request is withdrawn." in text(answer)
    assert not LinkRequest.objects.exists()


def test_the_roster_to_pick_from_shows_names_as_the_public_reads_them(client, club):
    hidden = member(club, "Élise Bouchard")
    hidden.public_name = PublicName.INITIAL
    hidden.save(update_fields=["public_name"])
    client.force_login(UserFactory(username="luc"))
    page = text(client.get(reverse("club_page", args=[club.pk])))
    door = page.split('id="player-door"')[1]
    assert "Élise B." in door and "Élise Bouchard" not in door


def test_a_linked_user_sees_who_they_are_in_the_club(client, club):
    user = UserFactory(username="luc")
    Member.objects.filter(pk=member(club, "Luc Côté").pk).update(account=user)
    client.force_login(user)
    page = text(client.get(reverse("club_page", args=[club.pk])))
    assert "You are Luc Côté in this club." in page and 'id="link-ask"' not in page
    assert f'href="{reverse("me")}"' in page
