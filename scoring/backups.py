"""A match as a backup had it, rebuilt through the services (every hand checked again), and
its hands and corrections as a backup writes them (tournaments' and clubs' exports)."""

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.backends.base.operations import BaseDatabaseOperations
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_noop

from scoring import rules
from scoring.errors import InvalidInput
from scoring.models import Hand, HandRevision, Match, Team, is_scorekeeper_token_shaped
from scoring.permissions import acting_user
from scoring.services import create_match, forfeit, record_hand

# Deeper than any backup nests (a club's: $.nights[0].tournament.rounds[0].tables[0]
# .revisions[0].before.count.a is 12 levels), far below Python's recursion limit.
MAX_DEPTH = 32


def too_deep(data, most: int = MAX_DEPTH) -> str | None:
    """Where `data` nests deeper than `most` lists and objects (a JSON path), else None: read
    without recursion, so that a file of 200,000 brackets is refused, not a RecursionError
    in whatever reads it next (the schema's validator, a JSONField, a deep copy)."""
    stack = [(data, "$", 0)]
    while stack:
        value, where, depth = stack.pop()
        if depth > most:
            return where
        if isinstance(value, dict):
            stack.extend((item, f"{where}.{key}"[:200], depth + 1)
                         for key, item in value.items() if isinstance(item, dict | list))
        elif isinstance(value, list):
            stack.extend((item, f"{where}[{index}]"[:200], depth + 1)
                         for index, item in enumerate(value) if isinstance(item, dict | list))
    return None


def accounts(*, owner, file_owner: str | None, users: dict | None = None):
    """Who each user name of a backup stands for here: the accounts the import was told
    (`users`: file name -> account), and the file's owner for `owner` unless told otherwise;
    any other name for nobody, whoever has it on this server: a file's names give no right
    by themselves (co-organizers, a match's owner, a hand's or a correction's author)."""
    found = {file_owner: owner} if file_owner else {}
    found.update(users or {})
    return lambda name: found.get(name) if name else None


def check_fits(model, **values) -> None:
    """Each value fits its model field's column (a PositiveSmallIntegerField: 0 to 32767, as
    PostgreSQL's smallint holds it; SQLite would keep more, the same file is refused on
    both): a backup's number is refused with what it is, never handed to the database to
    wrap or refuse (scoring/db_integers.py)."""
    for name, value in values.items():
        if value is None:
            continue
        field = model._meta.get_field(name)
        low, high = BaseDatabaseOperations.integer_field_ranges[field.get_internal_type()]
        if not (isinstance(value, int) and not isinstance(value, bool) and low <= value <= high):
            raise InvalidInput([rules.Violation("backup_number_range", gettext_noop(
                "This backup's %(field)s of %(value)s cannot be kept: it is a whole number "
                "from %(low)s to %(high)s."), name, {
                    "field": name, "value": str(value)[:30], "low": low, "high": high})])


@dataclass(frozen=True)
class RestoredHand:
    number: int
    hand: rules.Hand
    entered_by: object = None  # a user, or None through the score keeper link
    entered_at: datetime | None = None


@dataclass(frozen=True)
class RestoredRevision:
    number: int
    action: str  # HandRevision.Action
    before: dict  # rules.Hand.as_dict()
    after: dict | None
    by: object = None
    at: datetime | None = None


def _username(user) -> str | None:
    return user.get_username() if user is not None else None


def _when(text):
    return datetime.fromisoformat(text) if text else None


def hands_and_revisions(match_ids) -> tuple[dict[int, list[dict]], dict[int, list[dict]]]:
    """The matches' hands (in order) and corrections (in the order they were made), by match
    id, as a backup writes them: users by user name, times in ISO 8601 (two queries)."""
    hands, revisions = {}, {}
    for hand in (Hand.objects.filter(match_id__in=match_ids).select_related("entered_by")
                 .order_by("match_id", "number")):
        hands.setdefault(hand.match_id, []).append(
            {"number": hand.number, **hand.to_rules().as_dict(),
             "entered_by": _username(hand.entered_by),
             "entered_at": hand.entered_at.isoformat()})
    for revision in (HandRevision.objects.filter(match_id__in=match_ids).select_related("by")
                     .order_by("match_id", "at", "id")):
        revisions.setdefault(revision.match_id, []).append(
            {"number": revision.number, "action": revision.action, "before": revision.before,
             "after": revision.after, "by": _username(revision.by),
             "at": revision.at.isoformat()})
    return hands, revisions


def restored_hands(rows, user) -> list[RestoredHand]:
    """A backup's hands (hands_and_revisions) read back; `user` finds a user by name."""
    return [RestoredHand(row["number"], rules.Hand.from_dict(row), user(row["entered_by"]),
                         _when(row["entered_at"])) for row in rows]


