"""Twenty people pressing "sign up" for the last three places at the same instant, on
PostgreSQL, each in its own connection: exactly three get them, the rest wait in the order
the server took them, nobody holds two places, a withdrawal gives the place to the first
who waits, and a pair never holds half a place."""

import threading
from contextlib import contextmanager

import pytest
from django.db import connection

from players import services
from players.models import CalendarKey, Notice, Signup
from players.services.signups import waiting_position
from scoring.errors import ScoringError
from tests.factories import UserFactory
from tests.players import invariants
from tests.players.helpers import club_with_members, night_ahead

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="row locks under real concurrency are PostgreSQL's (run with "
                              "DATABASE_URL=postgres://...)"),
]
IN, WAITING = Signup.State.IN, Signup.State.WAITING
ROUNDS = 5
PRESSING = 20


@contextmanager
def connections_for(threads: int):
    """A pool as large as the threads, so that all of them wait on the sheet's lock at
    once, not on the pool (the site's is sized for its server)."""
    pool = connection.settings_dict["OPTIONS"].get("pool")
    if not pool:
        yield
        return
    before = dict(pool)
    connection.close()
    connection.close_pool()
    pool["max_size"] = max(pool.get("max_size", 1), threads + 2)
    try:
        yield
    finally:
        connection.close()
        connection.close_pool()
        pool.clear()
        pool.update(before)


def outcome_of(step) -> object:
    """What `step()` returned; else the code of its refusal, or its error as text."""
    try:
        return step()
    except ScoringError as refusal:
        return refusal.violations[0].code
    except Exception as error:  # a lock timeout, a deadlock, a constraint: the test fails
        return repr(error)
    finally:
        connection.close()


