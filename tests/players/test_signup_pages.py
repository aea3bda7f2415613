"""A night's sign-up page for players: alone on an individual night, as a pair whose
partner confirms, through the partnership desk, the waiting list and its order, withdrawing
(asked first), checking in from the page; and what a player may not do (another's sign-up,
a foreign member, a GET that would write)."""

import pytest
from django.urls import reverse

from clubs import services as clubs
from players import services
from players.models import Signup
from tests.factories import UserFactory
from tests.players.helpers import club_with_members, night_ahead

pytestmark = pytest.mark.django_db
IN, WAITING = Signup.State.IN, Signup.State.WAITING


def page_url(night):
    return reverse("night_signup", args=[night.club_id, night.pk])


def action_url(name, signup):
    night = signup.sheet.night
    return reverse(name, args=[night.club_id, night.pk, signup.pk])


def text(response) -> str:
    return response.content.decode()


def test_a_player_signs_up_alone_and_the_page_says_where_they_stand(client, owner):
    club, members, users = club_with_members(owner, 3)
    night = night_ahead(club, owner, individual=True, cap=2)
    client.force_login(users[0])
    page = text(client.get(page_url(night)))
    assert 'id="signup-alone"' in page and "0 of 2 places taken" in page
    answer = client.post(page_url(night), {"how": "alone"}, follow=True)
    assert answer.status_code == 200
    assert "You are signed up." in text(answer) and "1 of 2 places taken" in text(answer)
    assert Signup.objects.get(member=members[0]).state == IN


def test_past_the_cap_the_page_says_my_place_on_the_waiting_list(client, owner):
    club, _members, users = club_with_members(owner, 4)
    night = night_ahead(club, owner, individual=True, cap=1)
    for user in users[:3]:
        services.sign_up(night=night, user=user)
    client.force_login(users[2])
    page = text(client.get(page_url(night)))
    assert "You are number 2 on the waiting list." in page
    assert "2 waiting" in page and "Full" in page


def test_htmx_gets_the_sign_up_card_alone_with_its_message(client, owner):
    club, _members, users = club_with_members(owner, 2)
    night = night_ahead(club, owner, individual=True)
    client.force_login(users[0])
    answer = client.post(page_url(night), {"how": "alone"}, HTTP_HX_REQUEST="true")
    body = text(answer)
    assert answer.status_code == 200
    assert body.lstrip().startswith('<section class="card" id="sheet"')
    assert "You are signed up." in body and "<html" not in body


def test_a_pair_is_asked_then_confirmed_by_the_partner_from_their_page(client, owner):
    club, members, users = club_with_members(owner, 3)
    night = night_ahead(club, owner, cap=4)
    client.force_login(users[0])
    page = text(client.get(page_url(night)))
    assert 'id="signup-partner"' in page and 'id="signup-looking"' in page
    answer = client.post(page_url(night), {"how": "partner", "partner": members[1].pk},
                         follow=True)
    assert "Luc Côté is asked to confirm" in text(answer)
    pair = Signup.objects.get(member=members[0])
    assert pair.state == Signup.State.PARTNER_TO_CONFIRM
    client.force_login(users[1])
    page = text(client.get(page_url(night)))
    assert "Anne Roy asks you to be their partner" in page and 'id="partner-confirm"' in page
    client.post(action_url("signup_confirm", pair))
    assert Signup.objects.get(pk=pair.pk).state == IN
    assert "You are signed up." in text(client.get(page_url(night)))


def test_the_partner_declines_and_the_pair_holds_nothing(client, owner):
    club, members, users = club_with_members(owner, 2)
    night = night_ahead(club, owner)
    pair = services.sign_up(night=night, user=users[0], partner=members[1])
    client.force_login(users[1])
    answer = client.post(action_url("signup_decline", pair), follow=True)
    assert "Declined: Anne Roy is told." in text(answer)
    assert Signup.objects.get(pk=pair.pk).state == Signup.State.DECLINED


def test_the_partnership_desk_lists_others_looking_and_asks_one(client, owner):
    club, members, users = club_with_members(owner, 3)
    night = night_ahead(club, owner)
    mine = services.sign_up(night=night, user=users[0], looking_for_partner=True)
    services.sign_up(night=night, user=users[1], looking_for_partner=True)
    client.force_login(users[0])
    page = text(client.get(page_url(night)))
    assert "Luc Côté" in page and f'id="ask-{members[1].pk}"' in page
    assert "Élise Bouchard" not in page.split("Others looking for a partner")[1]
    client.post(action_url("signup_ask_partner", mine), {"partner": members[1].pk})
    mine.refresh_from_db()
    assert mine.state == Signup.State.PARTNER_TO_CONFIRM and mine.partner == members[1]


