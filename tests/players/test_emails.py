"""The emails a player gets once a write is kept: what their page tells them (sign-up
taken, waiting, a place given, a partner's request, the night cancelled), and an
invitation sent to the address typed for it; in French then English; none without an
address, and none that fails the write."""

import logging

import pytest
from django.core import mail
from django.core.mail.backends.base import BaseEmailBackend

from clubs import services as clubs
from clubs.models import PublicName
from players import services
from players.models import Invitation, Notice
from tests.factories import UserFactory
from tests.players.helpers import club_with_members, night_ahead

pytestmark = pytest.mark.django_db


class FailingBackend(BaseEmailBackend):
    """An SMTP server that is down."""

    def send_messages(self, messages):
        raise ConnectionRefusedError("no server")


@pytest.fixture
def owner():
    return UserFactory(username="organizer", email="organizer@example.org")


@pytest.fixture
def club_of_six(owner):
    club, members, users = club_with_members(owner, 6)
    for number, user in enumerate(users, start=1):
        user.email = f"player{number}@example.org"
        user.save()
    return club, members, users


@pytest.fixture
def sent(django_capture_on_commit_callbacks):
    """What the writes in the block emailed, once their transaction is kept."""
    def run(write, *args, **kwargs):
        mail.outbox.clear()
        with django_capture_on_commit_callbacks(execute=True):
            result = write(*args, **kwargs)
        return result
    return run


def only(to: str):
    [message] = [m for m in mail.outbox if m.to == [to]]
    return message


def test_signing_up_emails_the_place_taken_in_french_then_english(settings, club_of_six,
                                                                   owner, sent):
    settings.SITE_URL = "https://cartes.example.org"
    club, _members, users = club_of_six
    club.place = "Salle paroissiale"
    club.save()
    night = night_ahead(club, owner, individual=True, cap=3, name="Mêlée du mardi")
    sent(services.sign_up, night=night, user=users[0])
    message = only("player1@example.org")
    assert message.subject == ("Inscription confirmée : Mêlée du mardi / "
                               "Signed up: Mêlée du mardi")
    french, english = message.body.split("-" * 40)
    assert "Votre place est réservée pour Mêlée du mardi." in french
    assert "You have a place at Mêlée du mardi." in english
    assert "Salle paroissiale" in french and "Salle paroissiale" in english
    assert "https://cartes.example.org/me/" in english
    assert "&" not in message.body and "&#" not in message.subject


def test_past_the_cap_the_email_says_which_place_on_the_waiting_list(club_of_six, owner,
                                                                     sent):
    club, _members, users = club_of_six
    night = night_ahead(club, owner, individual=True, cap=1, name="Mêlée")
    sent(services.sign_up, night=night, user=users[0])
    sent(services.sign_up, night=night, user=users[1])
    sent(services.sign_up, night=night, user=users[2])
    message = only("player3@example.org")
    assert "Waiting list: Mêlée" in message.subject
    assert "you are number 2 on its waiting list" in message.body


def test_a_place_given_back_is_emailed_to_the_first_who_waits(club_of_six, owner, sent):
    club, _members, users = club_of_six
    night = night_ahead(club, owner, individual=True, cap=1, name="Mêlée")
    first = services.sign_up(night=night, user=users[0])
    services.sign_up(night=night, user=users[1])
    sent(services.withdraw, signup=first, by=users[0])
    message = only("player2@example.org")
    assert message.subject.endswith("A place for you: Mêlée")
    assert "A place was given back: you now have a place at Mêlée." in message.body
    assert [m.to for m in mail.outbox] == [["player2@example.org"]]


