"""How many rounds a format has, and what each round is. Plain Python."""

from tournaments.draw import knockout_rounds, round_robin_rounds

FORMATS = ("round_robin", "swiss", "knockout", "swiss_knockout")


def swiss_rounds_played(swiss_rounds: int | None, field_size: int) -> int:
    """Never more Swiss rounds than a field can play without a rematch."""
    if field_size < 2:
        return swiss_rounds or 0
    return min(swiss_rounds or 0, round_robin_rounds(field_size))


def knockout_places(format: str, *, field_size: int, knockout_size: int | None) -> int:
    """The size of the knockout bracket: a power of two, the top seeds facing empty places."""
    teams = field_size if format == "knockout" else min(knockout_size or 0, field_size)
    return 1 << (teams - 1).bit_length() if teams >= 2 else 0


def total_rounds(format: str, *, field_size: int, swiss_rounds: int | None,
                 knockout_size: int | None) -> int:
    """Rounds in all, once the field (the teams of round 1) is known."""
    if field_size < 2 and format != "swiss":
        return 0
    if format == "round_robin":
        return round_robin_rounds(field_size)
    if format == "knockout":
        return knockout_rounds(field_size)
    if format == "swiss":
        return swiss_rounds_played(swiss_rounds, field_size)
    knockout_field = min(knockout_size or 0, field_size)
    return swiss_rounds_played(swiss_rounds, field_size) + (
        knockout_rounds(knockout_field) if knockout_field >= 2 else 0)


def stage_of_round(format: str, number: int, *, swiss_rounds: int | None,
                   field_size: int = 0) -> str:
    if format == "swiss_knockout":
        played = swiss_rounds_played(swiss_rounds, field_size) if field_size else swiss_rounds
        return "swiss" if number <= (played or 0) else "knockout"
    return format
