"""What the tests of the table page's tags share: random matches to draw, and drawing each
with the template partial the tag replaced and with the tag, in one language."""

import random

from django.template import engines
from django.test import RequestFactory
from django.utils import translation

from scoring import rules


def random_state(rng: random.Random, variant: str, target: int, *,
                 politaines: bool = False) -> rules.MatchState:
    """A match of 0 to 40 hands, stopped where it ends."""
    hands, state = [], rules.match_state(variant, target, "N", [])
    for _ in range(rng.choice([0, 1, 3, 12, 40])):
        if state.finished:
            break
        if variant == "quadrette":
            a = rng.randrange(0, 7)
            hands.append(rules.Hand.quadrette(a, 6 - a))
        else:
            a = rng.choice([0, 5, 6, 11])
            hands.append(rules.Hand.played(a, 11 - a, rng.choice([0, 0, 1]) if politaines else 0))
        state = rules.match_state(variant, target, "N", hands)
    return state


def draw_both(before: str, after: str, random_context, *, language: str, times: int,
              marks) -> set[str]:
    """Draw `times` random contexts with both templates (the same HTML, or the test fails);
    the `marks` seen in the drawings, to show what the random contexts covered."""
    rng = random.Random(language)
    engine = engines["django"]
    before, after = engine.from_string(before), engine.from_string(after)
    request = RequestFactory().get("/")
    seen = set()
    with translation.override(language):
        for _ in range(times):
            context = random_context(rng)
            drawn = after.render(context, request)
            assert drawn.strip() == before.render(context, request).strip()
            seen.update(mark for mark in marks if mark in drawn)
    return seen
