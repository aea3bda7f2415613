"""A hand: the counting helper's card points, La Quadrette's tricks, and what makes a
hand possible (`validate_hand`) and what it scores (`hand_points`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.rules.vocabulary import (
    ACES_IN_PACK,
    COUNTERS_IN_PACK,
    HAND_CARD_POINTS,
    LA_VOLE_POINTS,
    MAX_POLITAINES_PER_HAND,
    POLITAINE_BONUS,
    POLITAINE_CARDS,
    QUADRETTE_TRICKS,
    WORTHLESS_IN_PACK,
    Family,
    HandKind,
    Pair,
    Team,
    Variant,
    Violation,
    is_whole,
    ngettext,
    variant_rules,
    whole_in_range,
)
from scoring.rules.vocabulary import translatable as _

# --- Card points (the counting helper) -----------------------------------------------------


@dataclass(frozen=True)
class CardCount:
    """What one team counts in its tricks: aces, counters and whether it took the last trick."""

    aces: int
    counters: int
    last_trick: bool


def card_points(aces: int, counters: int, last_trick: bool) -> int:
    """aces + floor(counters / 3) + 1 for the last trick (the steck); fractions dropped."""
    return aces + counters // 3 + (1 if last_trick else 0)


def validate_count(count: Pair) -> list[Violation]:
    """Check both teams' counted cards against the pack: 4 aces, 20 counters, one last trick."""
    problems: list[Violation] = []
    for team, team_count in zip(Team, count, strict=True):
        if not whole_in_range(team_count.aces, 0, ACES_IN_PACK):
            problems.append(
                Violation(
                    "aces_not_whole",
                    _("%(team)s: aces must be a whole number from 0 to 4."),
                    f"aces_{team}",
                    {"team": team},
                )
            )
        if not whole_in_range(team_count.counters, 0, COUNTERS_IN_PACK):
            problems.append(
                Violation(
                    "counters_not_whole",
                    _("%(team)s: counters (10, 9, king, queen, jack) must be a whole number "
                      "from 0 to 20."),
                    f"counters_{team}",
                    {"team": team},
                )
            )
    if not problems:
        aces = count.a.aces + count.b.aces
        if aces != ACES_IN_PACK:
            problems.append(
                Violation(
                    "aces_sum",
                    _("The two teams' aces add up to %(total)s; the pack has 4. Recount."),
                    "aces",
                    {"total": aces},
                )
            )
        counters = count.a.counters + count.b.counters
        if counters != COUNTERS_IN_PACK:
            problems.append(
                Violation(
                    "counters_sum",
                    _("The two teams' counters add up to %(total)s; the pack has 20 "
                      "(10, 9, king, queen and jack of each suit). Recount."),
                    "counters",
                    {"total": counters},
                )
            )
    if [bool(c.last_trick) for c in count].count(True) != 1 or not all(
        isinstance(c.last_trick, bool) for c in count
    ):
        problems.append(
            Violation(
                "last_trick",
                _("Exactly one team takes the last trick (the steck)."),
                "last_trick",
            )
        )
    return problems


def points_from_count(count: Pair) -> Pair:
    return Pair(*(card_points(c.aces, c.counters, c.last_trick) for c in count))


# --- La Quadrette ----------------------------------------------------------------------


def quadrette_points(tricks: Pair) -> Pair:
    """6-0 is la vole (2 points); 5-1 and 4-2 give 1 to the team with more; 3-3 gives 1 each."""
    if tricks.a == tricks.b:
        return Pair(1, 1)
    winner = Team.A if tricks.a > tricks.b else Team.B
    points = LA_VOLE_POINTS if tricks.of(winner) == QUADRETTE_TRICKS else 1
    return Pair(points, 0) if winner is Team.A else Pair(0, points)


# --- A hand --------------------------------------------------------------------------


