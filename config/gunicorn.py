"""gunicorn for `make serve`: threaded workers, settings from the environment.

WEB_CONCURRENCY processes (default: 2 per core) of THREADS threads each (default 8) on BIND
(default 127.0.0.1:8000). Keep DATABASE_POOL_MAX at least THREADS: each thread may hold a
connection. Behind a reverse proxy set FORWARDED_ALLOW_IPS to the proxy's address.
ACCESS_LOG=1 logs each request, score keeper link secrets masked (config/log_secrets.py).

gunicorn reads requests as they come, so a slow client holds a thread: the reverse proxy in
front buffers whole requests (README, Deploying) and gunicorn bounds what it still reads.
"""

import multiprocessing
import os

bind = os.environ.get("BIND", "127.0.0.1:8000")
worker_class = "gthread"
workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * multiprocessing.cpu_count())
threads = int(os.environ.get("THREADS") or 8)
# A request line, its headers and the time a worker may take over one request are bounded.
limit_request_line = 2048
limit_request_fields = 50
limit_request_field_size = 8190
timeout = 30
graceful_timeout = 20
keepalive = 5
# Recycle workers now and then, so that a slow leak never builds up over a long evening.
max_requests = 5000
max_requests_jitter = 500
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
accesslog = "-" if os.environ.get("ACCESS_LOG") else None
errorlog = "-"
logger_class = "config.log_secrets.GunicornLogger"


def post_worker_init(worker):
    """Each worker imports, loads and compiles what its first requests would, then sets what
    it holds from then on apart from the garbage collector (config/warmup.py)."""
    from config.warmup import freeze, warm

    warm()
    freeze()
