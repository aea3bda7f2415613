"""Signing up for a night through the services: places in line, the cap, pairs whose
partner confirms, the partnership desk, withdrawals that give the place on, and the
sign-ups entered as the night's teams once."""

from datetime import timedelta

import pytest

from players import services
from players.models import Notice, Signup
from scoring.errors import Conflict, InvalidInput, NotAllowed
from tests.factories import UserFactory
from tests.players.helpers import club_with_members, night_ahead

pytestmark = pytest.mark.django_db
IN, WAITING = Signup.State.IN, Signup.State.WAITING


def codes(error) -> list[str]:
    return [v.code for v in error.value.violations]


def test_past_the_cap_players_wait_in_the_order_they_signed_up(owner):
    club, members, users = club_with_members(owner, 5)
    night = night_ahead(club, owner, individual=True, cap=3)
    states = [services.sign_up(night=night, user=user) for user in users]
    assert [s.state for s in states] == [IN, IN, IN, WAITING, WAITING]
    assert Notice.objects.filter(member=members[4], kind="waiting").get().params == {
        "position": 2}


def test_a_withdrawal_before_the_close_gives_the_place_to_the_first_who_waits(owner):
    club, members, users = club_with_members(owner, 5)
    night = night_ahead(club, owner, individual=True, cap=3)
    signups = [services.sign_up(night=night, user=user) for user in users]
    services.withdraw(signup=signups[1], by=users[1])
    signups = {s.member_id: s.state for s in Signup.objects.all()}
    assert signups[members[3].pk] == IN and signups[members[4].pk] == WAITING
    assert Notice.objects.filter(member=members[3], kind="place_given").exists()


def test_a_pair_holds_no_place_until_the_partner_confirms(owner):
    club, members, users = club_with_members(owner, 6)
    night = night_ahead(club, owner, cap=1)
    pair = services.sign_up(night=night, user=users[0], partner=members[1])
    assert pair.state == Signup.State.PARTNER_TO_CONFIRM and pair.position is None
    other = services.sign_up(night=night, user=users[2], partner=members[3])
    services.confirm_partner(signup=other, user=users[3])
    services.confirm_partner(signup=pair, user=users[1])
    assert Signup.objects.get(pk=other.pk).state == IN
    assert Signup.objects.get(pk=pair.pk).state == WAITING


def test_only_the_partner_named_confirms(owner):
    club, members, users = club_with_members(owner, 3)
    night = night_ahead(club, owner)
    pair = services.sign_up(night=night, user=users[0], partner=members[1])
    with pytest.raises(NotAllowed):
        services.confirm_partner(signup=pair, user=users[2])
    with pytest.raises(NotAllowed):
        services.confirm_partner(signup=pair, user=users[0])


def test_nobody_holds_two_places(owner):
    club, members, users = club_with_members(owner, 4)
    night = night_ahead(club, owner)
    services.sign_up(night=night, user=users[0], partner=members[1])
    with pytest.raises(Conflict) as refused:
        services.sign_up(night=night, user=users[1], partner=members[2])
    assert codes(refused) == ["already_signed_up"]
    with pytest.raises(Conflict) as refused:
        services.sign_up(night=night, user=users[2], partner=members[0])
    assert codes(refused) == ["partner_taken"]


def test_two_players_looking_for_a_partner_make_a_pair_at_the_desk(owner):
    club, members, users = club_with_members(owner, 4)
    night = night_ahead(club, owner, cap=4)
    first = services.sign_up(night=night, user=users[0], looking_for_partner=True)
    second = services.sign_up(night=night, user=users[1], looking_for_partner=True)
    asked = services.ask_partner(signup=first, partner=members[1], user=users[0])
    services.confirm_partner(signup=asked, user=users[1])
    assert Signup.objects.get(pk=first.pk).state == IN
    assert Signup.objects.get(pk=second.pk).state == Signup.State.WITHDRAWN
    third = services.sign_up(night=night, user=users[2], looking_for_partner=True)
    fourth = services.sign_up(night=night, user=users[3], looking_for_partner=True)
    paired = services.pair_lookers(first=third, second=fourth, by=owner)
    assert paired.state == IN and paired.partner_id == members[3].pk


