"""The game's words: variants, teams, seats, statuses, the pack's numbers, and how a
rule says no (`Violation`)."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dataclass_field
from enum import StrEnum
from typing import Any, NamedTuple


def translatable(message: str) -> str:
    """Mark a message for translation without translating it (like gettext_noop); each
    module of the rules calls it `_`, the name makemessages looks for."""
    return message


_ = translatable


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
# Redeals a match notes at most: no table deals a thousand hands without a 10, 9 or ace, so
# more is a stuck button or a script (and the count is kept in a small integer).
MAX_REDEALS = 999


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
    if whole_in_range(value, 0, total):
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


def whole_in_range(value: Any, low: int, high: int) -> bool:
    return is_whole(value) and low <= value <= high
