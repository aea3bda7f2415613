"""A match: its target, who deals and leads each hand, and where it stands after its
hands (`match_state`), or after one more (`step`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scoring.rules.hands import Hand, hand_points
from scoring.rules.vocabulary import (
    SEATS,
    FinishReason,
    HandKind,
    Pair,
    Status,
    Team,
    Variant,
    Violation,
    is_variant,
    variant_rules,
    whole_in_range,
)
from scoring.rules.vocabulary import translatable as _

# --- A match ---------------------------------------------------------------------------


def target_or_usual(variant: Any, target: Any) -> Any:
    """The target given, or the game's usual one when none is (31, 33, 200 or 7)."""
    if target is None and is_variant(variant):
        return variant_rules(variant).default_target
    return target


def validate_target(variant: Variant | str, target: Any) -> list[Violation]:
    rules = variant_rules(variant)
    if whole_in_range(target, rules.min_target, rules.max_target):
        return []
    return [
        Violation(
            "target_range",
            _("The target must be a whole number from %(min)s to %(max)s for this game."),
            "target",
            {"min": rules.min_target, "max": rules.max_target},
        )
    ]


def validate_new_match(variant: Any, target: Any, first_dealer: Any) -> list[Violation]:
    if not is_variant(variant):
        return [
            Violation(
                "variant_unknown",
                _("Choose a game: Le Quatre Sept, La Politaine, La Poule or La Quadrette."),
                "variant",
            )
        ]
    problems = validate_target(variant, target)
    if first_dealer not in SEATS:
        problems.append(
            Violation(
                "first_dealer",
                _("The first dealer must be one of the seats N, E, S or W."),
                "first_dealer",
            )
        )
    return problems


def dealer_of_hand(variant: Variant | str, first_dealer: str, number: int) -> str:
    """The seat that deals hand `number` (1-based), the deal moving after every hand."""
    step = variant_rules(variant).rotation * (number - 1)
    return SEATS[(SEATS.index(first_dealer) + step) % len(SEATS)]


def leader_of_hand(variant: Variant | str, first_dealer: str, number: int) -> str:
    """The seat that leads hand `number`.

    In the Politaine family the player on the dealer's left leads, and the deal passes
    to the left; in La Quadrette the player on the dealer's right (the premier en cartes)
    leads and deals next. Either way the leader is the next hand's dealer.
    """
    return dealer_of_hand(variant, first_dealer, number + 1)


@dataclass(frozen=True)
class HandLine:
    """One hand of a match as the history shows it."""

    number: int
    dealer: str
    hand: Hand
    points: Pair  # what this hand added
    score: Pair  # running totals after it


@dataclass(frozen=True)
class Summary:
    """Where a match stands, the same size at hand 70 as at hand 1: what the match's row
    holds, and all that the next hand needs (`step`)."""

    variant: Variant
    target: int
    first_dealer: str
    hand_count: int
    score: Pair
    winner: Team | None = None
    finish_reason: FinishReason | None = None

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def status(self) -> Status:
        return Status.FINISHED if self.finished else Status.IN_PROGRESS

    @property
    def next_hand(self) -> int:
        return self.hand_count + 1

    @property
    def dealer(self) -> str | None:
        """Who deals the next hand; None once the match is over."""
        if self.finished:
            return None
        return dealer_of_hand(self.variant, self.first_dealer, self.next_hand)

    @property
    def leader(self) -> str | None:
        """Who leads the next hand; None once the match is over."""
        if self.finished:
            return None
        return leader_of_hand(self.variant, self.first_dealer, self.next_hand)

    @property
    def leading_team(self) -> Team | None:
        """The team ahead on points (the winner once finished); None when level."""
        if self.winner is not None:
            return self.winner
        if self.score.a == self.score.b:
            return None
        return Team.A if self.score.a > self.score.b else Team.B

    @property
    def tied_at_target(self) -> bool:
        """Level at or past the target: another hand is played until the totals differ."""
        return (
            not self.finished
            and self.score.a == self.score.b
            and self.score.a >= self.target
        )

    @property
    def summary(self) -> Summary:
        """This summary as a plain one (a MatchState's or a Step's, without their lines)."""
        return Summary(self.variant, self.target, self.first_dealer, self.hand_count,
                       self.score, self.winner, self.finish_reason)


