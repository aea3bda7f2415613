"""Random evenings of sign-ups: any sequence of what players and organizers press, by
anyone, leaves the night's list sound after every step (tests/players/invariants.py), and
every refusal is a domain error with a code, never another exception. First the cases the
random evenings found, each as a plain test."""

import pytest

from players import services
from players.models import Signup
from scoring.errors import Conflict
from tests.factories import UserFactory
from tests.players import invariants
from tests.players.helpers import club_with_members, night_ahead

IN, WAITING, LOOKING = Signup.State.IN, Signup.State.WAITING, Signup.State.LOOKING


@pytest.fixture
def owner():
    return UserFactory(username="organizer")


def codes(error) -> list[str]:
    return [v.code for v in error.value.violations]


# -- what the random evenings found ---------------------------------------------------------

@pytest.mark.django_db
def test_one_who_looks_and_is_asked_cannot_be_paired_by_the_desk_too(owner):
    """The desk pairing someone another player asked would let them confirm that request
    too and hold two places (or, paired the other way round, break the database's rule of
    one request per partner): refused until they answer."""
    club, members, users = club_with_members(owner, 4)
    night = night_ahead(club, owner, cap=4)
    b_looks = services.sign_up(night=night, user=users[1], looking_for_partner=True)
    e_looks = services.sign_up(night=night, user=users[2], looking_for_partner=True)
    asks_b = services.sign_up(night=night, user=users[0], partner=members[1])
    for first, second in ((b_looks, e_looks), (e_looks, b_looks)):
        with pytest.raises(Conflict) as refused:
            services.pair_lookers(first=first, second=second, by=owner)
        assert codes(refused) == ["partner_taken"]
    services.confirm_partner(signup=asks_b, user=users[1])
    invariants.check(night.signup_sheet)


@pytest.mark.django_db
def test_one_who_looks_and_is_asked_once_cannot_be_asked_twice(owner):
    club, members, users = club_with_members(owner, 4)
    night = night_ahead(club, owner, cap=4)
    services.sign_up(night=night, user=users[1], looking_for_partner=True)
    services.sign_up(night=night, user=users[0], partner=members[1])
    with pytest.raises(Conflict) as refused:
        services.sign_up(night=night, user=users[2], partner=members[1])
    assert codes(refused) == ["partner_taken"]
    invariants.check(night.signup_sheet)


@pytest.mark.django_db
def test_an_organizer_pairing_one_who_looks_ends_their_looking(owner):
    club, members, users = club_with_members(owner, 4)
    night = night_ahead(club, owner, cap=4)
    looks = services.sign_up(night=night, user=users[1], looking_for_partner=True)
    services.add_signup(night=night, member=members[0], partner=members[1], by=owner)
    assert Signup.objects.get(pk=looks.pk).state == Signup.State.WITHDRAWN
    invariants.check(night.signup_sheet)


@pytest.mark.django_db
def test_the_desk_pairs_only_two_who_look_for_the_same_night(owner):
    club, _members, users = club_with_members(owner, 4)
    night = night_ahead(club, owner, cap=4, name="Mardi")
    other = night_ahead(club, owner, cap=4, name="Jeudi")
    here = services.sign_up(night=night, user=users[0], looking_for_partner=True)
    there = services.sign_up(night=other, user=users[1], looking_for_partner=True)
    with pytest.raises(Conflict) as refused:
        services.pair_lookers(first=here, second=there, by=owner)
    assert codes(refused) == ["not_looking"]


@pytest.mark.django_db
def test_one_who_looks_and_was_asked_answers_before_asking_someone_else(owner):
    """Else, their new pair whole, they would hold a place and still be asked by another,
    who would wait on an answer that can never be yes."""
    club, members, users = club_with_members(owner, 4)
    night = night_ahead(club, owner, cap=4)
    a_looks = services.sign_up(night=night, user=users[0], looking_for_partner=True)
    c_asks_a = services.sign_up(night=night, user=users[2], partner=members[0])
    with pytest.raises(Conflict) as refused:
        services.ask_partner(signup=a_looks, partner=members[1], user=users[0])
    assert codes(refused) == ["already_signed_up"]
    services.confirm_partner(signup=c_asks_a, user=users[0])
    invariants.check(night.signup_sheet)
