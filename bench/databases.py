"""The benchmarks' own PostgreSQL databases, on this machine only, made anew for each run."""

import os
import sys
from urllib.parse import urlparse

import psycopg


def database_url(suffix: str) -> str:
    """BENCH_DATABASE_URL, else DATABASE_URL's database name + `suffix` when it is
    PostgreSQL, else politaine + `suffix` on this machine's server."""
    if url := os.environ.get("BENCH_DATABASE_URL"):
        return url
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres"):
        return url.split("?")[0] + suffix
    return f"postgres://postgres@127.0.0.1:5432/politaine{suffix}"


def _admin(url: str, statement: str) -> None:
    """`statement` run on the server of `url`, `{name}` its database's name."""
    parts = urlparse(url)
    if parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        sys.exit("make bench only runs against a database on this machine.")
    with psycopg.connect(host=parts.hostname, port=parts.port or 5432,
                         user=parts.username or "postgres", dbname="postgres",
                         autocommit=True) as connection:
        connection.execute(statement.format(name=parts.path.lstrip("/")))


def fresh_database(url: str) -> None:
    _admin(url, 'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    _admin(url, 'CREATE DATABASE "{name}"')


def drop_database(url: str) -> None:
    _admin(url, 'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
