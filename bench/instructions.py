"""Instructions per request, counted by valgrind's callgrind: a figure that does not move with
the machine's minute as `make bench`'s CPU times do, to compare two versions of the app.

    .venv/bin/python bench/instructions.py [KIND ...]      (default: every kind)

Kinds: `healthz` (the health check: the floor of `make bench`'s ratios), `api` (a hand
posted through the API to a new match), `api_long` (the same to a match of 70 hands and
more: the goal is that it costs about what `api` does), `page` (the same through the score
keeper's page, htmx, with every field of its form: hand 1, its answer opens the empty
history), `page_next` (hand 2 from a phone that showed hand 1: its answer adds one row),
`visitor` (the public standings of a 128-team Swiss, a spectator's first visit), `poll` (a
keeper's poll answered 304).

The data is bench/requests.py's, made once in a template database (BENCH_DATABASE_URL, as
there) and copied for each run. Each kind runs in a new process, twice: with 1 and with 101
requests, after a first one that warms what is kept per process; (101 - 1) / 100 leaves out
start-up (3.8 billion instructions, which vary by a few million from run to run) and
first-time costs. Requests go straight to the WSGI application, no server
(gunicorn adds the same to every request). PYTHONHASHSEED=0. BENCH_APP_DIR runs another
checkout (docs/performance.md's before and after). Needs valgrind (Debian's package).
"""

import gc
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlencode, urlparse

import psycopg

HERE = Path(__file__).resolve().parent
KINDS = ("healthz", "api", "api_long", "page", "page_next", "visitor", "poll")
FEW, MANY = 1, 101


def _request_bench():
    spec = importlib.util.spec_from_file_location("request_bench", HERE / "requests.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _admin(url: str):
    url = urlparse(url)
    return psycopg.connect(host=url.hostname, port=url.port or 5432,
                           user=url.username or "postgres", dbname="postgres", autocommit=True)


def _copy_of(template_url: str, name: str) -> str:
    with _admin(template_url) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}" TEMPLATE "{urlparse(template_url).path[1:]}"')
    return template_url.rsplit("/", 1)[0] + "/" + name


def _drop(url: str):
    with _admin(url) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{urlparse(url).path[1:]}" WITH (FORCE)')


def _instructions(out: Path) -> int:
    for line in out.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise RuntimeError(f"no total in {out}")


def measure(kinds):
    if not shutil.which("valgrind"):
        sys.exit("bench/instructions.py needs valgrind (apt-get install valgrind).")
    os.environ.setdefault("BENCH_RUNS", str(MANY + 1))  # tables enough for each kind
    bench = _request_bench()
    bench.fresh_database()
    work = Path(tempfile.mkdtemp(prefix="politaine-instructions-"))
    env = bench.server_env(str(work / "static"))
    seeded = bench.prepare(env)
    from django.db import connections

    for connection in connections.all():  # the template is copied with no one on it
        if hasattr(connection, "close_pool"):
            connection.close_pool()
    (work / "seeded.json").write_text(json.dumps(seeded))
    template = bench.DATABASE_URL
    print(f"app: {bench.APP}; instructions per request, ({MANY} - {FEW}) requests' difference "
          f"/ {MANY - FEW}, callgrind")
    try:
        for kind in kinds:
            counts = []
            for requests in (FEW, MANY):
                url = _copy_of(template, urlparse(template).path[1:] + "_run")
                out = work / f"{kind}.{requests}.out"
                subprocess.run(
                    ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                     sys.executable, __file__, "--replay", kind, str(requests),
                     str(work / "seeded.json")],
                    cwd=bench.APP, check=True, stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    env={**env, "DATABASE_URL": url, "PYTHONHASHSEED": "0",
                         "PYTHONPATH": str(bench.APP)})
                counts.append(_instructions(out))
                _drop(url)
            print(f"{kind:<10} {(counts[1] - counts[0]) / (MANY - FEW) / 1e6:8.2f} M")
    finally:
        _drop(template)
        shutil.rmtree(work, ignore_errors=True)


