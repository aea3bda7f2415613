"""One thread of a process at a time draws what every reader of a key waits for.

When a room arrives at once (the server just started, or a match just ended), every thread
that finds a key missing from the cache would read and render the same standings; the
others wait for the first, then find its result in the cache. Between processes nothing is
shared: each draws at most once.
"""

import threading
from contextlib import contextmanager

_guard = threading.Lock()
_locks: dict[str, threading.Lock] = {}


@contextmanager
def one_at_a_time(key: str):
    with _guard:
        lock = _locks.setdefault(key, threading.Lock())
    try:
        with lock:
            yield
    finally:
        with _guard:
            # A thread still waiting holds it locked; the last one out takes it away.
            if not lock.locked() and _locks.get(key) is lock:
                del _locks[key]
