"""make bench: how long a correction in a club's first night takes when the club has 2,000
rated matches after it (the goal: under a second). The correction replays the club's
ratings from that match on (clubs.services.ratings): every match after it is rated again.

A benchmark, not a test. PostgreSQL (BENCH_DATABASE_URL, default: DATABASE_URL's name +
"_ratings" on this machine, else postgres://postgres@127.0.0.1:5432/politaine_ratings),
dropped and made anew. 24 members play 2,000 matches of one hand each; then the first
match's hand is corrected (its winner changes) RUNS times, back and forth; the median and
the slowest wall time of the correction (its transaction, ratings replay included) are
printed, with the matches rated again.
"""

import os
import random
import secrets
import statistics
import sys
import time
from pathlib import Path

import databases

ROOT = Path(__file__).resolve().parent.parent
MATCHES = int(os.environ.get("BENCH_CLUB_MATCHES", "2000"))
MEMBERS = 24
RUNS = 5


def main():
    url = databases.database_url("_ratings")
    databases.fresh_database(url)
    # Production settings (DEBUG off: no query kept in memory).
    os.environ.update(DATABASE_URL=url, DJANGO_SETTINGS_MODULE="config.settings",
                      SECRET_KEY=secrets.token_urlsafe(50), ALLOWED_HOSTS="127.0.0.1")
    sys.path.insert(0, str(ROOT))
    try:
        import django

        django.setup()
        run()
    finally:
        from django.db import connections

        connections.close_all()
        databases.drop_database(url)


def run():
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from clubs import services as clubs
    from clubs.models import RatingChange
    from scoring import rules
    from scoring import services as scoring
    from scoring.services import NewTeam

    call_command("migrate", "--no-input", "-v0")
    owner = get_user_model().objects.create_user("organizer")
    club = clubs.create_club(owner=owner, name="Club du jeudi")
    names = [f"Joueur {n:02d}" for n in range(1, MEMBERS + 1)]
    for member in names:
        clubs.add_member(club=club, name=member)
    chooser = random.Random(1)
    first = None
    started = time.perf_counter()
    for _ in range(MATCHES):
        seated = chooser.sample(names, 4)
        match = clubs.start_match(club=club, owner=owner, variant="politaine", target=11,
                                  team_a=NewTeam(" & ".join(seated[:2]), tuple(seated[:2])),
                                  team_b=NewTeam(" & ".join(seated[2:]), tuple(seated[2:])))
        scoring.record_hand(match=match, number=1, hand=rules.Hand.played(
            *chooser.choice([(11, 0), (0, 11)])))
        first = first or match
    print(f"{MATCHES} club matches played in {time.perf_counter() - started:.0f} s; "
          f"{RatingChange.objects.count()} rating changes")
    times = []
    if os.environ.get("BENCH_PROFILE"):
        import cProfile

        cProfile.runctx("scoring.correct_hand(match=first.pk, number=1, hand=rules.Hand."
                        "played(0, 11), by=owner)", globals(), locals(), sort="cumtime")
    for run_number in range(RUNS):
        hand = rules.Hand.played(0, 11) if run_number % 2 == 0 else rules.Hand.played(11, 0)
        start = time.perf_counter()
        scoring.correct_hand(match=first.pk, number=1, hand=hand, by=owner)
        times.append((time.perf_counter() - start) * 1000)
    print(f"correction of the first match ({MATCHES} matches rated again): median "
          f"{statistics.median(times):.0f} ms, slowest {max(times):.0f} ms "
          f"(goal: under 1,000 ms)")


if __name__ == "__main__":
    main()
