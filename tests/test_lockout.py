"""Login throttling locks a user name from the visitor's own address, behind a reverse proxy or
not: a stranger's failures never lock the real user out (django-axes reads the address with
django-ipware, as PROXY_COUNT says)."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.environment import settings_from_environment
from tests.factories import UserFactory

PASSWORD = "correct horse battery staple"
PROXY = "10.0.0.2"  # the reverse proxy, as the app sees it (REMOTE_ADDR)
INTRUDER, CAROL = "81.56.10.7", "81.56.20.9"  # visitors' addresses

pytestmark = pytest.mark.django_db


@pytest.fixture
def proxies(settings, monkeypatch):
    """Apply the client-address settings that PROXY_COUNT=<count> gives."""

    def apply(count: str):
        read = settings_from_environment(monkeypatch, PROXY_COUNT=count)
        for name, value in read.items():
            if name.startswith(("AXES_IPWARE_", "IPWARE_")):
                setattr(settings, name, value)

    return apply


def log_in(password, remote_addr, forwarded_for=None):
    headers = {"REMOTE_ADDR": remote_addr}
    if forwarded_for is not None:
        headers["HTTP_X_FORWARDED_FOR"] = forwarded_for
    return Client().post(reverse("login"), {"username": "carol", "password": password},
                         **headers)


# Without DEBUG, the app expects one proxy unless PROXY_COUNT says otherwise.
@pytest.mark.parametrize("count", ["1", ""])
def test_behind_one_proxy_failures_lock_the_visitors_address_only(proxies, count):
    proxies(count)
    UserFactory(username="carol")
    # The proxy appends the address it saw to whatever X-Forwarded-For the visitor sent.
    answers = [log_in("wrong", PROXY, INTRUDER).status_code for _ in range(5)]
    assert answers == [200, 200, 200, 200, 429]
    assert log_in(PASSWORD, PROXY, INTRUDER).status_code == 429
    assert log_in(PASSWORD, PROXY, CAROL).status_code == 302


def test_behind_one_proxy_a_forged_forwarded_for_does_not_escape_the_lock(proxies):
    proxies("1")
    UserFactory(username="carol")
    answers = [log_in("wrong", PROXY, f"192.0.2.{n}, {INTRUDER}").status_code
               for n in range(1, 6)]
    assert answers == [200, 200, 200, 200, 429]
    assert log_in(PASSWORD, PROXY, f"198.51.100.1, {INTRUDER}").status_code == 429
    assert log_in(PASSWORD, PROXY, CAROL).status_code == 302


def test_behind_two_proxies_the_visitor_is_the_address_the_outer_one_saw(proxies):
    proxies("2")
    UserFactory(username="carol")
    # A load balancer then nginx: nginx appends the load balancer's address.
    answers = [log_in("wrong", PROXY, f"{INTRUDER}, 10.0.0.9").status_code for _ in range(5)]
    assert answers[-1] == 429
    assert log_in(PASSWORD, PROXY, f"{CAROL}, 10.0.0.9").status_code == 302


def test_without_a_proxy_x_forwarded_for_is_ignored(proxies):
    proxies("0")
    UserFactory(username="carol")
    answers = [log_in("wrong", INTRUDER, f"81.56.30.{n}").status_code for n in range(1, 6)]
    assert answers == [200, 200, 200, 200, 429]
    assert log_in(PASSWORD, INTRUDER, "81.56.30.99").status_code == 429
    assert log_in(PASSWORD, CAROL, INTRUDER).status_code == 302
