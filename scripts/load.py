"""make load: a club night on this machine, against `make serve` on PostgreSQL.

A round of 100 tables posts hands through their score keeper links while 500 spectators poll
the public standings every 5 s. Then hand posts and /healthz are each driven as fast as they
go, for the ratio of their throughputs. Last, the database is checked: every accepted hand
stored exactly once, every match's totals equal to a replay of its hands.

Loopback only, bounded in time (LOAD_SECONDS, default 60, then two 10 s bursts). The load
database (LOAD_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/politaine_load) is
dropped and made anew.
"""

import asyncio
import json
import os
import platform
import random
import re
import secrets
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlencode, urlparse

import psycopg
from server_process import start_server, stop_server

ROOT = Path(__file__).resolve().parent.parent
DATABASE_URL = os.environ.get("LOAD_DATABASE_URL",
                              "postgres://postgres@127.0.0.1:5432/politaine_load")
PORT = int(os.environ.get("LOAD_PORT", "8765"))
BASE = f"http://127.0.0.1:{PORT}"
SECONDS = int(os.environ.get("LOAD_SECONDS", "60"))
BURST_SECONDS = 10
TABLES = 100
SPECTATORS = 500
POLL_EVERY = 5.0
ARRIVAL = 10.0  # seconds over which the tables and the audience arrive
THINK = (5.0, 15.0)  # seconds between a table's hands: a real hand takes minutes
BURST_WORKERS = 32
TOKEN = re.compile(r'"X-CSRFToken": "([^"]+)"')
SEEN = re.compile(r'name="seen" value="(\d+)"')  # the version the entry form was drawn at


def log(message):
    print(message, flush=True)


# --- The database and the server ------------------------------------------------------------


def fresh_database():
    url = urlparse(DATABASE_URL)
    if url.hostname not in ("127.0.0.1", "localhost", "::1"):
        sys.exit("make load only runs against a database on this machine.")
    name = url.path.lstrip("/")
    with psycopg.connect(host=url.hostname, port=url.port or 5432,
                         user=url.username or "postgres", dbname="postgres",
                         autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')


def server_env(static_root):
    return {
        "PATH": os.environ["PATH"], "DATABASE_URL": DATABASE_URL,
        "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0", "SECURE_COOKIES": "0", "STATIC_ROOT": static_root,
        "BIND": f"127.0.0.1:{PORT}", "DJANGO_SETTINGS_MODULE": "config.settings",
        # Logins are not what is measured: no lockouts from the load itself.
        "AXES_FAILURE_LIMIT": "1000000",
    }


def prepare(env):
    """Migrate, then a tournament of 200 teams (La Poule to 999: no match ends during the
    run) with round 1 drawn onto 100 tables. Returns its id and the tables' links."""
    subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v0"], cwd=ROOT,
                   env=env, check=True)
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connections

    from scoring.services import NewTeam
    from tournaments import services
    from tournaments.services import Settings

    owner = get_user_model().objects.create_user("organizer", password=secrets.token_hex(8))
    tournament = services.create_tournament(
        owner=owner,
        settings=Settings(name="Soirée de charge", variant="poule", target=999, format="swiss",
                          swiss_rounds=5),
        teams=[NewTeam(f"Équipe {i}", (f"J{i}a", f"J{i}b")) for i in range(1, 2 * TABLES + 1)],
    )
    round_1 = services.draw_next_round(tournament=tournament)
    tables = [{"id": t.match_id, "token": t.match.scorekeeper_token}
              for t in round_1.tables.select_related("match").order_by("number")]
    connections.close_all()
    return tournament.pk, tables


# --- The clients ---------------------------------------------------------------------------


class Response:
    def __init__(self, status, headers, body):
        self.status_code, self.headers, self.content = status, headers, body

    @property
    def text(self):
        return self.content.decode("utf-8", "replace")