@dataclass(frozen=True)
class Hand:
    """What a score keeper enters for one hand.

    Politaine family: `points` (card points per team) and `politaines`, or `count`
    (cards counted per team) from which the points follow. La Quadrette: `tricks`.
    Four sevens: `kind=FOUR_SEVENS` and the team that was dealt them, nothing else.
    """

    kind: HandKind = HandKind.PLAYED
    points: Pair | None = None
    politaines: Pair = Pair(0, 0)  # noqa: RUF009 - a NamedTuple, immutable
    tricks: Pair | None = None
    count: Pair | None = None  # Pair of CardCount
    four_sevens_team: Team | None = None

    @classmethod
    def played(cls, points_a, points_b, politaines_a=0, politaines_b=0) -> Hand:
        return cls(points=Pair(points_a, points_b), politaines=Pair(politaines_a, politaines_b))

    @classmethod
    def counted(cls, count_a: CardCount, count_b: CardCount, politaines_a=0, politaines_b=0):
        return cls(count=Pair(count_a, count_b), politaines=Pair(politaines_a, politaines_b))

    @classmethod
    def quadrette(cls, tricks_a, tricks_b) -> Hand:
        return cls(tricks=Pair(tricks_a, tricks_b))

    @classmethod
    def four_sevens(cls, team: Team | str) -> Hand:
        return cls(kind=HandKind.FOUR_SEVENS, four_sevens_team=Team(team))

    @classmethod
    def from_input(
        cls,
        *,
        points: Mapping[str, Any] | None = None,
        politaines: Mapping[str, Any] | None = None,
        count: Mapping[str, Mapping[str, Any]] | None = None,
        four_sevens: Any = None,
        tricks: Mapping[str, Any] | None = None,
    ) -> Hand:
        """What a keeper or a program sends for a hand (the page's form and the API say it
        alike: {"a": ..., "b": ...} per team), as the rules see it. Nothing is judged here:
        whatever does not fit is for `validate_hand` to refuse, in words."""

        def pair(value):
            return Pair(value.get("a"), value.get("b")) if value is not None else None

        cards = None
        if count is not None:
            cards = Pair(*(CardCount((count.get(team) or {}).get("aces"),
                                     (count.get(team) or {}).get("counters"),
                                     (count.get(team) or {}).get("last_trick"))
                           for team in ("a", "b")))
        return cls(
            kind=HandKind.FOUR_SEVENS if four_sevens else HandKind.PLAYED,
            four_sevens_team=(Team(four_sevens) if four_sevens in ("a", "b") else four_sevens)
            or None,
            points=pair(points), politaines=pair(politaines) or Pair(0, 0), count=cards,
            tricks=pair(tricks))

    def as_dict(self) -> dict[str, Any]:
        """A plain, JSON-ready form of the hand (history, exports)."""
        if self.kind == HandKind.FOUR_SEVENS:
            return {"kind": HandKind.FOUR_SEVENS.value, "team": Team(self.four_sevens_team).value}
        if self.tricks is not None:
            return {"kind": HandKind.PLAYED.value, "tricks": Pair(*self.tricks)._asdict()}
        data: dict[str, Any] = {
            "kind": HandKind.PLAYED.value,
            "points": Pair(*self.card_points())._asdict(),
            "politaines": Pair(*self.politaines)._asdict(),
        }
        if self.count is not None:
            data["count"] = {
                team: {"aces": c.aces, "counters": c.counters, "last_trick": c.last_trick}
                for team, c in zip("ab", self.count, strict=True)
            }
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Hand:
        """The inverse of `as_dict`."""
        if data["kind"] == HandKind.FOUR_SEVENS:
            return cls.four_sevens(data["team"])
        if "tricks" in data:
            return cls.quadrette(data["tricks"]["a"], data["tricks"]["b"])
        politaines = data.get("politaines", {"a": 0, "b": 0})
        if "count" in data:
            return cls.counted(
                CardCount(**data["count"]["a"]),
                CardCount(**data["count"]["b"]),
                politaines["a"],
                politaines["b"],
            )
        points = data["points"]
        return cls.played(points["a"], points["b"], politaines["a"], politaines["b"])

    def card_points(self) -> Pair | None:
        """Card points as entered, or as the counted cards give them."""
        if self.points is not None:
            return self.points
        if self.count is not None:
            return points_from_count(self.count)
        return None


def validate_hand(variant: Variant | str, hand: Hand) -> list[Violation]:
    """Every reason `hand` cannot be saved in a match of `variant`; empty when it can."""
    family = variant_rules(variant).family
    if family is Family.QUADRETTE:
        return _validate_quadrette_hand(hand)
    return _validate_politaine_hand(hand)


