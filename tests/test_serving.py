"""Serving in production: gunicorn's access log never holds a score keeper link's secret, nor
does Django's log; gunicorn bounds what a client may send."""

import http.client
import io
import logging
import os
import time
from datetime import timedelta
from types import SimpleNamespace

import pytest
from gunicorn.config import Config

from config.log_secrets import GunicornLogger, MaskLinkSecrets
from scoring.models import new_link_secret
from tests.served import Server, free_port

SECRET = new_link_secret()


def test_the_access_log_masks_link_secrets(tmp_path):
    log = tmp_path / "access.log"
    config = Config()
    config.set("accesslog", str(log))
    config.set("access_log_format", '%(h)s "%(r)s" %(s)s %(U)s "%(f)s" %({location}o)s '
                                     '%({authorization}i)s')
    logger = GunicornLogger(config)
    environ = {"REQUEST_METHOD": "GET", "RAW_URI": f"/k/{SECRET}/live/?v=3",
               "PATH_INFO": f"/k/{SECRET}/live/", "SERVER_PROTOCOL": "HTTP/1.1",
               "REMOTE_ADDR": "10.0.0.2", "HTTP_REFERER": f"https://x.example/k/{SECRET}/"}
    response = SimpleNamespace(status="302 Found", sent=0,
                               headers=[("Location", f"/k/{SECRET}/")])
    request = SimpleNamespace(headers=[("AUTHORIZATION", f"Bearer {SECRET}")])
    logger.access(response, request, environ, timedelta(milliseconds=5))
    for handler in logger.access_log.handlers:
        handler.flush()
    line = log.read_text()
    assert SECRET not in line
    assert '"GET /k/[secret]/live/?v=3 HTTP/1.1" 302 /k/[secret]/live/' in line
    assert "https://x.example/k/[secret]/" in line


@pytest.mark.django_db
def test_djangos_log_masks_link_secrets(client):
    handler = next(h for h in logging.getLogger().handlers
                   if any(isinstance(f, MaskLinkSecrets) for f in h.filters))
    captured = io.StringIO()
    previous = handler.setStream(captured)
    try:
        assert client.get(f"/k/{SECRET}/live/").status_code == 404  # no such link
        assert client.get(f"/k/{SECRET}/hands/undo/").status_code in (404, 405)
    finally:
        handler.setStream(previous)
    assert "Not Found: /k/[secret]/live/" in captured.getvalue()
    assert SECRET not in captured.getvalue()


@pytest.fixture(scope="module")
def gunicorn(tmp_path_factory):
    """`make serve`'s gunicorn (config/gunicorn.py) with ACCESS_LOG=1, on an empty database."""
    folder = tmp_path_factory.mktemp("gunicorn")
    with (folder / "output.log").open("w+") as log:
        served = Server({
            "PATH": os.environ["PATH"], "SECRET_KEY": "s" * 50, "ALLOWED_HOSTS": "127.0.0.1",
            "DATABASE_URL": f"sqlite:///{folder / 'empty.sqlite3'}", "ACCESS_LOG": "1",
            "BIND": f"127.0.0.1:{free_port()}", "WEB_CONCURRENCY": "1", "THREADS": "2",
            "SECURE_SSL_REDIRECT": "0", "DJANGO_SETTINGS_MODULE": "config.settings"}, log=log)
        served.start()
        yield served
        served.stop()


def send(port, path="/healthz", headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path, headers=headers or {})
    status = connection.getresponse().status
    connection.close()
    return status


def test_gunicorn_logs_requests_with_link_secrets_masked(gunicorn):
    send(gunicorn.port, f"/k/{SECRET}/live/")
    send(gunicorn.port, f"/k/{SECRET}/hands/undo/")
    assert send(gunicorn.port) == 200
    time.sleep(0.5)
    gunicorn.log.seek(0)
    output = gunicorn.log.read()
    assert '"GET /k/[secret]/live/ HTTP/1.1"' in output and "/healthz" in output
    assert SECRET not in output


def test_gunicorn_refuses_an_overlong_request_line_and_too_many_headers(gunicorn):
    assert send(gunicorn.port, "/healthz?" + "x" * 3000) == 414
    too_large = (400, 431)  # 431: Request Header Fields Too Large
    assert send(gunicorn.port, headers={f"X-Padding-{i}": "1" for i in range(60)}) in too_large
    assert send(gunicorn.port, headers={"X-Padding": "x" * 9000}) in too_large
    assert send(gunicorn.port) == 200
