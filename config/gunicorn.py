"""gunicorn for `make serve`: threaded workers, settings from the environment.

WEB_CONCURRENCY processes (default: 2 per core) of THREADS threads each (default 8) on BIND
(default 127.0.0.1:8000). Keep DATABASE_POOL_MAX at least THREADS: each thread may hold a
connection. Behind a reverse proxy set FORWARDED_ALLOW_IPS to the proxy's address.
"""

import multiprocessing
import os

bind = os.environ.get("BIND", "127.0.0.1:8000")
worker_class = "gthread"
workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * multiprocessing.cpu_count())
threads = int(os.environ.get("THREADS") or 8)
timeout = 30
graceful_timeout = 20
keepalive = 5
# Recycle workers now and then, so that a slow leak never builds up over a long evening.
max_requests = 5000
max_requests_jitter = 500
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
accesslog = "-" if os.environ.get("ACCESS_LOG") else None
errorlog = "-"
