"""Reads of a player's own pages: my page (my clubs, my nights ahead and where I stand on
each, tonight's table, my results across clubs, what I was told), a night's sign-up page
and the player's part of a club's page. A fixed handful of queries whatever the number of
clubs, nights and sign-ups; the names of other players as the public reads them."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db.models import Count, Exists, F, OuterRef, Q, Subquery
from django.utils import timezone

from clubs import selectors as clubs
from clubs import stats
from clubs.models import Club, ClubNight, Member, Seat
from clubs.public_names import PublicNames
from players.models import LinkRequest, Notice, Signup
from players.selectors import STILL_AHEAD, NightAhead, night_ahead, nights_with_counts
from players.services.signups import HOLDING
from scoring import rules
from scoring.models import Match
from scoring.names import sort_key
from tournaments.models import Entry, Round, Table, TableSeat

State = Signup.State
NOTICES_SHOWN = 30


# -- where a player stands on a night ---------------------------------------------------

@dataclass
class Standing:
    """Where one member stands on one night: `claim`, the claim they hold (their own, or a
    pair's that names them and is whole), and `to_confirm`, a pair that names them and
    waits for their answer."""

    member: Member
    claim: Signup | None = None
    to_confirm: Signup | None = None
    # The other one of the claim's pair, and who asks, as the reader may read them.
    partner_name: str = ""
    asked_by_name: str = ""

    @property
    def state(self) -> str:
        """"none", or the claim's state ("in", "waiting", "partner_to_confirm",
        "looking")."""
        return self.claim.state if self.claim else "none"

    @property
    def waiting_position(self) -> int | None:
        """1 for the first who waits, and so on."""
        if self.claim is None or self.claim.state != State.WAITING:
            return None
        return self.claim.line

    @property
    def mine(self) -> bool:
        """The claim is the member's own (not a pair that names them as partner)."""
        return self.claim is not None and self.claim.member_id == self.member.pk

    @property
    def waits_for_partner(self) -> bool:
        return self.state == State.PARTNER_TO_CONFIRM

    @property
    def checked_in(self) -> bool:
        entry = self.claim.entry if self.claim and self.claim.entry_id else None
        return bool(entry and entry.checked_in)


def claims(sheet_ids, members: list[Member]):
    """The active claims on these sheets that hold or name `members` (one query), each with
    `line`: its place among those who wait (when it waits)."""
    line = Signup.objects.filter(
        sheet=OuterRef("sheet"), state=State.WAITING, position__lte=OuterRef("position"),
    ).order_by().values("sheet").annotate(n=Count("pk")).values("n")
    return Signup.objects.filter(sheet__in=sheet_ids).filter(
        Q(member__in=members, state__in=Signup.ACTIVE)
        | Q(partner__in=members, state__in=HOLDING),
    ).select_related("member", "partner", "entry").annotate(line=Subquery(line))


def standings_of(signups, members: list[Member], names: dict[int, PublicNames]
                 ) -> dict[tuple[int, int], Standing]:
    """Where each member stands on each sheet, keyed by (sheet id, member id); `names` by
    club id, to read the others' names."""
    found: dict[tuple[int, int], Standing] = {}
    by_pk = {m.pk: m for m in members}

    def standing(sheet_id: int, member_id: int) -> Standing:
        return found.setdefault((sheet_id, member_id), Standing(member=by_pk[member_id]))

    for signup in signups:
        public = names[signup.member.club_id]
        if signup.member_id in by_pk:
            mine = standing(signup.sheet_id, signup.member_id)
            mine.claim = signup
            mine.partner_name = public.of(signup.partner) if signup.partner_id else ""
        if signup.partner_id in by_pk:
            named = standing(signup.sheet_id, signup.partner_id)
            if signup.state == State.PARTNER_TO_CONFIRM:
                named.to_confirm = signup
                named.asked_by_name = public.of(signup.member)
            else:
                named.claim = signup
                named.partner_name = public.of(signup.member)
    return found


def shown_to_member(night: NightAhead) -> bool:
    """A linked member sees the club's public nights, and those that take sign-ups."""
    return night.tournament.public or night.sheet is not None


# -- my page ----------------------------------------------------------------------------

