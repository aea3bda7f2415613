"""What must hold of a night's sign-ups after any step, whoever pressed what and when:
checked by the concurrency tests and the property test."""

from collections import Counter

from players.models import Signup, SignupSheet
from players.services.signups import unit, waiting_position

State = Signup.State
WHOLE = (State.IN, State.WAITING)


def check(sheet: SignupSheet, *, forced: frozenset[int] = frozenset()) -> list[Signup]:
    """Assert the sheet's invariants; `forced`: the ids of claims an organizer let in past
    the cap (add_signup, give_place, or in when the cap was lowered). Returns the active
    claims in line order."""
    sheet = SignupSheet.objects.select_related("night__tournament").get(pk=sheet.pk)
    claims = list(Signup.objects.filter(sheet=sheet, state__in=Signup.ACTIVE).order_by(
        "position", "pk"))
    pairs = unit(sheet.night.tournament) == "pair"
    whole = [c for c in claims if c.state in WHOLE]

    # A place is a whole claim's: alone on an individual night, a pair on a team night.
    for claim in whole:
        assert claim.position is not None, ("no place in line", claim)
        assert (claim.partner_id is not None) == pairs, ("half a pair", claim)
    for claim in claims:
        if claim.state in (State.PARTNER_TO_CONFIRM, State.LOOKING):
            assert claim.position is None, ("in line, not whole", claim)

    # Nobody holds two places, nor a place and another claim.
    holders = Counter()
    for claim in whole:
        holders.update([claim.member_id, claim.partner_id] if claim.partner_id
                       else [claim.member_id])
    assert [m for m, n in holders.items() if n > 1] == [], ("two places", whole)
    for claim in claims:
        if claim.state not in WHOLE:
            assert claim.member_id not in holders, ("a place and a claim", claim, whole)
            if claim.state == State.PARTNER_TO_CONFIRM:
                assert claim.partner_id not in holders, ("a place and asked", claim, whole)
    assert len({c.member_id for c in claims}) == len(claims), ("two claims", claims)

    # Places in line are unique and no higher than the sheet's counter.
    positions = [c.position for c in whole]
    assert len(set(positions)) == len(positions), whole
    assert all(p <= sheet.last_position for p in positions), (whole, sheet.last_position)

    # The cap holds, but for those an organizer let in.
    taken = [c for c in whole if c.state == State.IN]
    if sheet.cap is not None:
        assert len([c for c in taken if c.pk not in forced]) <= sheet.cap, (taken, sheet.cap)
    waiting = [c for c in whole if c.state == State.WAITING]
    # Those who wait do so in their order: 1, 2, 3 ... by place in line.
    assert [waiting_position(c) for c in waiting] == list(range(1, len(waiting) + 1)), \
        waiting
    # Nobody waits behind a free place, and nobody got in ahead of one who waits, but
    # by an organizer's hand.
    if waiting:
        assert sheet.cap is not None, waiting
        first = waiting[0].position
        assert all(c.position < first for c in taken if c.pk not in forced), (taken, first)
    return claims


def free_places_wait_for_nobody(sheet: SignupSheet) -> None:
    """With sign-up open: fewer taken than the cap means nobody waits."""
    taken = Signup.objects.filter(sheet=sheet, state=State.IN).count()
    waiting = Signup.objects.filter(sheet=sheet, state=State.WAITING).count()
    cap = SignupSheet.objects.get(pk=sheet.pk).cap
    if cap is None or taken < cap:
        assert waiting == 0, (taken, cap, waiting)
