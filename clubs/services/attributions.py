"""Who made a politaine, was dealt the four sevens, asked for a redeal: one tap each, never
required, and changed or taken back with another tap."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_noop

from clubs.models import Attribution, Member
from clubs.selectors import club_of_match, match_seats
from clubs.services._common import lock, refuse
from scoring import writing
from scoring.models import Hand, Match


def _refuse():
    refuse("attribution", gettext_noop(
        "That player did not sit on that team, or that hand has nothing to give them."),
        "member")


@transaction.atomic
def attribute(*, match: Match, kind: str, hand_number: int, slot: int, team: str,
              member: Member | None, by=None) -> Attribution | None:
    """Give the `slot`-th politaine of `team` in hand `hand_number` (or its four sevens, or
    the match's `slot`-th redeal, hand 0) to `member`; None takes it back. `by`: the user
    making the change, None for the score keeper's link. Who made a hand is part of its
    result: refused where a change to the hands would be (a closed round or night)."""
    club_id = club_of_match(match)
    if club_id is None:
        _refuse()
    lock(club_id)
    match = Match.objects.get(pk=match.pk)
    writing.refuse_if_closed(match, by)
    seats = match_seats(match)  # member id -> team
    if kind == Attribution.Kind.REDEAL and member is not None:
        team = seats.get(member.pk, team)  # asked by one of the four, of either team
    if member is not None and seats.get(member.pk) != team:
        _refuse()
    hand = Hand.objects.filter(match=match, number=hand_number).first()
    if kind == Attribution.Kind.POLITAINE:
        possible = hand is not None and slot < getattr(hand, f"politaines_{team}", 0)
    elif kind == Attribution.Kind.FOUR_SEVENS:
        possible = hand is not None and slot == 0 and hand.four_sevens_team == team
    elif kind == Attribution.Kind.REDEAL:
        possible = hand_number == 0 and slot < match.redeals and team in ("a", "b")
    else:
        possible = False
    if not possible:
        _refuse()
    same = Attribution.objects.filter(match=match, hand_number=hand_number, kind=kind,
                                      slot=slot)
    if kind != Attribution.Kind.REDEAL:  # a redeal was asked by one player, of either team
        same = same.filter(team=team)
    same.delete()
    if member is None:
        return None
    return Attribution.objects.create(match=match, hand_number=hand_number, kind=kind,
                                      slot=slot, team=team, member=member)