def restored_revisions(rows, user) -> list[RestoredRevision]:
    return [RestoredRevision(row["number"], row["action"], row["before"], row["after"],
                             user(row["by"]), _when(row["at"])) for row in rows]


@transaction.atomic
def restore_match(*, owner, variant: str, target: int, first_dealer: str, team_a: Team,
                  team_b: Team, hands=(), revisions=(), scorekeeper_token: str | None = None,
                  opponents_token: str | None = None, time_called_after: int | None = None,
                  redeals: int = 0, forfeited_by: str | None = None, created_at=None) -> Match:
    """A match as a backup had it: its hands replayed one by one through the rules (each is
    checked again), its corrections and undos, its score keeper's and opponents' links (new
    ones when those are taken) and its times as they were (when its last hand was written:
    restore_last_hand_at, once any result from paper is in). Refused whole when any of it
    breaks a rule."""
    check_fits(Match, target=target, time_called_after=time_called_after, redeals=redeals)
    for revision in revisions:
        check_fits(HandRevision, number=revision.number)
        for side in (revision.before, revision.after):
            if side is not None and rules.validate_hand(variant, rules.Hand.from_dict(side)):
                raise InvalidInput([rules.Violation(
                    "revision_not_a_hand", gettext_noop(
                        "The history of hand %(number)s holds a hand no match can have."),
                    "number", {"number": revision.number})])
    if problem := history_problem(hands, revisions):
        raise InvalidInput([problem])
    match = create_match(owner=owner, variant=variant, target=target,
                         first_dealer=first_dealer, team_a=team_a, team_b=team_b)
    for field, token in (("scorekeeper_token", scorekeeper_token),
                         ("opponents_token", opponents_token)):
        if token is not None and is_scorekeeper_token_shaped(token) and not (
                Match.objects.filter(scorekeeper_token=token).exists()
                or Match.objects.filter(opponents_token=token).exists()):
            setattr(match, field, token)
    match.time_called_after, match.redeals = time_called_after, redeals
    match.created_at = created_at or match.created_at
    match.save(update_fields=["scorekeeper_token", "opponents_token", "time_called_after",
                              "redeals", "created_at"])
    for restored in hands:
        record_hand(match=match.pk, number=restored.number, hand=restored.hand,
                    by=restored.entered_by)
        if restored.entered_at is not None:
            Hand.objects.filter(match=match, number=restored.number).update(
                entered_at=restored.entered_at)
    for revision in revisions:
        HandRevision.objects.create(
            match=match, number=revision.number, action=revision.action,
            before=revision.before, after=revision.after, by=acting_user(revision.by),
            at=revision.at or timezone.now())
    if forfeited_by:
        forfeit(match=match.pk, team=forfeited_by)
    match.refresh_from_db()
    return match


def _values(side: dict) -> dict:
    return rules.Hand.from_dict(side).as_dict()


def history_problem(hands, revisions) -> rules.Violation | None:
    """What a match's corrections and undos (in the order they were made) say that its hands
    contradict: each change of a hand starts from the values the change before it left, a
    correction leaves a hand and an undo none, and a hand last corrected is still there, with
    the values it was corrected to (an undone hand may have been entered again since)."""
    now = {restored.number: restored.hand.as_dict() for restored in hands}
    left = {}  # hand number -> the values its last change left, None when undone
    for revision in revisions:
        number, before = revision.number, _values(revision.before)
        if (revision.action == "corrected") != (revision.after is not None):
            return rules.Violation("revision_shape", gettext_noop(
                "The history of hand %(number)s does not hold together: a correction says "
                "what the hand became, an undo leaves none."), "number", {"number": number})
        if left.get(number) is not None and left[number] != before:
            return rules.Violation("revision_before", gettext_noop(
                "The history changes hand %(number)s from values it did not have then."),
                "number", {"number": number})
        left[number] = None if revision.after is None else _values(revision.after)
    for number, values in left.items():
        if values is not None and number not in now:
            return rules.Violation("revision_without_hand", gettext_noop(
                "The history says hand %(number)s was corrected, but the match has no hand "
                "%(number)s."), "number", {"number": number})
        if values is not None and now[number] != values:
            return rules.Violation("revision_not_the_hand", gettext_noop(
                "The history's last correction of hand %(number)s is not the hand as the "
                "match has it."), "number", {"number": number})
    return None


@transaction.atomic
def restore_last_hand_at(*, match: Match | int, last_hand_at) -> None:
    """When the match's last hand (or its result from paper) was written, as a backup had
    it (the restore wrote them now): where a finished club match stands in the order of the
    club's rated matches."""
    Match.objects.filter(pk=match.pk if isinstance(match, Match) else match).update(
        last_hand_at=last_hand_at, version=F("version") + 1)