@dataclass
class MyClub:
    member: Member
    club: Club
    # My name as the public reads it (how my choice shows), and in full (mine to read).
    public_name: str
    own_name: str
    summary: stats.PlayerStats


@dataclass
class MyNight:
    ahead: NightAhead
    standing: Standing

    @property
    def club(self) -> Club:
        return self.ahead.night.club


@dataclass
class Tonight:
    """Where I play on a night that is on: the table of my entry in its last round."""

    night: ClubNight
    round_number: int
    entry: Entry
    table_number: int | None  # None: sitting out this round
    seat: str = ""  # an individual night's seat, in words

    @property
    def tournament(self):
        return self.night.tournament


@dataclass
class MyNotice:
    notice: Notice
    # Who asked or declined, as the public reads them; the night's name.
    by_name: str = ""

    @property
    def position(self):
        return self.notice.params.get("position")


@dataclass
class MyPage:
    clubs: list[MyClub]
    nights: list[MyNight]
    tonight: list[Tonight]
    notices: list[MyNotice]
    requests: list[LinkRequest] = field(default_factory=list)

    @property
    def to_confirm(self) -> list[MyNight]:
        return [n for n in self.nights if n.standing.to_confirm is not None]


def my_members(user) -> list[Member]:
    """The roster members the user is linked to, one per club, by club name (one query)."""
    members = Member.objects.filter(account=user).select_related("club")
    return sorted(members, key=lambda m: (m.club.name.casefold(), m.club_id))


def my_member(user, member_id: int) -> Member:
    """One of the user's own members (else 404): nobody acts for a member not theirs."""
    return clubs.one_or_404(Member.objects.filter(account=user).select_related("club"),
                            member_id)


def my_page(user, *, now: datetime | None = None) -> MyPage:
    now = now or timezone.now()
    members = my_members(user)
    requests = list(LinkRequest.objects.filter(user=user, decided_at__isnull=True)
                    .select_related("club", "member"))
    if not members:
        return MyPage(clubs=[], nights=[], tonight=[], notices=[], requests=requests)
    public = {m.club_id: PublicNames(m.club, full=False) for m in members}
    nights = [night_ahead(n, now) for n in nights_with_counts().filter(
        club__in=[m.club_id for m in members], tournament__starts_at__gte=now - STILL_AHEAD,
        tournament__closed_at__isnull=True).order_by("tournament__starts_at", "pk")]
    nights = [n for n in nights if shown_to_member(n)]
    sheets = [n.sheet.pk for n in nights if n.sheet is not None]
    found = standings_of(claims(sheets, members), members, public) if sheets else {}
    member_in = {m.club_id: m for m in members}
    mine = [MyNight(ahead=n, standing=found.get(
        (n.sheet.pk if n.sheet else None, member_in[n.night.club_id].pk),
        Standing(member=member_in[n.night.club_id]))) for n in nights]
    summaries = _summaries(members)
    return MyPage(
        clubs=[MyClub(member=m, club=m.club, public_name=public[m.club_id].of(m),
                      own_name=PublicNames(m.club, full=True).of(m),
                      summary=summaries[m.pk]) for m in members],
        nights=mine, tonight=_tonight(members, now), notices=_notices(members, public),
        requests=requests)


def _summaries(members: list[Member]) -> dict[int, stats.PlayerStats]:
    """Each member's record in their club (clubs.stats), over the matches they sat at in
    any of the clubs: one query for them all."""
    ids = [m.pk for m in members]
    sat = Q()
    for seat in clubs.SEATS:
        sat |= Q(**{f"seat_{seat}__club_seat__member_id__in": ids})
    rows = Match.objects.filter(sat).annotate(
        tournament=Subquery(Table.objects.filter(match=OuterRef("pk")).values(
            "round__tournament_id")[:1]),
        **{f"member_{seat}": Subquery(Seat.objects.filter(player_id=OuterRef(f"seat_{seat}_id"))
                                      .values("member_id")[:1]) for seat in clubs.SEATS},
    ).values("id", "status", "winner", "finish_reason", "score_a", "score_b", "hand_count",
             "last_hand_at", "created_at", "tournament",
             *(f"member_{seat}" for seat in clubs.SEATS)).order_by()
    records = [stats.MatchRecord(
        match_id=r["id"], ended_at=r["last_hand_at"] or r["created_at"],
        finished=r["status"] == rules.Status.FINISHED, winner=r["winner"],
        finish_reason=r["finish_reason"], score=(r["score_a"], r["score_b"]),
        hands=r["hand_count"], tournament_id=r["tournament"],
        pairs=((r["member_n"], r["member_s"]), (r["member_e"], r["member_w"])),
    ) for r in rows]
    return {pk: stats.player_stats(pk, records, last=0) for pk in ids}