def _validate_quadrette_hand(hand: Hand) -> list[Violation]:
    if hand.kind == HandKind.FOUR_SEVENS or hand.four_sevens_team is not None:
        return [
            Violation(
                "four_sevens_not_in_variant",
                _("Four sevens is not a rule of La Quadrette: enter the tricks."),
                "four_sevens",
            )
        ]
    if hand.points is not None or hand.count is not None or any(hand.politaines):
        return [
            Violation(
                "points_not_in_variant",
                _("La Quadrette is scored by tricks, without card points or politaines."),
                "tricks",
            )
        ]
    if hand.tricks is None:
        return [Violation("tricks_missing", _("Enter the tricks each team won."), "tricks")]
    problems = [
        Violation(
            "tricks_not_whole",
            _("%(team)s: tricks must be a whole number from 0 to 6."),
            f"tricks_{team}",
            {"team": team},
        )
        for team, tricks in zip(Team, hand.tricks, strict=True)
        if not whole_in_range(tricks, 0, QUADRETTE_TRICKS)
    ]
    if not problems and hand.tricks.total != QUADRETTE_TRICKS:
        problems.append(
            Violation(
                "tricks_sum",
                _("The two teams' tricks add up to %(total)s; a hand of La Quadrette has 6 "
                  "tricks. Recount."),
                "tricks",
                {"total": hand.tricks.total},
            )
        )
    return problems


def _validate_politaine_hand(hand: Hand) -> list[Violation]:
    if hand.tricks is not None:
        return [
            Violation(
                "tricks_not_in_variant",
                _("This game is scored by card points, not tricks."),
                "points",
            )
        ]
    if hand.kind == HandKind.FOUR_SEVENS:
        return _validate_four_sevens(hand)
    if hand.four_sevens_team is not None:
        return [
            _four_sevens_with_points()
        ]

    problems: list[Violation] = []
    points = hand.points
    if hand.count is not None:
        count_problems = validate_count(hand.count)
        problems += count_problems
        if not count_problems:
            counted = points_from_count(hand.count)
            if points is not None and tuple(points) != tuple(counted):
                problems.append(
                    Violation(
                        "points_disagree_with_count",
                        _("The points entered (%(points_a)s–%(points_b)s) do not match the "
                          "cards counted (%(count_a)s–%(count_b)s)."),
                        "points",
                        {
                            "points_a": points.a,
                            "points_b": points.b,
                            "count_a": counted.a,
                            "count_b": counted.b,
                        },
                    )
                )
            points = counted
        else:
            points = None
    elif points is None:
        problems.append(
            Violation(
                "points_missing",
                _("Enter both teams' card points, or count their cards."),
                "points",
            )
        )
    elif (point_problems := _validate_card_points(points)):
        problems += point_problems
        points = None

    problems += _validate_politaines(hand, points)
    return problems


def _validate_card_points(points: Pair) -> list[Violation]:
    problems = [
        Violation(
            "points_not_whole",
            _("%(team)s: card points must be a whole number from 0 to 11."),
            f"points_{team}",
            {"team": team},
        )
        for team, value in zip(Team, points, strict=True)
        if not whole_in_range(value, 0, HAND_CARD_POINTS)
    ]
    if not problems and points.total != HAND_CARD_POINTS:
        problems.append(
            Violation(
                "points_sum",
                _("The two teams' points add up to %(total)s; they always add up to 11. "
                  "Recount."),
                "points",
                {"total": points.total},
            )
        )
    return problems


def politaine_cards(politaines: int) -> tuple[int, int, int]:
    """What `politaines` bring into their team's tricks, in counted cards: at least so many
    aces, counters, and aces and counters together.

    Each politaine is three whole tricks won with its own ace, 10 and 9: 12 cards, and only
    the 8 sevens and eights of the pack are worth nothing, so those cards hold at least
    12k - 8 aces and counters.
    """
    return (
        politaines,
        2 * politaines,
        max(0, politaines * POLITAINE_CARDS - WORTHLESS_IN_PACK),
    )


def has_politaine_cards(aces: int, counters: int, politaines: int) -> bool:
    least_aces, least_counters, least_together = politaine_cards(politaines)
    return aces >= least_aces and counters >= least_counters and aces + counters >= least_together