class Connection:
    """One phone's HTTP/1.1 keep-alive connection, with its cookies. A few lines of asyncio
    instead of a full client library: the load generator shares this machine's two cores
    with the server, so every cycle it spends is one the server does not get."""

    def __init__(self, timeout=10.0):
        self.reader = self.writer = None
        self.cookies = {}
        self.timeout = timeout

    async def request(self, method, path, headers=None, form=None):
        body = b""
        head = {"Host": f"127.0.0.1:{PORT}", "Connection": "keep-alive", **(headers or {})}
        if form is not None:
            body = urlencode(form).encode()
            head["Content-Type"] = "application/x-www-form-urlencoded"
        head["Content-Length"] = str(len(body))
        if self.cookies:
            head["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        message = f"{method} {path} HTTP/1.1\r\n" + "".join(
            f"{k}: {v}\r\n" for k, v in head.items()) + "\r\n"
        for attempt in (1, 2):  # a keep-alive connection the server closed: open a new one
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.wait_for(
                        asyncio.open_connection("127.0.0.1", PORT), self.timeout)
                self.writer.write(message.encode() + body)
                return await asyncio.wait_for(self._read(), self.timeout)
            except (OSError, asyncio.IncompleteReadError, ConnectionError) as error:
                self.close()
                if attempt == 2:
                    raise LoadError(type(error).__name__) from error
            except TimeoutError as error:
                self.close()
                raise LoadError("Timeout") from error

    async def _read(self):
        status_line = await self.reader.readuntil(b"\r\n")
        status = int(status_line.split()[1])
        headers = {}
        while (line := await self.reader.readuntil(b"\r\n")) != b"\r\n":
            name, _, value = line.decode("latin-1").partition(":")
            value = value.strip()
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
            headers[name.lower()] = value
        if headers.get("transfer-encoding") == "chunked":
            body = b""
            while size := int((await self.reader.readuntil(b"\r\n")).strip(), 16):
                body += await self.reader.readexactly(size + 2)
            await self.reader.readuntil(b"\r\n")
        else:
            body = await self.reader.readexactly(int(headers.get("content-length", 0)))
        if headers.get("connection", "").lower() == "close":
            self.close()
        return Response(status, headers, body)

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class LoadError(Exception):
    pass


class Recorder:
    def __init__(self):
        self.latencies = defaultdict(list)
        self.statuses = defaultdict(lambda: defaultdict(int))
        self.errors = defaultdict(int)
        self.accepted = set()  # (match id, hand number) answered 200

    async def timed(self, kind, request):
        start = time.perf_counter()
        try:
            response = await request
        except LoadError as error:
            self.errors[kind] += 1
            self.statuses[kind][str(error)] += 1
            return None
        self.latencies[kind].append(time.perf_counter() - start)
        self.statuses[kind][response.status_code] += 1
        if response.status_code >= 500:
            self.errors[kind] += 1
        return response


class Table:
    """A score keeper at one table, on the match page through the link, as htmx posts."""

    def __init__(self, table, recorder):
        self.match_id, self.token = table["id"], table["token"]
        self.recorder = recorder
        self.next_hand = 1
        self.connection = Connection()
        self.csrf = None
        self.seen = ""  # as the phone's form: its answer to a save adds one history row
        self.chooser = random.Random(self.match_id)

    async def open(self):
        page = await self.recorder.timed("table page",
                                         self.connection.request("GET", f"/k/{self.token}/"))
        if page is not None and page.status_code == 200:
            self.csrf = TOKEN.search(page.text).group(1)
            self.seen = self._seen(page.text)

    def _seen(self, text: str) -> str:
        found = SEEN.search(text)
        return found.group(1) if found else ""

    async def post_hand(self, kind="hand post"):
        a = self.chooser.randint(0, 11)
        politaine = "1" if a >= 3 and self.chooser.random() < 0.1 else "0"
        response = await self.recorder.timed(kind, self.connection.request(
            "POST", f"/k/{self.token}/hands/",
            form={"number": self.next_hand, "points_a": a, "points_b": 11 - a,
                  "politaines_a": politaine, "politaines_b": "0", "seen": self.seen},
            headers={"HX-Request": "true", "X-CSRFToken": self.csrf or ""},
        ))
        if response is None:
            return  # no answer: the keeper presses Save again with the same number
        if response.status_code == 200:
            self.recorder.accepted.add((self.match_id, self.next_hand))
            self.next_hand += 1
            self.seen = self._seen(response.text)
        elif response.status_code == 409:
            self.next_hand += 1  # another phone (or a lost answer) entered it already

    async def play(self, until, arrival):
        await asyncio.sleep(arrival)
        await self.open()
        while time.monotonic() < until:
            await asyncio.sleep(self.chooser.uniform(*THINK))
            if time.monotonic() >= until:
                break
            await self.post_hand()

    def close(self):
        self.connection.close()


