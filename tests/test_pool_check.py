"""The site's PostgreSQL connections come from Django's pool, which checks each one as it
hands it out (config/settings: CONN_HEALTH_CHECKS): a session the server ended while the
connection sat idle (a restart, pg_terminate_backend, idle_session_timeout) never reaches
a request."""

import time

import psycopg
import pytest
from django.db import connection

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql",
                                reason="PostgreSQL's pool and sessions")


def _end_session(pid):
    settings = connection.settings_dict
    with psycopg.connect(host=settings.get("HOST") or "127.0.0.1",
                         port=settings.get("PORT") or 5432,
                         user=settings.get("USER") or "postgres", dbname="postgres",
                         autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [pid])
    time.sleep(0.3)  # the session's end reaches the pooled connection's socket


def test_a_connection_the_server_ended_while_idle_is_replaced(transactional_db):
    connection.close()
    connection.ensure_connection()  # from the pool
    ended = connection.connection.info.backend_pid
    connection.close()  # back to the pool, idle
    _end_session(ended)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] != ended

