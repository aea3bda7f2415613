"""Run a command against a PostgreSQL of its own: a cluster made in a temporary directory,
on a free port, stopped and deleted when the command ends, whatever happens.

    python3 scripts/throwaway_postgres.py make test

The cluster runs with the settings PostgreSQL's documentation names for data one can
afford to lose (Non-Durable Settings): no fsync, no synchronous commit, no full page
writes; every test database is made and dropped within the run. The command gets
DATABASE_URL (user postgres, trust authentication, database "politaine") and runs in a
process group of its own: stopped (Ctrl-C, SIGTERM, or the end of the command), this script
stops the command's every process (the test servers, the browsers), then the cluster. A
cluster left by a run killed outright (SIGKILL) is stopped by the next run. The machine's
own PostgreSQL is not touched.

As root (CI), the cluster runs as the user postgres, as PostgreSQL requires.
"""

import contextlib
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PREFIX = "politaine-pg-"
NON_DURABLE = ["fsync=off", "synchronous_commit=off", "full_page_writes=off"]


def binary(name: str) -> str:
    """A PostgreSQL program: on the PATH, or in Debian's versioned directory."""
    found = shutil.which(name) or next(
        iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None)
    if found is None:
        sys.exit(f"PostgreSQL's {name} is missing: apt-get install postgresql")
    return found


def as_owner(command: list[str]) -> list[str]:
    """`command` as the cluster's owner: postgres when run as root."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def stop_cluster(directory: Path) -> None:
    """Stop the cluster made in `directory` (when it runs), and delete it."""
    data = directory / "data"
    if (data / "postmaster.pid").exists():
        subprocess.run(as_owner([binary("pg_ctl"), "-D", str(data), "-m", "immediate", "-w",
                                 "stop"]), capture_output=True, check=False)
    shutil.rmtree(directory, ignore_errors=True)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def stop_left_over_clusters() -> None:
    """Clusters of runs killed outright: their temporary directories are still there, and
    the run that made each (its pid in `run.pid`) is gone. Another run's is left alone."""
    for directory in Path(tempfile.gettempdir()).glob(f"{PREFIX}*"):
        try:
            run = int((directory / "run.pid").read_text())
        except (OSError, ValueError):
            run = None
        if run is None or not alive(run):
            # The command it ran, and everything that command started.
            with contextlib.suppress(OSError, ValueError):
                os.killpg(int((directory / "command.pgid").read_text()), signal.SIGKILL)
            stop_cluster(directory)


def start_cluster() -> tuple[Path, int]:
    directory = Path(tempfile.mkdtemp(prefix=PREFIX))
    (directory / "run.pid").write_text(str(os.getpid()))
    data = directory / "data"
    if os.geteuid() == 0:
        owner = pwd.getpwnam("postgres")
        os.chown(directory, owner.pw_uid, owner.pw_gid)
    subprocess.run(as_owner([binary("initdb"), "-D", str(data), "-U", "postgres",
                             "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8"]),
                   check=True, capture_output=True)
    port = free_port()
    options = " ".join([f"-p {port}", "-c listen_addresses=127.0.0.1",
                        f"-c unix_socket_directories={directory}",
                        *(f"-c {setting}" for setting in NON_DURABLE)])
    subprocess.run(as_owner([binary("pg_ctl"), "-D", str(data), "-o", options, "-w",
                             "-l", str(directory / "log"), "start"]),
                   check=True, capture_output=True)
    return directory, port


def main() -> int:
    command = sys.argv[1:]
    if not command:
        sys.exit(__doc__)
    stop_left_over_clusters()
    directory, port = start_cluster()
    child = None

    def stop(signum, _frame):
        raise KeyboardInterrupt(signum)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGHUP, stop)
    try:
        url = f"postgres://postgres@127.0.0.1:{port}/politaine"
        print(f"throwaway PostgreSQL at 127.0.0.1:{port} ({directory})", flush=True)
        subprocess.run([binary("createdb"), "-h", "127.0.0.1", "-p", str(port), "-U",
                        "postgres", "politaine"], check=True)
        child = subprocess.Popen(command, env={**os.environ, "DATABASE_URL": url},
                                 start_new_session=True)
        (directory / "command.pgid").write_text(str(child.pid))
        return child.wait()
    except KeyboardInterrupt:
        return 130
    finally:
        if child is not None:
            stop_group(child)
        stop_cluster(directory)


def stop_group(child: subprocess.Popen) -> None:
    """The command and everything it started (its process group): asked, then made."""
    for signum, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
        try:
            os.killpg(child.pid, signum)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            child.poll()  # the command itself reaped once it ends: no zombie left in the group
            try:
                os.killpg(child.pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.1)


if __name__ == "__main__":
    sys.exit(main())
