"""Reads of the club's pages: a fixed number of queries whatever the club's size."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date

from django.db.models import Count, Exists, F, OuterRef, Q, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs import charts, rating_model, seasons, stats
from clubs.models import Attribution, Club, Member, RatingChange, Seat
from scoring import names, rules
from scoring.models import MAX_ID, Hand, Match, Player
from tournaments.models import Bye, Entry, Table, TableSeat
from tournaments.selectors import seats_of_tables, standings_from

SEATS = ("n", "s", "e", "w")


def club_filter(club_id: int, prefix: str = "") -> Q:
    """The club's matches: its own, and those of its nights (tournaments)."""
    return Q(**{f"{prefix}club_match__club_id": club_id}) | Q(
        **{f"{prefix}table__round__tournament__club_night__club_id": club_id})


def club_matches(club_id: int):
    return Match.objects.filter(club_filter(club_id))


def club_of_match(match: Match) -> int | None:
    """The id of the club a match belongs to, or None."""
    return (Club.objects.filter(Q(club_matches__match_id=match.pk)
                                | Q(nights__tournament__rounds__tables__match_id=match.pk))
            .values_list("pk", flat=True).first())


def club_of_match_or_404(match: Match) -> Club:
    """The club a match belongs to (a club match or a club night's), else 404."""
    club_id = club_of_match(match)
    if club_id is None:
        raise Http404
    return Club.objects.get(pk=club_id)


def _ended_at(row) -> object:
    return row["last_hand_at"] or row["created_at"]


def _played_on(row) -> date:
    """The day the match was played: its night's date, else the day its last hand was
    written (a night's scores may be typed in days later, from paper)."""
    return row["night_date"] or timezone.localdate(_ended_at(row))


def match_records(club_id: int, *, member: int | None = None, with_comebacks=False
                  ) -> list[stats.MatchRecord]:
    """The club's matches as statistics read them (one query; two with the comebacks,
    which need every hand). With `member`, only the matches that player sat at."""
    matches = club_matches(club_id)
    if member is not None:
        matches = matches.filter(
            Q(seat_n__club_seat__member_id=member) | Q(seat_s__club_seat__member_id=member)
            | Q(seat_e__club_seat__member_id=member) | Q(seat_w__club_seat__member_id=member))
    # The hands' totals in subqueries of their own, not a join and a GROUP BY.
    hands = Hand.objects.filter(match=OuterRef("pk")).order_by().values("match")

    def total(**aggregate):
        return Coalesce(Subquery(hands.annotate(**aggregate).values(*aggregate)), Value(0))

    rows = matches.annotate(
        politaines_a=total(total=Sum("politaines_a")),
        politaines_b=total(total=Sum("politaines_b")),
        four_sevens_a=total(total=Count("pk", filter=Q(four_sevens_team=rules.Team.A))),
        four_sevens_b=total(total=Count("pk", filter=Q(four_sevens_team=rules.Team.B))),
        tournament=F("table__round__tournament_id"),
        night_date=F("table__round__tournament__date"),
        # Who sits where, in subqueries too: joined, the four seats' players and roster
        # places brought the query to sixteen tables, past the point where PostgreSQL
        # plans exhaustively, and its genetic search could pick a plan that took minutes.
        **{f"member_{seat}": Subquery(Seat.objects.filter(player_id=OuterRef(f"seat_{seat}_id"))
                                      .values("member_id")[:1]) for seat in SEATS},
        **{f"typed_{seat}": Subquery(Player.objects.filter(pk=OuterRef(f"seat_{seat}_id"))
                                     .values("name")[:1]) for seat in SEATS},
    ).values(
        "id", "status", "winner", "finish_reason", "score_a", "score_b", "hand_count",
        "redeals", "last_hand_at", "created_at", "team_a__name", "team_b__name", "variant",
        "target", "night_date",
        "politaines_a", "politaines_b", "four_sevens_a", "four_sevens_b", "tournament",
        *(f"member_{seat}" for seat in SEATS), *(f"typed_{seat}" for seat in SEATS),
    ).order_by()
    rows = list(rows)
    comebacks = _comebacks([r for r in rows if r["winner"]]) if with_comebacks else {}
    return [stats.MatchRecord(
        match_id=r["id"], ended_at=_ended_at(r), played_on=_played_on(r),
        finished=r["status"] == rules.Status.FINISHED,
        winner=r["winner"], finish_reason=r["finish_reason"],
        score=(r["score_a"], r["score_b"]), hands=r["hand_count"],
        politaines=(r["politaines_a"], r["politaines_b"]),
        four_sevens=(r["four_sevens_a"], r["four_sevens_b"]), redeals=r["redeals"],
        pairs=((r["member_n"], r["member_s"]), (r["member_e"], r["member_w"])),
        team_names=(r["team_a__name"], r["team_b__name"]), tournament_id=r["tournament"],
        typed=((r["typed_n"] or "", r["typed_s"] or ""), (r["typed_e"] or "", r["typed_w"] or "")),
        comeback=comebacks.get(r["id"], 0),
    ) for r in rows]


