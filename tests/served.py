"""The app served by gunicorn in a process of its own, as `make serve` runs it
(config/gunicorn.py)."""

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = Path(sys.executable).parent / "gunicorn"

# httpx builds an SSL context for each new client, tens of milliseconds even for plain HTTP,
# and the fault tests' keepers post in a loop: built once here. Each request is still a
# client of its own: its own connection (a server killed and restarted never meets one of
# the server before) and no cookie from another request.
SSL_CONTEXT = httpx.create_ssl_context()


def http_get(url: str, **options) -> httpx.Response:
    return httpx.get(url, verify=SSL_CONTEXT, **options)


def http_post(url: str, **options) -> httpx.Response:
    return httpx.post(url, verify=SSL_CONTEXT, **options)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    def __init__(self, env, log=None):
        self.env, self.log = env, log  # log: a file for its output, or none kept
        self.port = int(env["BIND"].rsplit(":", 1)[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            [str(GUNICORN), "config.wsgi", "-c", "config/gunicorn.py"], cwd=ROOT, env=self.env,
            stdout=self.log or subprocess.DEVNULL, stderr=self.log or subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if http_get(self.url + "/healthz", timeout=1).status_code == 200:
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
