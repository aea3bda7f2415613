"""make bench: CPU time per request, the app server's and PostgreSQL's, on `make serve`'s
gunicorn (one worker, one thread) against PostgreSQL, with the ratios to /healthz.

A benchmark, not a test. One request at a time, N of each kind; the CPU time of the gunicorn
worker and of the PostgreSQL backend serving it is read from /proc (the scheduler's count in
nanoseconds, see cpu_ms) before and after each kind, and divided by N. The "ratio" columns
are /healthz's CPU time over the request's: 1.0 would cost as little as the health check;
"total" counts app and PostgreSQL together. The machine's other work is not counted, but it
slows caches and clocks: run it on a quiet machine, and take the figures as a floor.

The database (BENCH_DATABASE_URL, default: DATABASE_URL's name + "_bench" on this machine,
else postgres://postgres@127.0.0.1:5432/politaine_bench) is dropped and made anew.
BENCH_APP_DIR runs another checkout of the app (the "before" figures of docs/performance.md).
"""

import os
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse

import httpx
import psycopg

# The server is started and stopped as `make load` does it.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import databases
from server_process import start_server, stop_server

APP = Path(os.environ.get("BENCH_APP_DIR") or Path(__file__).resolve().parent.parent)
GUNICORN = Path(sys.executable).parent / "gunicorn"
PORT = int(os.environ.get("BENCH_PORT", "8766"))
BASE = f"http://127.0.0.1:{PORT}"
APP_NAME = "politaine-bench-server"  # how the server's PostgreSQL backend is found
TICK_MS = 1000 / os.sysconf("SC_CLK_TCK")
SCHEDSTAT = Path("/proc/self/schedstat").exists()
CPU_SOURCE = "schedstat, in nanoseconds" if SCHEDSTAT else "utime + stime, in ticks"
CSRF = re.compile(r'"X-CSRFToken": "([^"]+)"')
RUNS = int(os.environ.get("BENCH_RUNS", "100"))  # of each kind (4 x as many /healthz)
ROUNDS = 5
# Hand 1 (7-4) as the score keeper's page posts it: every field of its form, `seen` the
# version its history shows (a new match's), team B's share filled in by the live check.
PAGE_HAND_1 = {"number": "1", "seen": "1", "filled": "points_b", "first_dealer": "N",
               "points_a": "7", "points_b": "4", "politaines_a": "0", "politaines_b": "0"}
LONG = 70  # hands already played on "the long match"
TEAMS = 128


DATABASE_URL = databases.database_url("_bench")


def fresh_database():
    databases.fresh_database(DATABASE_URL)


def drop_database():
    databases.drop_database(DATABASE_URL)


def server_env(static_root: str) -> dict:
    return {
        "PATH": os.environ["PATH"], "DATABASE_URL": DATABASE_URL, "PGAPPNAME": APP_NAME,
        "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0", "SECURE_COOKIES": "0", "STATIC_ROOT": static_root,
        "BIND": f"127.0.0.1:{PORT}", "DJANGO_SETTINGS_MODULE": "config.settings",
        # One process, one thread, one connection: one PID each to read.
        "WEB_CONCURRENCY": "1", "THREADS": "1", "DATABASE_POOL_MAX": "1",
        "AXES_FAILURE_LIMIT": "1000000",
    }