def _comebacks(finished: list[dict]) -> dict[int, int]:
    """The most points each finished match's winner trailed by: one query for every hand."""
    variants = {r["id"]: r["variant"] for r in finished}
    winners = {r["id"]: r["winner"] for r in finished}
    targets = {r["id"]: r["target"] for r in finished}
    running: dict[int, list[tuple[int, int]]] = defaultdict(list)
    totals: dict[int, tuple[int, int]] = {}
    hands = Hand.objects.filter(match_id__in=list(variants)).order_by("match_id", "number")
    for hand in hands.iterator(chunk_size=2000):
        points = rules.hand_points(variants[hand.match_id], hand.to_rules())
        a, b = totals.get(hand.match_id, (0, 0))
        totals[hand.match_id] = (a + points.a, b + points.b)
        running[hand.match_id].append(totals[hand.match_id])
    return {pk: stats.comeback(running[pk], winners[pk], targets[pk]) for pk in variants}


def _hand(**conditions):
    return Exists(Hand.objects.filter(match_id=OuterRef("match_id"),
                                      number=OuterRef("hand_number"), **conditions))


# An attribution counts while its hand still has what it names (a correction may take a
# politaine away, an undo a whole hand).
STILL_TRUE = (
    Q(kind="politaine", team="a") & _hand(politaines_a__gt=OuterRef("slot"))
    | Q(kind="politaine", team="b") & _hand(politaines_b__gt=OuterRef("slot"))
    | Q(kind="four_sevens") & _hand(four_sevens_team=OuterRef("team"))
    | Q(kind="redeal", slot__lt=F("match__redeals"))
)


def attribution_counts(club_id: int, member: int | None = None) -> dict[int, dict[str, int]]:
    """How many of each attribution each roster player has (one query)."""
    found = Attribution.objects.filter(member__club_id=club_id).filter(STILL_TRUE)
    if member is not None:
        found = found.filter(member_id=member)
    counts: dict[int, dict[str, int]] = defaultdict(dict)
    for row in found.values("member_id", "kind").annotate(n=Count("id")).order_by():
        counts[row["member_id"]][row["kind"]] = row["n"]
    return counts


def one_or_404(rows, pk: int):
    """The row of `rows` with this id (an id beyond a bigint is none), else 404."""
    found = rows.filter(pk=pk).first() if 1 <= pk <= MAX_ID else None
    if found is None:
        raise Http404
    return found


def club_or_404(pk: int) -> Club:
    return one_or_404(Club.objects.select_related("owner"), pk)


def is_organizer(user, club: Club) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return club.owner_id == user.pk or club.organizers.filter(pk=user.pk).exists()


def may_read(user, club: Club) -> bool:
    return club.public or is_organizer(user, club)


def clubs_of(user):
    """The clubs a user organizes."""
    return Club.objects.filter(Q(owner=user) | Q(organizers=user)).distinct()


def by_name(members) -> list[Member]:
    """Members in alphabetical order (names.sort_key: in Python, as no database collates
    the same on SQLite and PostgreSQL)."""
    return sorted(members, key=lambda m: (names.sort_key(m.name), m.pk))


def roster(club_id: int) -> list[Member]:
    """The club's members in alphabetical order (one query)."""
    return by_name(Member.objects.filter(club_id=club_id))


def ladder(club_id: int) -> list[Member]:
    """The rated players, best conservative rating (mu - 3 sigma) first; those rated the
    same in alphabetical order."""
    rated = Member.objects.filter(club_id=club_id, rated_matches__gt=0).annotate(
        shown=F("mu") - 3 * F("sigma"))
    return sorted(rated, key=lambda m: (-m.shown, names.sort_key(m.name), m.pk))


def rating_history(member_id: int) -> list[RatingChange]:
    return list(RatingChange.objects.filter(member_id=member_id).order_by("rated_at",
                                                                           "match_id"))


# --- Seasons --------------------------------------------------------------------------------


