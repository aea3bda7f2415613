"""make bench: how long the standings pages take to render for 16, 128 and 512 teams.

A benchmark, not a test: it builds Swiss tournaments of 7 rounds (6 played, the 7th under
way) in a throw-away test database and prints the median and slowest render times of a new
version (the fragment cache emptied before each), the median CPU time, and the queries each
page costs (the same for every size, by design). "dashboard, a hand on" is the dashboard drawn
again as it is while the round is played: a hand changed a table, no match ended since the
last drawing, and the standings are those kept then (standings_cache.kept_standings)."""

import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import (  # noqa: E402
    CaptureQueriesContext,
    setup_databases,
    setup_test_environment,
    teardown_databases,
)
from django.urls import reverse  # noqa: E402

SIZES = (16, 128, 512)
RUNS = {16: 30, 128: 20, 512: 10}


def build(size: int, owner):
    from scoring import rules
    from scoring import services as scoring
    from scoring.services import NewTeam
    from tournaments import services
    from tournaments.services import Settings

    tournament = services.create_tournament(
        owner=owner,
        settings=Settings(name=f"Bench {size}", variant="politaine", format="swiss",
                          swiss_rounds=7, target=11),
        teams=[NewTeam(f"Team {i}", (f"P{i}a", f"P{i}b")) for i in range(1, size + 1)],
    )
    chooser = random.Random(size)
    for _ in range(6):
        round_ = services.draw_next_round(tournament=tournament)
        for match_id in round_.tables.values_list("match_id", flat=True):
            a = 11 if chooser.random() < 0.5 else 0
            scoring.record_hand(match=match_id, number=1, hand=rules.Hand.played(a, 11 - a))
    services.draw_next_round(tournament=tournament)
    return tournament


def measure(client, url, runs, *, kept=False):
    """Render times with the fragment cache emptied first: the cost of a new version. With
    `kept`, the cache is left as the last render left it: the dashboard drawn again after a
    hand played somewhere, its standings kept since the last match ended."""
    from django.core.cache import cache

    times, cpu = [], []
    for _ in range(runs):
        if not kept:
            cache.clear()
        start, started_cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
        assert response.status_code == 200, response.status_code
    if not kept:
        cache.clear()
    with CaptureQueriesContext(connection) as captured:
        client.get(url)
    return statistics.median(times), max(times), statistics.median(cpu), len(captured)


def main():
    from django.contrib.auth import get_user_model

    setup_test_environment()
    databases = setup_databases(verbosity=0, interactive=False)
    try:
        owner = get_user_model().objects.create_user("bench", password="bench-password-1")
        client = Client()
        client.force_login(owner)
        print(f"database: {connection.vendor}")
        # CPU: this process's (the app's and SQLite's), less shaken by a busy machine.
        print(f"{'teams':>6} {'page':<22} {'median ms':>10} {'max ms':>9} {'CPU ms':>7} "
              f"{'queries':>8}")
        for size in SIZES:
            started = time.perf_counter()
            tournament = build(size, owner)
            built = time.perf_counter() - started
            dashboard = reverse("tournament_dashboard", args=[tournament.pk])
            pages = (
                ("public standings", reverse("public_standings", args=[tournament.pk]), False),
                ("projector", reverse("public_projector", args=[tournament.pk]), False),
                ("organizer dashboard", dashboard, False),
                ("dashboard, a hand on", dashboard, True),
            )
            for name, url, kept in pages:
                median, slowest, cpu, queries = measure(client, url, RUNS[size], kept=kept)
                print(f"{size:>6} {name:<22} {median:>10.1f} {slowest:>9.1f} {cpu:>7.1f} "
                      f"{queries:>8}")
            print(f"{'':>6} (built in {built:.1f} s: 7 rounds, {size // 2 * 7} matches)")
    finally:
        teardown_databases(databases, verbosity=0)


if __name__ == "__main__":
    main()
