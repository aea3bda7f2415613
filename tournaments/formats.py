"""How many rounds a format has, and what each round is. Plain Python."""

from tournaments.draw import knockout_rounds, round_robin_rounds

FORMATS = ("round_robin", "swiss", "knockout", "swiss_knockout")


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
        return swiss_rounds or 0
    knockout_field = min(knockout_size or 0, field_size)
    return (swiss_rounds or 0) + (knockout_rounds(knockout_field) if knockout_field >= 2 else 0)


def stage_of_round(format: str, number: int, *, swiss_rounds: int | None) -> str:
    if format == "swiss_knockout":
        return "swiss" if number <= (swiss_rounds or 0) else "knockout"
    return format
