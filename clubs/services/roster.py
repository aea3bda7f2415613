"""A club, its organizers and its roster: players added, renamed and merged, and the names
typed on the club's matches joined to them."""

from __future__ import annotations

import functools
import zoneinfo

from django.db import transaction
from django.db.models import F, Q
from django.utils.translation import gettext_noop

from clubs import public_names, roster_list
from clubs.models import Alias, Attribution, Club, ClubEvent, Member, Seat, TakenOffName
from clubs.services import names_taken_off, one_seat, privacy, ratings
from clubs.services._common import conflict, lock, not_allowed, refuse, user_named
from clubs.signals import members_merging
from scoring import names
from scoring import services as scoring
from scoring.models import Match, Player

CLUB_NAME_MAX = 100
PLAYER_NAME_MAX = 60


def _check(field: str, value: str, longest: int, message: str) -> None:
    """A name (or, when given, a place or a nickname) as names.problem sees it."""
    if (value or field in ("name",)) and names.problem(value, longest):
        refuse(f"wrong_{field}", message, field)


def _check_club(name: str, place: str) -> None:
    _check("name", name, CLUB_NAME_MAX, gettext_noop(
        "A club's name has 1 to 100 characters, no invisible ones."))
    _check("place", place, CLUB_NAME_MAX, gettext_noop(
        "A place has at most 100 characters, no invisible ones."))


@functools.cache
def time_zones() -> frozenset[str]:
    """The time zones a club may be in: zoneinfo's keys (read from the disk once)."""
    return frozenset(zoneinfo.available_timezones())


def _check_time_zone(zone: str | None) -> None:
    if zone is not None and zone not in time_zones():
        refuse("time_zone", gettext_noop(
            "Choose the club's time zone from the list (America/Montreal, Europe/Paris…)."),
            "time_zone")


@transaction.atomic
def create_club(*, owner, name: str, place: str = "", public: bool = True,
                time_zone: str | None = None) -> Club:
    """A new club; its `time_zone` (a zoneinfo key) by default the site's."""
    _check_club(name, place)
    _check_time_zone(time_zone)
    return Club.objects.create(owner=owner, name=names.normalise(name),
                               place=names.normalise(place or ""), public=public,
                               **({"time_zone": time_zone} if time_zone else {}))


@transaction.atomic
def update_club(*, club: Club | int, name: str, place: str = "", public: bool = True,
                time_zone: str | None = None) -> Club:
    """The club's settings; its `time_zone` unchanged when None."""
    locked = lock(club)
    _check_club(name, place)
    _check_time_zone(time_zone)
    locked.name, locked.place, locked.public = (names.normalise(name),
                                                names.normalise(place or ""), public)
    locked.time_zone = time_zone or locked.time_zone
    locked.save(update_fields=["name", "place", "public", "time_zone"])
    return locked


def _check_names(name: str, nickname: str) -> None:
    _check("name", name, PLAYER_NAME_MAX, gettext_noop(
        "A player's name has 1 to 60 characters, no invisible ones."))
    _check("nickname", nickname, PLAYER_NAME_MAX, gettext_noop(
        "A nickname has at most 60 characters, no invisible ones."))
    _check_not_a_number(name)


# What a hidden player's name reads as: a player of that name would pass for them.
NUMBER_MESSAGE = gettext_noop(
    "%(name)s reads like a hidden player's number (“Player 3”): type the player's own "
    "name.")


def _check_not_a_number(name: str) -> None:
    if public_names.reads_as_a_number(name):
        refuse("name_like_a_number", NUMBER_MESSAGE, "name", name=names.normalise(name))


def _taken(club_id: int, key: str, but: int | None = None) -> Member | None:
    found = Alias.objects.filter(club_id=club_id, key=key).select_related("member")
    if but is not None:
        found = found.exclude(member_id=but)
    alias = found.first()
    return alias.member if alias else None


@transaction.atomic
def add_member(*, club: Club | int, name: str, nickname: str = "") -> Member:
    """A new player on the roster; refused when the name (in any look-alike form) is one
    of the roster's already."""
    locked = lock(club)
    _check_names(name, nickname)
    if other := _taken(locked.pk, names.key(name)):
        conflict("player_on_roster", gettext_noop("%(name)s is already on the roster."),
                 "name", name=other.name)
    names_taken_off.refuse_if_taken_off(locked.pk, name)
    names_taken_off.refuse_if_taken_off(locked.pk, nickname, field="nickname")
    return _new_member(locked.pk, name, nickname)


@transaction.atomic
def add_listed_members(*, club: Club | int, text: str, previewed: list[str]) -> list[Member]:
    """The new names of a pasted list (roster_list.read), `previewed` those its preview
    showed as added: read again with the club locked, and refused, nothing added, when the
    roster has changed since (the list would add other names than those shown)."""
    locked = lock(club)
    if len(roster_list.lines_of(text)) > roster_list.LIST_MAX:
        refuse("roster_list_long", LIST_TOO_LONG, "names", max=roster_list.LIST_MAX)
    adding = roster_list.adding(roster_list.read(locked.pk, text))
    if adding != [names.normalise(name) for name in previewed]:
        conflict("roster_changed", gettext_noop(
            "The roster changed since the list was checked: here is what it does now."),
            "names")
    if not adding:
        refuse("roster_list_empty", gettext_noop("The list adds no new player."), "names")
    return _new_members(locked.pk, [(name, "") for name in adding])


