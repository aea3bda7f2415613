"""The pool's check of a connection as it leaves the pool (config.database): a round trip to
PostgreSQL only when the server spoke while the connection sat idle."""

import hashlib
import inspect
import time
from unittest import mock

import psycopg
import pytest
from django.db import connection
from psycopg_pool import ConnectionPool

from config.database import SweepingPool, check_connection

# The digest of Django 5.2's DatabaseWrapper.pool, which config/postgresql/base.py copies.
DJANGOS_POOL = "e5c2654fdf2d5090"

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql",
                                reason="PostgreSQL's pool and sessions")


def _connect(**kwargs):
    settings = connection.settings_dict
    return psycopg.connect(host=settings.get("HOST") or "127.0.0.1",
                           port=settings.get("PORT") or 5432,
                           user=settings.get("USER") or "postgres", dbname="postgres",
                           autocommit=True, **kwargs)


def test_a_healthy_idle_connection_passes_without_a_round_trip():
    with _connect() as conn, mock.patch.object(
            ConnectionPool, "check_connection", side_effect=AssertionError("round trip")):
        conn.execute("SELECT 1").fetchone()
        check_connection(conn)


def test_a_connection_whose_session_the_server_ended_is_refused():
    with _connect() as conn, _connect() as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [conn.info.backend_pid])
        time.sleep(0.3)
        with pytest.raises(psycopg.OperationalError):
            check_connection(conn)


def test_a_closed_connection_is_refused():
    conn = _connect()
    conn.close()
    with pytest.raises(psycopg.OperationalError):
        check_connection(conn)


def test_the_pool_hands_out_a_live_connection_after_the_server_ended_its_session():
    pool = _pool(min_size=1, max_size=1)
    try:
        with pool.connection() as conn:
            ended = conn.info.backend_pid
        with _connect() as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", [ended])
        time.sleep(0.3)
        with pool.connection() as conn:
            assert conn.execute("SELECT 1").fetchone() == (1,)
            assert conn.info.backend_pid != ended
    finally:
        pool.close()


def _pool(pool_class=SweepingPool, **options):
    settings = connection.settings_dict
    return pool_class(kwargs={"host": settings.get("HOST") or "127.0.0.1",
                              "user": settings.get("USER") or "postgres",
                              "dbname": "postgres", "autocommit": True},
                      check=check_connection, open=True, **options)


def test_after_a_restart_a_pool_of_ended_sessions_serves_at_once():
    """Every idle connection ended (a restart): the first one found ended sends the pool to
    check the others, and the request gets a new connection, not 1 + 2 + 4 s of waiting
    between tries of one ended connection after another (a PoolTimeout within 2 s)."""
    pool = _pool(min_size=4, max_size=4, timeout=2)
    try:
        pool.wait()
        ended = _end_idle_sessions(pool)
        with pool.connection() as conn:
            assert conn.execute("SELECT 1").fetchone() == (1,)
            assert conn.info.backend_pid not in ended
    finally:
        pool.close()


def _end_idle_sessions(pool, spared=0):
    """Every connection of the pool made idle, then ended by the server but the last
    `spared` ones (the last handed out next)."""
    pool.wait()
    held = [pool.getconn() for _ in range(pool.get_stats()["pool_size"])]
    ended = {conn.info.backend_pid for conn in held[:len(held) - spared]}
    for conn in held:
        pool.putconn(conn)
    with _connect() as admin:
        admin.execute("SELECT pg_terminate_backend(pid) FROM unnest(%s::int[]) AS pid",
                      [list(ended)])
    time.sleep(0.3)
    return ended


def test_sweeping_ended_sessions_does_not_grow_the_pool():
    """A server that ends idle sessions (idle_session_timeout) again and again, a live one
    left: the pool keeps its size (psycopg_pool's check() adds a connection each time it
    runs, up to the most). Only a request that finds the pool empty makes it grow, as
    psycopg_pool does for any request that waits."""
    pool = _pool(min_size=3, max_size=8, timeout=2)
    try:
        sizes = []
        for _ in range(4):
            _end_idle_sessions(pool, spared=1)
            with pool.connection() as conn:
                assert conn.execute("SELECT 1").fetchone() == (1,)
            pool.wait()
            sizes.append(pool.get_stats()["pool_size"])
        assert sizes == [3, 3, 3, 3]
    finally:
        pool.close()


def test_a_sweep_cut_short_loses_no_connection():
    """An exception in the middle of a sweep (a worker's timeout): the connections it had
    not checked go back to the pool, which still serves as many at once."""

    class Cut(BaseException):  # as gevent's Timeout is: not an Exception
        pass

    round_trip = ConnectionPool.check_connection
    trips = []

    def cut_at_the_second(conn):
        trips.append(conn)
        if len(trips) == 2:  # the sweep's first
            raise Cut
        round_trip(conn)

    pool = _pool(min_size=4, max_size=4, timeout=3)
    try:
        _end_idle_sessions(pool)
        with mock.patch.object(ConnectionPool, "check_connection",
                               staticmethod(cut_at_the_second)), pytest.raises(Cut):
            pool.getconn()
        held = [pool.getconn() for _ in range(4)]  # the unchecked ones, checked now
        assert all(conn.execute("SELECT 1").fetchone() == (1,) for conn in held)
        for conn in held:
            pool.putconn(conn)
    finally:
        pool.close()


def test_the_sites_pool_checks_connections_this_way(transactional_db):
    """The site's own pool: a live connection is handed out without a round trip, and one
    whose session the server ended is replaced."""
    connection.close()
    with mock.patch.object(ConnectionPool, "check_connection",
                           side_effect=AssertionError("round trip")):
        connection.ensure_connection()  # from the pool: checked without asking the server
        ended = connection.connection.info.backend_pid
    connection.close()  # back to the pool
    with _connect() as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [ended])
    time.sleep(0.3)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] != ended


def test_the_sites_pool_sweeps_its_idle_connections():
    assert isinstance(connection.pool, SweepingPool)


def test_the_pool_is_built_as_djangos_own_builds_it():
    """config/postgresql/base.py copies Django's DatabaseWrapper.pool: a new Django whose
    property changed (a fix) fails here, for the copy to take the change."""
    from django.db.backends.postgresql import base

    source = inspect.getsource(base.DatabaseWrapper.pool.fget)
    assert hashlib.sha256(source.encode()).hexdigest()[:16] == DJANGOS_POOL, (
        "Django's DatabaseWrapper.pool changed: bring config/postgresql/base.py up to date, "
        "then this digest")
