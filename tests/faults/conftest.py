"""The app served by gunicorn in a process of its own, on the test database, so that faults
(the database going away, the server killed) happen as they would on the night."""

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parent.parent.parent
GUNICORN = Path(sys.executable).parent / "gunicorn"


def _database_url() -> str:
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{settings['NAME']}"
    user = settings.get("USER") or "postgres"
    return f"postgres://{user}@{settings.get('HOST') or '127.0.0.1'}:" \
           f"{settings.get('PORT') or 5432}/{settings['NAME']}"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="session")
def static_root(tmp_path_factory):
    root = tmp_path_factory.mktemp("static")
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--no-input", "-v0"],
                   cwd=ROOT, check=True,
                   env={**os.environ, "STATIC_ROOT": str(root), "SECRET_KEY": "collect",
                        "DJANGO_SETTINGS_MODULE": "config.settings"})
    return root


class Server:
    def __init__(self, env):
        self.env = env
        self.port = int(env["BIND"].rsplit(":", 1)[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            [str(GUNICORN), "config.wsgi", "-c", "config/gunicorn.py"], cwd=ROOT, env=self.env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self):
        """Pull the plug: SIGKILL to the master and its workers, no goodbye."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self):
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def server(transactional_db, static_root):
    env = {
        "PATH": os.environ.get("PATH", ""), "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": _database_url(), "SECRET_KEY": "fault-tests-secret-key-0123456789",
        "ALLOWED_HOSTS": "127.0.0.1", "SECURE_SSL_REDIRECT": "0", "SECURE_COOKIES": "0",
        "STATIC_ROOT": str(static_root), "BIND": f"127.0.0.1:{_free_port()}",
        "WEB_CONCURRENCY": "2", "THREADS": "4", "DATABASE_POOL_MAX": "4",
    }
    served = Server(env)
    served.start()
    yield served
    served.stop()