def prepare(env) -> dict:
    """Migrate; then matches to post hands to, matches of 70 hands (posted to, and one
    polled), an API token and a public Swiss of 128 teams with 6 rounds played."""
    for command in (["migrate", "--no-input", "-v0"], ["collectstatic", "--no-input", "-v0"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=APP, env=env, check=True)
    os.environ.update({key: value for key, value in env.items() if key != "PGAPPNAME"})
    sys.path.insert(0, str(APP))
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connections

    from accounts.services import issue_token
    from scoring import rules
    from scoring import services as scoring
    from scoring.services import NewTeam
    from tournaments import services
    from tournaments.services import Settings

    owner = get_user_model().objects.create_user("keeper", password=secrets.token_hex(8))

    def new_match(target=33):
        return scoring.create_match(owner=owner, variant="politaine", target=target,
                                    team_a=NewTeam("Les Bleus", ("Anne", "Marc")),
                                    team_b=NewTeam("Les Rouges", ("Luc", "Julie")))

    def long_match():
        match = new_match(target=999)  # level hands: it goes on
        for number in range(1, LONG + 1):
            points = (6, 5) if number % 2 else (5, 6)
            scoring.record_hand(match=match.pk, number=number, hand=rules.Hand.played(*points))
        return match

    # Hands are posted to long matches (100 to each, within the target of 999), one polled.
    per_100 = -(-(RUNS + 1) // 100)
    longs, polled = [long_match() for _ in range(per_100)], long_match()
    page_longs = [long_match() for _ in range(per_100)]
    polled_longs = [long_match() for _ in range(per_100)]
    polled_new = [new_match() for _ in range(RUNS + 1)]
    tournament = services.create_tournament(
        owner=owner,
        settings=Settings(name="Bench", variant="politaine", format="swiss", swiss_rounds=7,
                          target=11, public=True),
        teams=[NewTeam(f"Équipe {i}", (f"J{i}a", f"J{i}b")) for i in range(1, TEAMS + 1)])
    for number in range(6):
        round_ = services.draw_next_round(tournament=tournament)
        for index, match_id in enumerate(round_.tables.values_list("match_id", flat=True)):
            a = 11 if (index + number) % 2 else 0
            scoring.record_hand(match=match_id, number=1, hand=rules.Hand.played(a, 11 - a))
    services.draw_next_round(tournament=tournament)
    seeded = {
        "token": issue_token(user=owner),
        "api_matches": [new_match().pk for _ in range(RUNS + 1)],
        "page_matches": [new_match().scorekeeper_token for _ in range(RUNS + 1)],
        "long": [match.pk for match in longs],
        "polled": polled.scorekeeper_token,
        "page_long": [match.scorekeeper_token for match in page_longs],
        "polled_long": [(match.pk, match.scorekeeper_token) for match in polled_longs],
        "polled_new": [(match.pk, match.scorekeeper_token) for match in polled_new],
        "tournament": tournament.pk,
    }
    connections.close_all()
    return seeded


def worker_pid(master: int) -> int:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return int(children[0])


def backend_pids() -> list[int]:
    url = urlparse(DATABASE_URL)
    with psycopg.connect(host=url.hostname, port=url.port or 5432,
                         user=url.username or "postgres", dbname="postgres") as admin:
        return [pid for (pid,) in admin.execute(
            "SELECT pid FROM pg_stat_activity WHERE application_name = %s", [APP_NAME])]


def cpu_ms(pid: int) -> float:
    """CPU time of a process so far, in milliseconds.

    The scheduler's own count, in nanoseconds, summed over the process's threads
    (/proc/PID/task/*/schedstat). utime + stime of /proc/PID/stat come in clock ticks
    (10 ms), each handed whole to the process that runs when it falls: a slice of 80 health
    checks costs about four. Where the kernel keeps no schedstat, the ticks it is.
    """
    if SCHEDSTAT:
        return sum(int(task.joinpath("schedstat").read_text().split()[0])
                   for task in Path(f"/proc/{pid}/task").iterdir()) / 1e6
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * TICK_MS


class Measure:
    """Each kind of request is run in ROUNDS slices, one slice of every kind in turn, so that
    a slower minute of a shared machine weighs on every kind alike (ratios included)."""

    def __init__(self, app_pid: int):
        self.app_pid = app_pid
        self.kinds = []  # (name, requests, expected status)

    def add(self, name, requests, expect):
        """`requests`: one callable per request, each returning a response; `name`, one of
        its own."""
        assert name not in {kind for kind, _, _ in self.kinds}, name
        self.kinds.append((name, list(requests), expect))

    def run(self):
        totals = {name: [0.0, 0.0, [], []] for name, _, _ in self.kinds}
        for _, requests, _ in self.kinds:
            requests.pop(0)()  # a first one warms what is cached per process (not counted)
        backends = backend_pids()
        for round_ in range(ROUNDS):
            for name, requests, expect in self.kinds:
                size = -(-len(requests) // ROUNDS)
                batch = requests[round_ * size:(round_ + 1) * size]
                before_app = cpu_ms(self.app_pid)
                before_db = sum(cpu_ms(pid) for pid in backends)
                for request in batch:
                    start = time.perf_counter()
                    response = request()
                    totals[name][2].append((time.perf_counter() - start) * 1000)
                    if response.status_code != expect:
                        sys.exit(f"{name}: {response.status_code}, not {expect}: "
                                 f"{response.text[:300]}")
                app = cpu_ms(self.app_pid) - before_app
                totals[name][0] += app
                totals[name][3].append(app / len(batch))
                totals[name][1] += sum(cpu_ms(pid) for pid in backend_pids()
                                       if pid in backends) - before_db
        self.rows = [(name, app / len(walls), database / len(walls), statistics.median(walls),
                      rounds) for name, (app, database, walls, rounds) in totals.items()]

    def print(self):
        healthz = self.rows[0][1]
        print(f"{'request':<48} {'app CPU':>8} {'by round':>13} {'PG CPU':>8} {'wall':>7} "
              f"{'app ratio':>10} {'total ratio':>12}")
        for name, app, database, wall, rounds in self.rows:
            spread = f"{min(rounds):.2f}-{max(rounds):.2f}"
            print(f"{name:<48} {app:>6.2f}ms {spread:>13} {database:>6.2f}ms {wall:>5.1f}ms "
                  f"{healthz / app if app else 0:>10.3f} "
                  f"{healthz / (app + database) if app + database else 0:>12.3f}")
        print(f"CPU per request from /proc ({CPU_SOURCE}; gunicorn worker, PostgreSQL backend), "
              f"{RUNS} runs of each, one at a time, in {ROUNDS} interleaved rounds; ratio = "
              "/healthz's CPU over the request's; \"by round\": the least and most app CPU per "
              "request of the rounds. A shared machine makes every figure noisy.")


def main():
    fresh_database()
    static_root = tempfile.mkdtemp(prefix="politaine-bench-static-")
    env = server_env(static_root)
    seeded = prepare(env)
    server = start_server([str(GUNICORN), "config.wsgi", "-c", "config/gunicorn.py"],
                          cwd=APP, env=env, base=BASE)
    try:
        client = httpx.Client(base_url=BASE, timeout=30)
        api = {"Authorization": f"Bearer {seeded['token']}"}
        measure = Measure(worker_pid(server.pid))
        client.get("/api/v1/matches", headers=api)  # the connection opened: its backend

        measure.add("/healthz", [lambda: client.get("/healthz")] * (4 * RUNS + 1), 200)

        def api_hand(match_id, number, points=(6, 5)):
            return lambda: client.post(f"/api/v1/matches/{match_id}/hands", headers=api, json={
                "number": number, "points": {"a": points[0], "b": points[1]}})

        measure.add("hand through the API, new match",
                    [api_hand(pk, 1) for pk in seeded["api_matches"]], 201)
        measure.add(f"the same, on a match of {LONG}+ hands (API)",
                    [api_hand(seeded["long"][(n - 1) // 100], LONG + 1 + (n - 1) % 100,
                              (6, 5) if n % 2 else (5, 6))
                     for n in range(1, RUNS + 2)], 201)

        page = client.get(f"/k/{seeded['page_matches'][0]}/")
        htmx = {"HX-Request": "true", "X-CSRFToken": CSRF.search(page.text).group(1)}

        def page_hand(token):
            return lambda: client.post(f"/k/{token}/hands/", headers=htmx, data=PAGE_HAND_1)

        measure.add("hand through the score keeper's page (htmx)",
                    [page_hand(token) for token in seeded["page_matches"]], 200)

        def long_page_hand(n):
            """Hand LONG + n of a long match, from a phone that shows the hands before it
            (its version: one at the start, and one more for each hand)."""
            k = (n - 1) % 100
            token = seeded["page_long"][(n - 1) // 100]
            a, b = (6, 5) if n % 2 else (5, 6)
            data = {**PAGE_HAND_1, "number": str(LONG + 1 + k), "seen": str(LONG + 1 + k),
                    "points_a": str(a), "points_b": str(b)}
            data.pop("first_dealer")
            return lambda: client.post(f"/k/{token}/hands/", headers=htmx, data=data)

        measure.add(f"the same, on a match of {LONG}+ hands (page)",
                    [long_page_hand(n) for n in range(1, RUNS + 2)], 200)

        def hand_then_poll(match_id, token, number, points=(6, 5)):
            """A hand through the API, then another phone's poll, drawn before it."""
            def both():
                api_hand(match_id, number, points)()
                return client.get(f"/k/{token}/live/?number={number}&shown={number}",
                                  headers={"HX-Request": "true"})
            return both

        measure.add("hand, then a phone's poll (both), new match",
                    [hand_then_poll(pk, token, 1) for pk, token in seeded["polled_new"]], 200)
        measure.add(f"the same, on a match of {LONG}+ hands (poll)",
                    [hand_then_poll(*seeded["polled_long"][(n - 1) // 100],
                                    LONG + 1 + (n - 1) % 100, (6, 5) if n % 2 else (5, 6))
                     for n in range(1, RUNS + 2)], 200)
        poll = f"/k/{seeded['polled']}/live/?number={LONG + 1}"
        etag = client.get(poll, headers={"HX-Request": "true"}).headers["ETag"]
        measure.add("a phone's poll answered 304",
                    [lambda: client.get(poll, headers={"HX-Request": "true",
                                                       "If-None-Match": etag})] * (RUNS + 1),
                    304)
        pk = seeded["tournament"]
        measure.add(f"standings of a {TEAMS}-team Swiss, API",
                    [lambda: client.get(f"/api/v1/tournaments/{pk}/standings")] * (RUNS + 1),
                    200)
        measure.add("public standings page, same",
                    [lambda: client.get(f"/t/{pk}/")] * (RUNS + 1), 200)
        measure.run()
        print(f"app: {APP}, database: PostgreSQL ({DATABASE_URL.rsplit('/', 1)[1]}), "
              "gunicorn 1 worker x 1 thread")
        measure.print()
    finally:
        stop_server(server)
        drop_database()


if __name__ == "__main__":
    main()