def test_sign_up_refused_before_it_opens_and_after_it_closes(owner):
    club, _members, users = club_with_members(owner, 2)
    later = night_ahead(club, owner, individual=True, opens_in=timedelta(days=1))
    with pytest.raises(Conflict) as refused:
        services.sign_up(night=later, user=users[0])
    assert codes(refused) == ["signup_not_open"]
    over = night_ahead(club, owner, individual=True, opens_in=timedelta(days=-2),
                       closes_in=timedelta(seconds=-1), name="Passée")
    with pytest.raises(Conflict) as refused:
        services.sign_up(night=over, user=users[0])
    assert codes(refused) == ["signup_closed"]


def test_an_account_not_linked_to_the_club_cannot_sign_up(owner):
    club, _members, _users = club_with_members(owner, 1)
    night = night_ahead(club, owner, individual=True)
    with pytest.raises(NotAllowed) as refused:
        services.sign_up(night=night, user=UserFactory(username="stranger"))
    assert codes(refused) == ["not_linked"]


def test_a_partner_from_another_club_is_refused(owner):
    club, _members, users = club_with_members(owner, 1)
    _other, strangers, _ = club_with_members(owner, 1, name="Autre club")
    night = night_ahead(club, owner)
    with pytest.raises(InvalidInput) as refused:
        services.sign_up(night=night, user=users[0], partner=strangers[0])
    assert codes(refused) == ["partner_not_member"]


def test_entering_the_sign_ups_twice_adds_nobody_the_second_time(owner):
    club, members, users = club_with_members(owner, 4)
    night = night_ahead(club, owner, cap=1)
    pair = services.sign_up(night=night, user=users[0], partner=members[1])
    services.confirm_partner(signup=pair, user=users[1])
    waiting = services.sign_up(night=night, user=users[2], partner=members[3])
    services.confirm_partner(signup=waiting, user=users[3])
    entries = services.enter_signups(night=night, by=owner)
    assert [e.team.name for e in entries] == ["Anne Roy & Luc Côté"]
    assert services.enter_signups(night=night, by=owner) == []
    assert night.tournament.entries.count() == 1
    seated = {seat.member_id for seat in members[0].seats.all()} | {
        seat.member_id for seat in members[1].seats.all()}
    assert seated == {members[0].pk, members[1].pk}


def test_a_partner_without_an_account_is_refused_as_they_could_never_confirm(owner):
    club, members, users = club_with_members(owner, 3)
    members[1].account = None
    members[1].save(update_fields=["account"])
    night = night_ahead(club, owner)
    with pytest.raises(InvalidInput) as refused:
        services.sign_up(night=night, user=users[0], partner=members[1])
    assert codes(refused) == ["partner_not_linked"]
    assert not Signup.objects.exists()
    # An organizer signs such a pair up whole.
    assert services.add_signup(night=night, member=members[0], partner=members[1],
                               by=owner).state == IN


def test_a_refused_entry_names_the_team_by_its_place_not_by_a_line_never_typed(owner):
    club, members, _users = club_with_members(owner, 4)
    night = night_ahead(club, owner)
    pairs = [services.add_signup(night=night, member=members[i], partner=members[i + 1],
                                 by=owner) for i in (0, 2)]
    with pytest.raises(InvalidInput) as refused:
        services.enter_signups(night=night, by=owner,
                               names={pairs[0].pk: "Les As", pairs[1].pk: "Les As"})
    message = " ".join(refused.value.messages())
    assert "Team 2" in message and "Line" not in message
    assert night.tournament.entries.count() == 0
