"""Random evenings of sign-ups: any sequence of what players and organizers press, by
anyone, leaves the night's list sound after every step (tests/players/invariants.py), and
every refusal is a domain error with a code, never another exception. First the cases the
random evenings found, each as a plain test."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase as HypothesisTestCase

from players import services
from players.models import Notice, Signup, SignupSheet
from players.services.signups import unit, window
from scoring.errors import Conflict, InvalidInput, ScoringError
from tests.conftest import SCALE
from tests.factories import UserFactory
from tests.players import invariants
from tests.players.helpers import club_with_members, night_ahead

IN, WAITING, LOOKING = Signup.State.IN, Signup.State.WAITING, Signup.State.LOOKING


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


@pytest.mark.django_db
def test_naming_a_partner_and_looking_for_one_at_once_is_refused(owner):
    """Both at once (the API takes both fields) broke the database's rule that one who
    looks names nobody: a 500."""
    club, members, users = club_with_members(owner, 2)
    night = night_ahead(club, owner)
    with pytest.raises(InvalidInput) as refused:
        services.sign_up(night=night, user=users[0], partner=members[1],
                         looking_for_partner=True)
    assert codes(refused) == ["partner_or_looking"]
    assert not Signup.objects.exists()


# -- random evenings ------------------------------------------------------------------------

MEMBERS = 8
# "sign_up": alone on an individual night, naming a partner on a team night; "odd": a
# sign-up as the night does not take it (a partner on an individual night, none on a team
# night, or both a partner and looking for one).
KINDS = ("sign_up",) * 8 + ("looking",) * 2 + ("odd",) + ("confirm",) * 4 + (
    "decline", "ask_partner", "ask_partner", "pair_lookers", "pair_lookers") + (
    "withdraw",) * 4 + ("give_place", "add_signup", "set_cap")
SUITS = {"confirm": ("partner_to_confirm",), "decline": ("partner_to_confirm",),
         "give_place": ("waiting",), "pair_lookers": ("looking",), "ask_partner": ("looking",)}
OWN = -1  # who: the one the step concerns (the partner confirming, the organizer pairing)
step = st.tuples(
    st.sampled_from(KINDS),
    # Who presses: mostly the one concerned, else any member's account, the organizer
    # (MEMBERS) or a stranger (MEMBERS + 1).
    st.sampled_from([OWN] * 3 * MEMBERS + list(range(MEMBERS + 2))),
    st.integers(-1, MEMBERS),  # a member (-1: none; MEMBERS: another club's), a claim, a cap
    st.integers(-1, MEMBERS),
    st.booleans(),
)


class TestRandomEvenings(HypothesisTestCase):
    """Anyone pressing anything in any order: after every step the night's list is sound
    (invariants.check), sign-up open means no free place waits for nobody, and a refusal
    is a domain error with a code that saved nothing."""

    @classmethod
    def setUpTestData(cls):
        cls.owner = UserFactory(username="organizer")
        cls.club, cls.members, cls.users = club_with_members(cls.owner, MEMBERS)
        _other, outsiders, _ = club_with_members(UserFactory(username="elsewhere"), 1,
                                                 name="Club du jeudi")
        cls.anyone = cls.members + outsiders  # index MEMBERS: not of this club
        cls.actors = [*cls.users, cls.owner, UserFactory(username="stranger")]

    @settings(max_examples=20 * SCALE, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(individual=st.booleans(), cap=st.sampled_from([None, 1, 2, 3]),
           crowd=st.lists(st.sampled_from(["in", "asked", "looking", "none"]),
                          min_size=MEMBERS // 2, max_size=MEMBERS // 2),
           steps=st.lists(step, min_size=5, max_size=30),
           close_after=st.one_of(st.none(), st.integers(0, 30)))
    def test_any_evening_keeps_the_list_sound(self, individual, cap, crowd, steps,
                                              close_after):
        night = night_ahead(self.club, self.owner, individual=individual, cap=cap)
        self.gather(night, crowd)
        forced: set[int] = set()
        invariants.check(night.signup_sheet)
        for number, (kind, who, a, b, flag) in enumerate(steps):
            if number == close_after:  # sign-up closes (a later cap change opens it again)
                kind, who = "close", OWN
            claims = sorted(Signup.objects.filter(sheet__night=night).select_related(
                "member__account", "partner__account"),
                key=lambda c: (c.state not in Signup.ACTIVE, c.pk))
            before = snapshot(night)
            try:
                result = self.press(night, kind, who, claims, a, b, flag)
            except ScoringError as refusal:
                assert refusal.violations and all(v.code for v in refusal.violations)
                assert snapshot(night) == before, (kind, refusal.violations[0].code)
                continue
            sheet = SignupSheet.objects.filter(night=night).first()
            if sheet is None:  # closed with nobody signed up: the sheet went
                continue
            if kind in ("add_signup", "give_place") and result is not None \
                    and result.state == IN:
                forced.add(result.pk)
            if kind == "set_cap" and sheet.cap is not None:
                taken = set(Signup.objects.filter(sheet=sheet, state=IN).values_list(
                    "pk", flat=True))
                if len(taken) > sheet.cap:  # lowered under those in: they stay
                    forced |= taken
            invariants.check(sheet, forced=frozenset(forced))
            if window(sheet) == "open":
                invariants.free_places_wait_for_nobody(sheet)

    def gather(self, night, crowd):
        """The list before the random steps: by pairs of members, both in (alone, or as a
        pair confirmed), the first waiting on the second's answer, both looking, or
        neither; past the cap, they wait."""
        pairs = unit(night.tournament) == "pair"
        for k, choice in enumerate(crowd):
            first, second = 2 * k, 2 * k + 1
            if choice == "none":
                continue
            if not pairs or choice == "looking":
                for i in (first, second):
                    services.sign_up(night=night, user=self.users[i],
                                     looking_for_partner=pairs)
                continue
            asked = services.sign_up(night=night, user=self.users[first],
                                     partner=self.members[second])
            if choice == "in":
                services.confirm_partner(signup=asked, user=self.users[second])

    def press(self, night, kind, who, claims, a, b, flag):
        """One step; `claims`: the night's, those still active first."""
        member = self.anyone[a] if a >= 0 else None
        partner = self.anyone[b] if b >= 0 else None
        # The claim a step is about: one it suits, if any (else any, to be refused).
        suits = [c for c in claims if c.state in SUITS.get(kind, Signup.ACTIVE)] or claims
        claim = suits[a % len(suits)] if suits else None
        other = suits[b % len(suits)] if suits else None
        organizer = self.actors[who] if who != OWN else self.owner
        if kind in ("sign_up", "looking", "odd"):
            user = self.actors[who] if who != OWN else self.users[max(a, 0) % MEMBERS]
            pairs = unit(night.tournament) == "pair"
            if kind == "odd":
                return services.sign_up(night=night, user=user,
                                        partner=None if pairs and flag else partner,
                                        looking_for_partner=flag)
            return services.sign_up(night=night, user=user,
                                    partner=partner if pairs and kind == "sign_up" else None,
                                    looking_for_partner=kind == "looking")
        if kind == "add_signup":
            return services.add_signup(night=night, member=member or self.members[0],
                                       partner=partner if flag else None, by=organizer)
        if kind == "set_cap":
            return services.set_sheet(night=night, by=organizer,
                                      settings=services.SheetSettings(cap=a if a > 0 else None))
        if kind == "close":
            return services.set_sheet(night=night, by=organizer, settings=None)
        if claim is None:
            return None
        if kind in ("pair_lookers", "give_place"):
            if kind == "pair_lookers":
                return services.pair_lookers(first=claim, second=other, by=organizer)
            return services.give_place(signup=claim, by=organizer)
        # The claim's own player (its partner, to answer), or whoever was drawn.
        concerned = claim.partner if kind in ("confirm", "decline") and claim.partner_id \
            else claim.member
        user = self.actors[who] if who != OWN else concerned.account
        if kind == "confirm":
            return services.confirm_partner(signup=claim, user=user)
        if kind == "decline":
            return services.decline_partner(signup=claim, user=user)
        if kind == "ask_partner":
            return services.ask_partner(signup=claim, partner=partner or self.members[0],
                                        user=user)
        if kind == "withdraw":
            return services.withdraw(signup=claim, by=user if flag else organizer)
        raise AssertionError(kind)


def snapshot(night):
    """What a refused step must leave as it was."""
    sheet = SignupSheet.objects.filter(night=night).values_list(
        "cap", "opens_at", "closes_at", "last_position").first()
    claims = list(Signup.objects.filter(sheet__night=night).order_by("pk").values_list(
        "pk", "member_id", "partner_id", "state", "position", "entry_id"))
    return sheet, claims, Notice.objects.filter(night=night).count()