def season_nights(season) -> list:
    """The season's nights as clubs.seasons reads them, with the tournaments' standings:
    five queries whatever the number of nights (six with individual nights)."""
    nights = list(season.nights.select_related("tournament").order_by(
        "tournament__date", "tournament__created_at", "tournament_id"))
    ids = [n.tournament_id for n in nights]
    entries: dict[int, list] = defaultdict(list)
    for entry in Entry.objects.filter(tournament_id__in=ids).select_related("team").annotate(
            first=F("team__first_player__club_seat__member_id"),
            second=F("team__second_player__club_seat__member_id"),
            # An individual night's entry is a player.
            alone=F("player__club_seat__member_id")).order_by("seed"):
        entries[entry.tournament_id].append(entry)
    tables: dict[int, list] = defaultdict(list)
    for table in Table.objects.filter(round__tournament_id__in=ids).select_related(
            "match").annotate(tournament=F("round__tournament_id")):
        tables[table.tournament].append(table)
    byes: dict[int, list] = defaultdict(list)
    for bye in Bye.objects.filter(round__tournament_id__in=ids).annotate(
            tournament=F("round__tournament_id")):
        byes[bye.tournament].append(bye)
    # The individual nights' players by seat, all of them at once (their tables hold none).
    individual = [n.tournament_id for n in nights if n.tournament.is_individual]
    seats = seats_of_tables(TableSeat.objects.filter(
        table__round__tournament_id__in=individual)) if individual else {}
    found = []
    for night in nights:
        tournament = night.tournament
        if not tables[tournament.pk]:
            continue  # not played yet
        by_entry = {e.pk: e for e in entries[tournament.pk]}
        standings = standings_from(tournament, entries[tournament.pk], tables[tournament.pk],
                                   byes[tournament.pk], seats)
        places = tuple((s.rank, tuple(m for m in (by_entry[s.team_id].first,
                                                   by_entry[s.team_id].second,
                                                   by_entry[s.team_id].alone) if m))
                       for s in standings)
        found.append(seasons.Night(tournament.pk, tournament.name, places))
    return found


# --- What the pages show --------------------------------------------------------------------


@dataclass
class ClubPage:
    club: Club
    members: dict[int, Member]
    leaders: dict[str, list[stats.Leader]]
    ladder: list[Member]
    records: stats.Records
    nights: list
    seasons: list
    matches: int


def club_page(club: Club) -> ClubPage:
    """Everything the club's page shows: eight queries for any club."""
    records = match_records(club.pk, with_comebacks=True)
    totals = stats.club_totals(records, attribution_counts(club.pk))
    members = {m.pk: m for m in roster(club.pk)}
    return ClubPage(
        club=club, members=members, leaders=stats.leaders(totals),
        ladder=ladder(club.pk), records=stats.club_records(records),
        nights=list(club.nights.select_related("tournament").order_by(
            "-tournament__date", "-tournament__created_at")[:5]),
        seasons=list(club.seasons.all()), matches=len(records),
    )


@dataclass
class PlayerPage:
    member: Member
    stats: stats.PlayerStats
    members: dict[int, Member]
    history: list[RatingChange]
    chart: object


def player_page(member: Member) -> PlayerPage:
    """A roster player's page: five queries whatever they played."""
    records = match_records(member.club_id, member=member.pk)
    found = stats.player_stats(member.pk, records,
                               attribution_counts(member.club_id, member.pk).get(member.pk))
    history = rating_history(member.pk)
    values = [rating_model.shown(history[0].mu_before, history[0].sigma_before)] + [
        rating_model.shown(c.mu_after, c.sigma_after) for c in history] if history else []
    return PlayerPage(member=member, stats=found,
                      members={m.pk: m for m in roster(member.club_id)},
                      history=history, chart=charts.rating_chart(values))


def suggestions(club_id: int, typed: str, limit: int) -> list[Member]:
    """Roster players whose name or nickname holds what was typed (case and accents as
    typed), those starting with it first. What no name can hold (a NUL, which PostgreSQL
    refuses in a query, or invisible characters) is offered nothing."""
    if names.has_control(typed or "") or names.has_invisible(typed or ""):
        return []
    typed = names.normalise(typed or "")[:60]
    members = Member.objects.filter(club_id=club_id)
    if typed:
        members = members.filter(Q(name__icontains=typed) | Q(nickname__icontains=typed))
    # Those starting with what was typed first, accents and case aside as in alphabetical
    # order ("e" finds Élise first), each part in alphabetical order (a club's roster at
    # most, in one query).
    start = names.plain(names.key(typed))
    return sorted(by_name(members),
                  key=lambda m: not names.plain(names.key(m.name)).startswith(start))[:limit]