def _tonight(members: list[Member], now: datetime) -> list[Tonight]:
    """The nights on in my clubs (a round drawn, not closed, started lately or dated
    today or yesterday) and my table in the last round of each: no query at all on a day
    without one."""
    recent = now - STILL_AHEAD
    nights = list(ClubNight.objects.filter(
        club__in=[m.club_id for m in members], tournament__closed_at__isnull=True,
        tournament__cancelled_at__isnull=True, tournament__rounds__isnull=False,
    ).filter(Q(tournament__starts_at__gte=recent)
             | Q(tournament__starts_at__isnull=True,
                 tournament__date__gte=(now - timedelta(days=1)).date()))
        .select_related("tournament", "club").distinct().order_by("pk"))
    if not nights:
        return []
    tournaments = [n.tournament_id for n in nights]
    ids = [m.pk for m in members]
    entries = {e.tournament_id: e for e in Entry.objects.filter(tournament__in=tournaments).filter(
        Q(player__club_seat__member__in=ids) | Q(team__first_player__club_seat__member__in=ids)
        | Q(team__second_player__club_seat__member__in=ids)).select_related("team")}
    if not entries:
        return []
    last = Round.objects.filter(tournament=OuterRef("round__tournament")).order_by(
        "-number").values("number")[:1]
    entry_ids = [e.pk for e in entries.values()]
    tables = list(Table.objects.filter(round__tournament__in=list(entries)).annotate(
        last=Subquery(last)).filter(round__number=F("last")).filter(
        Q(entry_a__in=entry_ids) | Q(entry_b__in=entry_ids) | Q(seats__entry__in=entry_ids),
    ).select_related("round").distinct())
    seats = {s.table_id: s for s in TableSeat.objects.filter(table__in=tables,
                                                             entry__in=entry_ids)}
    rounds = dict(Round.objects.filter(tournament__in=list(entries)).values(
        "tournament").annotate(n=Count("pk")).values_list("tournament", "n"))
    found = []
    for night in nights:
        entry = entries.get(night.tournament_id)
        if entry is None:
            continue
        table = next((t for t in tables if t.round.tournament_id == night.tournament_id), None)
        seat = seats.get(table.pk) if table else None
        found.append(Tonight(night=night, round_number=rounds.get(night.tournament_id, 0),
                             entry=entry, table_number=table.number if table else None,
                             seat=seat.get_seat_display() if seat else ""))
    return found


def _notices(members: list[Member], public: dict[int, PublicNames]) -> list[MyNotice]:
    """What I was told, newest first; who asked named at display time (two queries)."""
    notices = list(Notice.objects.filter(member__in=members).select_related(
        "member__club", "night__tournament")[:NOTICES_SHOWN])
    by_ids = {n.params.get("by") for n in notices} - {None}
    others = {m.pk: m for m in Member.objects.filter(
        pk__in=[pk for pk in by_ids if isinstance(pk, int)])}
    shown = []
    for notice in notices:
        by = others.get(notice.params.get("by"))
        # Someone of the same club only: a notice never names a member of another club.
        name = public[notice.member.club_id].of(by) if by and by.club_id == \
            notice.member.club_id else ""
        shown.append(MyNotice(notice=notice, by_name=name))
    return shown


# -- a night's sign-up page ---------------------------------------------------------------

@dataclass
class NightPage:
    ahead: NightAhead
    member: Member | None  # the reader's, in the night's club
    standing: Standing | None
    # Others looking for a partner: (sign-up, name), for a player looking too.
    lookers: list[tuple[Signup, str]]
    # Who the reader may name as partner: (member id, name), by name.
    partners: list[tuple[int, str]]

    @property
    def night(self) -> ClubNight:
        return self.ahead.night


def night_for_signup(club: Club, night_id: int) -> ClubNight:
    """The club's night with its sign-up's counts (else 404)."""
    return clubs.one_or_404(nights_with_counts().filter(club=club), night_id)


