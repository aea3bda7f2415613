"""The pool's check of a connection as it leaves the pool (psycopg_pool's `check`).

psycopg_pool's own check sends an empty query on every checkout: a round trip to PostgreSQL
on every request, a tenth of a cached page's CPU. A session the server ends (a restart,
pg_terminate_backend, idle_session_timeout) is announced on its socket: PostgreSQL sends the
reason and closes it. So an idle connection whose socket has nothing to read is live, and the
round trip is made only for one that has something to say (and for a closed one), as pgbouncer
checks only the connections that need it. No module of Django here: the settings import it.

When one idle connection turns out ended, so are its neighbours (a restart ends every
session): the pool checks them all at once (`SweepingPool`). psycopg_pool would try them one
by one, waiting 1 s, 2 s, 4 s between them: a worker with four idle connections answered its
next request after 5 s with "not saved, try again".
"""

import select

from psycopg_pool import ConnectionPool
from psycopg_pool.pool import AddConnection


def check_connection(conn) -> None:
    """Quiet for a live connection; raises psycopg's OperationalError for one that is not."""
    if conn.closed or _server_spoke(conn):
        ConnectionPool.check_connection(conn)  # reads what was said: raises if it was the end


class SweepingPool(ConnectionPool):
    """psycopg_pool's pool whose check, when a connection fails it, first sweeps the idle
    ones (each checked, the ended ones replaced), so that the next one handed out is live
    without waiting between tries.

    Not psycopg_pool's own `check()`: it adds a connection to the pool each time it runs (up
    to the maximum, and an idle one goes only after max_idle), and an exception in the middle
    of it (a worker's timeout) loses the connections it had not checked yet. It reaches into
    psycopg_pool as `check()` does: pyproject.toml holds psycopg-pool to the versions tested.
    """

    def __init__(self, *args, check=None, **kwargs):
        self._given_check = check
        super().__init__(*args, check=None if check is None else self._check_or_sweep,
                         **kwargs)

    def _check_or_sweep(self, conn) -> None:
        try:
            self._given_check(conn)
        except Exception:
            self._sweep()
            raise

    def _sweep(self) -> None:
        with self._lock:
            idle = list(self._pool)
            self._pool.clear()
        try:
            while idle:
                conn = idle[-1]  # taken off the list once its fate is known
                try:
                    self._given_check(conn)
                except Exception:
                    idle.pop()
                    conn.close()
                    self.run_task(AddConnection(self))  # as psycopg_pool replaces one
                else:
                    idle.pop()
                    self._add_to_pool(conn)
        finally:
            for conn in idle:  # not checked (an exception came): back to the pool
                self._add_to_pool(conn)


def _server_spoke(conn) -> bool:
    """Something (an end of session, a notice) waits on the idle connection's socket."""
    try:
        poller = select.poll()
        poller.register(conn.fileno(), select.POLLIN)
        return bool(poller.poll(0))  # readable, hung up or in error
    except (AttributeError, OSError, ValueError):  # no poll() on this system: ask the server
        return True
