"""A result kept on paper: what may be entered, and the match it makes."""

from __future__ import annotations

from scoring.rules.matches import HandLine, MatchState, ahead
from scoring.rules.reachable import can_end_at, hand_outcomes, totals_step
from scoring.rules.vocabulary import (
    Family,
    FinishReason,
    Pair,
    Team,
    Variant,
    Violation,
    variant_rules,
    whole_in_range,
)
from scoring.rules.vocabulary import translatable as _

# --- A result kept on paper ----------------------------------------------------------------


def validate_paper_result(
    variant: Variant | str,
    target: int,
    score: Pair,
    finish_reason: FinishReason | str,
    four_sevens_team: Team | str | None = None,
    *,
    so_far: Pair | None = None,
) -> list[Violation]:
    """A table's final result copied from its paper score sheet, checked as a replay would
    have ended it: on the target, the winner reached it with the higher total; on four
    sevens, the team dealt them wins whatever the totals; when time was called, the
    higher total wins. Then some sequence of hands must end there (`can_end_at`).
    `so_far`: the score of the hands kept on a phone before the sheet took over (a phone
    that died mid-match); a team's total never goes down, so neither total may be below it."""
    if not all(whole_in_range(total, 0, 99_999) for total in score):
        return [Violation("paper_totals", _("Each team's total is a whole number, 0 or more."),
                          "score_a")]
    score = Pair(*score)
    so_far = so_far or Pair(0, 0)
    if score.a < so_far.a or score.b < so_far.b:
        return [Violation(
            "paper_below_hands",
            _("The hands kept on the phone already make %(a)s–%(b)s: a total is never below "
              "the score of the hands before it."), "score_a",
            {"a": so_far.a, "b": so_far.b})]
    reasons = {reason.value for reason in (FinishReason.TARGET, FinishReason.TIME,
                                           FinishReason.FOUR_SEVENS)}
    if finish_reason not in reasons:
        return [Violation("paper_reason", _("Say how the match ended."), "finish_reason")]
    reason = FinishReason(finish_reason)
    problems = []
    if reason is FinishReason.FOUR_SEVENS:
        if variant_rules(variant).family is Family.QUADRETTE:
            return [Violation("paper_four_sevens_quadrette",
                              _("La Quadrette has no four sevens."), "finish_reason")]
        if four_sevens_team not in (Team.A.value, Team.B.value):
            problems.append(Violation("paper_four_sevens_team",
                                      _("Say which team was dealt the four sevens."),
                                      "finish_reason"))
        if max(score) >= target and score.a != score.b:
            problems.append(Violation(
                "paper_four_sevens_after_target",
                _("A team had already reached %(target)s: the match ended on the target "
                  "before the four sevens were dealt."), "finish_reason", {"target": target}))
    elif score.a == score.b:
        problems.append(Violation(
            "paper_level",
            _("The totals are level: a match is never won on level totals (another hand is "
              "played)."), "score_a"))
    elif reason is FinishReason.TARGET and max(score) < target:
        problems.append(Violation(
            "paper_target_not_reached",
            _("Nobody reached the target of %(target)s: if time was called, say so."),
            "score_a", {"target": target}))
    elif reason is FinishReason.TIME and max(score) >= target:
        problems.append(Violation(
            "paper_time_after_target",
            _("A team reached the target of %(target)s: the match ended on the target, not "
              "on time."), "finish_reason", {"target": target}))
    if problems or can_end_at(variant, target, score, reason):
        return problems
    if score.total % (step := totals_step(variant)):
        return [Violation(
            "paper_totals_sum",
            _("The two totals add up to %(total)s, but every hand adds 11 points to them, "
              "plus 11 per politaine: together they are always a multiple of 11 (%(below)s "
              "or %(above)s here). Check the totals."),
            "score_a",
            {"total": score.total, "below": score.total // step * step,
             "above": (score.total // step + 1) * step})]
    return [Violation(
        "paper_unreachable",
        _("No match to %(target)s can end at %(score_a)s–%(score_b)s this way: no run of "
          "hands gets there (one hand adds at most %(most)s points to a team, and the match "
          "ends as soon as a team is ahead at or past the target). Check the totals."),
        "score_a",
        {"target": target, "score_a": score.a, "score_b": score.b,
         "most": max(max(outcome) for outcome in hand_outcomes(variant))})]


def paper_state(
    variant: Variant | str,
    target: int,
    first_dealer: str,
    score: Pair,
    finish_reason: FinishReason | str,
    four_sevens_team: Team | str | None = None,
    *,
    lines: tuple[HandLine, ...] = (),
) -> MatchState:
    """Where a match kept on paper stands once its (valid) final result is entered: over,
    with the hands kept on a phone before it (`lines`, none for a table all on paper) on
    record; the sheet, not a hand, ended it."""
    reason = FinishReason(finish_reason)
    four_sevens = reason is FinishReason.FOUR_SEVENS
    winner = Team(four_sevens_team) if four_sevens else ahead(score)
    return MatchState(Variant(variant), target, first_dealer, len(lines), Pair(*score),
                      winner, reason, lines=tuple(lines))
