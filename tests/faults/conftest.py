"""The app served by gunicorn in a process of its own, on the test database, so that faults
(the database going away, the server killed) happen as they would on the night."""

import os

import pytest
from django.db import connection

from tests.served import Server, free_port


def _database_url() -> str:
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{settings['NAME']}"
    user = settings.get("USER") or "postgres"
    return f"postgres://{user}@{settings.get('HOST') or '127.0.0.1'}:" \
           f"{settings.get('PORT') or 5432}/{settings['NAME']}"


@pytest.fixture
def server(transactional_db, static_root):
    env = {
        "PATH": os.environ.get("PATH", ""), "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": _database_url(), "SECRET_KEY": "fault-tests-secret-key-0123456789",
        "ALLOWED_HOSTS": "127.0.0.1", "SECURE_SSL_REDIRECT": "0", "SECURE_COOKIES": "0",
        "STATIC_ROOT": str(static_root), "BIND": f"127.0.0.1:{free_port()}",
        "WEB_CONCURRENCY": "2", "THREADS": "4", "DATABASE_POOL_MAX": "4",
    }
    served = Server(env)
    served.start()
    yield served
    served.stop()
