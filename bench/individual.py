"""make bench: how long the draw of an individual night takes for 40 players, at rounds 1, 5
and 10 (the goal: well under a second).

A benchmark, not a test: pure Python, no database. The night is drawn round by round with
nobody arriving or leaving (40 players have no whist schedule: every round is the local
search's). Each round shown is drawn again RUNS times after the same rounds before it (the
draw takes its chance from the players and the round's number, so each run does the same
work); the median, the slowest and the median CPU time are printed. With --churn, a player
leaves and another arrives before each round.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.individual import PastRound, draw_individual_round

PLAYERS = 40
ROUNDS = (1, 5, 10)
RUNS = 20


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--churn", action="store_true")
    churn = parser.parse_args().churn
    present = list(range(1, PLAYERS + 1))
    past: list[PastRound] = []
    print(f"{'players':>8} {'round':>6} {'median ms':>10} {'max ms':>9} {'CPU ms':>7}")
    for number in range(1, max(ROUNDS) + 1):
        if churn and number > 1:
            present = [*present[1:], PLAYERS + number]
        if number in ROUNDS:
            times, cpu = [], []
            for _ in range(RUNS):
                start, started_cpu = time.perf_counter(), time.process_time()
                draw_individual_round(present, past)
                times.append((time.perf_counter() - start) * 1000)
                cpu.append((time.process_time() - started_cpu) * 1000)
            print(
                f"{len(present):>8} {number:>6} {statistics.median(times):>10.1f} "
                f"{max(times):>9.1f} {statistics.median(cpu):>7.1f}"
            )
        draw = draw_individual_round(present, past)
        past.append(PastRound(tuple(draw.tables), tuple(draw.sitting_out)))


if __name__ == "__main__":
    main()