def test_the_desk_offers_no_one_already_asked_and_a_player_asked_answers_first(client, owner):
    club, members, users = club_with_members(owner, 4)
    night = night_ahead(club, owner)
    looking = [services.sign_up(night=night, user=user, looking_for_partner=True)
               for user in users[:3]]
    services.ask_partner(signup=looking[2], partner=members[1], user=users[2])
    client.force_login(users[0])
    page = text(client.get(page_url(night)))
    assert f'id="ask-{members[1].pk}"' not in page  # asked already: they answer first
    client.force_login(users[1])
    page = text(client.get(page_url(night)))
    assert 'id="partner-confirm"' in page and 'id="ask-' not in page


def test_asking_someone_who_is_not_looking_is_refused_and_saves_nothing(client, owner):
    club, members, users = club_with_members(owner, 3)
    night = night_ahead(club, owner)
    mine = services.sign_up(night=night, user=users[0], looking_for_partner=True)
    client.force_login(users[0])
    answer = client.post(action_url("signup_ask_partner", mine), {"partner": members[2].pk},
                         follow=True)
    assert "no longer looking for a partner" in text(answer)
    mine.refresh_from_db()
    assert mine.state == Signup.State.LOOKING and mine.partner is None


def test_withdrawing_asks_first_then_gives_the_place_to_the_first_who_waits(client, owner):
    club, members, users = club_with_members(owner, 3)
    night = night_ahead(club, owner, individual=True, cap=1)
    signups = [services.sign_up(night=night, user=user) for user in users]
    client.force_login(users[0])
    confirm = client.get(action_url("signup_withdraw", signups[0]))
    assert confirm.status_code == 200 and 'id="withdraw-confirm"' in text(confirm)
    assert Signup.objects.get(pk=signups[0].pk).state == IN  # asking wrote nothing
    answer = client.post(action_url("signup_withdraw", signups[0]), follow=True)
    assert "Withdrawn" in text(answer)
    states = dict(Signup.objects.values_list("member_id", "state"))
    assert states[members[0].pk] == Signup.State.WITHDRAWN
    assert states[members[1].pk] == IN and states[members[2].pk] == WAITING


def test_a_player_checks_in_from_the_page_once_the_organizer_opens_it(client, owner):
    club, _members, users = club_with_members(owner, 2)
    night = night_ahead(club, owner, individual=True)
    signup = services.sign_up(night=night, user=users[0])
    services.enter_signups(night=night, by=owner)
    client.force_login(users[0])
    assert 'id="check-in"' not in text(client.get(page_url(night)))
    services.open_check_in(night=night, by=owner)
    assert 'id="check-in"' in text(client.get(page_url(night)))
    client.post(action_url("signup_check_in", signup))
    signup.refresh_from_db()
    assert signup.entry.checked_in


def test_another_players_sign_up_is_not_theirs_to_touch(client, owner):
    club, members, users = club_with_members(owner, 4)
    night = night_ahead(club, owner)
    pair = services.sign_up(night=night, user=users[0], partner=members[1])
    client.force_login(users[2])
    for name in ("signup_confirm", "signup_decline", "signup_withdraw", "signup_check_in",
                 "signup_ask_partner"):
        assert client.post(action_url(name, pair)).status_code == 404, name
    assert client.get(action_url("signup_withdraw", pair)).status_code == 404
    assert Signup.objects.get(pk=pair.pk).state == Signup.State.PARTNER_TO_CONFIRM


def test_the_player_who_asked_cannot_confirm_for_their_partner(client, owner):
    club, members, users = club_with_members(owner, 2)
    night = night_ahead(club, owner)
    pair = services.sign_up(night=night, user=users[0], partner=members[1])
    client.force_login(users[0])
    answer = client.post(action_url("signup_confirm", pair), follow=True)
    assert answer.status_code == 200 and "Only the partner named may confirm." in text(answer)
    assert Signup.objects.get(pk=pair.pk).state == Signup.State.PARTNER_TO_CONFIRM


def test_a_partner_from_another_club_or_unknown_is_refused_without_a_500(client, owner):
    club, members, users = club_with_members(owner, 2)
    _other_club, strangers, _ = club_with_members(UserFactory(username="other"), 1,
                                                 name="Autre club")
    night = night_ahead(club, owner)
    client.force_login(users[0])
    for partner in (strangers[0].pk, 99999999, "abc", "", 10**30, members[0].pk):
        answer = client.post(page_url(night), {"how": "partner", "partner": partner})
        assert answer.status_code == 422, partner
        assert "Choose your partner" in text(answer)
    assert not Signup.objects.exists()


