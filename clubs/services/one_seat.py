"""A person sits in one seat of a match and plays once in a club night (issue 42), as the
roster sees people: two names typed for one member (a renamed member's old name and new one,
a name taken off and the number it became) are one person.

The rule is here, said in each place's words, and the club's paths call it: a match started
(matches.start_match) and a night attached or a team added to one (matches.add_night,
seat_entry), before the names join the roster; a club file's matches (backup); two members
merged (roster.merge_members). Names typed alike (names.key) are one name typed twice:
scoring and tournaments refuse those in their own words, before a roster is asked."""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext_noop

from clubs.models import Member
from clubs.public_names import hidden_name
from clubs.services._common import refuse
from scoring import names
from scoring.models import Match, Player
from tournaments.models import Table, Tournament

SEATS = ("n", "e", "s", "w")


def twice(seats):
    """The first two of `seats` (each a tuple whose first item is the roster player it is,
    None for a name the roster does not know yet, and whose second is the name typed there,
    or None) that are one member: (first, second), or None. Two names typed alike are left
    to the rule of names."""
    seen = {}
    for seat in seats:
        member, typed = seat[0], seat[1]
        if member is None:
            continue
        for other in seen.get(member, ()):
            if typed is None or other[1] is None or names.key(typed) != names.key(other[1]):
                return other, seat
        seen.setdefault(member, []).append(seat)
    return None


def _member_said(member: Member) -> str:
    """The member as the organizers read them: a name taken off as its number ("Player
    17"), never the name it was."""
    return hidden_name(member.number) if member.anonymized_at is not None else member.name


def refuse_match(seats) -> None:
    """A club match's seats, each (roster player or None, typed name, the form's field), in
    the order typed: refused when two are one member."""
    if found := twice(seats):
        _refuse_twice(found, "player_in_two_seats", gettext_noop(
            "%(first)s and %(second)s are the same person on the roster, %(member)s: a "
            "person sits in one seat of a match."), gettext_noop(
            "Two seats name %(member)s, whose name was taken off the roster: a person sits "
            "in one seat of a match."))


def refuse_night(players) -> None:
    """A club night's players, each (roster player or None, typed name), those already in
    the night first: refused when two are one member."""
    if found := twice((*player, "teams") for player in players):
        _refuse_twice(found, "member_twice_in_night", gettext_noop(
            "%(first)s and %(second)s are the same person on the roster, %(member)s: a "
            "person plays once in a club night."), gettext_noop(
            "Two players of this night are %(member)s, whose name was taken off the "
            "roster: a person plays once in a club night."))


def _refuse_twice(found, code: str, message: str, taken_off: str) -> None:
    (member, first, _), (_, second, field) = found
    if member.anonymized_at is not None:  # the names typed may be the ones taken off
        refuse(code, taken_off, field, member=_member_said(member))
    refuse(code, message, field, first=names.normalise(first),
           second=names.normalise(second), member=member.name)


def refuse_file_match(key, typed: dict, members: dict) -> None:
    """A club file's match (its `key`), the names typed on its seats (`typed`, seat ->
    name) and the roster players the file seats there (`members`, seat -> the roster row
    of the file, or None): refused when two seats are one member, naming them."""
    found = twice((members[seat]["key"] if members.get(seat) else None, typed.get(seat),
                   members.get(seat)) for seat in SEATS)
    if found:
        (_, first, row), (_, second, _) = found
        member = hidden_name(row["number"]) if row.get("anonymized_at") and isinstance(
            row.get("number"), int) else names.shown(row["name"])
        refuse("club_export_member_twice", gettext_noop(
            "The club match %(key)s seats one person of the roster twice: %(first)s and "
            "%(second)s are both %(member)s."), key=key, first=names.shown(first)[:60],
            second=names.shown(second)[:60], member=member)


def refuse_merge(keep: Member, absorb: Member) -> None:
    """Two members who sat in one club match, or played one club night, are two people:
    merging them would seat one member twice there. Refused saying where (the match; the
    night, and the first round both played)."""
    kept, absorbed = _players(keep), _players(absorb)
    match = Match.objects.filter(club_match__club_id=keep.club_id).filter(
        _seated(kept)).filter(_seated(absorbed)).select_related(
        "team_a", "team_b").order_by("created_at", "pk").first()
    said = {"keep": _member_said(keep), "absorb": _member_said(absorb)}
    if match is not None:
        refuse("merge_one_match", gettext_noop(
            "%(keep)s and %(absorb)s both played the match %(match)s: a person sits in one "
            "seat of a match, so they are two people."), "other",
            match=f"{names.shown(match.team_a.name)} – {names.shown(match.team_b.name)} "
                  f"({match.created_at.date().isoformat()})", **said)
    night = Tournament.objects.filter(club_night__club_id=keep.club_id).filter(
        _entered(kept)).filter(_entered(absorbed)).order_by("pk").first()
    if night is None:
        return
    rounds = [set(Table.objects.filter(round__tournament=night).filter(
        _seated(players, "match__")).values_list("round__number", flat=True))
        for players in (kept, absorbed)]
    if shared := rounds[0] & rounds[1]:
        refuse("merge_one_night", gettext_noop(
            "%(keep)s and %(absorb)s both played round %(round)s of the club night "
            "%(night)s: a person plays once in a club night, so they are two people."),
            "other", round=min(shared), night=night.name, **said)
    refuse("merge_one_night", gettext_noop(
        "%(keep)s and %(absorb)s both played the club night %(night)s: a person plays once "
        "in a club night, so they are two people."), "other", night=night.name, **said)


def _players(member: Member) -> list[int]:
    return list(Player.objects.filter(club_seat__member=member).values_list("pk", flat=True))


def _seated(players: list[int], prefix: str = "") -> Q:
    """A match (or, with `prefix`, what leads to one) one of `players` sits in."""
    found = Q()
    for seat in SEATS:
        found |= Q(**{f"{prefix}seat_{seat}__in": players})
    return found


def _entered(players: list[int]) -> Q:
    return (Q(entries__player__in=players) | Q(entries__team__first_player__in=players)
            | Q(entries__team__second_player__in=players))