LIST_TOO_LONG = gettext_noop("Paste at most %(max)s names at once.")


def _new_member(club_id: int, name: str, nickname: str = "") -> Member:
    """In the caller's transaction, the club's row locked: its next number is the new
    player's."""
    return _new_members(club_id, [(name, nickname)])[0]


def _new_members(club_id: int, named: list[tuple[str, str]]) -> list[Member]:
    """New players (name, nickname), numbered in this order, in a handful of queries
    however many (a pasted list): in the caller's transaction, the club's row locked."""
    last = next_number(club_id, count=len(named))
    members = Member.objects.bulk_create([
        Member(club_id=club_id, name=names.normalise(name),
               nickname=names.normalise(nickname or ""), number=number)
        for number, (name, nickname) in enumerate(named, start=last - len(named) + 1)])
    Alias.objects.bulk_create([Alias(club_id=club_id, key=names.key(member.name),
                                     member=member) for member in members])
    return members


def next_number(club_id: int, count: int = 1) -> int:
    """The number the club gives the player who joins now (1, 2, 3...: "Player 26"), its
    row locked by the caller: stepped on the row, so that a number is never given twice.
    With `count`, the last of that many numbers given at once."""
    Club.objects.filter(pk=club_id).update(last_member_number=F("last_member_number") + count)
    return Club.objects.values_list("last_member_number", flat=True).get(pk=club_id)


@transaction.atomic
def update_member(*, member: Member, name: str, nickname: str = "") -> Member:
    """Rename a player: the old name still finds them (an alias)."""
    lock(member.club_id)
    _check_names(name, nickname)
    if other := _taken(member.club_id, names.key(name), but=member.pk):
        conflict("player_on_roster", gettext_noop(
            "%(name)s is already on the roster: merge the two players instead."),
            "name", name=other.name)
    names_taken_off.refuse_if_taken_off(member.club_id, name, member=member)
    names_taken_off.refuse_if_taken_off(member.club_id, nickname, member=member,
                                        field="nickname")
    member.name, member.nickname = names.normalise(name), names.normalise(nickname or "")
    member.save(update_fields=["name", "nickname"])
    Alias.objects.get_or_create(club_id=member.club_id, key=names.key(name),
                                defaults={"member": member})
    # A name shown as first name and initial, or a team named after it, reads anew.
    privacy.pages_drawn_again(member.club_id)
    return member


@transaction.atomic
def merge_members(*, keep: Member, absorb: Member) -> Member:
    """The same person typed twice: `absorb`'s matches, attributions, names and history
    become `keep`'s, and the club's ratings are replayed with them as one player; refused
    when the two sat in one match or played one club night (one_seat). When
    either had their name taken off, the person asked for it: the merged player's names go
    too (privacy.take_names_off), whichever was kept."""
    if keep.club_id != absorb.club_id or keep.pk == absorb.pk:
        refuse("merge_same_club", gettext_noop(
            "Choose two different players of the same club to merge."), "other")
    lock(keep.club_id)
    keep, absorb = Member.objects.get(pk=keep.pk), Member.objects.get(pk=absorb.pk)
    one_seat.refuse_merge(keep, absorb)
    if keep.account_id is not None and absorb.account_id is not None:
        names = public_names.PublicNames(keep.club, full=True)
        conflict("merge_two_accounts", gettext_noop(
            "%(first)s and %(second)s are each linked to a user account: unlink one of them "
            "first."), "other", first=names.of(keep), second=names.of(absorb))
    # The player's door (players) moves or refuses what it holds of the absorbed player.
    members_merging.send(sender=Member, keep=keep, absorb=absorb)
    Seat.objects.filter(member=absorb).update(member=keep)
    Attribution.objects.filter(member=absorb).update(member=keep)
    Alias.objects.filter(member=absorb).update(member=keep)
    TakenOffName.objects.filter(member=absorb).update(member=keep)
    ClubEvent.objects.filter(member=absorb).update(member=keep)
    if not keep.nickname and absorb.nickname:
        keep.nickname = absorb.nickname
        keep.save(update_fields=["nickname"])
    taken_off = keep.anonymized_at or absorb.anonymized_at
    account = absorb.account_id
    absorb.delete()
    if account is not None:  # the person's account follows them (one member per club)
        Member.objects.filter(pk=keep.pk).update(account_id=account)
    if taken_off is not None:
        privacy.take_names_off(keep, since=taken_off)
    else:  # the absorbed player's nights now read the kept one's choice
        privacy.pages_drawn_again(keep.club_id)
    ratings.rerate(club=keep.club_id)
    keep.refresh_from_db()
    return keep


