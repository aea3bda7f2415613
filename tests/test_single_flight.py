"""When many threads miss the same key at once, one draws it while the others wait
(tournaments/single_flight.py): a room arriving at a cold server renders the standings once per
process, not once per thread."""

import threading
import time

from tournaments import single_flight
from tournaments.single_flight import one_at_a_time


def test_threads_missing_the_same_key_draw_it_one_after_the_other():
    inside, most_inside, draws, kept = [0], [0], [0], set()
    guard = threading.Lock()

    def reader():
        with one_at_a_time("standings:1"):
            with guard:
                inside[0] += 1
                most_inside[0] = max(most_inside[0], inside[0])
            if "standings:1" not in kept:  # the cache, asked again once in
                time.sleep(0.02)  # the read and the render
                kept.add("standings:1")
                draws[0] += 1
            with guard:
                inside[0] -= 1

    threads = [threading.Thread(target=reader) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most_inside[0] == 1 and draws[0] == 1
    assert single_flight._locks == {}  # nothing left behind once every reader is out


def test_other_keys_are_drawn_at_the_same_time():
    first_in = threading.Event()
    second_done = threading.Event()

    def first():
        with one_at_a_time("standings:1"):
            first_in.set()
            assert second_done.wait(2), "the other key waited for this one"

    thread = threading.Thread(target=first)
    thread.start()
    assert first_in.wait(2)
    with one_at_a_time("standings:2"):
        second_done.set()
    thread.join()


def test_a_reader_that_fails_lets_the_next_one_draw():
    try:
        with one_at_a_time("standings:1"):
            raise ValueError("the database went away")
    except ValueError:
        pass
    with one_at_a_time("standings:1"):
        pass
    assert single_flight._locks == {}
