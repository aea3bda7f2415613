"""The rules of La Politaine / Le Quatre Sept / La Poule and of La Quadrette.

Plain Python with no Django import: this module is the only place that knows the
rules (../shared/RULES.md). Forms, views, the API, the services and the database
constraints ask it, or mirror it, and never decide a rule of their own.

Refusals are `Violation`s: a stable code, the input field they are about, and an
English message template marked with `_` so that `makemessages` extracts it; the
Django layer translates the template and fills in the parameters.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from enum import StrEnum
from functools import cache
from typing import Any, NamedTuple


def _(message: str) -> str:
    """Mark a message for translation without translating it (like gettext_noop)."""
    return message


class Plural(NamedTuple):
    """A message with a plural form; the parameter named `count` chooses which one."""

    singular: str
    plural: str
    count: str


def ngettext(singular: str, plural: str, count: str) -> Plural:
    """Mark a message with a plural for translation without translating it (makemessages
    extracts it as it would Django's ngettext); the caller picks the form by `count`."""
    return Plural(singular, plural, count)


def _english_plural(singular: str, plural: str, number: int) -> str:
    return singular if number == 1 else plural


# --- Vocabulary --------------------------------------------------------------------------


class Variant(StrEnum):
    QUATRE_SEPT = "quatre_sept"
    POLITAINE = "politaine"
    POULE = "poule"
    QUADRETTE = "quadrette"


class Family(StrEnum):
    POLITAINE = "politaine"
    QUADRETTE = "quadrette"


class Team(StrEnum):
    A = "a"
    B = "b"

    @property
    def other(self) -> Team:
        return Team.B if self is Team.A else Team.A


class HandKind(StrEnum):
    PLAYED = "played"
    FOUR_SEVENS = "four_sevens"


class Status(StrEnum):
    IN_PROGRESS = "in_progress"
    FINISHED = "finished"


class FinishReason(StrEnum):
    TARGET = "target"
    FOUR_SEVENS = "four_sevens"
    TIME = "time"  # a tournament round whose time was called
    FORFEIT = "forfeit"  # a team withdrew from the tournament during the match


# Seats clockwise. Team A holds N and S, team B holds E and W (partners sit opposite).
SEATS: tuple[str, ...] = ("N", "E", "S", "W")
TEAM_OF_SEAT: dict[str, Team] = {"N": Team.A, "S": Team.A, "E": Team.B, "W": Team.B}
SEATS_OF_TEAM: dict[Team, tuple[str, str]] = {Team.A: ("N", "S"), Team.B: ("E", "W")}


class Pair(NamedTuple):
    """One number per team: `a` for team A, `b` for team B."""

    a: Any
    b: Any

    def of(self, team: Team | str) -> Any:
        return self.a if Team(team) is Team.A else self.b

    @property
    def total(self) -> Any:
        return self.a + self.b


@dataclass(frozen=True)
class VariantRules:
    variant: Variant
    label: str
    family: Family
    default_target: int
    min_target: int
    max_target: int
    # +1: the deal passes clockwise (N, E, S, W); -1: counter-clockwise (N, W, S, E).
    rotation: int


VARIANTS: dict[Variant, VariantRules] = {
    Variant.QUATRE_SEPT: VariantRules(
        Variant.QUATRE_SEPT, _("Le Quatre Sept"), Family.POLITAINE, 31, 11, 999, +1
    ),
    Variant.POLITAINE: VariantRules(
        Variant.POLITAINE, _("La Politaine"), Family.POLITAINE, 33, 11, 999, +1
    ),
    Variant.POULE: VariantRules(Variant.POULE, _("La Poule"), Family.POLITAINE, 200, 11, 999, +1),
    Variant.QUADRETTE: VariantRules(
        Variant.QUADRETTE, _("La Quadrette"), Family.QUADRETTE, 7, 1, 99, -1
    ),
}

# The pack: 32 cards, 7 to ace in four suits.
ACES_IN_PACK = 4
COUNTERS_IN_PACK = 20  # 10, 9, king, queen, jack of four suits, a third of a point each
HAND_CARD_POINTS = 11  # 4 aces + floor(20 / 3) + 1 for the last trick, however split
POLITAINE_BONUS = 11
MAX_POLITAINES_PER_HAND = 2  # each takes 3 of the 8 tricks
POLITAINE_CARDS = 12  # three whole tricks of four cards
WORTHLESS_IN_PACK = 8  # the 7s and 8s
QUADRETTE_TRICKS = 6
LA_VOLE_POINTS = 2


# What the two teams' shares of each counted quantity always add up to.
PAIR_TOTALS: dict[str, int] = {
    "points": HAND_CARD_POINTS,
    "tricks": QUADRETTE_TRICKS,
    "aces": ACES_IN_PACK,
    "counters": COUNTERS_IN_PACK,
}


def other_share(quantity: str, value: Any) -> int | None:
    """The other team's share when one team's is known (11 - x points, 6 - x tricks...)."""
    total = PAIR_TOTALS[quantity]
    if _whole_in_range(value, 0, total):
        return total - value
    return None


def is_variant(value: Any) -> bool:
    return isinstance(value, str) and value in {variant.value for variant in Variant}


def variant_rules(variant: Variant | str) -> VariantRules:
    return VARIANTS[Variant(variant)]


def is_whole(value: Any) -> bool:
    """A whole number as the rules mean it: an int, never a bool, a float or a string."""
    return isinstance(value, int) and not isinstance(value, bool)


# --- Refusals ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Violation:
    """Why something cannot be saved, and which input it is about."""

    code: str
    # English template with %(name)s parameters, or a Plural of two; translated by the caller
    message: str | Plural
    field: str | None = None
    params: dict[str, Any] = dataclass_field(default_factory=dict)

    def render(
        self,
        translate=lambda text: text,
        team_label=lambda team: team,
        translate_plural=_english_plural,
    ) -> str:
        """The message in the caller's language. `team_label` turns "a"/"b" into a name;
        `translate_plural(singular, plural, number)` is ngettext."""
        params = dict(self.params)
        if "team" in params:
            params["team"] = team_label(params["team"])
        if "winner" in params and params["winner"] is not None:
            params["winner"] = team_label(params["winner"])
        if isinstance(self.message, Plural):
            singular, plural, count = self.message
            return translate_plural(singular, plural, params[count]) % params
        return translate(self.message) % params


def _whole_in_range(value: Any, low: int, high: int) -> bool:
    return is_whole(value) and low <= value <= high


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
        if not _whole_in_range(team_count.aces, 0, ACES_IN_PACK):
            problems.append(
                Violation(
                    "aces_not_whole",
                    _("%(team)s: aces must be a whole number from 0 to 4."),
                    f"aces_{team}",
                    {"team": team},
                )
            )
        if not _whole_in_range(team_count.counters, 0, COUNTERS_IN_PACK):
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
        if not _whole_in_range(tricks, 0, QUADRETTE_TRICKS)
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
            Violation(
                "four_sevens_with_points",
                _("Four sevens ends the match at once: no card points or politaines go with "
                  "it."),
                "four_sevens",
            )
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
        if not _whole_in_range(value, 0, HAND_CARD_POINTS)
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


def _validate_four_sevens(hand: Hand) -> list[Violation]:
    if hand.points is not None or hand.count is not None or any(hand.politaines):
        return [
            Violation(
                "four_sevens_with_points",
                _("Four sevens ends the match at once: no card points or politaines go with "
                  "it."),
                "four_sevens",
            )
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


# --- A match ---------------------------------------------------------------------------


def target_or_usual(variant: Any, target: Any) -> Any:
    """The target given, or the game's usual one when none is (31, 33, 200 or 7)."""
    if target is None and is_variant(variant):
        return variant_rules(variant).default_target
    return target


def validate_target(variant: Variant | str, target: Any) -> list[Violation]:
    rules = variant_rules(variant)
    if _whole_in_range(target, rules.min_target, rules.max_target):
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
        return _ahead(score), FinishReason.TARGET
    if time_called_after is not None and line.number > time_called_after and score.a != score.b:
        return _ahead(score), FinishReason.TIME
    return None


def _ahead(score: Pair) -> Team:
    return Team.A if score.a > score.b else Team.B


# --- What may change a match ---------------------------------------------------------------


# The code of a hand sent again under its number: a success, nothing written.
ALREADY_SAVED = "hand_already_saved"


def same_hand(saved: Hand, sent: Hand) -> bool:
    """Whether `sent` is the hand `saved` again (a phone resending what it already sent, or
    a second phone entering the same result), not another hand: four sevens for the same
    team, the same tricks, or the same card points and politaines, however the cards were
    counted. Both must be valid hands."""
    def scored(hand: Hand) -> tuple:
        if hand.kind == HandKind.FOUR_SEVENS:
            return (HandKind.FOUR_SEVENS, Team(hand.four_sevens_team))
        if hand.tricks is not None:
            return (HandKind.PLAYED, tuple(hand.tricks))
        return (HandKind.PLAYED, tuple(hand.card_points()), tuple(hand.politaines))

    return scored(saved) == scored(sent)


def check_can_record(summary: Summary, number: Any, hand: Hand | None = None, *,
                     saved: Hand | None = None) -> Violation | None:
    """A new hand must be the next one, on a match still in progress.

    With the (valid) `hand` sent under a number already taken, `saved` being the hand
    stored under it: by the same hand, the answer is ALREADY_SAVED (a retry, to be answered
    as a success); by another hand, "hand_already_entered", with the saved one in its
    params ("saved", as Hand.as_dict), even when that hand ended the match.
    """
    taken = is_whole(number) and 1 <= number <= summary.hand_count
    sent = (hand is not None and saved is not None and taken
            and not validate_hand(summary.variant, hand))
    if sent and same_hand(saved, hand):
        return Violation(
            ALREADY_SAVED,
            _("Hand %(number)s was already saved, just as sent: nothing is entered twice."),
            "number",
            {"number": number},
        )
    if summary.finished and not sent:
        won, lost = summary.score.of(summary.winner), summary.score.of(summary.winner.other)
        return Violation(
            "match_finished",
            _("This match is over (winners: %(winner)s, %(won)s–%(lost)s): no hand can be "
              "added."),
            "number",
            {"winner": summary.winner, "won": won, "lost": lost},
        )
    if not is_whole(number) or number != summary.next_hand:
        params = {"number": number, "next": summary.next_hand, "score_a": summary.score.a,
                  "score_b": summary.score.b}
        if sent:
            params["saved"] = saved.as_dict()
        return Violation(
            "hand_already_entered" if taken else "hand_number",
            _("Hand %(number)s is already entered, perhaps from another phone. The score is "
              "now %(score_a)s–%(score_b)s; the next hand is hand %(next)s.")
            if taken
            else _("The next hand is hand %(next)s, not %(number)s."),
            "number",
            params,
        )
    return None


def check_hand_exists(summary: Summary, number: Any) -> Violation | None:
    if is_whole(number) and 1 <= number <= summary.hand_count:
        return None
    return Violation(
        "hand_missing",
        _("There is no hand %(number)s in this match."),
        "number",
        {"number": number},
    )


def check_correction(
    variant: Variant | str,
    target: int,
    first_dealer: str,
    hands: Sequence[Hand],
    number: int,
    corrected: Hand,
    *,
    time_called_after: int | None = None,
    forfeited_by: Team | str | None = None,
) -> tuple[MatchState, Violation | None]:
    """Replay the match with hand `number` replaced by `corrected`.

    Refused when the match would then end before its last hand: the later hands could
    not have been played.
    """
    replaced = [*hands[: number - 1], corrected, *hands[number:]]
    state = match_state(
        variant, target, first_dealer, replaced, time_called_after=time_called_after,
        forfeited_by=forfeited_by,
    )
    if state.ends_early:
        return state, Violation(
            "correction_ends_match",
            _("With this correction the match would end after hand %(ends_at)s, but hands "
              "were played after it. Undo the later hands first, or check the numbers."),
            "number",
            {"ends_at": state.finished_at},
        )
    return state, None


def check_undo(summary: Summary, number: Any = None) -> Violation | None:
    """Only the last hand can be undone (None means: the last one, whichever it is)."""
    if summary.hand_count == 0:
        return Violation("nothing_to_undo", _("There is no hand to undo."), "number")
    if number is not None and number != summary.hand_count:
        return Violation(
            "undo_not_last",
            _("Only the last hand (hand %(last)s) can be undone."),
            "number",
            {"last": summary.hand_count},
        )
    return None


def check_redeal(variant: Variant | str, summary: Summary) -> Violation | None:
    """A redeal (La Politaine's rule for a hand with no 10, 9 or ace) is noted, never scored."""
    if variant_rules(variant).family is not Family.POLITAINE:
        return Violation(
            "redeal_not_in_variant",
            _("La Quadrette has no redeal rule."),
            None,
        )
    return check_can_record(summary, summary.next_hand)


# The code of a redeal sent again: a success, nothing written.
REDEAL_ALREADY_NOTED = "redeal_already_noted"


def check_redeal_noted(noted: int, ordinal: Any) -> Violation | None:
    """A redeal a phone kept while offline is sent as the match's `ordinal`-th (the redeals
    it showed, plus this one). Redeals are counted, not told apart: when the match already
    counts `ordinal` of them, this one is noted (a retry after a lost answer, or the same
    redeal noted on another phone at the table), and REDEAL_ALREADY_NOTED says so."""
    if is_whole(ordinal) and 1 <= ordinal <= noted:
        return Violation(
            REDEAL_ALREADY_NOTED,
            _("This redeal was already noted: nothing is counted twice."),
            None,
        )
    return None


# --- Which scores a match can reach --------------------------------------------------------


@cache
def hand_outcomes(variant: Variant | str) -> frozenset[Pair]:
    """Every pair of points one played hand can add to the two totals, as `validate_hand`
    allows the hands: in the Politaine family 11 card points split any way, plus 11 per
    politaine (at most two, each above its floor); in La Quadrette 2-0, 1-0, 1-1, 0-1, 0-2.
    Four sevens adds nothing (it ends the match)."""
    variant = Variant(variant)
    if variant_rules(variant).family is Family.QUADRETTE:
        hands = [Hand.quadrette(tricks, QUADRETTE_TRICKS - tricks)
                 for tricks in range(QUADRETTE_TRICKS + 1)]
    else:
        hands = [Hand.played(points, HAND_CARD_POINTS - points, made_a, made_b)
                 for points in range(HAND_CARD_POINTS + 1)
                 for made_a in range(MAX_POLITAINES_PER_HAND + 1)
                 for made_b in range(MAX_POLITAINES_PER_HAND + 1)]
    return frozenset(Pair(*hand_points(variant, hand)) for hand in hands
                     if not validate_hand(variant, hand))


@cache
def totals_step(variant: Variant | str) -> int:
    """What the two totals added together are always a multiple of: 11 in the Politaine
    family (each hand adds 11, plus 11 per politaine), 1 in La Quadrette."""
    return math.gcd(*(outcome.total for outcome in hand_outcomes(variant)))


def can_stand_at(variant: Variant | str, target: int, score: Pair) -> bool:
    """Whether a match of `variant` to `target` can be in progress at `score`, after some
    hands (none: 0-0), with time called or not.

    Below the target, every pair of totals whose sum is a multiple of `totals_step` is
    played: with hands of card points alone (any split of 11) or of single points (1-0,
    0-1) each team's total only grows, so the match stays under the target on the way.
    At or past it only level totals play on. In the Politaine family no hand adds the same
    to both teams (11 and 33 are odd, and a hand of 22 has a politaine on one side only),
    so the totals can be level there only when one hand took them from below the target,
    and the next hand ends the match. In La Quadrette a 3-3 adds 1 to each team: from
    6-6 (to 7) the totals stay level at any height.
    """
    a, b = score
    if not (is_whole(a) and is_whole(b)) or min(a, b) < 0 or (a + b) % totals_step(variant):
        return False
    if max(a, b) < target:
        return True
    if a != b:
        return False
    outcomes = hand_outcomes(variant)
    if Pair(1, 1) in outcomes:
        return True
    return any(max(a - p, a - q) < target and can_stand_at(variant, target, Pair(a - p, a - q))
               for p, q in outcomes)


def can_end_at(variant: Variant | str, target: int, score: Pair,
               finish_reason: FinishReason | str) -> bool:
    """Whether a match of `variant` to `target` can end at `score` for `finish_reason`: the
    one question a final result from elsewhere (a paper score sheet) must answer yes to.

    On the target: a team ahead at or past it, one hand after a score the match could stand
    at. When time was called: a team ahead below the target, one hand after such a score.
    On four sevens (Politaine family only): any score the match could stand at, whichever
    team was dealt them. On a forfeit: any score the match could stand at.
    """
    reason = FinishReason(finish_reason)
    score = Pair(*score)
    if reason is FinishReason.FOUR_SEVENS:
        return (variant_rules(variant).family is Family.POLITAINE
                and can_stand_at(variant, target, score))
    if reason is FinishReason.FORFEIT:
        return can_stand_at(variant, target, score)
    if score.a == score.b or (max(score) >= target) != (reason is FinishReason.TARGET):
        return False
    return any(can_stand_at(variant, target, Pair(score.a - p, score.b - q))
               for p, q in hand_outcomes(variant))


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
    if not all(_whole_in_range(total, 0, 99_999) for total in score):
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
    winner = Team(four_sevens_team) if four_sevens else _ahead(score)
    return MatchState(Variant(variant), target, first_dealer, len(lines), Pair(*score),
                      winner, reason, lines=tuple(lines))