@transaction.atomic
def split_member(*, member: Member, name: str, players: list[int], by) -> Member:
    """A roster player who turns out to be two people: a new player `name` takes the seats
    `players` (scoring.Player ids, each a name typed on the club's matches: a club match's
    seat, or a night's team or entry, with all its matches), with their attributions; the
    club's ratings are replayed with the two apart. Returns the new player."""
    lock(member.club_id)
    member = Member.objects.get(pk=member.pk)
    _check_names(name, "")
    if other := _taken(member.club_id, names.key(name)):
        conflict("player_on_roster", gettext_noop(
            "%(name)s is already on the roster: choose another name for the second "
            "person."), "name", name=other.name)
    names_taken_off.refuse_if_taken_off(member.club_id, name)
    seats = Seat.objects.filter(member=member, player_id__in=players)
    if not players or seats.count() != len(set(players)):
        refuse("split_seats", gettext_noop(
            "Choose the matches the second person played, among this player's."), "players")
    if seats.count() == Seat.objects.filter(member=member).count():
        refuse("split_all", gettext_noop(
            "Leave this player at least one match: moving them all is a rename."), "players")
    other = _new_member(member.club_id, name)
    moved = list(seats.values_list("player_id", flat=True))
    seats.update(member=other)
    # Who made a politaine (four sevens, redeal) in the matches that go: the new player.
    Attribution.objects.filter(member=member, match__in=Match.objects.filter(
        Q(seat_n__in=moved) | Q(seat_e__in=moved) | Q(seat_s__in=moved)
        | Q(seat_w__in=moved))).update(member=other)
    ratings.rerate(club=member.club_id)
    ClubEvent.objects.create(club_id=member.club_id, kind=ClubEvent.Kind.SPLIT, member=member,
                             by=by, params={"new_member": other.pk, "name": other.name})
    return other


def member_named(club_id: int, name: str) -> Member:
    """The roster player a typed name is (a new one when none is): a valid name, in the
    caller's transaction with the club locked. No new one is named like a hidden player's
    number."""
    if found := member_found(club_id, name):
        return found
    _check_not_a_number(name)
    return _new_member(club_id, name)


def member_found(club_id: int, name: str) -> Member | None:
    """The roster player a typed name is, or None (a new name): nothing written. A name
    taken off ("#17") finds its player; so does a name that was taken off (their name in
    full, kept as a one-way key), whose number it is now."""
    key = names.key(name)
    return _taken(club_id, key) or names_taken_off.member_once_named(club_id, key)


def members_of(club_id: int, players) -> list[tuple[Member | None, str]]:
    """Who each scoring.Player is on the roster, with the name typed for them: the member
    it is seated as, else the one its name finds (None: a new name). Nothing written."""
    seated = {seat.player_id: seat.member for seat in Seat.objects.filter(
        player__in=[p for p in players if p is not None]).select_related("member")}
    return [(seated.get(player.pk) or member_found(club_id, player.name), player.name)
            for player in players if player is not None]


def seat_players(club_id: int, players) -> None:
    """Join each scoring.Player (names on a club match's teams) to its roster player. A
    player typed with a name taken off is seated as its member, and the name goes from the
    match or night as it went from the others (privacy.take_names_off)."""
    players = [p for p in players if p is not None]
    seated = set(Seat.objects.filter(player__in=players).values_list("player_id", flat=True))
    taken_off = {}
    for player in players:
        if player.pk not in seated:
            member = member_named(club_id, player.name)
            Seat.objects.create(player=player, member=member)
            seated.add(player.pk)
            if member.anonymized_at is not None and player.name != member.name:
                taken_off[member.pk] = member
    for member in taken_off.values():
        privacy.take_names_off(member)


def players_of_teams(teams) -> list[Player]:
    ids = [pk for team in teams for pk in (team.first_player_id, team.second_player_id) if pk]
    return list(Player.objects.filter(pk__in=ids))


@transaction.atomic
def hand_over_club(*, club: Club | int, to) -> Club:
    """Another organizer takes the club over (its owner's account is being deleted): `to`
    owns it from now on, with the club's matches its owner had started, and is no longer
    listed among its co-organizers. Its nights are tournaments: theirs to hand over."""
    locked = lock(club)
    before = locked.owner_id
    locked.owner = to
    locked.save(update_fields=["owner"])
    locked.organizers.remove(to)
    scoring.give_matches(matches=Match.objects.filter(club_match__club=locked,
                                                      owner_id=before), to=to)
    return locked


@transaction.atomic
def add_organizer(*, club: Club | int, username: str, by):
    """The club's owner shares the roster, the nights and the seasons with another user."""
    locked = lock(club)
    if by.pk != locked.owner_id:
        not_allowed("club_owner_only", gettext_noop(
            "Only the club's owner can add organizers."))
    user = user_named(username)
    if user.pk != locked.owner_id:
        locked.organizers.add(user)
    return user
