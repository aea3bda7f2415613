"""What a member asks of the club about their personal information, each step recorded in
the club's history (ClubEvent: who, when): how their name shows in public, their name taken
off for good, a copy of what the club holds on them."""

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_noop

from clubs.models import Alias, Club, ClubEvent, Member, PublicName
from clubs.public_names import tells, words_of
from clubs.services import names_taken_off
from clubs.services._common import lock, refuse
from scoring import names
from scoring.models import Match, Player, Team
from tournaments import kept_pages
from tournaments.models import Tournament


def _check_choice(choice: str, *, allow_club_default: bool) -> None:
    allowed = set(PublicName.values) | ({""} if allow_club_default else set())
    if choice not in allowed:
        refuse("public_name", gettext_noop(
            "Choose how the name shows in public: in full, as first name and initial, or "
            "hidden."), "public_name")


@transaction.atomic
def set_public_name(*, member: Member, choice: str, by) -> Member:
    """How a member's name shows on the public pages ("": as the club's)."""
    _check_choice(choice, allow_club_default=True)
    lock(member.club_id)
    member = Member.objects.get(pk=member.pk)
    if member.public_name != choice:
        member.public_name = choice
        member.save(update_fields=["public_name"])
        pages_drawn_again(member.club_id)
        # With the member's number: the history says which "Player N" they were shown as.
        ClubEvent.objects.create(club_id=member.club_id, kind=ClubEvent.Kind.PUBLIC_NAME,
                                 member=member, by=by,
                                 params={"choice": choice, "number": member.number})
    return member


@transaction.atomic
def set_club_public_name(*, club: Club, choice: str, by) -> Club:
    """How the names of the members who chose nothing show on the public pages."""
    _check_choice(choice, allow_club_default=False)
    club = lock(club)
    if club.public_name != choice:
        club.public_name = choice
        club.save(update_fields=["public_name"])
        pages_drawn_again(club.pk)
        ClubEvent.objects.create(club=club, kind=ClubEvent.Kind.CLUB_PUBLIC_NAME, by=by,
                                 params={"choice": choice})
    return club


def pages_drawn_again(club_id: int, *, players=()) -> None:
    """The club's nights (and any tournament where `players`, scoring.Player ids, play)
    change version: their public pages, kept under ETags that count it, are drawn anew with
    the names as now chosen; the copies kept under the old ETags are dropped, not left in
    the cache until they expire."""
    tournaments = Tournament.objects.filter(
        Q(club_night__club_id=club_id) | Q(entries__player__in=players)
        | Q(entries__team__first_player__in=players)
        | Q(entries__team__second_player__in=players)).distinct()
    kept_pages.forget(tournaments)
    Tournament.objects.filter(pk__in=tournaments.values("pk")).update(version=F("version") + 1)


def anonymous_name(number: int) -> str:
    """What a name taken off is stored as: the member's number in the club, the same in
    every language (the pages read it as "Player 17": scoring.names.shown)."""
    return f"#{number}"


@transaction.atomic
def anonymize_member(*, member: Member, by) -> Member:
    """Take a member's name off for good: their name, nickname and other names (aliases)
    go, and so does the name typed on the matches they played (the players seated as them,
    and their teams' names where they told who they are). Their results stay, as do
    everyone else's: the ratings are the same (they follow the members, not the names)."""
    lock(member.club_id)
    member = Member.objects.get(pk=member.pk)
    if member.anonymized_at is not None:
        return member
    take_names_off(member)
    ClubEvent.objects.create(club_id=member.club_id, kind=ClubEvent.Kind.ANONYMIZED,
                             member=member, by=by)
    return member


def take_names_off(member: Member, *, since=None) -> None:
    """The names of a member go (anonymize_member; roster.merge_members when one of the two
    had theirs taken off): in the caller's transaction, the club locked. Every team they sat
    on whose typed name tells who they are (their name, a word of it, their nickname, a
    number they had before: public_names.words_of) is named after its players instead, the
    member as their number ("#17 & Marc Roy"; an individual night's entry, "#17"): the
    other players' names are never cut into."""
    label = anonymous_name(member.number)
    players = Player.objects.filter(club_seat__member=member)
    ids = set(players.values_list("pk", flat=True))
    typed = set(players.values_list("name", flat=True))
    words = words_of(member.name, member.nickname, *players.values_list("name", flat=True))
    # Teams they sat on, and an individual night's entry (a team of their name alone).
    seats = Q(first_player__in=ids) | Q(second_player__in=ids) | Q(entries__player__in=ids)
    for team in Team.objects.filter(seats).select_related(
            "first_player", "second_player").distinct():
        if not tells(team.name, words):
            continue
        if team.first_player_id is None:
            team.name = label
        else:
            team.name = " & ".join(label if player.pk in ids else player.name
                                   for player in (team.first_player, team.second_player))[:60]
        team.save(update_fields=["name"])
    players.update(name=label)
    # Their matches change version: every page and ETag built on them is drawn again; and so
    # do the club's nights, whose pages kept in the cache (standings, before any match of
    # theirs ends) would show the name.
    Match.objects.filter(Q(seat_n__in=ids) | Q(seat_e__in=ids) | Q(seat_s__in=ids)
                         | Q(seat_w__in=ids)).update(version=F("version") + 1)
    pages_drawn_again(member.club_id, players=ids)
    # Their names are kept only as one-way keys: a night attached later that types one of
    # them counts for this member, under their number, not for a new member in full.
    keys = set(Alias.objects.filter(member=member).values_list("key", flat=True)) | {
        names.key(name) for name in (member.name, *typed)}
    keys.discard(names.key(label))
    names_taken_off.remember(member, keys=keys)
    names_taken_off.rewrite_history(member, keys=keys, label=label)
    Alias.objects.filter(member=member).delete()
    member.name, member.nickname = label, ""
    member.anonymized_at = member.anonymized_at or since or timezone.now()
    member.save(update_fields=["name", "nickname", "anonymized_at"])
    # The numbered name still finds them, so that no later match types a new member for it
    # (unless a name typed as that number is another player's already).
    if not Alias.objects.filter(club_id=member.club_id, key=names.key(label)).exists():
        Alias.objects.create(club_id=member.club_id, key=names.key(label), member=member)


def record_data_copy(*, member: Member, by) -> None:
    """A copy of what the club holds on a member was taken (the history says who, when)."""
    ClubEvent.objects.create(club_id=member.club_id, kind=ClubEvent.Kind.DATA_COPY,
                             member=member, by=by)
