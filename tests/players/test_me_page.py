"""My page (/me/): my clubs, where I stand on each night ahead (and answering a partner
from it), tonight's table, my results across clubs, what I was told (names as the public
reads them), and my privacy choices, each done by me and recorded in the club's history;
nobody else's data, whatever the id typed; a fixed number of queries however many clubs and
nights."""

import json

import pytest
from django.urls import reverse
from django.utils import timezone

from clubs import services as clubs
from clubs.models import ClubEvent, Member, PublicName
from players import services
from players.models import Signup
from tests.clubs.helpers import club_match, win
from tests.players.helpers import club_with_members, night_ahead
from tournaments import services as tournaments

pytestmark = pytest.mark.django_db
ME = "/me/"


def text(response) -> str:
    return response.content.decode()


def test_my_page_needs_an_account_and_the_site_links_to_it(client, owner):
    answer = client.get(ME)
    assert answer.status_code == 302 and reverse("login") in answer["Location"]
    client.force_login(owner)
    assert f'href="{ME}"' in text(client.get(reverse("home")))


def test_my_page_says_where_i_stand_on_each_night_ahead(client, owner):
    club, members, users = club_with_members(owner, 4)
    alone = night_ahead(club, owner, individual=True, cap=1, name="Mêlée du jeudi", days=2)
    pairs = night_ahead(club, owner, name="Soirée en paires", days=3)
    later = night_ahead(club, owner, individual=True, name="Mêlée suivante", days=9)
    services.sign_up(night=alone, user=users[1])
    services.sign_up(night=alone, user=users[0])  # waits, first in line
    services.sign_up(night=pairs, user=users[0], partner=members[2])
    client.force_login(users[0])
    page = text(client.get(ME))
    assert page.index("Mêlée du jeudi") < page.index("Soirée en paires") \
        < page.index("Mêlée suivante")
    assert "Waiting: number 1 in line" in page
    assert "Partner to confirm" in page and "Élise Bouchard has not answered yet" in page
    assert f'id="signup-{later.pk}"' in page  # sign up alone from my page


def test_i_confirm_a_partner_from_my_page_and_come_back_to_it(client, owner):
    club, members, users = club_with_members(owner, 2)
    night = night_ahead(club, owner)
    pair = services.sign_up(night=night, user=users[0], partner=members[1])
    client.force_login(users[1])
    page = text(client.get(ME))
    assert "To answer" in page and "Anne Roy asks you to be their partner." in page
    assert f'id="confirm-{pair.pk}"' in page and f'id="decline-{pair.pk}"' in page
    answer = client.post(reverse("signup_confirm", args=[club.pk, night.pk, pair.pk]),
                         {"next": ME})
    assert answer.status_code == 302 and answer["Location"] == ME
    assert Signup.objects.get(pk=pair.pk).state == Signup.State.IN
    assert "Signed up" in text(client.get(ME))


def test_signing_up_alone_from_my_page_comes_back_to_it(client, owner):
    club, _members, users = club_with_members(owner, 1)
    night = night_ahead(club, owner, individual=True)
    client.force_login(users[0])
    answer = client.post(reverse("night_signup", args=[club.pk, night.pk]),
                         {"how": "alone", "next": ME})
    assert answer["Location"] == ME
    assert Signup.objects.get().state == Signup.State.IN
    # Never off the site.
    answer = client.post(reverse("night_signup", args=[club.pk, night.pk]),
                         {"how": "alone", "next": "https://evil.example/"})
    assert answer["Location"] == reverse("night_signup", args=[club.pk, night.pk])


def test_tonight_my_table_and_seat_with_a_link_to_my_live_night(client, owner):
    club, members, users = club_with_members(owner, 5)
    night = night_ahead(club, owner, individual=True)
    for user in users[:4]:
        services.sign_up(night=night, user=user)
    tournaments.schedule(tournament=night.tournament, starts_at=timezone.now(),
                         zone=club.time_zone)
    services.enter_signups(night=night, by=owner)
    tournaments.draw_next_round(tournament=night.tournament)
    client.force_login(users[0])
    page = text(client.get(ME))
    mine = Signup.objects.get(member=members[0]).entry
    assert "Round 1: table 1," in page
    assert reverse("public_player", args=[night.tournament.pk, mine.pk]) in page
    client.force_login(users[4])  # not playing tonight
    assert "Round 1" not in text(client.get(ME))


