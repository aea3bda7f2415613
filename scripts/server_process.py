"""A server started for a benchmark or a load test (`make bench`, `make load`): started in a
session of its own, ready once /healthz answers, stopped with everything it started."""

import os
import signal
import subprocess
import sys
import time

import httpx


def start_server(command: list[str], *, cwd, env, base: str) -> subprocess.Popen:
    process = subprocess.Popen(command, cwd=cwd, env=env, start_new_session=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.2)
    stop_server(process)
    sys.exit("the server did not start")


def stop_server(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        os.killpg(process.pid, signal.SIGKILL)
