"""One thread of a process draws what every thread asking for the same key at the same
moment waits for.

When a room arrives at once (the server just started, or a match just ended), every thread
that finds a key missing from the cache would read and render the same standings. With
`once`, the first draws them and the others take its result; they do not read the cache
again, so a cache that keeps nothing (Redis down, a read not kept) never lines them up
behind each other. Between processes nothing is shared: each draws at most once at a time.
"""

import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

# A waiter that has waited this long draws for itself: a slow drawing never holds a whole
# process's threads.
WAIT_SECONDS = 5.0


class _Flight:
    def __init__(self):
        self.landed = threading.Event()
        self.result = None
        self.failed = False


_guard = threading.Lock()
_flights: dict[str, _Flight] = {}


def once(key: str, draw: Callable[[], T], *, wait_seconds: float = WAIT_SECONDS) -> T:
    """`draw()`, or the result of the drawing of `key` under way in another thread."""
    with _guard:
        flight = _flights.get(key)
        leads = flight is None
        if leads:
            flight = _flights[key] = _Flight()
    if not leads:
        if flight.landed.wait(wait_seconds) and not flight.failed:
            return flight.result
        return draw()  # the first one failed or is slow: this one draws for itself
    try:
        flight.result = draw()
        return flight.result
    except BaseException:
        flight.failed = True
        raise
    finally:
        with _guard:
            del _flights[key]  # the next arrival, after this, draws anew
        flight.landed.set()