def test_my_results_across_my_clubs_in_short_with_a_link_to_each_clubs_page(client, owner):
    first, members, users = club_with_members(owner, 4)
    second = clubs.create_club(owner=owner, name="Club du jeudi")
    other = clubs.add_member(club=second, name="Anne Roy")
    Member.objects.filter(pk=other.pk).update(account=users[0])
    names = [m.name for m in members]
    club_match(first, owner, names[:2], names[2:], [win("a")])
    club_match(first, owner, names[2:], names[:2], [win("a")])
    club_match(second, owner, ("Anne Roy", "Zoé"), ("Yan", "Xavier"), [win("a")])
    client.force_login(users[0])
    page = text(client.get(ME))
    first_card = page.split(f'id="club-{first.pk}"')[1].split("</section>")[0]
    second_card = page.split(f'id="club-{second.pk}"')[1].split("</section>")[0]
    assert "<dd>2</dd>" in first_card and "<dd>1 – 1</dd>" in first_card
    assert "<dd>1</dd>" in second_card and "<dd>1 – 0</dd>" in second_card
    assert reverse("club_player", args=[first.pk, members[0].pk]) in first_card


def test_my_notices_newest_first_naming_who_asked_as_the_public_reads_them(client, owner):
    club, members, users = club_with_members(owner, 2)
    clubs.update_club(club=club, name=club.name)
    members[0].public_name = PublicName.HIDDEN
    members[0].save(update_fields=["public_name"])
    night = night_ahead(club, owner, name="Soirée du mardi")
    pair = services.sign_up(night=night, user=users[0], partner=members[1])
    services.decline_partner(signup=pair, user=users[1])
    client.force_login(users[1])
    page = text(client.get(ME))
    asked = f"Player {members[0].number} asks you to be their partner for Soirée du mardi"
    assert asked in page and "Anne Roy" not in page
    later = night_ahead(club, owner, individual=True, name="Mêlée du jeudi")
    services.sign_up(night=later, user=users[0])
    client.force_login(users[0])
    page = text(client.get(ME)).split('id="notices"')[1]
    declined = page.index("Luc Côté declined to be your partner for Soirée du mardi.")
    assert page.index("You are signed up for Mêlée du jeudi.") < declined


def test_how_my_name_shows_is_my_choice_and_the_history_says_i_made_it(client, owner):
    _club, members, users = club_with_members(owner, 1)
    client.force_login(users[0])
    page = text(client.get(ME))
    assert f'id="public-name-save-{members[0].pk}"' in page
    answer = client.post(reverse("me_public_name", args=[members[0].pk]),
                         {"public_name": PublicName.INITIAL}, follow=True)
    assert "Anne R." in text(answer)
    assert Member.objects.get(pk=members[0].pk).public_name == PublicName.INITIAL
    event = ClubEvent.objects.get(kind=ClubEvent.Kind.PUBLIC_NAME)
    assert event.by == users[0] and event.member == members[0]
    refused = client.post(reverse("me_public_name", args=[members[0].pk]),
                          {"public_name": "everyone"}, follow=True)
    assert "Choose how the name shows" in text(refused)
    assert Member.objects.get(pk=members[0].pk).public_name == PublicName.INITIAL


def test_a_copy_of_my_data_is_mine_to_download(client, owner):
    _club, members, users = club_with_members(owner, 1)
    client.force_login(users[0])
    answer = client.get(reverse("me_data", args=[members[0].pk, "json"]))
    assert answer.status_code == 200 and "no-store" in answer["Cache-Control"]
    assert json.loads(answer.content)["member"]["name"] == "Anne Roy"
    assert client.get(reverse("me_data", args=[members[0].pk, "csv"])).status_code == 200
    assert client.get(reverse("me_data", args=[members[0].pk, "xml"])).status_code == 404
    assert ClubEvent.objects.filter(kind=ClubEvent.Kind.DATA_COPY, by=users[0]).count() == 2


