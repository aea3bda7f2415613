"""Reads for the score keeper's pages: a fixed number of queries, whatever the match's length."""

from dataclasses import dataclass

from django.db.models import Case, IntegerField, Prefetch, Value, When
from django.http import Http404

from scoring import charts, display, extensions, rules
from scoring.models import (
    MAX_ID,
    ConfirmationStep,
    Hand,
    HandRevision,
    Match,
    is_scorekeeper_token_shaped,
)

TEAMS_AND_SEATS = ("team_a", "team_b", "seat_n", "seat_e", "seat_s", "seat_w")


def table_related() -> list[str]:
    """What a match page reads with the match: its teams and seats, and what the apps that
    extend scoring ask for (scoring.extensions)."""
    return [*TEAMS_AND_SEATS, *extensions.related()]


def _hands_in_order(after: int = 0):
    return Prefetch("hands", queryset=Hand.objects.filter(number__gt=after).order_by("number")
                    if after else Hand.objects.order_by("number"))


def match_with_hands(pk: int, *, after: int = 0) -> Match | None:
    """The match, its teams, seats and hands in order (those after hand `after`, when
    given): for the API's match object."""
    if not 1 <= pk <= MAX_ID:
        return None
    try:
        return (Match.objects.select_related(*table_related())
                .prefetch_related(_hands_in_order(after)).get(pk=pk))
    except Match.DoesNotExist:
        return None


def lines_after(match: Match, after: int, hands=None) -> tuple[rules.HandLine, ...]:
    """The history's lines of the hands after hand `after`, from its last `hands` in order
    (those read with the match, match_with_hands(after=...), unless given) and its row's
    totals: as many hands read as there are lines, whatever the match's length. A result
    from paper is not the hands' sum: its hands are replayed."""
    rows = [hand for hand in (match.hands.all() if hands is None else hands)
            if hand.number > after]
    if match.from_paper or [row.number for row in rows] != list(
            range(after + 1, match.hand_count + 1)):
        # A result from paper, or a write between the row's read and the hands': every hand
        # replayed (read anew: the prefetched ones may be the last few only).
        every = Hand.objects.filter(match=match).order_by("number")
        return tuple(line for line in match.replay_hands(every).lines if line.number > after)
    hands = [row.to_rules() for row in rows]
    return rules.last_lines(match.variant, match.first_dealer, after + 1, hands,
                            rules.Pair(match.score_a, match.score_b))


def new_lines(match: Match, after: int) -> tuple[rules.HandLine, ...]:
    """The history's lines of the hands added after hand `after`: those hands read alone
    (a poll's, from a phone that shows the hands up to `after`)."""
    return lines_after(match, after, Hand.objects.filter(match=match, number__gt=after)
                       .order_by("number"))


def _table(**lookup) -> Match | None:
    """The match with its teams and seats, by one of its unique columns: the read that every
    request of a table starts with."""
    try:  # get(), not first(): no ORDER BY to build for a unique column
        return Match.objects.select_related(*table_related()).get(**lookup)
    except Match.DoesNotExist:
        return None


def match_to_write(pk: int) -> Match | None:
    """The match with its teams and seats, without its hands: for a write to them, which
    returns the new state (scoring.services)."""
    if not 1 <= pk <= MAX_ID:
        return None
    return _table(pk=pk)


def matches_with_hands(user):
    """A user's matches, newest first, each with its hands: three queries for any page."""
    return (
        Match.objects.filter(owner=user)
        .select_related(*table_related())
        .prefetch_related(_hands_in_order())
        .order_by("-created_at", "-id")
    )


def match_for_table(*, pk: int | None = None, token: str | None = None) -> Match:
    """The match with its teams and seats, by id or by the secret of its score keeper link."""
    if token is not None:
        match = _table(scorekeeper_token=token) if is_scorekeeper_token_shaped(token) else None
    else:
        match = _table(pk=pk) if 1 <= pk <= MAX_ID else None
    if match is None:
        raise Http404
    return match


