"""The invitation's page (a visitor logs in or signs up and comes back to accept it; every
refusal a clear message, never a 500) and asking to be linked from a club's page (the
roster's names as the public reads them; asked, waiting, withdrawn; a linked user told who
they are)."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from clubs import services as clubs
from clubs.models import ClubEvent, Member, PublicName
from players import services
from players.models import Invitation, LinkRequest
from tests.factories import UserFactory
from tests.players.helpers import member

pytestmark = pytest.mark.django_db
PASSWORD = "correct horse battery staple"


def url(invitation) -> str:
    return reverse("invitation", args=[invitation.token])


def text(response) -> str:
    return response.content.decode()


def test_a_visitor_signs_up_and_comes_back_to_accept(client, club, owner):
    invitation = services.invite(club=club, member=member(club, "Luc Côté"), by=owner)
    page = text(client.get(url(invitation)))
    assert "Club du mardi" in page and "Luc Côté" in page
    assert 'id="accept-invitation"' not in page
    signup = f"{reverse('signup')}?next={url(invitation)}"
    assert signup in page
    form = text(client.get(signup))
    assert f'name="next" value="{url(invitation)}"' in form
    answer = client.post(reverse("signup"), {
        "username": "luc", "password1": PASSWORD, "password2": PASSWORD,
        "next": url(invitation)})
    assert answer.status_code == 302 and answer["Location"] == url(invitation)
    page = text(client.get(url(invitation)))
    assert 'id="accept-invitation"' in page
    answer = client.post(url(invitation), follow=True)
    assert answer.redirect_chain[-1][0] == reverse("me")
    assert "your account is linked to Luc Côté in Club du mardi" in text(answer)
    assert member(club, "Luc Côté").account.username == "luc"
    assert ClubEvent.objects.filter(kind=ClubEvent.Kind.ACCOUNT_LINKED).exists()


def test_a_visitor_logs_in_and_comes_back(client, club, owner):
    invitation = services.invite(club=club, member=member(club, "Anne Roy"), by=owner)
    UserFactory(username="anne")
    answer = client.post(f"{reverse('login')}?next={url(invitation)}", {
        "username": "anne", "password": PASSWORD, "next": url(invitation)})
    assert answer["Location"] == url(invitation)
    # Posting to accept before logging in leads to the login page, and back.
    client.logout()
    answer = client.post(url(invitation))
    assert answer.status_code == 302 and answer["Location"].startswith(reverse("login"))
    assert member(club, "Anne Roy").account is None


def test_the_member_is_named_on_the_invitation_as_the_public_reads_them(client, club, owner):
    hidden = member(club, "Élise Bouchard")
    hidden.public_name = PublicName.HIDDEN
    hidden.save(update_fields=["public_name"])
    invitation = services.invite(club=club, member=hidden, by=owner)
    page = text(client.get(url(invitation)))
    assert f"Player {hidden.number}" in page and "Élise" not in page


@pytest.mark.parametrize("how", ["used", "expired", "revoked", "member_linked",
                                 "user_linked"])
def test_an_invitation_that_cannot_be_accepted_says_why(client, club, owner, how):
    luc = member(club, "Luc Côté")
    invitation = services.invite(club=club, member=luc, by=owner)
    user = UserFactory(username="reader")
    if how == "used":
        services.accept_invitation(token=invitation.token, user=UserFactory(username="x"))
        expected = "This invitation has been used already."
    elif how == "expired":
        Invitation.objects.filter(pk=invitation.pk).update(
            created_at=timezone.now() - timedelta(days=20),
            expires_at=timezone.now() - timedelta(days=6))
        expected = "This invitation has expired."
    elif how == "revoked":
        services.revoke_invitation(invitation=invitation, by=owner)
        expected = "This invitation was withdrawn by the club."
    elif how == "member_linked":
        Member.objects.filter(pk=luc.pk).update(account=UserFactory(username="y"))
        expected = "already linked to an account"
    else:
        Member.objects.filter(pk=member(club, "Anne Roy").pk).update(account=user)
        expected = "Your account is already linked to a player of this club."
    client.force_login(user)
    page = client.get(url(invitation))
    assert page.status_code == 200 and expected in text(page)
    assert 'id="accept-invitation"' not in text(page)
    answer = client.post(url(invitation))
    assert answer.status_code == 409 and expected in text(answer)
    assert not Member.objects.filter(account=user, pk=luc.pk).exists()


def test_an_unknown_or_odd_token_is_a_clear_404(client):
    for token in ("nothing-here", "x" * 500, "%00", "é", "a b", "x" * 64):
        answer = client.get(f"/invitations/{token}/")
        assert answer.status_code == 404
        assert "This invitation link is not known." in text(answer)
    assert client.post("/invitations/nothing/").status_code == 404
    assert client.put("/invitations/nothing/").status_code == 405


def test_my_own_invitation_opened_again_says_i_am_linked(client, club, owner):
    invitation = services.invite(club=club, member=member(club, "Luc Côté"), by=owner)
    user = UserFactory(username="luc")
    services.accept_invitation(token=invitation.token, user=user)
    client.force_login(user)
    page = text(client.get(url(invitation)))
    assert "This invitation is yours already" in page


def test_the_invitation_in_french(client, club, owner):
    invitation = services.invite(club=club, member=member(club, "Luc Côté"), by=owner)
    client.force_login(UserFactory(username="luc"))
    page = text(client.get(url(invitation), HTTP_ACCEPT_LANGUAGE="fr"))
    assert "Accepter" in page and "Rejoindre Club du mardi" in page
    client.post(url(invitation))
    answer = client.post(url(invitation), HTTP_ACCEPT_LANGUAGE="fr")
    assert "Cette invitation est déjà à vous" in text(answer) or answer.status_code == 409


# -- asking from the club's page ----------------------------------------------------------







def test_asking_for_a_name_not_offered_is_refused_without_a_500(client, club, owner):
    other = clubs.create_club(owner=owner, name="Autre club")
    stranger = clubs.add_member(club=other, name="Zoé")
    taken = member(club, "Anne Roy")
    Member.objects.filter(pk=taken.pk).update(account=UserFactory(username="anne"))
    client.force_login(UserFactory(username="luc"))
    for value in (stranger.pk, taken.pk, 99999999, "abc", "", 10**30):
        answer = client.post(reverse("link_ask", args=[club.pk]), {"member": value},
                             follow=True)
        assert answer.status_code == 200, value
        assert "Choose your name" in text(answer)
    assert not LinkRequest.objects.exists()
    assert client.get(reverse("link_ask", args=[club.pk])).status_code == 405
    assert client.post(reverse("link_ask", args=[99999999]), {"member": 1}).status_code == 404


def test_asking_a_private_club_is_a_404(client, owner):
    private = clubs.create_club(owner=owner, name="Club privé")
    clubs.update_club(club=private, name=private.name, public=False)
    someone = clubs.add_member(club=private, name="Anne Roy")
    client.force_login(UserFactory(username="luc"))
    answer = client.post(reverse("link_ask", args=[private.pk]), {"member": someone.pk})
    assert answer.status_code == 404 and not LinkRequest.objects.exists()