def test_odd_input_answers_a_message_or_404_never_500(client, owner):
    club, members, users = club_with_members(owner, 2)
    night = night_ahead(club, owner, individual=True)
    signup = services.sign_up(night=night, user=users[0])
    client.force_login(users[0])
    assert client.post(page_url(night), {"how": "everything"}, follow=True).status_code == 200
    assert client.post(page_url(night), {"how": "partner", "partner": members[1].pk},
                       follow=True).status_code == 200  # refused: an individual night
    assert client.get(reverse("night_signup", args=[club.pk, 99999999])).status_code == 404
    assert client.get(reverse("night_signup", args=[club.pk, 10**20])).status_code == 404
    other_club, _, _ = club_with_members(UserFactory(username="other"), 1, name="Autre")
    assert client.get(reverse("night_signup", args=[other_club.pk, night.pk])).status_code \
        == 404
    wrong = reverse("signup_confirm", args=[club.pk, night.pk, 99999999])
    assert client.post(wrong).status_code == 404
    assert client.get(action_url("signup_confirm", signup)).status_code == 405
    assert client.put(page_url(night)).status_code == 405
    # Signing up twice says so.
    again = client.post(page_url(night), {"how": "alone"}, follow=True)
    assert "already signed up" in text(again)
    assert Signup.objects.count() == 1


def test_a_private_club_night_is_read_only_by_its_members_and_organizers(client, owner):
    club, _members, users = club_with_members(owner, 1)
    clubs.update_club(club=club, name=club.name, public=False)
    night = night_ahead(club, owner)
    client.force_login(UserFactory(username="stranger"))
    assert client.get(page_url(night)).status_code == 404
    client.force_login(users[0])
    assert client.get(page_url(night)).status_code == 200


def test_a_user_not_linked_to_the_club_is_told_how_to_be(client, owner):
    club, _members, _users = club_with_members(owner, 1)
    night = night_ahead(club, owner)
    client.force_login(UserFactory(username="stranger"))
    page = text(client.get(page_url(night)))
    assert "Your account is not linked to a player of this club" in page
    assert 'id="signup-partner"' not in page
    for how in ("alone", "partner", "looking"):
        answer = client.post(page_url(night), {"how": how, "partner": _members[0].pk},
                             follow=True)
        assert answer.status_code == 200
        assert "Your account is not linked to a player of this club" in text(answer)
    assert not Signup.objects.exists()


def test_an_anonymous_reader_of_a_public_night_is_asked_to_log_in(client, owner):
    club, _members, _users = club_with_members(owner, 1)
    night = night_ahead(club, owner)
    assert club.public and night.tournament.public
    page = text(client.get(page_url(night)))
    assert 'id="signup-login"' in page
    answer = client.post(page_url(night), {"how": "looking"})
    assert answer.status_code == 302 and reverse("login") in answer["Location"]
    assert not Signup.objects.exists()


def test_the_sign_up_page_in_french(client, owner):
    club, _members, users = club_with_members(owner, 2)
    night = night_ahead(club, owner, individual=True, cap=4)
    client.force_login(users[0])
    client.post(page_url(night), {"how": "alone"})
    page = text(client.get(page_url(night), HTTP_ACCEPT_LANGUAGE="fr"))
    assert 'lang="fr"' in page
    assert "Votre inscription" in page and "1 place prise sur 4" in page





def test_the_sign_up_page_reads_in_a_fixed_number_of_queries(client, owner,
                                                             django_assert_max_num_queries):
    club, members, users = club_with_members(owner, 24)
    night = night_ahead(club, owner, cap=4)
    for user in users[1:12]:
        services.sign_up(night=night, user=user, looking_for_partner=True)
    services.sign_up(night=night, user=users[12], partner=members[13])
    mine = services.sign_up(night=night, user=users[0], looking_for_partner=True)
    client.force_login(users[0])
    with django_assert_max_num_queries(9):
        page = text(client.get(page_url(night)))
    assert page.count('id="ask-') == 11
    services.withdraw(signup=mine, by=users[0])
    with django_assert_max_num_queries(9):
        page = text(client.get(page_url(night)))
    sheet = page.split('id="sheet"')[1].split("</section>")[0]
    assert sheet.count("<option") == 24  # the roster but me, and "Choose…"
