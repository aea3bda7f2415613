"""The pool's check of a connection as it leaves the pool (config.database): a round trip to
PostgreSQL only when the server spoke while the connection sat idle."""

import time
from unittest import mock

import psycopg
import pytest
from django.db import connection
from psycopg_pool import ConnectionPool

from config.database import check_connection

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
    settings = connection.settings_dict
    pool = ConnectionPool(kwargs={"host": settings.get("HOST") or "127.0.0.1",
                                  "user": settings.get("USER") or "postgres",
                                  "dbname": "postgres", "autocommit": True},
                          min_size=1, max_size=1, check=check_connection, open=True)
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
