"""The Swiss look-ahead's search is meant to be bounded by an effort budget
(lookahead.DEFAULT_EFFORT = 15,000 steps, "an Effort bounds it anyway"). The budget counts
solve() calls and whole matchings, but not the recursion inside _matchings(), so one draw can
run for minutes: far past gunicorn's 30 s timeout, and the organizer's "Draw" never answers.

State: a Swiss of 22 teams over 20 rounds (the form allows 20), two teams gone home and
four arrived late; the draw of round 15 (6 rounds left), 24 teams in play. Measured:
74 s for this one draw_swiss call, 13 million calls of _matchings, 7,500 effort steps.
(Reproduced by a seeded random evening; the same state is written out here.)
"""

import pytest

from tournaments import draw as drawing
from tournaments import lookahead

RANKED = [5, 15, 12, 20, 6, 4, 10, 19, 11, 8, 23, 24, 1, 3, 16, 17, 18, 21, 2, 7, 9, 25, 26, 27]
WINS = (
    {5: 11, 15: 10, 12: 10, 20: 9, 6: 9, 4: 8, 10: 8, 19: 8, 11: 8, 8: 7, 23: 6, 24: 6, 1: 6, 3:
    6, 16: 6, 17: 6, 18: 6, 21: 6, 2: 5, 7: 5, 9: 5, 25: 5, 26: 2, 27: 0}
)
PLAYED = (
    [(1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 9), (1, 10), (1, 11), (1, 12), (1, 15), (1,
    17), (1, 18), (1, 19), (1, 23), (2, 7), (2, 9), (2, 13), (2, 14), (2, 16), (2, 18), (2, 19),
    (2, 21), (2, 22), (2, 24), (2, 25), (2, 26), (3, 8), (3, 9), (3, 11), (3, 12), (3, 13), (3,
    14), (3, 17), (3, 19), (3, 20), (3, 21), (3, 23), (3, 24), (3, 25), (4, 5), (4, 6), (4, 8),
    (4, 9), (4, 10), (4, 11), (4, 12), (4, 15), (4, 17), (4, 19), (4, 20), (4, 21), (4, 23), (5,
    6), (5, 7), (5, 8), (5, 10), (5, 11), (5, 12), (5, 13), (5, 15), (5, 16), (5, 18), (5, 19),
    (5, 20), (6, 7), (6, 8), (6, 10), (6, 11), (6, 12), (6, 15), (6, 17), (6, 20), (6, 21), (6,
    23), (6, 24), (7, 8), (7, 9), (7, 16), (7, 18), (7, 19), (7, 20), (7, 21), (7, 22), (7, 24),
    (7, 26), (8, 10), (8, 11), (8, 13), (8, 15), (8, 16), (8, 17), (8, 19), (8, 20), (8, 23),
    (9, 10), (9, 13), (9, 14), (9, 16), (9, 18), (9, 20), (9, 21), (9, 25), (10, 11), (10, 12),
    (10, 15), (10, 17), (10, 18), (10, 19), (10, 20), (10, 21), (11, 12), (11, 14), (11, 15),
    (11, 17), (11, 19), (11, 20), (11, 22), (12, 13), (12, 15), (12, 16), (12, 17), (12, 20),
    (12, 21), (12, 23), (13, 15), (15, 17), (15, 19), (15, 20), (15, 21), (15, 23), (16, 18),
    (16, 19), (16, 21), (16, 22), (16, 23), (16, 24), (16, 25), (17, 18), (17, 20), (17, 22),
    (17, 23), (17, 24), (18, 22), (18, 23), (18, 24), (18, 25), (18, 26), (19, 20), (19, 21),
    (20, 21), (21, 23), (21, 24), (22, 24), (23, 24), (24, 25), (25, 26)]
)
BYES = {23: 1, 2: 1, 19: 1, 25: 1, 26: 1, 18: 1, 7: 1, 16: 1, 9: 1}
ROUNDS_LEFT = 6


class _TooMuchWork(Exception):
    pass


def test_one_swiss_draw_does_a_bounded_amount_of_search(monkeypatch):
    limit = 100 * lookahead.DEFAULT_EFFORT  # generous: about 9 s of search on this machine
    calls = 0
    matchings = lookahead._matchings

    def counted(*args, **kwargs):
        nonlocal calls
        calls += 1
        if calls > limit:
            raise _TooMuchWork(f"over {limit} steps of _matchings in one draw")
        yield from matchings(*args, **kwargs)

    monkeypatch.setattr(lookahead, "_matchings", counted)
    try:
        drawing.draw_swiss(RANKED, WINS, {frozenset(p) for p in PLAYED}, BYES,
                           rounds_left=ROUNDS_LEFT)
    except _TooMuchWork as error:
        pytest.fail(str(error))