def test_a_partner_asked_gets_an_email_naming_who_asked_as_the_public_reads_them(
        club_of_six, owner, sent):
    club, members, users = club_of_six
    members[0].public_name = PublicName.INITIAL
    members[0].save()
    night = night_ahead(club, owner, name="Soirée par équipes")
    sent(services.sign_up, night=night, user=users[0], partner=members[1])
    message = only("player2@example.org")
    assert "Partner for Soirée par équipes?" in message.subject
    assert "Anne R. asks you to partner them at Soirée par équipes." in message.body
    assert "Anne Roy" not in message.body


def test_a_cancelled_night_is_emailed_to_everyone_signed_up(club_of_six, owner, sent):
    club, members, users = club_of_six
    night = night_ahead(club, owner, name="Soirée par équipes")
    pair = services.sign_up(night=night, user=users[0], partner=members[1])
    services.confirm_partner(signup=pair, user=users[1])
    services.sign_up(night=night, user=users[2], looking_for_partner=True)
    sent(services.cancel_night, night=night, by=owner)
    assert sorted(m.to[0] for m in mail.outbox) == [
        "player1@example.org", "player2@example.org", "player3@example.org"]
    assert "Cancelled: Soirée par équipes" in mail.outbox[0].subject
    assert "Annulée : Soirée par équipes" in mail.outbox[0].subject


def test_an_invitation_with_an_address_emails_its_link(settings, club_of_six, owner, sent):
    settings.SITE_URL = "https://cartes.example.org/"
    club, _members, _users = club_of_six
    member = clubs.add_member(club=club, name="Nouvelle Venue")
    invitation = sent(services.invite, club=club, member=member, by=owner,
                      email=" nouvelle@example.org ")
    message = only("nouvelle@example.org")
    assert message.subject == f"Invitation de {club.name} / Invitation from {club.name}"
    assert f"https://cartes.example.org/invitations/{invitation.token}/" in message.body
    assert member.name in message.body
    sent(services.invite, club=club, member=member, by=owner)
    assert mail.outbox == []


def test_nothing_is_sent_without_an_address(club_of_six, owner, sent):
    club, members, users = club_of_six
    users[0].email = ""
    users[0].save()
    night = night_ahead(club, owner, individual=True, name="Mêlée")
    sent(services.sign_up, night=night, user=users[0])
    assert Notice.objects.filter(member=members[0], kind="signed_up").exists()
    assert mail.outbox == []


def test_a_server_that_fails_never_fails_the_write(settings, club_of_six, owner, sent,
                                                   caplog):
    settings.EMAIL_BACKEND = "tests.players.test_emails.FailingBackend"
    club, members, users = club_of_six
    night = night_ahead(club, owner, individual=True, name="Mêlée")
    with caplog.at_level(logging.ERROR, logger="players.emails"):
        signup = sent(services.sign_up, night=night, user=users[0])
        invitation = sent(services.invite, club=club, by=owner,
                          member=clubs.add_member(club=club, name="Nouvelle Venue"),
                          email="nouvelle@example.org")
    assert signup.pk and invitation.pk and Invitation.objects.filter(pk=invitation.pk).exists()
    assert [r.message for r in caplog.records] == [
        f"Email not sent (notice {Notice.objects.get(member=members[0]).pk})",
        f"Email not sent (invitation {invitation.pk})"]


@pytest.mark.parametrize("kind", Notice.Kind.values)
def test_every_kind_of_notice_makes_an_email_in_both_languages(club_of_six, owner, kind):
    from players import emails

    club, members, _users = club_of_six
    night = night_ahead(club, owner, name="Soirée du mardi")
    notice = Notice.objects.create(member=members[0], kind=kind,
                                   night=None if kind == "linked" else night,
                                   params={"by": members[1].pk, "position": 2})
    mail.outbox.clear()
    assert emails.send_notice(notice.pk) is True
    [message] = mail.outbox
    assert message.to == ["player1@example.org"]
    french, english = message.body.split("-" * 40)
    assert " / " in message.subject
    assert ("Soirée du mardi" in french and "Soirée du mardi" in english) or kind == "linked"
    assert "/me/" in french and "/me/" in english
