"""The organizer's pages of the player's door: the club's time zone and history, a member's
account and invitation, the requests to be linked, a night's start time and sign-up, its
cancelling, its sign-up list and what the organizer does there, the sign-ups put into the
night. Only the club's organizers reach them; odd input is refused with a message and
saves nothing."""

import re
from datetime import UTC, datetime
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs import services as clubs
from clubs.models import Club, ClubEvent
from players import services
from players.models import Invitation, LinkRequest, Signup, SignupSheet
from tests.conftest import HTMX
from tests.factories import UserFactory
from tests.pages import main_of
from tests.pages import text_of as _text_of
from tests.players.helpers import club_with_members, night_ahead

pytestmark = pytest.mark.django_db
State = Signup.State


@pytest.fixture
def organizer(client, owner):
    client.force_login(owner)
    return client


def french(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    client.force_login(user)
    return client


def url(name, club, night=None, **kwargs) -> str:
    args = {"pk": club.pk, **({"night_id": night.pk} if night is not None else {}), **kwargs}
    return reverse(name, kwargs=args)


def text_of(html: str) -> str:
    """The page's text as read, its entities (&#x27;) read too."""
    return unescape(_text_of(html))


def count_of(html: str) -> str:
    """The sign-up list's counts, as they read."""
    found = re.search(r'<p id="signup-count"[^>]*>(.*?)</p>', html, re.DOTALL)
    return unescape(re.sub(r"<[^>]+>", "", found[1]))


def a_name(number: int) -> str:
    """A roster name of its own for each number (a name ending in a number reads as a
    hidden player's)."""
    syllables = ["ma", "ri", "lo", "pe", "du", "ca", "ne", "vi"]
    word = "".join(syllables[int(digit, 8)] for digit in f"{number:03o}")
    return f"Joueur {word.capitalize()}"


# -- the club's time zone and history ----------------------------------------------------

def test_the_club_settings_keep_its_time_zone_and_refuse_one_that_is_not(organizer, owner):
    club, _members, _users = club_with_members(owner, 0)
    page = organizer.get(reverse("club_settings", args=[club.pk]))
    assert 'value="America/Montreal" selected' in page.content.decode()
    data = {"name": club.name, "place": "", "public": "on", "time_zone": "Europe/Paris"}
    assert organizer.post(reverse("club_settings", args=[club.pk]), data).status_code == 302
    assert Club.objects.get(pk=club.pk).time_zone == "Europe/Paris"
    refused = organizer.post(reverse("club_settings", args=[club.pk]),
                             {**data, "time_zone": "Mars/Olympus_Mons"})
    assert refused.status_code == 422
    assert "Choose the club's time zone from the list" in text_of(refused.content.decode())
    assert Club.objects.get(pk=club.pk).time_zone == "Europe/Paris"


def test_settings_sent_without_a_time_zone_keep_the_clubs(organizer, owner):
    club, _members, _users = club_with_members(owner, 0)
    clubs.update_club(club=club, name=club.name, time_zone="Asia/Tokyo")
    response = organizer.post(reverse("club_settings", args=[club.pk]),
                              {"name": "Nouveau nom", "public": "on"})
    assert response.status_code == 302
    club.refresh_from_db()
    assert (club.name, club.time_zone) == ("Nouveau nom", "Asia/Tokyo")


def test_an_unknown_time_zone_is_refused_by_the_service_too(owner):
    club, _members, _users = club_with_members(owner, 0)
    from scoring.errors import InvalidInput
    with pytest.raises(InvalidInput):
        clubs.update_club(club=club, name=club.name, time_zone="Nowhere/Town")
    with pytest.raises(InvalidInput):
        clubs.create_club(owner=owner, name="Autre", time_zone="")


def test_a_new_club_takes_the_time_zone_chosen(organizer):
    response = organizer.post(reverse("club_new"), {"name": "Les Rois", "public": "on",
                                                    "time_zone": "America/Vancouver"})
    assert response.status_code == 302
    assert Club.objects.get(name="Les Rois").time_zone == "America/Vancouver"


def test_the_club_history_tells_accounts_linked_and_unlinked_in_both_languages(owner):
    club, _members, _users = club_with_members(owner, 0)
    anne = clubs.add_member(club=club, name="Anne Roy")
    luc = clubs.add_member(club=club, name="Luc Côté")
    invited = UserFactory(username="anne_r")
    services.accept_invitation(
        token=services.invite(club=club, member=anne, by=owner).token, user=invited)
    asking = UserFactory(username="luc_c")
    services.decide_link_request(
        request=services.ask_to_link(club=club, member=luc, user=asking), by=owner,
        approve=True)
    services.unlink(member=anne, by=owner)
    english = french(owner)
    english.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    text = text_of(english.get(reverse("club_settings", args=[club.pk])).content.decode())
    assert "anne_r accepted the club's invitation: the account is linked to Anne Roy." in text
    assert "organizer approved a request to be linked: an account is linked to Luc Côté." \
        in text
    assert "organizer unlinked the account of Anne Roy." in text
    text = text_of(french(owner).get(reverse("club_settings", args=[club.pk])).content.decode())
    assert "anne_r a accepté l’invitation du club : le compte est relié à Anne Roy." in text
    assert "organizer a approuvé une demande de lien : un compte est relié à Luc Côté." \
        in text
    assert "organizer a défait le lien entre Anne Roy et son compte." in text


# -- a member's account and invitation; the requests to be linked ------------------------

def test_an_invitation_is_shown_as_a_link_and_a_qr_code_with_its_expiry_and_revoked(
        organizer, owner):
    club, _members, _users = club_with_members(owner, 0)
    anne = clubs.add_member(club=club, name="Anne Roy")
    edit = reverse("club_member_edit", args=[club.pk, anne.pk])
    page = organizer.get(edit).content.decode()
    assert "No account is linked to this player." in text_of(page)
    assert 'id="invitation-link"' not in page
    made = organizer.post(url("players_member_invite", club, member_id=anne.pk),
                          {"email": "anne@example.com"})
    assert made.status_code == 302 and made["Location"].endswith("#account")
    invitation = Invitation.objects.get(member=anne)
    assert invitation.email == "anne@example.com"
    page = organizer.get(edit).content.decode()
    assert invitation.token in page
    assert 'id="invitation-qr"' in page and "<svg" in page
    expires = timezone.localtime(invitation.expires_at).strftime("%Y")
    assert expires in text_of(page)
    revoked = organizer.post(url("players_invitation_revoke", club, member_id=anne.pk,
                                 invitation_id=invitation.pk))
    assert revoked.status_code == 302
    assert Invitation.objects.get(pk=invitation.pk).revoked_at is not None
    assert invitation.token not in organizer.get(edit).content.decode()


def test_a_new_invitation_replaces_the_open_one(organizer, owner):
    club, _members, _users = club_with_members(owner, 0)
    anne = clubs.add_member(club=club, name="Anne Roy")
    organizer.post(url("players_member_invite", club, member_id=anne.pk), {"email": ""})
    organizer.post(url("players_member_invite", club, member_id=anne.pk), {"email": ""})
    first, second = Invitation.objects.filter(member=anne).order_by("created_at", "id")
    assert first.revoked_at is not None and second.is_open()


def test_a_wrong_email_makes_no_invitation(organizer, owner):
    club, _members, _users = club_with_members(owner, 0)
    anne = clubs.add_member(club=club, name="Anne Roy")
    response = organizer.post(url("players_member_invite", club, member_id=anne.pk),
                              {"email": "not an address"}, follow=True)
    assert "Enter a valid email address." in text_of(response.content.decode())
    assert not Invitation.objects.exists()


def test_a_linked_member_shows_its_account_and_unlinks_after_asking(organizer, owner):
    club, members, users = club_with_members(owner, 1)
    page = organizer.get(reverse("club_member_edit", args=[club.pk, members[0].pk]))
    text = text_of(page.content.decode())
    assert "Linked to the account player01" in text
    assert 'id="invite-form"' not in page.content.decode()
    ask = organizer.get(url("players_member_unlink", club, member_id=members[0].pk))
    assert ask.status_code == 200 and "Unlink the account?" in text_of(ask.content.decode())
    members[0].refresh_from_db()
    assert members[0].account_id == users[0].pk  # asking changed nothing
    done = organizer.post(url("players_member_unlink", club, member_id=members[0].pk))
    assert done.status_code == 302
    members[0].refresh_from_db()
    assert members[0].account_id is None
    assert ClubEvent.objects.filter(kind="account_unlinked", member=members[0]).exists()


def test_the_roster_lists_the_requests_to_be_linked_and_marks_linked_members(
        organizer, owner):
    club, members, _users = club_with_members(owner, 1)
    luc = clubs.add_member(club=club, name="Luc Côté")
    julie = clubs.add_member(club=club, name="Julie Fortin")
    luc_request = services.ask_to_link(club=club, member=luc,
                                       user=UserFactory(username="luc_c"))
    julie_request = services.ask_to_link(club=club, member=julie,
                                         user=UserFactory(username="julie_f"))
    page = organizer.get(reverse("club_roster", args=[club.pk])).content.decode()
    assert f'id="linked-{members[0].pk}"' in page and f'id="linked-{luc.pk}"' not in page
    text = text_of(page)
    assert "luc_c asks to be Luc Côté" in text and "julie_f asks to be Julie Fortin" in text
    approve = url("players_link_request_decide", club, request_id=luc_request.pk)
    assert organizer.post(approve, {"approve": "1"}).status_code == 302
    decline = url("players_link_request_decide", club, request_id=julie_request.pk)
    assert organizer.post(decline, {"approve": "0"}).status_code == 302
    luc.refresh_from_db()
    julie.refresh_from_db()
    assert luc.account.username == "luc_c" and julie.account_id is None
    assert LinkRequest.objects.get(pk=julie_request.pk).approved is False
    page = organizer.get(reverse("club_roster", args=[club.pk])).content.decode()
    assert 'id="link-requests"' not in page and f'id="linked-{luc.pk}"' in page
    # Answered already: said so, nothing changes.
    again = organizer.post(decline, {"approve": "1"}, follow=True)
    assert "This request has been answered already." in text_of(again.content.decode())
    julie.refresh_from_db()
    assert julie.account_id is None


def test_a_request_answered_neither_yes_nor_no_is_refused(organizer, owner):
    club, _members, _users = club_with_members(owner, 0)
    luc = clubs.add_member(club=club, name="Luc Côté")
    asked = services.ask_to_link(club=club, member=luc, user=UserFactory(username="luc_c"))
    for garbage in ({}, {"approve": "yes"}, {"approve": "2"}):
        response = organizer.post(url("players_link_request_decide", club,
                                      request_id=asked.pk), garbage, follow=True)
        assert "Approve or decline the request." in text_of(response.content.decode())
    assert LinkRequest.objects.get(pk=asked.pk).decided_at is None


# -- a night's start time and sign-up ------------------------------------------------------

def settings_data(**changes) -> dict:
    data = {"starts_on": "2030-01-14", "starts_time": "19:00", "signup": "open",
            "opens_on": "2030-01-01", "opens_time": "08:30", "closes_on": "2030-01-14",
            "closes_time": "12:00", "cap": "8"}
    return {**data, **changes}


def test_the_start_time_and_sign_up_are_typed_in_the_clubs_time_zone(organizer, owner):
    club, _members, _users = club_with_members(owner, 0)
    clubs.update_club(club=club, name=club.name, time_zone="America/Vancouver")
    night = night_ahead(club, owner)
    response = organizer.post(url("players_night_settings", club, night), settings_data())
    assert response.status_code == 302
    assert response["Location"] == url("players_signups", club, night)
    night.tournament.refresh_from_db()
    # 19:00 in Vancouver (UTC-8 in winter) is 03:00 the next day in UTC.
    assert night.tournament.starts_at == datetime(2030, 1, 15, 3, 0, tzinfo=UTC)
    assert str(night.tournament.date) == "2030-01-14"
    sheet = SignupSheet.objects.get(night=night)
    assert sheet.opens_at == datetime(2030, 1, 1, 16, 30, tzinfo=UTC)
    assert sheet.closes_at == datetime(2030, 1, 14, 20, 0, tzinfo=UTC)
    assert sheet.cap == 8
    page = organizer.get(url("players_night_settings", club, night)).content.decode()
    assert 'value="2030-01-14"' in page and 'value="19:00"' in page
    assert 'value="08:30"' in page and 'value="12:00"' in page
    assert "In the club's time zone, America/Vancouver." in text_of(page)


def test_empty_sign_up_dates_open_now_and_close_when_the_night_starts(organizer, owner):
    club, _members, _users = club_with_members(owner, 0)
    night = night_ahead(club, owner)
    response = organizer.post(url("players_night_settings", club, night), settings_data(
        opens_on="", opens_time="", closes_on="", closes_time="", cap=""))
    assert response.status_code == 302
    sheet = SignupSheet.objects.get(night=night)
    assert (sheet.opens_at, sheet.closes_at, sheet.cap) == (None, None, None)


def test_no_sign_up_takes_the_sheet_away_or_closes_it_when_some_signed_up(organizer, owner):
    club, _members, users = club_with_members(owner, 1)
    night = night_ahead(club, owner, individual=True)
    other = night_ahead(club, owner, individual=True, name="Soirée du jeudi")
    services.sign_up(night=other, user=users[0])
    for each in (night, other):
        response = organizer.post(url("players_night_settings", club, each),
                                  settings_data(signup="none"))
        assert response.status_code == 302
    assert not SignupSheet.objects.filter(night=night).exists()
    sheet = SignupSheet.objects.get(night=other)
    assert sheet.closes_at <= timezone.now() and sheet.signups.count() == 1
    text = text_of(organizer.get(url("players_signups", club, night)).content.decode())
    assert "This night takes no sign-up." in text


@pytest.mark.parametrize(("changes", "field", "message"), [
    ({"starts_on": "2030-02-30"}, "starts_on", "Enter a valid date."),
    ({"starts_on": "garbage"}, "starts_on", "Enter a valid date."),
    ({"starts_time": "25:61"}, "starts_time", "Enter a valid time."),
    ({"starts_time": ""}, "starts_time", "Give the date and the time, or neither."),
    ({"opens_on": ""}, "opens_on", "Give the date and the time, or neither."),
    ({"cap": "0"}, "cap", "Places: a number from 1 to 512, or none for no cap."),
    ({"cap": "99999"}, "cap", "Places: a number from 1 to 512, or none for no cap."),
    ({"cap": "eight"}, "cap", "Places: a number from 1 to 512, or none for no cap."),
    ({"cap": "-3"}, "cap", "Places: a number from 1 to 512, or none for no cap."),
    ({"signup": "maybe"}, "signup", "Select a valid choice."),
    ({"closes_on": "2029-12-31"}, "closes_on", "Sign-up must close after it opens."),
    ({"opens_on": "2030-01-20", "closes_on": "", "closes_time": ""}, "opens_on",
     "Sign-up must open before the night starts."),
    # 2:30 on the morning the clocks move forward does not exist in Montreal.
    ({"starts_on": "2030-03-10", "starts_time": "02:30"}, "starts_on",
     "does not exist on that day in America/Montreal"),
])
def test_odd_settings_are_refused_beside_their_field_and_nothing_is_saved(
        organizer, owner, changes, field, message):
    club, _members, _users = club_with_members(owner, 0)
    night = night_ahead(club, owner, cap=4)
    before = night.tournament.starts_at
    response = organizer.post(url("players_night_settings", club, night),
                              settings_data(**changes))
    assert response.status_code == 422
    assert message in text_of(response.content.decode())
    assert response.context["form"].errors.get(field), response.context["form"].errors
    night.tournament.refresh_from_db()
    assert night.tournament.starts_at == before
    assert SignupSheet.objects.get(night=night).cap == 4


def test_a_night_is_cancelled_after_asking_and_the_cancelling_taken_back(organizer, owner):
    club, members, users = club_with_members(owner, 2)
    night = night_ahead(club, owner, individual=True)
    services.sign_up(night=night, user=users[0])
    ask = organizer.get(url("players_night_cancel", club, night))
    assert "1 sign-up: its players are told on their page." in text_of(ask.content.decode())
    night.tournament.refresh_from_db()
    assert night.tournament.cancelled_at is None
    assert organizer.post(url("players_night_cancel", club, night),
                          {"cancelled": "1"}).status_code == 302
    night.tournament.refresh_from_db()
    assert night.tournament.cancelled_at is not None
    assert members[0].notices.filter(kind="cancelled").exists()
    page = organizer.get(url("players_night_settings", club, night)).content.decode()
    assert 'id="night-uncancel"' in page
    nights = text_of(organizer.get(reverse("club_nights", args=[club.pk])).content.decode())
    assert "Cancelled" in nights
    organizer.post(url("players_night_cancel", club, night), {"cancelled": "0"})
    night.tournament.refresh_from_db()
    assert night.tournament.cancelled_at is None


def test_the_clubs_nights_link_to_each_nights_sign_up_pages(organizer, owner):
    club, _members, _users = club_with_members(owner, 0)
    night = night_ahead(club, owner)
    page = organizer.get(reverse("club_nights", args=[club.pk])).content.decode()
    assert url("players_signups", club, night) in page
    assert url("players_night_settings", club, night) in page


# -- the sign-up list ------------------------------------------------------------------

@pytest.fixture
def team_night(owner):
    """A team night capped at 2 pairs: 2 in, 1 waiting, a pair to confirm, two looking for
    a partner, one withdrawn. Members 0-1, 2-3 in; 4-5 waiting; 6 asked 7; 8 and 9 look;
    10-11 withdrew; 12 and 13 hold nothing."""
    club, members, users = club_with_members(owner, 14)
    night = night_ahead(club, owner, cap=2)
    for first in (0, 2, 4):
        pair = services.sign_up(night=night, user=users[first], partner=members[first + 1])
        services.confirm_partner(signup=pair, user=users[first + 1])
    services.sign_up(night=night, user=users[6], partner=members[7])
    services.sign_up(night=night, user=users[8], looking_for_partner=True)
    services.sign_up(night=night, user=users[9], looking_for_partner=True)
    gone = services.sign_up(night=night, user=users[10], partner=members[11])
    services.withdraw(signup=gone, by=users[10])
    return club, members, users, night


def test_the_sign_up_list_shows_who_is_in_who_waits_and_the_desk(organizer, team_night):
    club, _members, _users, night = team_night
    page = organizer.get(url("players_signups", club, night))
    html = page.content.decode()
    main = text_of(main_of(html))
    assert count_of(html) == "2 of 2 pairs, 1 waiting"
    signed_up = text_of(html.split('id="signed-up"')[1].split("</ol>")[0])
    assert "Anne Roy & Luc Côté" in signed_up and "Élise Bouchard & Marc Gagnon" in signed_up
    waiting = html.split('id="waiting"')[1].split("</ol>")[0]
    assert 'value="1"' in waiting and "Julie Fortin & Denis Pelletier" in text_of(waiting)
    assert "Sylvie Lavoie & Rémi Caron (Rémi Caron to confirm)" in main
    looking = text_of(html.split('id="looking"')[1].split("</ul>")[0])
    assert "Nathalie Morin" in looking and "Guy Bélanger" in looking
    withdrawn = text_of(html.split('id="withdrawn"')[1].split("</details>")[0])
    assert "Lise Ouellet & Paul Tremblay" in withdrawn
    # Who is left on the roster to add: those holding nothing.
    choices = [label for _pk, label in page.context["add_form"].fields["member"].choices]
    assert choices == ["—", "Carole Roy", "Yves Dubé", "Lise Ouellet", "Paul Tremblay"] or \
        sorted(choices[1:]) == sorted(["Carole Roy", "Yves Dubé", "Lise Ouellet",
                                       "Paul Tremblay"])


def test_the_sign_up_list_in_french(owner, team_night):
    club, _members, _users, night = team_night
    html = french(owner).get(url("players_signups", club, night)).content.decode()
    main = text_of(main_of(html))
    assert count_of(html) == "2 paires sur 2, 1 en attente"
    for words in ("Inscriptions (2)", "En attente (1)", "Paires à confirmer (1)",
                  "En quête de partenaire (2)", "Former la paire", "Retraits (1)",
                  "Arrivée des joueurs depuis leur page", "Donner une place",
                  "Inscrire la paire", "Verser les inscriptions dans la soirée…",
                  "Inscriptions ouvertes jusqu’au"):
        assert words in main, words


def test_an_individual_nights_list_counts_players(organizer, owner):
    club, _members, users = club_with_members(owner, 5)
    night = night_ahead(club, owner, individual=True, cap=3)
    for user in users:
        services.sign_up(night=night, user=user)
    html = organizer.get(url("players_signups", club, night)).content.decode()
    assert count_of(html) == "3 of 3 players, 2 waiting"
    assert "Make a pair" not in html
    html = french(owner).get(url("players_signups", club, night)).content.decode()
    assert count_of(html) == "3 inscriptions sur 3, 2 en attente"


def test_the_organizer_adds_a_pair_from_the_roster(organizer, team_night):
    club, members, _users, night = team_night
    response = organizer.post(url("players_signup_add", club, night),
                              {"add-member": members[12].pk, "add-partner": members[13].pk})
    assert response.status_code == 302
    added = Signup.objects.get(member=members[12])
    assert added.state == State.IN and added.partner == members[13]  # even past the cap


@pytest.mark.parametrize("case", ["other_club", "signed_up", "alone", "same", "garbage",
                                  "unknown"])
def test_adding_someone_who_cannot_be_added_says_why_and_adds_nobody(
        organizer, owner, team_night, case):
    club, members, _users, night = team_night
    stranger = clubs.add_member(club=clubs.create_club(owner=owner, name="Autre club"),
                                name="Quelqu'un")
    data = {"other_club": {"add-member": stranger.pk, "add-partner": members[12].pk},
            "signed_up": {"add-member": members[0].pk, "add-partner": members[12].pk},
            "alone": {"add-member": members[12].pk},
            "same": {"add-member": members[12].pk, "add-partner": members[12].pk},
            "garbage": {"add-member": "x'; --", "add-partner": "²"},
            "unknown": {"add-member": 10**12, "add-partner": 10**30}}[case]
    count = Signup.objects.count()
    response = organizer.post(url("players_signup_add", club, night), data)
    assert response.status_code == 422
    errors = response.context["add_form"].errors
    assert errors and any(
        message in text_of(response.content.decode()) for message in (
            "Choose a player of the roster who is not signed up yet.",
            "A team night takes pairs: choose the partner too.",
            "Choose two different players.")), errors
    assert Signup.objects.count() == count


def test_an_individual_night_adds_a_player_alone(organizer, owner):
    club, members, _users = club_with_members(owner, 2)
    night = night_ahead(club, owner, individual=True, cap=1)
    organizer.post(url("players_signup_add", club, night), {"add-member": members[0].pk})
    organizer.post(url("players_signup_add", club, night), {"add-member": members[1].pk})
    assert list(Signup.objects.order_by("position").values_list("state", flat=True)) == [
        State.IN, State.IN]


def test_removing_asks_first_then_gives_the_place_to_the_first_who_waits(
        organizer, team_night):
    club, members, _users, night = team_night
    first = Signup.objects.get(member=members[0])
    ask = organizer.get(url("players_signup_remove", club, night, signup_id=first.pk))
    assert "Remove Anne Roy & Luc Côté?" in text_of(ask.content.decode())
    assert Signup.objects.get(pk=first.pk).state == State.IN
    done = organizer.post(url("players_signup_remove", club, night, signup_id=first.pk))
    assert done.status_code == 302
    assert Signup.objects.get(pk=first.pk).state == State.WITHDRAWN
    assert Signup.objects.get(member=members[4]).state == State.IN
    assert members[0].notices.filter(kind="removed").exists()
    again = organizer.post(url("players_signup_remove", club, night, signup_id=first.pk),
                           follow=True)
    assert "This sign-up was withdrawn already." in text_of(again.content.decode())


def test_one_who_waits_is_let_in_past_the_cap(organizer, team_night):
    club, members, _users, night = team_night
    waiting = Signup.objects.get(member=members[4])
    response = organizer.post(url("players_signup_let_in", club, night, signup_id=waiting.pk),
                              **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="signup-lists"')
    assert count_of(html) == "3 of 2 pairs" and "Julie Fortin & Denis Pelletier has a place." \
        in text_of(html)
    assert Signup.objects.get(pk=waiting.pk).state == State.IN
    again = organizer.post(url("players_signup_let_in", club, night, signup_id=waiting.pk),
                           **HTMX)
    assert again.status_code == 409
    assert "Only a sign-up that waits can be let in." in text_of(again.content.decode())


def test_the_desk_makes_a_pair_of_two_who_look_and_refuses_one_or_three(
        organizer, team_night):
    club, members, _users, night = team_night
    looking = list(Signup.objects.filter(state=State.LOOKING).order_by("id"))
    pair = url("players_signups_pair", club, night)
    for chosen in ([looking[0].pk], [], [looking[0].pk, looking[0].pk], ["nine"],
                   [looking[0].pk, Signup.objects.get(member=members[0]).pk]):
        response = organizer.post(pair, {"looking": chosen}, follow=True)
        assert "Pick two players looking for a partner." in text_of(
            response.content.decode()), chosen
    assert Signup.objects.filter(state=State.LOOKING).count() == 2
    made = organizer.post(pair, {"looking": [s.pk for s in looking]})
    assert made.status_code == 302
    whole = Signup.objects.get(pk=looking[0].pk)
    assert whole.partner_id == looking[1].member_id and whole.state == State.WAITING


def test_check_in_from_the_players_page_is_opened_and_closed(organizer, team_night):
    club, _members, _users, night = team_night
    toggle = url("players_signups_check_in", club, night)
    response = organizer.post(toggle, {"open": "1"}, **HTMX)
    assert 'aria-pressed="true"' in response.content.decode()
    assert SignupSheet.objects.get(night=night).check_in_open
    organizer.post(toggle, {"open": "0"})
    assert not SignupSheet.objects.get(night=night).check_in_open


def test_the_sign_ups_go_into_the_night_with_their_names_once(organizer, team_night):
    club, members, _users, night = team_night
    form = organizer.get(url("players_signups_enter", club, night))
    html = unescape(form.content.decode())
    first = Signup.objects.get(member=members[0])
    second = Signup.objects.get(member=members[2])
    assert f'name="name-{first.pk}"' in html and f'name="name-{second.pk}"' in html
    assert 'value="Anne Roy & Luc Côté"' in html
    done = organizer.post(url("players_signups_enter", club, night),
                          {f"name-{first.pk}": "Les As de Lévis", f"name-{second.pk}": ""})
    assert done.status_code == 302
    names = sorted(night.tournament.entries.values_list("team__name", flat=True))
    assert len(names) == 2 and "Les As de Lévis" in names
    again = organizer.post(url("players_signups_enter", club, night), {}, follow=True)
    assert "Nobody is left to put in" in text_of(again.content.decode())
    assert night.tournament.entries.count() == 2
    page = organizer.get(url("players_signups", club, night)).content.decode()
    assert reverse("tournament_teams", args=[night.tournament.pk]) in page
    assert f'id="remove-{first.pk}"' not in page  # entered: withdrawn at the door


def test_a_team_name_too_long_is_refused_and_nobody_is_entered(organizer, team_night):
    club, members, _users, night = team_night
    first = Signup.objects.get(member=members[0])
    response = organizer.post(url("players_signups_enter", club, night),
                              {f"name-{first.pk}": "x" * 61})
    assert response.status_code == 422
    assert night.tournament.entries.count() == 0


def test_the_lists_steps_on_a_night_without_sign_up_say_so_and_do_nothing(organizer, owner):
    club, members, _users = club_with_members(owner, 2)
    night = night_ahead(club, owner, individual=True)
    organizer.post(url("players_night_settings", club, night), settings_data(signup="none"))
    for name, data in (("players_signup_add", {"add-member": members[0].pk}),
                       ("players_signups_pair", {"looking": [1, 2]}),
                       ("players_signups_check_in", {"open": "1"}),
                       ("players_signups_enter", {})):
        response = organizer.post(url(name, club, night), data, follow=True)
        assert "This night takes no sign-up." in text_of(response.content.decode()), name
    assert not Signup.objects.exists() and not SignupSheet.objects.exists()
    assert night.tournament.entries.count() == 0


# -- who reaches these pages -----------------------------------------------------------

def every_page(club, night, signup, member, invitation, link_request):
    return [
        ("get", url("players_night_settings", club, night)),
        ("post", url("players_night_settings", club, night)),
        ("get", url("players_night_cancel", club, night)),
        ("post", url("players_night_cancel", club, night)),
        ("get", url("players_signups", club, night)),
        ("post", url("players_signup_add", club, night)),
        ("post", url("players_signups_pair", club, night)),
        ("post", url("players_signups_check_in", club, night)),
        ("get", url("players_signups_enter", club, night)),
        ("post", url("players_signups_enter", club, night)),
        ("get", url("players_signup_remove", club, night, signup_id=signup.pk)),
        ("post", url("players_signup_remove", club, night, signup_id=signup.pk)),
        ("post", url("players_signup_let_in", club, night, signup_id=signup.pk)),
        ("post", url("players_member_invite", club, member_id=member.pk)),
        ("post", url("players_invitation_revoke", club, member_id=member.pk,
                     invitation_id=invitation.pk)),
        ("get", url("players_member_unlink", club, member_id=member.pk)),
        ("post", url("players_member_unlink", club, member_id=member.pk)),
        ("post", url("players_link_request_decide", club, request_id=link_request.pk)),
    ]


def test_only_the_clubs_organizers_reach_these_pages(owner, team_night):
    club, members, users, night = team_night
    signup = Signup.objects.get(member=members[0])
    newcomer = clubs.add_member(club=club, name="Nouvelle Personne")
    invitation = services.invite(club=club, member=newcomer, by=owner)
    link_request = services.ask_to_link(club=club, member=newcomer,
                                        user=UserFactory(username="asking"))
    co_organizer = UserFactory(username="co")
    club.organizers.add(co_organizer)
    before = (Signup.objects.filter(state=State.IN).count(),
              Invitation.objects.filter(revoked_at__isnull=True).count())
    for who in (users[0], UserFactory(username="stranger"), None):
        client = Client()
        if who is not None:
            client.force_login(who)
        for method, path in every_page(club, night, signup, newcomer, invitation,
                                       link_request):
            response = getattr(client, method)(path, {"open": "1", "approve": "1"}
                                               if method == "post" else {})
            if who is None:
                assert response.status_code == 302 and "/accounts/login/" in \
                    response["Location"], (method, path)
            else:
                assert response.status_code == 404, (who, method, path)
    assert (Signup.objects.filter(state=State.IN).count(),
            Invitation.objects.filter(revoked_at__isnull=True).count()) == before
    assert LinkRequest.objects.get(pk=link_request.pk).decided_at is None
    assert not SignupSheet.objects.get(night=night).check_in_open
    co = Client()
    co.force_login(co_organizer)
    for method, path in every_page(club, night, signup, newcomer, invitation, link_request):
        if method == "get":
            assert co.get(path).status_code == 200, path


def test_another_clubs_night_and_unknown_ids_are_not_found(organizer, owner, team_night):
    club, members, _users, night = team_night
    other_club, _m, _u = club_with_members(owner, 0, name="Autre club")
    other_night = night_ahead(other_club, owner, name="Ailleurs")
    signup = Signup.objects.get(member=members[0])
    elsewhere = night_ahead(club, owner, name="Une autre soirée")
    paths = [
        url("players_signups", club, other_night),
        url("players_night_settings", club, other_night),
        reverse("players_signups", kwargs={"pk": club.pk, "night_id": 10**30}),
        reverse("players_signups", kwargs={"pk": 10**30, "night_id": night.pk}),
        url("players_signup_remove", club, elsewhere, signup_id=signup.pk),
        url("players_signup_remove", club, night, signup_id=10**12),
        url("players_member_unlink", club, member_id=10**12),
    ]
    for path in paths:
        assert organizer.get(path).status_code == 404, path
    for path in (url("players_signup_let_in", club, elsewhere, signup_id=signup.pk),
                 url("players_signup_remove", club, elsewhere, signup_id=signup.pk),
                 url("players_member_invite", club,
                     member_id=Signup.objects.first().member_id + 10**6),
                 url("players_link_request_decide", club, request_id=10**12),
                 url("players_invitation_revoke", club, member_id=members[0].pk,
                     invitation_id=10**12)):
        assert organizer.post(path).status_code == 404, path
    assert Signup.objects.get(pk=signup.pk).state == State.IN


def test_a_member_of_another_club_gets_no_invitation_from_this_one(organizer, owner):
    club, _members, _users = club_with_members(owner, 0)
    other = clubs.add_member(club=clubs.create_club(owner=owner, name="Autre"), name="Luc")
    response = organizer.post(url("players_member_invite", club, member_id=other.pk))
    assert response.status_code == 404
    assert not Invitation.objects.exists()


# -- constant queries --------------------------------------------------------------------

def signed_up(owner, count: int):
    """An individual night capped at `count` - 3, with `count` sign-ups (some waiting),
    and a withdrawal."""
    club, _members, _users = club_with_members(owner, 0)
    night = night_ahead(club, owner, individual=True, cap=max(count - 3, 1))
    for number in range(count + 1):
        member = clubs.add_member(club=club, name=a_name(number))
        signup = services.add_signup(night=night, member=member, by=owner)
    services.withdraw(signup=signup, by=owner)
    last = Signup.objects.filter(state=State.IN).order_by("-position")[:3]
    Signup.objects.filter(pk__in=list(last.values_list("pk", flat=True))).update(
        state=State.WAITING)
    return club, night


@pytest.mark.parametrize("count", [5, 40])
def test_the_sign_up_list_reads_a_fixed_number_of_queries(
        organizer, owner, count, django_assert_max_num_queries):
    club, night = signed_up(owner, count)
    organizer.get(url("players_signups", club, night))  # the session's first reads
    with django_assert_max_num_queries(7):
        response = organizer.get(url("players_signups", club, night))
    assert response.status_code == 200
    assert text_of(response.content.decode()).count("Joueur ") >= count


@pytest.mark.parametrize("count", [5, 40])
def test_the_enter_page_reads_a_fixed_number_of_queries(
        organizer, owner, count, django_assert_max_num_queries):
    club, night = signed_up(owner, count)
    organizer.get(url("players_signups_enter", club, night))
    with django_assert_max_num_queries(7):
        assert organizer.get(url("players_signups_enter", club, night)).status_code == 200


def test_players_paired_at_the_desk_are_not_listed_as_withdrawn(organizer, owner):
    club, _members, users = club_with_members(owner, 4)
    night = night_ahead(club, owner)
    first = services.sign_up(night=night, user=users[0], looking_for_partner=True)
    second = services.sign_up(night=night, user=users[1], looking_for_partner=True)
    services.pair_lookers(first=first, second=second, by=owner)
    html = organizer.get(url("players_signups", club, night)).content.decode()
    assert "Anne Roy & Luc Côté" in text_of(html.split('id="signed-up"')[1].split("</ol>")[0])
    assert 'id="withdrawn"' not in html or "Luc Côté" not in text_of(
        html.split('id="withdrawn"')[1].split("</details>")[0])


def test_the_sign_up_window_says_its_time_without_a_second_full_stop(organizer, owner):
    club, _, _ = club_with_members(owner, 1)
    night = night_ahead(club, owner, closes_in=timezone.timedelta(days=2))
    window = text_of(organizer.get(url("players_signups", club, night)).content.decode()
                     .split('id="signup-window"')[1].split("</p>")[0])
    assert window.startswith(">Sign-up open until: ") or "Sign-up open until: " in window
    assert ".." not in window
