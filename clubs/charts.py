"""A player's rating history as a small SVG chart, like the match's score chart: the
shown rating (the ladder's scale) after each rated match; a line marks a newcomer's."""

from dataclasses import dataclass

from clubs.rating_model import LADDER_START

WIDTH, HEIGHT = 320, 140
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 34, 8, 10, 20


@dataclass(frozen=True)
class RatingChart:
    width: int
    height: int
    points: str
    y_ticks: list[tuple[float, int]]
    zero_y: float | None
    matches: int
    left: int = PAD_LEFT
    right: int = WIDTH - PAD_RIGHT
    bottom: int = HEIGHT - PAD_BOTTOM


def rating_chart(values: list[float]) -> RatingChart | None:
    """`values`: the shown rating before the first rated match, then after each."""
    if len(values) < 2:
        return None
    low, high = min(values), max(values)
    low, high = int(low // 5 * 5), int(-(-high // 5) * 5)
    if high == low:
        high = low + 5
    inner_w, inner_h = WIDTH - PAD_LEFT - PAD_RIGHT, HEIGHT - PAD_TOP - PAD_BOTTOM

    def x(i: int) -> float:
        return round(PAD_LEFT + inner_w * i / (len(values) - 1), 1)

    def y(v: float) -> float:
        return round(PAD_TOP + inner_h * (1 - (v - low) / (high - low)), 1)

    step = max(5, -(-(high - low) // 4 // 5) * 5)
    return RatingChart(
        width=WIDTH, height=HEIGHT,
        points=" ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values)),
        y_ticks=[(y(v), v) for v in range(low, high + 1, step)],
        zero_y=y(LADDER_START) if low <= LADDER_START <= high else None,
        matches=len(values) - 1,
    )
