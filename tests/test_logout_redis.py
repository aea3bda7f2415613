"""A logout stays a logout when Redis drops (issue 30, item 6). With the shared cache
(REDIS_URL) a Redis that stops answering makes the site slower, never wrong: a logout made
while it does not answer must not leave the old session in it, signed in again for whoever
holds the old cookie once Redis is back."""

import os
import shutil
import signal
import subprocess
import time

import pytest
import redis
from django.conf import settings as django_settings
from django.test import Client
from django.urls import reverse

from tests.environment import settings_from_environment
from tests.factories import UserFactory
from tests.served import free_port

pytestmark = pytest.mark.django_db


@pytest.fixture
def own_redis():
    """A Redis of this test's own, that the test can make stop answering (SIGSTOP) and
    come back with everything it held (SIGCONT), as one behind a network that drops."""
    if shutil.which("redis-server") is None:
        refuse = pytest.fail if os.environ.get("TEST_REDIS_URL") else pytest.skip
        refuse("needs redis-server (bash .ci/run installs it)")
    port = free_port()
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    client = redis.Redis.from_url(url, socket_connect_timeout=1)
    try:
        for _ in range(50):
            try:
                client.ping()
                break
            except redis.RedisError:
                time.sleep(0.1)
        yield server, url
    finally:
        server.send_signal(signal.SIGCONT)
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture
def redis_site(settings, monkeypatch, own_redis):
    """This test's settings as `make serve` reads them with REDIS_URL: the cache and the
    session engine of a site whose app servers share a Redis."""
    server, url = own_redis
    site = settings_from_environment(monkeypatch, REDIS_URL=url, SECRET_KEY="x" * 50)
    cache = site["CACHES"]["default"]
    cache["OPTIONS"] = {"socket_connect_timeout": 0.2, "socket_timeout": 0.2}  # a quick test
    settings.CACHES = site["CACHES"]
    settings.SESSION_ENGINE = site["SESSION_ENGINE"]
    return server


def signed_in(client) -> bool:
    return client.get(reverse("password_change")).status_code == 200


def test_a_logout_while_redis_does_not_answer_stays_a_logout(redis_site):
    user = UserFactory()
    phone = Client()
    phone.force_login(user)
    assert signed_in(phone)
    old_cookie = phone.cookies[django_settings.SESSION_COOKIE_NAME].value
    assert signed_in(phone)  # the session read again, from wherever the site keeps it

    redis_site.send_signal(signal.SIGSTOP)  # Redis stops answering...
    try:
        assert phone.post(reverse("logout")).status_code == 302
    finally:
        redis_site.send_signal(signal.SIGCONT)  # ...and comes back with what it held
    assert not signed_in(phone)

    copy = Client()  # whoever kept the old cookie (another tab, a copied cookie)
    copy.cookies[django_settings.SESSION_COOKIE_NAME] = old_cookie
    assert not signed_in(copy)


def test_a_logout_with_redis_answering_ends_the_session(redis_site):
    phone = Client()
    phone.force_login(UserFactory())
    old_cookie = phone.cookies[django_settings.SESSION_COOKIE_NAME].value
    assert signed_in(phone)
    phone.post(reverse("logout"))
    copy = Client()
    copy.cookies[django_settings.SESSION_COOKIE_NAME] = old_cookie
    assert not signed_in(copy)
