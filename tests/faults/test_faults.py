"""Faults on the night: the database going away, a retried post, the server killed."""

import threading
import time

import httpx
import psycopg
import pytest
from django.db import OperationalError, connection
from django.urls import reverse

from scoring.models import Hand, Match
from tests.conftest import HTMX
from tests.factories import MatchFactory
from tests.served import http_post


def api_post(server, match, number, a=6):
    return http_post(
        f"{server.url}/api/v1/matches/{match.pk}/hands",
        json={"number": number, "points": {"a": a, "b": 11 - a}},
        headers={"Authorization": f"Bearer {match.scorekeeper_token}"}, timeout=20,
    )


def assert_cache_equals_replay(match):
    match.refresh_from_db()
    hands = list(match.hands.order_by("number"))
    state = match.replay(hands)
    assert (match.score_a, match.score_b, match.hand_count) == (*state.score, len(hands))
    assert [h.number for h in hands] == list(range(1, len(hands) + 1))


@pytest.mark.django_db
def test_when_the_database_fails_the_keeper_is_told_not_saved_and_a_retry_works(client, match):
    """Any database error during a write: a clear 503, nothing saved; the retry is stored once."""
    link = reverse("link:record", kwargs={"token": match.scorekeeper_token})
    def lost_on_write(execute, sql, params, many, context):
        # The connection drops as the write locks the match or stores the hand.
        if "FOR UPDATE" in sql or sql.lstrip().upper().startswith("INSERT"):
            raise OperationalError("connection lost")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(lost_on_write):
        page = client.post(link, {"number": 1, "points_a": 7})
        htmx = client.post(link, {"number": 1, "points_a": 7}, **HTMX)
        api = client.post(f"/api/v1/matches/{match.pk}/hands",
                          {"number": 1, "points": {"a": 7, "b": 4}},
                          content_type="application/json",
                          HTTP_AUTHORIZATION=f"Bearer {match.scorekeeper_token}")
    assert page.status_code == htmx.status_code == api.status_code == 503
    assert "Not saved: the server cannot reach its database" in page.content.decode()
    assert page["Retry-After"] == "5"
    assert api.json()["code"] == "database_unavailable"
    assert not Hand.objects.exists()
    assert client.post(link, {"number": 1, "points_a": 7}).status_code == 302
    # Pressed once more (the answer was lost): already saved, a success, nothing doubled.
    assert client.post(link, {"number": 1, "points_a": 7}).status_code == 302
    assert Hand.objects.count() == 1


def _admin():
    settings = connection.settings_dict
    return psycopg.connect(host=settings.get("HOST") or "127.0.0.1",
                           port=settings.get("PORT") or 5432,
                           user=settings.get("USER") or "postgres", dbname="postgres",
                           autocommit=True)


@pytest.mark.skipif(connection.vendor != "postgresql",
                    reason="needs PostgreSQL: a server that can really go away and come back")
def test_the_database_going_away_mid_round_loses_nothing_once_it_returns(server):
    match = MatchFactory()
    assert api_post(server, match, 1).status_code == 201
    name = connection.settings_dict["NAME"]
    connection.close()
    with _admin() as admin:
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      "WHERE datname = %s AND pid <> pg_backend_pid()", [name])
        try:
            refused = api_post(server, match, 2)
            page = http_post(f"{server.url}/k/{match.scorekeeper_token}/hands/",
                              data={"number": 2, "points_a": 6}, timeout=20)
        finally:
            admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
    assert refused.status_code == 503
    assert "Try again in a moment" in refused.json()["detail"]
    assert page.status_code in (403, 503)  # no session, no CSRF cookie: refused either way
    # The database is back: the keeper presses Save again until it goes through (the server's
    # pool reconnects within seconds); no press ever stores the hand twice.
    answers = []
    deadline = time.monotonic() + 45
    while time.monotonic() < deadline and 201 not in answers:
        answers.append(api_post(server, match, 2).status_code)
        if answers[-1] != 201:
            time.sleep(1)
    assert answers[-1] == 201 and set(answers) <= {201, 503}, answers
    assert api_post(server, match, 2).status_code == 200  # a second retry doubles nothing
    connection.close_pool()  # this test's own pool saw the outage too: start afresh
    assert_cache_equals_replay(match)
    assert match.hand_count == 2


def test_a_retried_post_never_doubles_a_hand(server):
    match = MatchFactory()
    answers = [api_post(server, match, 1).status_code for _ in range(3)]
    assert answers == [201, 200, 200]  # stored, then "already saved"
    assert Hand.objects.filter(match=match).count() == 1


class Keeper(threading.Thread):
    """A table's keeper: posts the match's next hand until told to stop, and sends a hand
    that got no answer again, with the same number, until the server answers."""

    def __init__(self, server, match):
        super().__init__(daemon=True)
        self.server, self.match = server, match
        self.accepted = set()  # the numbers the server answered 201, "stored"
        self.stop = threading.Event()

    def run(self):
        number = 1
        while not self.stop.is_set():
            try:
                answer = api_post(self.server, self.match, number)
            except httpx.HTTPError:
                answer = None
            if answer is not None and answer.status_code in (200, 201):  # or already saved
                if answer.status_code == 201:
                    self.accepted.add(number)
                number += 1
            else:
                self.stop.wait(0.1)  # the server is down or busy: the same hand, again


def wait_for(condition, timeout=60):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.05)


def test_a_server_killed_mid_round_loses_no_accepted_hand(server):
    """Keepers at five tables post hands while the server is killed and restarted; each keeper
    retries what got no answer with the same number. Every accepted hand is there, once.
    (How many hands the keepers get through meanwhile: bench/restart.py, `make bench`.)"""
    keepers = [Keeper(server, MatchFactory(variant="poule", target=999)) for _ in range(5)]
    for keeper in keepers:
        keeper.start()
    wait_for(lambda: all(len(keeper.accepted) >= 2 for keeper in keepers))
    server.kill()  # with posts on the way
    before = [len(keeper.accepted) for keeper in keepers]
    server.start()
    wait_for(lambda: all(len(keeper.accepted) >= count + 2
                         for keeper, count in zip(keepers, before, strict=True)))
    for keeper in keepers:
        keeper.stop.set()
    for keeper in keepers:
        keeper.join(timeout=30)
    connection.close()
    for keeper in keepers:
        stored = set(Hand.objects.filter(match=keeper.match).values_list("number", flat=True))
        assert keeper.accepted <= stored  # nothing accepted was lost
        assert_cache_equals_replay(Match.objects.get(pk=keeper.match.pk))  # nor doubled


@pytest.mark.skipif(connection.vendor != "postgresql",
                    reason="needs PostgreSQL: sessions the server really ends")
def test_after_the_database_restarts_the_next_keeper_is_served_at_once(server):
    """The server ended every session (a restart, an administrator, an idle timeout) while the
    app's pooled connections sat idle: the next posts are saved, none told "try again"."""
    matches = [MatchFactory() for _ in range(8)]
    for match in matches:  # each worker's pool holds live connections
        assert api_post(server, match, 1).status_code == 201
    name = connection.settings_dict["NAME"]
    connection.close()
    with _admin() as admin:
        ended = admin.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                              "WHERE datname = %s AND pid <> pg_backend_pid()",
                              [name]).fetchone()[0]
    assert ended >= 2
    time.sleep(0.5)  # the sessions' ends reach the app's sockets
    assert [api_post(server, match, 2).status_code for match in matches] == [201] * 8
    connection.close_pool()
