"""The rules and the database agree on every hand: the database stores a hand's row when,
and only when, the rules accept the hand it holds, written as the services write it. No
path (the admin, a shell, a future bug) can store a hand the rules refuse."""

import pytest
from django.db import IntegrityError, transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import rules
from scoring.models import Hand
from tests.factories import MatchFactory
from tests.scoring.strategies import politaine_hands, quadrette_hands

pytestmark = pytest.mark.django_db

small = st.integers(0, 12)
maybe = st.none() | small


COLUMNS = ("kind", "four_sevens_team", "points_a", "points_b", "politaines_a", "politaines_b",
           "tricks_a", "tricks_b", "aces_a", "aces_b", "counters_a", "counters_b",
           "last_trick")


@st.composite
def hand_rows(draw):
    """A hand's columns: a hand the rules accept as the services write it, often with one
    column changed; or columns near the shapes a hand can take, and often past them."""
    variant = draw(st.sampled_from([rules.Variant.POLITAINE, rules.Variant.QUADRETTE]))
    shape = draw(st.sampled_from(["valid", "valid", "points", "counted", "tricks",
                                  "four_sevens"]))
    if shape == "valid":
        written = Hand()
        written.set_from_rules(variant, draw(
            politaine_hands() if variant == rules.Variant.POLITAINE else quadrette_hands()))
        row = {name: getattr(written, name) for name in COLUMNS}
        if draw(st.booleans()):
            name = draw(st.sampled_from(COLUMNS[2:]))
            row[name] = draw(st.none() | st.integers(0, 21)) if name != "last_trick" else \
                draw(st.sampled_from(["a", "b", None]))
        return variant, row
    row = {"kind": rules.HandKind.PLAYED, "four_sevens_team": None, "points_a": None,
           "points_b": None, "politaines_a": draw(st.integers(0, 3)),
           "politaines_b": draw(st.integers(0, 3)), "tricks_a": None, "tricks_b": None,
           "aces_a": None, "aces_b": None, "counters_a": None, "counters_b": None,
           "last_trick": None}
    if shape == "four_sevens":
        row.update(kind=rules.HandKind.FOUR_SEVENS,
                   four_sevens_team=draw(st.sampled_from(["a", "b", None])),
                   points_a=draw(st.none() | st.just(0)), points_b=draw(st.none() | st.just(0)))
    elif shape == "tricks":
        a = draw(st.integers(0, 7))
        row.update(tricks_a=a, tricks_b=draw(st.just(6 - a) | st.integers(0, 7)),
                   points_a=draw(maybe), points_b=draw(maybe))
    else:
        a = draw(small)
        row.update(points_a=a, points_b=draw(st.just(11 - a) | small))
        if shape == "counted":
            aces, counters = draw(st.integers(0, 5)), draw(st.integers(0, 21))
            row.update(aces_a=aces, counters_a=counters,
                       aces_b=draw(st.just(4 - aces) | st.integers(0, 5)),
                       counters_b=draw(st.just(20 - counters) | st.integers(0, 21)),
                       last_trick=draw(st.sampled_from(["a", "b", None])))
    return variant, row


def _as_the_services_write(variant, row) -> bool:
    """Whether the rules accept the hand the row holds, and the row is that hand as the
    services store it (points worked out from the count or the tricks)."""
    stored = Hand(**row)
    try:
        hand = stored.to_rules()
    except (TypeError, ValueError):
        return False
    if rules.validate_hand(variant, hand):
        return False
    written = Hand()
    written.set_from_rules(variant, hand)
    return all(getattr(written, name) == value for name, value in row.items())


@settings(max_examples=500, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(drawn=hand_rows())
def test_the_database_stores_exactly_the_hands_the_rules_accept(drawn):
    variant, row = drawn
    match = MatchFactory(variant=variant)
    try:
        with transaction.atomic():
            Hand.objects.create(match=match, number=1, **row)
            stored = True
            transaction.set_rollback(True)
    except IntegrityError:
        stored = False
    assert stored == _as_the_services_write(variant, row), row