def match_for_opponents(token: str) -> Match:
    """The match with its teams and seats, by the secret of its opponents' link."""
    match = _table(opponents_token=token) if is_scorekeeper_token_shaped(token) else None
    if match is None:
        raise Http404
    return match


@dataclass(frozen=True)
class Version:
    """What a poll needs to answer 304: which match, its version, and who owns it."""

    pk: int
    version: int
    owner_id: int | None


def match_version(*, pk: int | None = None, token: str | None = None) -> Version | None:
    """The match's version, by id or by the secret of its score keeper link: one query of
    the match's own table, three columns, for the polls that find nothing new."""
    if token is not None:
        lookup = {"scorekeeper_token": token} if is_scorekeeper_token_shaped(token) else None
    else:
        lookup = {"pk": pk} if 1 <= pk <= MAX_ID else None
    # Iterated, not first(): a unique column needs no LIMIT, and the queryset no ORDER BY.
    found = next(iter(Match.objects.filter(**lookup).order_by()
                      .values_list("pk", "version", "owner_id")), None) if lookup else None
    return Version(*found) if found else None


def revisions_of(match_id: int) -> list[HandRevision]:
    """A match's corrections and undos, newest first, with who made them."""
    return list(HandRevision.objects.filter(match_id=match_id).select_related("by")
                .order_by("-at", "-id"))


@dataclass(frozen=True)
class HistoryRow:
    line: rules.HandLine
    dealer_seat: str  # the seat's name, e.g. "North"
    dealer_letter: str  # e.g. "N"
    dealer_player: str  # the player's name, or "" when not given
    cells: dict  # what each team's side of the hand shows: see display.hand_cells


@dataclass(frozen=True)
class RevisionRow:
    revision: HandRevision
    before: str
    after: str | None


@dataclass(frozen=True)
class TablePage:
    match: Match
    state: rules.MatchState
    rows: list[HistoryRow]
    revisions: list[RevisionRow]
    chart: charts.Chart


def confirmed_by_organizer(match: Match) -> bool:
    """Whether the last confirmation of a confirmed match was an organizer's, on the team's
    behalf (one small query, asked only of a confirmed match)."""
    Action = ConfirmationStep.Action
    last = (ConfirmationStep.objects.filter(
        match=match, action__in=[Action.CONFIRMED, Action.CONFIRMED_FOR_TEAM])
        .order_by("-at", "-id").values_list("action", flat=True).first())
    return last == Action.CONFIRMED_FOR_TEAM


def history_row(match: Match, line: rules.HandLine) -> HistoryRow:
    return HistoryRow(
        line=line,
        dealer_seat=display.SEAT_NAMES[line.dealer],
        dealer_letter=display.SEAT_LETTERS[line.dealer],
        dealer_player=display.seat_player_name(match, line.dealer),
        cells=display.hand_cells(match, line),
    )


def table_page(match: Match, state: rules.MatchState | None = None) -> TablePage:
    """Everything the match page shows: its revisions' query beside the match's own, and
    one for its hands unless `state` is given (a replay's: a correction, an undo)."""
    if state is None:
        state = match.replay(match.hands.order_by("number") if match.hand_count else [])
    revisions = revisions_of(match.pk)
    rows = [history_row(match, line) for line in state.lines]
    return TablePage(
        match=match,
        state=state,
        rows=rows,
        revisions=[
            RevisionRow(
                revision=revision,
                before=display.describe_hand(match, revision.before),
                after=display.describe_hand(match, revision.after) if revision.after else None,
            )
            for revision in revisions
        ],
        chart=charts.progression(state, state.lines),
    )


def matches_of(user, *, archived: bool = False):
    """A keeper's own matches (not a tournament's), archived or not: those in progress
    first, then the newest."""
    return (
        Match.objects.filter(owner=user, archived_at__isnull=not archived)
        .exclude(extensions.off_home_list())
        .select_related("team_a", "team_b")
        .annotate(
            finished_last=Case(
                When(status=rules.Status.IN_PROGRESS, then=Value(0)),
                default=Value(1),
                output_field=IntegerField(),
            )
        )
        .order_by("finished_last", "-updated_at", "-id")
    )