@dataclass(frozen=True)
class MatchState(Summary):
    """A match replayed from its hands: its summary and every hand's line (the history)."""

    lines: tuple[HandLine, ...] = ()
    finished_at: int | None = None  # the number of the hand that ended the match

    @property
    def ends_early(self) -> bool:
        """The match ends before its last hand: a list of hands no match can have."""
        return self.finished_at is not None and self.finished_at < len(self.lines)


@dataclass(frozen=True)
class Step(Summary):
    """A summary stepped by one hand (`step`), with that hand's line: what a write answers
    with, whatever the match's length."""

    line: HandLine | None = None


def match_state(
    variant: Variant | str,
    target: int,
    first_dealer: str,
    hands: Sequence[Hand],
    *,
    time_called_after: int | None = None,
    forfeited_by: Team | str | None = None,
) -> MatchState:
    """Replay `hands` (valid, in order) and say where the match stands.

    After each hand: four sevens wins at once; otherwise once a team has reached the
    target the higher total wins, and level totals play on. When a tournament round's
    time was called after `time_called_after` hands, the match ends after the hand then
    being played: the leader wins, and level totals play one more hand. A team that
    `forfeited_by` (withdrew from a tournament) loses a match its hands had not decided.
    Hands after the one that ended the match are replayed too, and `ends_early` says so.
    """
    variant = Variant(variant)
    lines: list[HandLine] = []
    score = Pair(0, 0)
    winner: Team | None = None
    reason: FinishReason | None = None
    finished_at: int | None = None
    for number, hand in enumerate(hands, start=1):
        line = _line(variant, first_dealer, number, hand, score)
        lines.append(line)
        score = line.score
        if winner is None and (decided := _decision(target, line, time_called_after)):
            (winner, reason), finished_at = decided, number
    if winner is None and forfeited_by:
        winner, reason, finished_at = Team(forfeited_by).other, FinishReason.FORFEIT, len(lines)
    return MatchState(variant, target, first_dealer, len(lines), score, winner, reason,
                      lines=tuple(lines), finished_at=finished_at)


def step(summary: Summary, hand: Hand, *, time_called_after: int | None = None) -> Step:
    """`summary` stepped by one more (valid) hand: what `match_state` says after the hands
    so far and this one, without them (recording a hand costs the same at hand 70 as at
    hand 1). Only a match still in progress takes a hand (`check_can_record`)."""
    if summary.finished:
        raise ValueError("a finished match takes no more hands")
    line = _line(summary.variant, summary.first_dealer, summary.next_hand, hand, summary.score)
    decided = _decision(summary.target, line, time_called_after)
    winner, reason = decided if decided else (None, None)
    return Step(summary.variant, summary.target, summary.first_dealer, line.number,
                line.score, winner, reason, line=line)


def last_lines(variant: Variant | str, first_dealer: str, first_number: int,
               hands: Sequence[Hand], score: Pair) -> tuple[HandLine, ...]:
    """The lines of a match's last hands (`hands`, numbered from `first_number`), from the
    totals after the last of them (the match's row): each hand's points are taken off
    going back, so that hands 69 and 70 read two hands, not seventy."""
    variant = Variant(variant)
    lines = []
    after = Pair(*score)
    for number in range(first_number + len(hands) - 1, first_number - 1, -1):
        hand = hands[number - first_number]
        points = hand_points(variant, hand)
        lines.append(HandLine(number, dealer_of_hand(variant, first_dealer, number), hand,
                              points, after))
        after = Pair(after.a - points.a, after.b - points.b)
    return tuple(reversed(lines))


def _line(variant: Variant, first_dealer: str, number: int, hand: Hand,
          before: Pair) -> HandLine:
    """Hand `number` as the history shows it, the totals `before` it added up."""
    points = hand_points(variant, hand)
    score = Pair(before.a + points.a, before.b + points.b)
    return HandLine(number, dealer_of_hand(variant, first_dealer, number), hand, points, score)


def _decision(target: int, line: HandLine,
              time_called_after: int | None) -> tuple[Team, FinishReason] | None:
    """Whether the hand of `line` ends a match still in progress: four sevens wins at once;
    otherwise the higher total at or past the target, or after time was called."""
    score = line.score
    if line.hand.kind == HandKind.FOUR_SEVENS:
        return Team(line.hand.four_sevens_team), FinishReason.FOUR_SEVENS
    if score.a != score.b and max(score) >= target:
        return ahead(score), FinishReason.TARGET
    if time_called_after is not None and line.number > time_called_after and score.a != score.b:
        return ahead(score), FinishReason.TIME
    return None


def ahead(score: Pair) -> Team:
    return Team.A if score.a > score.b else Team.B