async def spectator(tournament_id, until, recorder, offset):
    """A phone in the audience: arrives, loads the standings, then polls them every 5 s."""
    await asyncio.sleep(offset)
    connection = Connection()
    url = f"/t/{tournament_id}/"
    page = await recorder.timed("standings page", connection.request("GET", url))
    etag = page.headers.get("etag") if page is not None else None
    while time.monotonic() < until:
        await asyncio.sleep(POLL_EVERY)
        headers = {"HX-Request": "true"}
        if etag:
            headers["If-None-Match"] = etag
        poll = await recorder.timed("standings poll", connection.request("GET", url, headers))
        if poll is not None and poll.status_code == 200:
            etag = poll.headers.get("etag", etag)
    connection.close()


async def mixed_load(tournament_id, tables, recorder):
    until = time.monotonic() + SECONDS
    keepers = [Table(table, recorder) for table in tables]
    # Phones do not all arrive in the same second: spread over the first ARRIVAL seconds.
    await asyncio.gather(
        *(keeper.play(until, i * ARRIVAL / TABLES) for i, keeper in enumerate(keepers)),
        *(spectator(tournament_id, until, recorder, i * ARRIVAL / SPECTATORS)
          for i in range(SPECTATORS)),
    )
    return keepers


async def burst(worker, seconds):
    until = time.monotonic() + seconds
    count = 0
    while time.monotonic() < until:
        count += await worker()
    return count


async def hand_burst(keepers):
    def worker_for(keeper):
        async def post():
            before = keeper.next_hand
            await keeper.post_hand("hand post (burst)")
            return 1 if keeper.next_hand > before else 0
        return post

    workers = [worker_for(keeper) for keeper in keepers[:BURST_WORKERS]]
    start = time.perf_counter()
    counts = await asyncio.gather(*(burst(w, BURST_SECONDS) for w in workers))
    return sum(counts) / (time.perf_counter() - start)


async def healthz_burst(recorder):
    connections = [Connection() for _ in range(BURST_WORKERS)]

    def worker_for(connection):
        async def check():
            response = await recorder.timed("healthz (burst)",
                                            connection.request("GET", "/healthz"))
            return 1 if response is not None and response.status_code == 200 else 0
        return check

    start = time.perf_counter()
    counts = await asyncio.gather(*(burst(worker_for(c), BURST_SECONDS) for c in connections))
    for connection in connections:
        connection.close()
    return sum(counts) / (time.perf_counter() - start)


async def run(tournament_id, tables, recorder):
    keepers = await mixed_load(tournament_id, tables, recorder)
    report(recorder, SECONDS)
    mixed = {kind: list(values) for kind, values in recorder.latencies.items()}
    hands_per_s = await hand_burst(keepers)
    healthz_per_s = await healthz_burst(recorder)
    report(recorder, SECONDS)
    for keeper in keepers:
        keeper.close()
    return hands_per_s, healthz_per_s, mixed


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] * 1000


