"""The score-progression chart: both teams' totals hand by hand, drawn as inline SVG."""

from dataclasses import dataclass

from scoring import rules

WIDTH = 320
HEIGHT = 160
PAD_LEFT = 30
PAD_RIGHT = 8
PAD_TOP = 10
PAD_BOTTOM = 20


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    points_a: str  # SVG polyline points
    points_b: str
    target_y: float
    target: int
    top: int
    hands: int
    y_ticks: list[tuple[float, int]]
    x_ticks: list[tuple[float, int]]
    left: int = PAD_LEFT
    right: int = WIDTH - PAD_RIGHT
    bottom: int = HEIGHT - PAD_BOTTOM


def _nice_step(top: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500):
        if top / step <= 5:
            return step
    return 1000


def progression(state: rules.MatchState) -> Chart:
    hands = len(state.lines)
    top = max([state.target, *state.score])
    x_span = max(hands, 1)
    inner_w = WIDTH - PAD_LEFT - PAD_RIGHT
    inner_h = HEIGHT - PAD_TOP - PAD_BOTTOM

    def x(number: int) -> float:
        return round(PAD_LEFT + inner_w * number / x_span, 1)

    def y(score: int) -> float:
        return round(PAD_TOP + inner_h * (1 - score / top), 1)

    scores = [rules.Pair(0, 0), *(line.score for line in state.lines)]
    step = _nice_step(top)
    x_step = max(1, -(-x_span // 10))
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        points_a=" ".join(f"{x(n)},{y(s.a)}" for n, s in enumerate(scores)),
        points_b=" ".join(f"{x(n)},{y(s.b)}" for n, s in enumerate(scores)),
        target_y=y(state.target),
        target=state.target,
        top=top,
        hands=hands,
        y_ticks=[(y(v), v) for v in range(0, top + 1, step)],
        x_ticks=[(x(n), n) for n in range(0, x_span + 1, x_step)],
    )