def all_at_once(steps) -> list:
    """Each step in its own thread and connection, all released at the same moment; their
    outcomes in the order of `steps`."""
    barrier = threading.Barrier(len(steps))
    outcomes = [None] * len(steps)

    def run(index, step):
        barrier.wait()
        outcomes[index] = outcome_of(step)

    threads = [threading.Thread(target=run, args=(i, step)) for i, step in enumerate(steps)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    return outcomes


def test_twenty_at_once_for_three_places_three_get_them_and_seventeen_wait_in_order(owner):
    club, members, users = club_with_members(owner, PRESSING + 3)
    with connections_for(PRESSING):
        for round_ in range(ROUNDS):
            night = night_ahead(club, owner, individual=True, cap=3, name=f"Mêlée {round_}")
            twenty_for_three(night, members, users)


def twenty_for_three(night, members, users):
    pressing, late = users[:PRESSING], users[PRESSING:]
    outcomes = all_at_once([lambda user=user: services.sign_up(night=night, user=user)
                            for user in pressing])
    assert all(isinstance(o, Signup) for o in outcomes), outcomes
    claims = list(Signup.objects.filter(sheet__night=night).order_by("position"))
    # No duplicate: one claim each, places in line 1 to 20, each once.
    assert len(claims) == PRESSING
    assert len({c.member_id for c in claims}) == PRESSING
    assert [c.position for c in claims] == list(range(1, PRESSING + 1))
    # The first three the server took are in; the rest wait in that order.
    assert [c.state for c in claims] == [IN] * 3 + [WAITING] * (PRESSING - 3)
    assert [waiting_position(c) for c in claims[3:]] == list(range(1, PRESSING - 2))
    assert [c.created_at for c in claims] == sorted(c.created_at for c in claims)
    # Each was told what they got: the answer and their notice agree.
    told = dict(Notice.objects.filter(night=night).values_list("member_id", "kind"))
    assert told == {c.member_id: "signed_up" if c.state == IN else "waiting" for c in claims}
    invariants.check(night.signup_sheet)

    # The three in withdraw at once while three latecomers sign up: the places go to the
    # first three who waited, the latecomers wait at the end.
    by_member = {m.pk: u for m, u in zip(members, users, strict=True)}
    outcomes = all_at_once(
        [lambda c=c: services.withdraw(signup=c, by=by_member[c.member_id])
         for c in claims[:3]]
        + [lambda user=user: services.sign_up(night=night, user=user) for user in late])
    assert all(isinstance(o, Signup) for o in outcomes), outcomes
    after = {c.pk: c for c in Signup.objects.filter(sheet__night=night)}
    assert [after[c.pk].state for c in claims] == (
        [Signup.State.WITHDRAWN] * 3 + [IN] * 3 + [WAITING] * (PRESSING - 6))
    latecomers = [c for c in after.values() if c.position > PRESSING]
    assert [c.state for c in latecomers] == [WAITING] * 3
    waiting = sorted((c for c in after.values() if c.state == WAITING),
                     key=lambda c: c.position)
    assert [waiting_position(c) for c in waiting] == list(range(1, len(waiting) + 1))
    given = set(Notice.objects.filter(night=night, kind="place_given").values_list(
        "member_id", flat=True))
    assert given == {c.member_id for c in claims[3:6]}
    invariants.check(night.signup_sheet)


def test_pairs_confirmed_at_once_never_hold_half_a_place(owner):
    club, members, users = club_with_members(owner, 20)
    with connections_for(16):
        for round_ in range(ROUNDS):
            night = night_ahead(club, owner, cap=3, name=f"Par équipes {round_}")
            pairs_at_once(night, members, users, owner)


def pairs_at_once(night, members, users, owner):
    account = {m.pk: u for m, u in zip(members, users, strict=True)}
    # Two players look for a partner at the desk; six players each name a partner, and a
    # seventh names one of those who look.
    lookers = [services.sign_up(night=night, user=users[i], looking_for_partner=True)
               for i in (12, 13)]
    asked = [services.sign_up(night=night, user=users[i], partner=members[i + 6])
             for i in range(6)]
    asked.append(services.sign_up(night=night, user=users[16], partner=members[12]))
    # At once: every partner confirms, two askers take theirs back, two others name
    # partners already named, and the organizer pairs the two who look (one of whom is
    # confirming another's request).
    steps = [lambda s=s: services.confirm_partner(signup=s, user=account[s.partner_id])
             for s in asked]
    steps += [lambda s=s: services.withdraw(signup=s, by=account[s.member_id])
              for s in asked[:2]]
    steps += [lambda: services.sign_up(night=night, user=users[14], partner=members[8]),
              lambda: services.sign_up(night=night, user=users[15], partner=members[9]),
              lambda: services.pair_lookers(first=lookers[0], second=lookers[1], by=owner)]
    outcomes = all_at_once(steps)
    for outcome in outcomes:
        assert isinstance(outcome, Signup) or outcome in (
            "not_to_confirm", "not_looking", "partner_taken"), outcomes
    assert all(isinstance(o, Signup) for o in outcomes[2:6] + outcomes[7:9]), outcomes
    assert outcomes[9:11] == ["partner_taken", "partner_taken"]
    claims = invariants.check(night.signup_sheet)
    whole = [c for c in claims if c.state in (IN, WAITING)]
    # The two taken back are gone however the race went; whichever of the desk's pair
    # and the request to the one who looks came first, one of them is whole.
    assert len(whole) == 5
    assert [c.state for c in whole] == [IN] * 3 + [WAITING] * 2
    assert all(c.partner_id is not None for c in whole)
    assert not any(c.state == "partner_to_confirm" for c in claims)


def test_first_asks_for_a_calendar_address_at_once_make_one(owner):
    for round_ in range(ROUNDS):
        user = UserFactory(username=f"calendrier{round_}")
        keys = all_at_once([lambda user=user: services.calendar_key(user)] * 4)
        assert all(isinstance(k, CalendarKey) for k in keys), keys
        assert len({k.secret for k in keys}) == 1
        assert CalendarKey.objects.filter(user=user).count() == 1
