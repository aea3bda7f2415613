"""Random Swiss evenings through the pure draw (no database): for each field size, every
number of rounds the field allows, random results; with --churn, teams withdraw and arrive
late. Prints, per size, the rounds that needed a rematch and the slowest draw.

    .venv/bin/python scripts/swiss_evenings.py --sizes 2-16 --repeats 20
    .venv/bin/python scripts/swiss_evenings.py --sizes 17-40 --repeats 3 --churn

A field that nobody joins or leaves must show 0 rematch rounds: the suite checks the same on
fewer evenings (tests/tournaments/test_draw.py).
"""

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.draw import RematchNeeded, draw_swiss, round_robin_rounds, swiss_round_one

MAX_SWISS_ROUNDS = 20  # tournaments.models.MAX_SWISS_ROUNDS (not imported: no Django here)


def evening(size: int, rounds: int, rng: random.Random, churn: bool) -> tuple[int, float]:
    """One event: (rounds that needed a rematch, slowest draw in seconds)."""
    teams = list(range(size))
    wins, byes, played = Counter(), Counter(), set()
    active = list(teams)
    late = [active.pop()] if churn and size > 3 else []
    rematch_rounds, slowest = 0, 0.0
    for number in range(1, rounds + 1):
        if churn and number > 1 and rng.random() < 0.15 and len(active) > 2:
            active.remove(rng.choice(active))
        if churn and late and number > 1 and rng.random() < 0.5:
            active.append(late.pop())
        ranked = sorted(active, key=lambda team: (-wins[team], team))
        start = time.perf_counter()
        if number == 1:
            draw = swiss_round_one(ranked)
        else:
            try:
                draw = draw_swiss(ranked, wins, played, byes, rounds_left=rounds - number + 1)
            except RematchNeeded as needed:
                draw, rematch_rounds = needed.draw, rematch_rounds + 1
        slowest = max(slowest, time.perf_counter() - start)
        for pairing in draw.pairings:
            played.add(frozenset((pairing.team_a, pairing.team_b)))
            wins[rng.choice((pairing.team_a, pairing.team_b))] += 1
        for team in draw.byes:
            byes[team] += 1
            wins[team] += 1
    return rematch_rounds, slowest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="2-16", help="a range of field sizes, e.g. 2-16")
    parser.add_argument("--repeats", type=int, default=5, help="evenings per size and rounds")
    parser.add_argument("--churn", action="store_true", help="withdrawals and late arrivals")
    parser.add_argument("--seed", default="swiss")
    args = parser.parse_args()
    low, high = (int(part) for part in args.sizes.split("-"))
    rng = random.Random(args.seed)
    for size in range(low, high + 1):
        most = min(MAX_SWISS_ROUNDS, round_robin_rounds(size))
        rematches, slowest, events = 0, 0.0, 0
        for rounds in range(1, most + 1):
            for _ in range(args.repeats):
                needed, slow = evening(size, rounds, rng, args.churn)
                rematches, slowest, events = rematches + needed, max(slowest, slow), events + 1
        print(f"{size:3} teams: {events:4} evenings, {rematches:3} rounds with a rematch, "
              f"slowest draw {slowest * 1000:6.0f} ms", flush=True)


if __name__ == "__main__":
    main()