def match_seats(match: Match) -> dict[int, str]:
    """The roster players at a match, and their team ("a" North-South, "b" East-West)."""
    teams = {match.seat_n_id: "a", match.seat_s_id: "a", match.seat_e_id: "b",
             match.seat_w_id: "b"}
    return {seat.member_id: teams[seat.player_id]
            for seat in Seat.objects.filter(player_id__in=[p for p in teams if p])}


@dataclass
class Tap:
    """One thing to attribute, and the players who may have done it."""

    kind: str
    hand_number: int
    slot: int
    team: str | None  # None: a redeal, any of the four
    label: str
    players: list[Member]
    chosen: int | None


def attribution_page(match: Match) -> list[Tap]:
    """Every politaine, four sevens and redeal of a club match, with who may have made
    them and who was said to (four queries)."""
    seats = match_seats(match)
    members = {m.pk: m for m in by_name(Member.objects.filter(pk__in=seats))}
    chosen = {(a.hand_number, a.kind, a.team, a.slot): a.member_id
              for a in Attribution.objects.filter(match=match)}
    names = {"a": match.team_a.name, "b": match.team_b.name}

    def players(team=None):
        return [m for pk, m in members.items() if team is None or seats[pk] == team]

    taps = []
    for hand in Hand.objects.filter(match=match).filter(
            Q(politaines_a__gt=0) | Q(politaines_b__gt=0) | Q(four_sevens_team__isnull=False)
    ).order_by("number"):
        for team in ("a", "b"):
            for slot in range(getattr(hand, f"politaines_{team}")):
                taps.append(Tap("politaine", hand.number, slot, team, _(
                    "Hand %(number)s: a politaine of %(team)s") % {
                    "number": hand.number, "team": names[team]}, players(team),
                    chosen.get((hand.number, "politaine", team, slot))))
        if hand.four_sevens_team:
            team = hand.four_sevens_team
            taps.append(Tap("four_sevens", hand.number, 0, team, _(
                "Hand %(number)s: the four sevens, dealt to %(team)s") % {
                "number": hand.number, "team": names[team]}, players(team),
                chosen.get((hand.number, "four_sevens", team, 0))))
    redeals = {slot: member for (_number, kind, _team, slot), member in chosen.items()
               if kind == "redeal"}
    for slot in range(match.redeals):
        taps.append(Tap("redeal", 0, slot, None, _("Redeal %(number)s") % {
            "number": slot + 1}, players(), redeals.get(slot)))
    return taps


@dataclass(frozen=True)
class Sitting:
    """A name typed for a roster player (a scoring.Player): the matches played under it,
    which go together when the player is split in two."""

    player: int
    night: str  # the tournament's name, or "" for a club match
    first: object  # when its first match was created
    matches: int
    teams: str  # the first match's teams, as typed


def sittings(member: Member) -> list[Sitting]:
    """The member's typed names, each with its matches, oldest first (one query)."""
    players = set(Seat.objects.filter(member=member).values_list("player_id", flat=True))
    found: dict[int, list[dict]] = defaultdict(list)
    for row in Match.objects.filter(
            Q(seat_n__in=players) | Q(seat_e__in=players) | Q(seat_s__in=players)
            | Q(seat_w__in=players)).order_by("created_at", "pk").values(
            "seat_n", "seat_e", "seat_s", "seat_w", "created_at", "team_a__name",
            "team_b__name", "table__round__tournament__name"):
        for seat in ("seat_n", "seat_e", "seat_s", "seat_w"):
            if row[seat] in players:
                found[row[seat]].append(row)
    return sorted((Sitting(player, rows[0]["table__round__tournament__name"] or "",
                           rows[0]["created_at"], len(rows),
                           f'{names.shown(rows[0]["team_a__name"])} – '
                           f'{names.shown(rows[0]["team_b__name"])}')
                   for player, rows in found.items()), key=lambda s: (s.first, s.player))


def names_taken_off_at(*, tournament=None, match: Match | None = None) -> list[Member]:
    """The roster players whose names were taken off who play at a night (`tournament`) or
    a club match: the organizer who attaches or starts it is told."""
    if tournament is not None:
        players = {pk for row in Entry.objects.filter(tournament=tournament).values_list(
            "player_id", "team__first_player_id", "team__second_player_id") for pk in row}
    else:
        players = {match.seat_n_id, match.seat_e_id, match.seat_s_id, match.seat_w_id}
    return list(Member.objects.filter(seats__player_id__in=players - {None},
                                      anonymized_at__isnull=False).distinct().order_by("pk"))