class _Client:
    """Requests straight to the WSGI application, with the cookies it sets."""

    def __init__(self):
        from config.wsgi import application

        self.application = application
        self.cookies, self.headers = {}, {}

    def __call__(self, method, path, body=b"", headers=None, expect=200):
        path, _, query = path.partition("?")
        environ = {
            "REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": query,
            "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "80", "HTTP_HOST": "127.0.0.1",
            "SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "127.0.0.1",
            "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr, "CONTENT_LENGTH": str(len(body)),
            "HTTP_ACCEPT_ENCODING": "gzip, deflate",
        }
        if self.cookies:
            environ["HTTP_COOKIE"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        for name, value in (headers or {}).items():
            key = name.upper().replace("-", "_")
            environ[key if key == "CONTENT_TYPE" else f"HTTP_{key}"] = value
        answer = {}

        def start_response(status, response_headers, exc_info=None):
            answer["status"], answer["headers"] = int(status.split()[0]), response_headers

        chunks = self.application(environ, start_response)
        body = b"".join(chunks)
        chunks.close()
        if answer["status"] != expect:
            sys.exit(f"{method} {path}: {answer['status']}, not {expect}: {body[:300]!r}")
        self.headers = dict(answer["headers"])
        for name, value in answer["headers"]:
            if name.lower() == "set-cookie":
                cookie, _, cookie_value = value.split(";")[0].partition("=")
                self.cookies[cookie] = cookie_value
        return body


def replay(kind: str, count: int, seeded: dict):
    """A first request, then `count` more, of `kind`."""
    import django

    django.setup()
    client = _Client()
    # What the process holds at start set apart from the collector, as gunicorn's workers do
    # (config/warmup.py): a full collection, which walks it all, would otherwise fall inside
    # the counted requests or not by chance of the allocations, the same in each version.
    gc.collect()
    gc.freeze()
    requests = []
    api = {"Authorization": f"Bearer {seeded['token']}", "Content-Type": "application/json"}
    if kind == "api":
        body = json.dumps({"number": 1, "points": {"a": 6, "b": 5}}).encode()
        requests = [lambda pk=pk: client("POST", f"/api/v1/matches/{pk}/hands", body, api, 201)
                    for pk in seeded["api_matches"][:count + 1]]
    elif kind == "api_long":
        long, first = seeded["long"][0], _request_bench().LONG + 1
        requests = [
            lambda number=number: client(
                "POST", f"/api/v1/matches/{long}/hands", json.dumps({
                    "number": number, "points": {"a": 6, "b": 5} if number % 2 else
                    {"a": 5, "b": 6}}).encode(), api, 201)
            for number in range(first, first + count + 1)]
    elif kind in ("page", "page_next"):
        page = client("GET", f"/k/{seeded['page_matches'][-1]}/")
        htmx = {"HX-Request": "true", "Content-Type": "application/x-www-form-urlencoded",
                "X-CSRFToken": re.search(rb'"X-CSRFToken": "([^"]+)"', page).group(1).decode()}
        hand_1 = _request_bench().PAGE_HAND_1
        first = urlencode(hand_1).encode()
        # Hand 2's form asks no first dealer.
        next_hand = {**{k: v for k, v in hand_1.items() if k != "first_dealer"}, "number": 2}
        # page_next: hand 1 saved beforehand on as many tables whatever `count` (not counted
        # apart: the difference between the two runs leaves it out).
        tables = seeded["page_matches"][:count + 1 if kind == "page" else MANY + 1]
        if kind == "page_next":
            from scoring.models import Match

            for token in tables:
                client("POST", f"/k/{token}/hands/", first, htmx)
            seen = dict(Match.objects.filter(scorekeeper_token__in=tables)
                        .values_list("scorekeeper_token", "version"))
        requests = [
            lambda token=token: client(
                "POST", f"/k/{token}/hands/",
                first if kind == "page" else
                urlencode({**next_hand, "seen": seen[token]}).encode(), htmx)
            for token in tables[:count + 1]]
    elif kind == "healthz":
        requests = [lambda: client("GET", "/healthz")] * (count + 1)
    elif kind == "visitor":
        requests = [lambda: client("GET", f"/t/{seeded['tournament']}/")] * (count + 1)
    elif kind == "poll":
        poll = f"/k/{seeded['polled']}/live/?number={_request_bench().LONG + 1}"
        client("GET", poll, headers={"HX-Request": "true"})
        unchanged = {"HX-Request": "true", "If-None-Match": client.headers["ETag"]}
        requests = [lambda: client("GET", poll, headers=unchanged, expect=304)] * (count + 1)
    for request in requests:
        request()


def main():
    if sys.argv[1:2] == ["--replay"]:
        kind, count, seeded = sys.argv[2], int(sys.argv[3]), sys.argv[4]
        replay(kind, count, json.loads(Path(seeded).read_text()))
        return
    kinds = sys.argv[1:] or list(KINDS)
    if unknown := set(kinds) - set(KINDS):
        sys.exit(f"Unknown kind(s): {', '.join(sorted(unknown))}; kinds: {', '.join(KINDS)}.")
    measure(kinds)


if __name__ == "__main__":
    main()
