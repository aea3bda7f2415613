"""A match as a backup had it, rebuilt through the services (every hand checked again), and
its hands and corrections as a backup writes them (tournaments' and clubs' exports)."""

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_noop

from scoring import rules
from scoring.errors import InvalidInput
from scoring.models import Hand, HandRevision, Match, Team, is_scorekeeper_token_shaped
from scoring.permissions import acting_user
from scoring.services import create_match, forfeit, record_hand


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
        for side in (revision.before, revision.after):
            if side is not None and rules.validate_hand(variant, rules.Hand.from_dict(side)):
                raise InvalidInput([rules.Violation(
                    "revision_not_a_hand", gettext_noop(
                        "The history of hand %(number)s holds a hand no match can have."),
                    "number", {"number": revision.number})])
        HandRevision.objects.create(
            match=match, number=revision.number, action=revision.action,
            before=revision.before, after=revision.after, by=acting_user(revision.by),
            at=revision.at or timezone.now())
    if forfeited_by:
        forfeit(match=match.pk, team=forfeited_by)
    match.refresh_from_db()
    return match


@transaction.atomic
def restore_last_hand_at(*, match: Match | int, last_hand_at) -> None:
    """When the match's last hand (or its result from paper) was written, as a backup had
    it (the restore wrote them now): where a finished club match stands in the order of the
    club's rated matches."""
    Match.objects.filter(pk=match.pk if isinstance(match, Match) else match).update(
        last_hand_at=last_hand_at, version=F("version") + 1)