def politaine_floor(politaines: int) -> int:
    """Least card points of a team that made `politaines`: the cheapest counted cards that
    hold them (2 for one politaine, 6 for two), the last trick aside."""
    return min(
        card_points(aces, counters, False)
        for aces in range(ACES_IN_PACK + 1)
        for counters in range(COUNTERS_IN_PACK + 1)
        if has_politaine_cards(aces, counters, politaines)
    )


def _validate_politaines(hand: Hand, points: Pair | None) -> list[Violation]:
    problems = [
        Violation(
            "politaines_not_whole",
            _("%(team)s: the number of politaines must be a whole number: 0, 1 or 2."),
            f"politaines_{team}",
            {"team": team},
        )
        for team, made in zip(Team, hand.politaines, strict=True)
        if not (is_whole(made) and made >= 0)
    ]
    if problems:
        return problems
    if hand.politaines.total > MAX_POLITAINES_PER_HAND:
        return [
            Violation(
                "politaines_too_many",
                _("%(total)s politaines in one hand is impossible: each takes 3 of the 8 "
                  "tricks, so at most 2 can be made."),
                "politaines",
                {"total": hand.politaines.total},
            )
        ]
    for team, made in zip(Team, hand.politaines, strict=True):
        if not made:
            continue
        if hand.count is not None and points is not None:
            team_count = hand.count.of(team)
            if not has_politaine_cards(team_count.aces, team_count.counters, made):
                aces, counters, together = politaine_cards(made)
                problems.append(
                    Violation(
                        "politaine_cards",
                        ngettext(
                            "%(team)s: a politaine is three whole tricks, 12 cards with its "
                            "own ace, 10 and 9, and only the eight 7s and 8s are worth "
                            "nothing; so %(politaines)s politaine brings at least %(aces)s "
                            "ace, %(counters)s counters and %(together)s aces and counters "
                            "together. Recount.",
                            "%(team)s: a politaine is three whole tricks, 12 cards with its "
                            "own ace, 10 and 9, and only the eight 7s and 8s are worth "
                            "nothing; so %(politaines)s politaines bring at least %(aces)s "
                            "aces, %(counters)s counters and %(together)s aces and counters "
                            "together. Recount.",
                            "politaines",
                        ),
                        f"politaines_{team}",
                        {"team": team, "politaines": made, "aces": aces, "counters": counters,
                         "together": together},
                    )
                )
        elif points is not None and points.of(team) < politaine_floor(made):
            problems.append(
                Violation(
                    "politaine_floor",
                    ngettext(
                        "%(team)s: %(politaines)s politaine brings at least %(minimum)s card "
                        "points (three whole tricks, 12 cards, and only the eight 7s and 8s "
                        "are worth nothing), not %(points)s. Check the points or the "
                        "politaines.",
                        "%(team)s: %(politaines)s politaines bring at least %(minimum)s card "
                        "points (six whole tricks, 24 cards, and only the eight 7s and 8s "
                        "are worth nothing), not %(points)s. Check the points or the "
                        "politaines.",
                        "politaines",
                    ),
                    f"politaines_{team}",
                    {
                        "team": team,
                        "politaines": made,
                        "points": points.of(team),
                        "minimum": politaine_floor(made),
                    },
                )
            )
    return problems


def _four_sevens_with_points() -> Violation:
    return Violation(
        "four_sevens_with_points",
        _("Four sevens ends the match at once: no card points or politaines go with it."),
        "four_sevens",
    )


def _validate_four_sevens(hand: Hand) -> list[Violation]:
    if hand.points is not None or hand.count is not None or any(hand.politaines):
        return [
            _four_sevens_with_points()
        ]
    if hand.four_sevens_team not in (Team.A, Team.B):
        return [
            Violation(
                "four_sevens_team",
                _("Say which team was dealt the four sevens."),
                "four_sevens",
            )
        ]
    return []


def hand_points(variant: Variant | str, hand: Hand) -> Pair:
    """What a valid hand adds to each team's total."""
    if hand.kind == HandKind.FOUR_SEVENS:
        return Pair(0, 0)
    if variant_rules(variant).family is Family.QUADRETTE:
        return quadrette_points(hand.tricks)
    points = hand.card_points()
    return Pair(
        points.a + POLITAINE_BONUS * hand.politaines.a,
        points.b + POLITAINE_BONUS * hand.politaines.b,
    )