def report(recorder, seconds):
    log(f"\n{'requests':<20} {'count':>7} {'per s':>7} {'p50 ms':>8} {'p95 ms':>8} "
        f"{'p99 ms':>8} {'errors':>7}  statuses")
    for kind in sorted(recorder.latencies.keys() | recorder.errors.keys()):
        values = recorder.latencies[kind]
        count = sum(recorder.statuses[kind].values())
        per_second = count / (BURST_SECONDS if "burst" in kind else seconds)
        cells = [percentile(values, f) if values else 0 for f in (0.5, 0.95, 0.99)]
        statuses = ", ".join(f"{k}: {v}" for k, v in sorted(recorder.statuses[kind].items(),
                                                               key=lambda item: str(item[0])))
        log(f"{kind:<20} {count:>7} {per_second:>7.1f} {cells[0]:>8.1f} {cells[1]:>8.1f} "
            f"{cells[2]:>8.1f} {recorder.errors[kind]:>7}  {statuses}")


def check_database(recorder):
    from scoring.models import Hand, Match

    stored = set(Hand.objects.values_list("match_id", "number"))
    missing = recorder.accepted - stored
    total = Hand.objects.count()
    mismatched = []
    for match in Match.objects.prefetch_related("hands"):
        hands = sorted(match.hands.all(), key=lambda h: h.number)
        state = match.replay(hands)
        if (match.score_a, match.score_b, match.hand_count) != (*state.score, len(hands)):
            mismatched.append(match.pk)
        if [h.number for h in hands] != list(range(1, len(hands) + 1)):
            mismatched.append(match.pk)
    log(f"\ndatabase: {total} hands stored for {len(recorder.accepted)} accepted posts; "
        f"{len(missing)} accepted hand(s) missing; stored exactly once: {total == len(stored)}; "
        f"matches whose totals differ from a replay: {len(mismatched)}")
    return not missing and total == len(stored) and not mismatched


def machine():
    cpu = next((line.split(":", 1)[1].strip() for line in
                Path("/proc/cpuinfo").read_text().splitlines() if line.startswith("model name")),
               platform.processor())
    memory = next((line.split()[1] for line in Path("/proc/meminfo").read_text().splitlines()
                   if line.startswith("MemTotal")), "?")
    return f"{os.cpu_count()} cores ({cpu}), {int(memory) // 1024 // 1024} GiB, " \
           f"Python {platform.python_version()}, {platform.system()} {platform.release()}"


def main():
    log(f"machine: {machine()}")
    fresh_database()
    with tempfile.TemporaryDirectory() as static_root:
        env = server_env(static_root)
        tournament_id, tables = prepare(env)
        log(f"tournament {tournament_id}: {len(tables)} tables; {SPECTATORS} spectators "
            f"polling every {POLL_EVERY:.0f} s; {SECONDS} s")
        server = start_server(["make", "serve"], cwd=ROOT, env=env, base=BASE)
        recorder = Recorder()
        try:
            hands_per_s, healthz_per_s, mixed = asyncio.run(run(tournament_id, tables, recorder))
        finally:
            stop_server(server)
    log(f"\nburst of {BURST_WORKERS} clients for {BURST_SECONDS} s: "
        f"hand posts {hands_per_s:.1f}/s, /healthz {healthz_per_s:.1f}/s, "
        f"ratio {hands_per_s / healthz_per_s:.3f}")
    ok = check_database(recorder)
    summary = {"machine": machine(), "seconds": SECONDS, "tables": TABLES,
               "spectators": SPECTATORS, "hands_per_s": hands_per_s,
               "healthz_per_s": healthz_per_s,
               "p95_ms": {k: percentile(v, 0.95) for k, v in mixed.items() if v},
               "errors": dict(recorder.errors), "database_ok": ok}
    log("\n" + json.dumps(summary, indent=2))
    sys.exit(0 if ok and not any(recorder.errors.values()) else 1)


if __name__ == "__main__":
    main()
