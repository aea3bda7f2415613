"""make bench: hands saved by keepers at five tables while the server is killed and restarted.

A benchmark, not a test (tests/faults checks that no accepted hand is lost or doubled). Five
keepers post hands through the API to `make serve`'s gunicorn (2 workers of 4 threads, as
tests/faults serves it) for DURATION seconds; KILL_AT seconds in, the server is killed
(SIGKILL, its workers with it) and started again a second later. A post without an answer is
sent again with the same number. Printed: the hands stored, per second over the whole run,
how long the keepers waited from the kill to their first hand stored again, and a check of
the database (every hand answered "stored" is there, once).

The database (BENCH_DATABASE_URL, default: DATABASE_URL's name + "_restart" on this machine,
else postgres://postgres@127.0.0.1:5432/politaine_restart) is dropped and made anew.
"""

import os
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import databases
from server_process import start_server, stop_server

APP = Path(__file__).resolve().parent.parent
GUNICORN = Path(sys.executable).parent / "gunicorn"
PORT = int(os.environ.get("BENCH_PORT", "8767"))
BASE = f"http://127.0.0.1:{PORT}"
TABLES = 5
DURATION, KILL_AT, DOWN = 8.0, 2.0, 1.0


DATABASE_URL = databases.database_url("_restart")


def prepare(env) -> list[tuple[int, str]]:
    """Migrate; then one match per table: (its id, its keeper's token)."""
    subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v0"], cwd=APP,
                   env=env, check=True)
    os.environ.update(env)
    sys.path.insert(0, str(APP))
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connections

    from scoring import services
    from scoring.services import NewTeam

    owner = get_user_model().objects.create_user("keeper", password=secrets.token_hex(8))
    matches = [services.create_match(owner=owner, variant="poule", target=999,
                                     team_a=NewTeam("Les Bleus"), team_b=NewTeam("Les Rouges"))
               for _ in range(TABLES)]
    connections.close_all()
    return [(match.pk, match.scorekeeper_token) for match in matches]


class Keeper(threading.Thread):
    def __init__(self, match_id: int, token: str, stop: float):
        super().__init__(daemon=True)
        self.match_id, self.token, self.stop = match_id, token, stop
        self.stored = []  # (number, when) of each hand answered 201

    def run(self):
        number = 1
        with httpx.Client(headers={"Authorization": f"Bearer {self.token}"},
                          timeout=20) as client:
            while time.monotonic() < self.stop:
                try:
                    answer = client.post(f"{BASE}/api/v1/matches/{self.match_id}/hands",
                                         json={"number": number, "points": {"a": 6, "b": 5}})
                except httpx.HTTPError:
                    time.sleep(0.2)  # no answer: the same hand again, once the server is back
                    continue
                if answer.status_code in (200, 201):
                    if answer.status_code == 201:
                        self.stored.append((number, time.monotonic()))
                    number += 1
                else:
                    time.sleep(0.2)


def main():
    databases.fresh_database(DATABASE_URL)
    static_root = tempfile.mkdtemp(prefix="politaine-restart-static-")
    env = {
        "PATH": os.environ["PATH"], "DATABASE_URL": DATABASE_URL,
        "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0", "SECURE_COOKIES": "0", "STATIC_ROOT": static_root,
        "BIND": f"127.0.0.1:{PORT}", "DJANGO_SETTINGS_MODULE": "config.settings",
        "WEB_CONCURRENCY": "2", "THREADS": "4", "DATABASE_POOL_MAX": "4",
    }
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--no-input", "-v0"],
                   cwd=APP, env=env, check=True)
    matches = prepare(env)
    command = [str(GUNICORN), "config.wsgi", "-c", "config/gunicorn.py"]
    server = start_server(command, cwd=APP, env=env, base=BASE)
    try:
        start = time.monotonic()
        keepers = [Keeper(match_id, token, start + DURATION) for match_id, token in matches]
        for keeper in keepers:
            keeper.start()
        time.sleep(KILL_AT)
        killed = time.monotonic()
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
        time.sleep(DOWN)
        server = start_server(command, cwd=APP, env=env, base=BASE)
        for keeper in keepers:
            keeper.join(timeout=60)
        elapsed = time.monotonic() - start
    finally:
        stop_server(server)
    check_database(keepers)
    stored = sum(len(keeper.stored) for keeper in keepers)
    back = [min((when for _, when in keeper.stored if when > killed), default=None)
            for keeper in keepers]
    waits = [when - killed for when in back if when is not None]
    print(f"{TABLES} keepers, {elapsed:.1f} s, the server killed at {KILL_AT:.0f} s and "
          f"started again {DOWN:.0f} s later")
    print(f"  hands stored: {stored}, {stored / elapsed:.1f} per second")
    if waits:
        print(f"  from the kill to a keeper's next hand stored: {min(waits):.2f} s to "
              f"{max(waits):.2f} s")
    databases.drop_database(DATABASE_URL)


def check_database(keepers):
    """Every hand answered "stored" is in the database, and each number once."""
    from django.db import connections

    from scoring.models import Hand

    connections.close_all()
    for keeper in keepers:
        numbers = list(Hand.objects.filter(match_id=keeper.match_id)
                       .values_list("number", flat=True))
        accepted = {number for number, _ in keeper.stored}
        if not accepted <= set(numbers) or len(numbers) != len(set(numbers)):
            sys.exit(f"match {keeper.match_id}: lost or doubled hands")
    connections.close_all()


if __name__ == "__main__":
    main()
