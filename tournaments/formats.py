"""A tournament's formats and stages, how many rounds a format has, and what each round is.

Plain Python, like the draw and the standings: this module holds the formats' and stages'
values, the one list of them (tournaments.models gives them their labels, for forms and
pages; the API reads them from there).
"""

from enum import StrEnum

from tournaments.draw import knockout_rounds, round_robin_rounds


def _(message: str) -> str:
    """Marks a word for translation (tournaments.words translates it)."""
    return message


class Format(StrEnum):
    ROUND_ROBIN = "round_robin"
    SWISS = "swiss"
    KNOCKOUT = "knockout"
    SWISS_KNOCKOUT = "swiss_knockout"
    INDIVIDUAL = "individual"  # players come alone; four to a table, new partners each round


class Stage(StrEnum):
    """What a round is: the formats' parts (a Swiss then a knockout has both last ones)."""

    ROUND_ROBIN = "round_robin"
    SWISS = "swiss"
    KNOCKOUT = "knockout"
    INDIVIDUAL = "individual"


# Formats with Swiss rounds, whose standings break ties on Buchholz first.
SWISS_FORMATS = frozenset({Format.SWISS, Format.SWISS_KNOCKOUT})
# Formats with a knockout bracket.
BRACKET_FORMATS = frozenset({Format.KNOCKOUT, Format.SWISS_KNOCKOUT})


def suggested_swiss_rounds(field_size: int) -> int:
    """What suits a field: enough rounds for one team to stand alone on top (ceil(log2 n)),
    at least 3 when the field can play them."""
    if field_size < 2:
        return 0
    return min(max(3, (field_size - 1).bit_length()), round_robin_rounds(field_size))


def swiss_rounds_played(swiss_rounds: int | None, field_size: int) -> int:
    """The organizer's number (or the suggested one when none was set), never more than a
    field can play without a rematch."""
    if field_size < 2:
        return swiss_rounds or 0
    if swiss_rounds is None:
        return suggested_swiss_rounds(field_size)
    return min(swiss_rounds, round_robin_rounds(field_size))


# An individual night left to what suits its field: a full rotation of partners for a small
# one, else about what an evening holds.
INDIVIDUAL_ROUNDS = 7


def suggested_individual_rounds(players: int) -> int:
    """Enough rounds for everyone to partner everyone once where the field is small (n - 1
    rounds, n when one player sits out each round), at most INDIVIDUAL_ROUNDS."""
    if players < 4:
        return 0
    return min(INDIVIDUAL_ROUNDS, players if players % 4 == 1 else players - 1)


def knockout_places(format: str, *, field_size: int, knockout_size: int | None) -> int:
    """The size of the knockout bracket: a power of two, the top seeds facing empty places."""
    teams = field_size if format == Format.KNOCKOUT else min(knockout_size or 0, field_size)
    return 1 << (teams - 1).bit_length() if teams >= 2 else 0


def total_rounds(format: str, *, field_size: int, swiss_rounds: int | None,
                 knockout_size: int | None, individual_rounds: int | None = None) -> int:
    """Rounds in all, once the field (the teams of round 1) is known."""
    if format == Format.INDIVIDUAL:
        return individual_rounds or suggested_individual_rounds(field_size)
    if field_size < 2 and format != Format.SWISS:
        return 0
    if format == Format.ROUND_ROBIN:
        return round_robin_rounds(field_size)
    if format == Format.KNOCKOUT:
        return knockout_rounds(field_size)
    if format == Format.SWISS:
        return swiss_rounds_played(swiss_rounds, field_size)
    knockout_field = min(knockout_size or 0, field_size)
    return swiss_rounds_played(swiss_rounds, field_size) + (
        knockout_rounds(knockout_field) if knockout_field >= 2 else 0)


def stage_of_round(format: str, number: int, *, swiss_rounds: int | None,
                   field_size: int = 0) -> Stage:
    if format == Format.SWISS_KNOCKOUT:
        played = swiss_rounds_played(swiss_rounds, field_size) if field_size else swiss_rounds
        return Stage.SWISS if number <= (played or 0) else Stage.KNOCKOUT
    return Stage(format)
