"""When many threads of a process ask for the same missing key at once, one draws it and the
others take its result (tournaments/single_flight.py): a room arriving at a cold server
renders the standings once per process, not once per thread, even when the cache keeps
nothing."""

import threading
import time

import pytest

from tournaments.single_flight import once


def at_once(count, work):
    """`work` run by `count` threads released together; their results, and when each ended."""
    start, results, ended = threading.Barrier(count), [None] * count, [0.0] * count
    began = time.monotonic()

    def run(i):
        start.wait()
        results[i] = work()
        ended[i] = time.monotonic() - began

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results, ended


def assert_drawn_anew_next_time(key):
    """A flight over keeps nothing: the next ask of its key draws again."""
    drawn = []
    assert once(key, lambda: drawn.append(1) or "new") == "new" and drawn == [1]


def test_threads_asking_for_the_same_key_at_once_share_one_drawing():
    draws = []

    def draw():
        draws.append(1)
        time.sleep(0.2)  # the read and the render
        return "standings"

    results, _ended = at_once(6, lambda: once("standings:1", draw))
    # One drawing for all (a cache that keeps nothing, Redis down, would otherwise line them
    # up one drawing after the other).
    assert results == ["standings"] * 6 and len(draws) == 1
    assert_drawn_anew_next_time("standings:1")


def test_other_keys_are_drawn_at_the_same_time():
    # Each drawing waits for the three others to be under way: drawings of other keys made
    # one after the other would never all meet (the barrier breaks after its timeout).
    meeting = threading.Barrier(4, timeout=10)

    def draw(key):
        meeting.wait()
        return key

    results, _ended = at_once(4, lambda: once(f"standings:{threading.get_ident()}",
                                              lambda: draw("mine")))
    assert results == ["mine"] * 4


def test_when_the_first_drawing_fails_the_waiters_draw_for_themselves():
    calls = []

    def draw():
        calls.append(1)
        if len(calls) == 1:
            time.sleep(0.1)
            raise ValueError("the database went away")
        return "standings"

    def work():
        try:
            return once("standings:1", draw)
        except ValueError:
            return "failed"

    results, _ = at_once(4, work)
    assert sorted(results) == ["failed"] + ["standings"] * 3
    assert_drawn_anew_next_time("standings:1")


def test_a_slow_drawing_holds_a_waiter_no_longer_than_its_wait():
    started, finish = threading.Event(), threading.Event()

    def slow():
        started.set()
        finish.wait(timeout=10)  # still drawing while the waiter gives up on it
        return "slow"

    leader = threading.Thread(target=once, args=("standings:1", slow))
    leader.start()
    assert started.wait(timeout=10)
    # The waiter draws its own after its wait, the first drawing not over yet.
    assert once("standings:1", lambda: "own", wait_seconds=0.1) == "own"
    assert not finish.is_set()
    finish.set()
    leader.join()


def test_a_failure_is_raised_to_the_thread_that_drew():
    with pytest.raises(ValueError):
        once("standings:1", lambda: (_ for _ in ()).throw(ValueError("gone")))
    assert once("standings:1", lambda: "again") == "again"
