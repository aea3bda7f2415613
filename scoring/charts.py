"""The score-progression chart: both teams' totals hand by hand, drawn as inline SVG.

Its hands axis spans 10 hands, then 20, 40, 80...: within a span, a new hand adds its two
segments to the chart as drawn (`added`), the same few bytes at hand 70 as at hand 2; the
chart is drawn again only when a hand takes it to the next span, or a total past the top.
"""

from dataclasses import dataclass

from scoring import rules

WIDTH = 320
HEIGHT = 160
PAD_LEFT = 30
PAD_RIGHT = 8
PAD_TOP = 10
PAD_BOTTOM = 20
FIRST_SPAN = 10


@dataclass(frozen=True)
class Segment:
    """One team's line from one hand's totals to the next's: SVG polyline points."""

    team: str
    points: str


@dataclass(frozen=True)
class Frame:
    """What the chart's scale depends on: the hands its axis spans, the top of its totals."""

    span: int
    top: int
    target: int

    def x(self, number: int) -> float:
        return round(PAD_LEFT + (WIDTH - PAD_LEFT - PAD_RIGHT) * number / self.span, 1)

    def y(self, score: int) -> float:
        return round(PAD_TOP + (HEIGHT - PAD_TOP - PAD_BOTTOM) * (1 - score / self.top), 1)

    def segments(self, number: int, before: rules.Pair, after: rules.Pair) -> list[Segment]:
        """Hand `number`'s two segments, from the totals `before` it to those `after`."""
        return [Segment(team, f"{self.x(number - 1)},{self.y(before.of(team))} "
                              f"{self.x(number)},{self.y(after.of(team))}")
                for team in ("a", "b")]


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    segments: list[Segment]
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


def frame(hand_count: int, score: rules.Pair, target: int) -> Frame:
    span = FIRST_SPAN
    while span < hand_count:
        span *= 2
    return Frame(span, max(target, *score), target)


def progression(summary: rules.Summary, lines) -> Chart:
    """The whole chart of a match where `summary` says it stands, from its hands' `lines`."""
    shape = frame(summary.hand_count, summary.score, summary.target)
    segments = []
    before = rules.Pair(0, 0)
    for line in lines:
        segments += shape.segments(line.number, before, line.score)
        before = line.score
    step = _nice_step(shape.top)
    x_step = max(1, -(-shape.span // 10))
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        segments=segments,
        target_y=shape.y(summary.target),
        target=summary.target,
        top=shape.top,
        hands=summary.hand_count,
        y_ticks=[(shape.y(v), v) for v in range(0, shape.top + 1, step)],
        x_ticks=[(shape.x(n), n) for n in range(0, shape.span + 1, x_step)],
    )


def added(summary: rules.Summary, lines) -> list[Segment] | None:
    """The segments that the match's last hands (their `lines`, in order) add to the
    chart as drawn before them, or None when the chart must be drawn again (they took it
    to the next span, or a total past its top)."""
    first = lines[0]
    before = rules.Pair(first.score.a - first.points.a, first.score.b - first.points.b)
    now = frame(summary.hand_count, summary.score, summary.target)
    if frame(summary.hand_count - len(lines), before, summary.target) != now:
        return None
    segments = []
    for line in lines:
        segments += now.segments(line.number, before, line.score)
        before = line.score
    return segments