def test_taking_my_name_off_asks_first_then_is_done_at_once(client, owner):
    _club, members, users = club_with_members(owner, 1)
    client.force_login(users[0])
    url = reverse("me_take_name_off", args=[members[0].pk])
    question = client.get(url)
    assert 'id="take-name-off-confirm"' in text(question)
    assert Member.objects.get(pk=members[0].pk).anonymized_at is None
    answer = client.post(url, follow=True)
    member = Member.objects.get(pk=members[0].pk)
    assert member.anonymized_at is not None and member.name == f"#{member.number}"
    assert f"Player {member.number}" in text(answer)
    event = ClubEvent.objects.get(kind=ClubEvent.Kind.ANONYMIZED)
    assert event.by == users[0]


def test_unlinking_asks_first_then_ends_the_link(client, owner):
    _club, members, users = club_with_members(owner, 1)
    client.force_login(users[0])
    url = reverse("me_unlink", args=[members[0].pk])
    assert 'id="unlink-confirm"' in text(client.get(url))
    assert Member.objects.get(pk=members[0].pk).account == users[0]
    answer = client.post(url, follow=True)
    assert "no longer linked" in text(answer)
    assert Member.objects.get(pk=members[0].pk).account is None
    assert ClubEvent.objects.filter(kind=ClubEvent.Kind.ACCOUNT_UNLINKED, by=users[0]).exists()
    # Not mine any more: every path of it is a 404.
    assert client.get(url).status_code == 404


def test_nobody_reads_or_changes_another_players_page(client, owner):
    club, members, users = club_with_members(owner, 2)
    services.sign_up(night=night_ahead(club, owner, individual=True), user=users[0])
    client.force_login(users[1])
    page = text(client.get(ME))
    assert f'id="club-{club.pk}"' in page and "Anne Roy" not in page
    other = members[0].pk
    for name, args in (("me_data", [other, "json"]), ("me_take_name_off", [other]),
                       ("me_unlink", [other])):
        assert client.get(reverse(name, args=args)).status_code == 404, name
    for name in ("me_public_name", "me_take_name_off", "me_unlink"):
        assert client.post(reverse(name, args=[other]),
                           {"public_name": "hidden"}).status_code == 404, name
    for odd in (99999999, 10**20):
        assert client.get(reverse("me_unlink", args=[odd])).status_code == 404
    assert client.post(reverse("me_data", args=[other, "json"])).status_code == 405
    member = Member.objects.get(pk=other)
    assert member.account == users[0] and member.anonymized_at is None \
        and member.public_name == ""
    assert not ClubEvent.objects.filter(by=users[1]).exists()


def test_my_page_reads_in_a_fixed_number_of_queries(client, owner,
                                                     django_assert_max_num_queries):
    first, members, users = club_with_members(owner, 4)
    me = users[0]
    for number, name in enumerate(("Club du jeudi", "Club du vendredi"), start=1):
        club = clubs.create_club(owner=owner, name=name)
        for other in range(4):
            member = clubs.add_member(club=club, name=f"Joueur {number}-{other}")
            if other == 0:
                Member.objects.filter(pk=member.pk).update(account=me)
        for day in range(1, 6):
            night_ahead(club, owner, individual=day % 2 == 0, days=day, cap=2,
                        name=f"Soirée {day}")
    for day in range(1, 6):
        night = night_ahead(first, owner, individual=True, days=day, cap=1,
                            name=f"Mêlée {day}")
        services.sign_up(night=night, user=users[1])
        services.sign_up(night=night, user=me)
    pairs = night_ahead(first, owner, days=6)
    services.sign_up(night=pairs, user=users[2], partner=members[0])
    names = [m.name for m in members]
    club_match(first, owner, names[:2], names[2:], [win("a")])
    client.force_login(me)
    client.get(ME)  # the calendar's key, made once
    with django_assert_max_num_queries(11):
        page = text(client.get(ME))
    assert page.count("Waiting: number 1 in line") == 5
    assert page.count('class="night-list"') >= 2


def test_my_page_in_french(client, owner):
    club, _members, users = club_with_members(owner, 2)
    night = night_ahead(club, owner, individual=True, cap=1)
    services.sign_up(night=night, user=users[1])
    services.sign_up(night=night, user=users[0])
    client.force_login(users[0])
    page = text(client.get(ME, HTTP_ACCEPT_LANGUAGE="fr"))
    assert 'lang="fr"' in page and "Ma page" in page
    assert "En attente : numéro 1 dans la file" in page
    assert "Soirées à venir" in page