def night_page(night: ClubNight, member: Member | None, *, names: PublicNames,
               now: datetime | None = None) -> NightPage:
    """The night as its sign-up page shows it to the reader, `member` in its club if
    linked (`night` from night_for_signup): two queries at most, whatever the roster's
    size."""
    now = now or timezone.now()
    found = night_ahead(night, now)
    standing, lookers, partners = None, [], []
    if member is not None:
        standing = Standing(member=member)
        if found.sheet is not None:
            standing = standings_of(claims([found.sheet.pk], [member]), [member],
                                    {night.club_id: names}).get(
                (found.sheet.pk, member.pk), standing)
        if found.window == "open" and found.unit == "pair":
            if standing.state == State.LOOKING and standing.to_confirm is None:
                lookers = [(s, names.of(s.member)) for s in looking(found.sheet, member)]
                lookers.sort(key=lambda pair: (sort_key(pair[1]), pair[0].pk))
            if standing.state == "none" and standing.to_confirm is None:
                partners = partner_choices(night.club, member, names)
    return NightPage(ahead=found, member=member, standing=standing, lookers=lookers,
                     partners=partners)


def looking(sheet, member: Member):
    """The others on the sheet looking for a partner whom nobody has asked yet: whom a
    player looking too may ask (one query)."""
    asked = Signup.objects.filter(sheet=sheet, partner=OuterRef("member"), state__in=HOLDING)
    return sheet.signups.filter(state=State.LOOKING).exclude(member=member).exclude(
        Exists(asked)).select_related("member")


def partner_choices(club: Club, member: Member, names: PublicNames) -> list[tuple[int, str]]:
    """The club's other players linked to an account (who can confirm from their page), by
    the name the reader may read (one query)."""
    others = [(m.pk, names.of(m)) for m in Member.objects.filter(
        club=club, account__isnull=False).exclude(pk=member.pk)]
    return sorted(others, key=lambda pair: (sort_key(pair[1]), pair[0]))


# -- the player's part of a club's page ---------------------------------------------------

@dataclass
class ClubPart:
    """What a club's page shows a reader of the player's door: the nights ahead and, to a
    logged-in user, their link to the club (linked, asked, or a name to ask for)."""

    nights: list[tuple[NightAhead, Standing | None]]
    member: Member | None
    request: LinkRequest | None
    roster: list[tuple[int, str]]
    member_name: str = ""
    request_name: str = ""


def club_part(club: Club, user, *, names: PublicNames, organizer: bool,
              now: datetime | None = None) -> ClubPart:
    now = now or timezone.now()
    member = request = None
    roster = []
    if user.is_authenticated:
        member = Member.objects.filter(club=club, account=user).first()
        if member is None:
            request = LinkRequest.objects.filter(club=club, user=user, decided_at__isnull=True
                                                 ).select_related("member").first()
            if request is None:
                roster = link_choices(club, names)
    nights = [night_ahead(n, now) for n in nights_with_counts().filter(
        club=club, tournament__starts_at__gte=now - STILL_AHEAD,
        tournament__closed_at__isnull=True).order_by("tournament__starts_at", "pk")]
    if not organizer:
        nights = [n for n in nights if n.tournament.public
                  or (member is not None and shown_to_member(n))]
    found = {}
    sheets = [n.sheet.pk for n in nights if n.sheet is not None]
    if member is not None and sheets:
        found = standings_of(claims(sheets, [member]), [member], {club.pk: names})
    return ClubPart(
        nights=[(n, found.get((n.sheet.pk if n.sheet else None, member.pk),
                              Standing(member=member)) if member else None) for n in nights],
        member=member, request=request, roster=roster,
        # Their own name, in full: it is theirs to read.
        member_name=PublicNames(club, full=True).of(member) if member else "",
        request_name=names.of(request.member) if request else "")


def link_choices(club: Club, names: PublicNames) -> list[tuple[int, str]]:
    """The roster's players no account is linked to, by the name the reader may read (one
    query): whom a user may ask to be."""
    return sorted(((m.pk, names.of(m)) for m in Member.objects.filter(
        club=club, account__isnull=True)), key=lambda pair: (sort_key(pair[1]), pair[0]))
