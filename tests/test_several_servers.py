"""Two app servers behind one proxy share one PostgreSQL and one Redis (README, Deploying):
what one of them writes, the other shows at once, from the shared cache too (issue 13)."""

import os
import re
import secrets

import pytest
from django.db import connection
from django.urls import reverse

from scoring import services as scoring
from scoring.services import NewTeam
from tests.factories import UserFactory
from tests.faults.conftest import _database_url
from tests.served import Server, free_port, http_get, http_post
from tests.tournaments.helpers import make_tournament
from tournaments import services
from tournaments.services import Settings

REDIS_URL = os.environ.get("TEST_REDIS_URL") or "redis://127.0.0.1:6379/0"


def _redis():
    """The local Redis, or a skip saying why not."""
    import redis

    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1)
    try:
        client.ping()
    except redis.RedisError as error:
        # CI names its Redis (TEST_REDIS_URL, .ci/run): there, a Redis that does not answer
        # fails the test rather than skipping it, as a missing Chromium does.
        refuse = pytest.fail if os.environ.get("TEST_REDIS_URL") else pytest.skip
        refuse(f"needs Redis at {REDIS_URL} (bash .ci/run starts it): {error}")
    return client


# The module's tests on one worker (`make test` distributes by group): they share the servers.
pytestmark = pytest.mark.xdist_group("two_servers")


@pytest.fixture(scope="module")
def _servers(static_root):
    """Two servers for the whole module (each test empties the database they share)."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (DATABASE_URL): two servers on one SQLite file is not "
                    "a deployment")
    redis = _redis()
    prefix = f"test-{secrets.token_hex(4)}"  # this run's keys only, whoever shares Redis
    env = {
        "PATH": os.environ.get("PATH", ""), "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": _database_url(), "SECRET_KEY": "two-servers-secret-key-0123456789",
        "ALLOWED_HOSTS": "127.0.0.1", "SECURE_SSL_REDIRECT": "0", "SECURE_COOKIES": "0",
        "STATIC_ROOT": str(static_root), "WEB_CONCURRENCY": "1", "THREADS": "2",
        "DATABASE_POOL_MAX": "2", "REDIS_URL": REDIS_URL, "CACHE_KEY_PREFIX": prefix,
    }
    servers = [Server({**env, "BIND": f"127.0.0.1:{free_port()}"}) for _ in range(2)]
    try:
        for server in servers:
            server.start()
        yield servers, redis, prefix
    finally:
        for server in servers:
            server.stop()
        keys = list(redis.scan_iter(f"{prefix}:*"))
        if keys:
            redis.delete(*keys)


@pytest.fixture
def two_servers(transactional_db, _servers):
    return _servers


def _kept(redis, prefix, what: str) -> list[bytes]:
    return [key for key in redis.scan_iter(f"{prefix}:*") if what.encode() in key]


def test_a_hand_posted_on_one_server_shows_on_the_others_poll_at_once(two_servers):
    (first, second), redis, prefix = two_servers
    match = scoring.create_match(owner=UserFactory(), variant="politaine", target=33,
                                 team_a=NewTeam("Les Bleus"), team_b=NewTeam("Les Rouges"))
    poll = f"{second.url}/k/{match.scorekeeper_token}/live/?number=1"
    seen = http_get(poll, headers={"HX-Request": "true"})
    assert seen.status_code == 200 and 'id="hand-1"' not in seen.text
    etag = seen.headers["ETag"]
    assert http_get(poll, headers={"HX-Request": "true", "If-None-Match": etag}
                     ).status_code == 304

    posted = http_post(f"{first.url}/api/v1/matches/{match.pk}/hands",
                        headers={"Authorization": f"Bearer {match.scorekeeper_token}"},
                        json={"number": 1, "points": {"a": 7, "b": 4}})
    assert posted.status_code == 201, posted.text

    moved = http_get(poll, headers={"HX-Request": "true", "If-None-Match": etag})
    assert moved.status_code == 200 and moved.headers["ETag"] != etag
    assert 'id="hand-1"' in moved.text and "Save hand 2" in moved.text
    # The other server takes hand 2 from the match's row: nothing of the match is kept.
    assert not _kept(redis, prefix, "match-state:")
    posted = http_post(f"{second.url}/api/v1/matches/{match.pk}/hands",
                        headers={"Authorization": f"Bearer {match.scorekeeper_token}"},
                        json={"number": 2, "points": {"a": 5, "b": 6}})
    assert posted.status_code == 201 and posted.json()["match"]["score"] == {"a": 12, "b": 10}


def _wins(html: str) -> dict[str, int]:
    # A name may be followed by its marks: "(withdrawn)", "(provisional)".
    rows = re.findall(r'<td class="name">([^<]+?)\s*(?:<small[^>]*>[^<]*</small>\s*)*</td>'
                      r'\s*<td class="strong">(\d+)</td>', html)
    return {name: int(wins) for name, wins in rows}


def test_the_cached_public_standings_change_on_the_other_server_when_a_match_ends(
        two_servers):
    (first, second), redis, prefix = two_servers
    organizer = UserFactory()
    tournament = services.create_tournament(
        owner=organizer,
        settings=Settings(name="Soirée", variant="politaine", format="swiss", swiss_rounds=3,
                          target=11, public=True),
        teams=[NewTeam(f"Équipe {n}") for n in range(1, 5)])
    table = services.draw_next_round(tournament=tournament).tables.select_related(
        "match", "entry_b__team").order_by("number").first()
    page = second.url + reverse("public_standings", args=[tournament.pk])
    before = http_get(page)
    assert before.status_code == 200 and set(_wins(before.text).values()) == {0}
    assert _kept(redis, prefix, "public:standings")  # rendered once, kept for everyone

    posted = http_post(f"{first.url}/api/v1/matches/{table.match_id}/hands",
                        headers={"Authorization": f"Bearer {table.match.scorekeeper_token}"},
                        json={"number": 1, "points": {"a": 0, "b": 11}})
    assert posted.status_code == 201 and posted.json()["match"]["status"] == "finished"

    after = http_get(page, headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200
    assert _wins(after.text)[table.entry_b.team.name] == 1


def test_a_page_one_server_kept_shows_the_next_visitor_their_own_path(two_servers):
    """A visitor's first look at the standings goes to server 1, which keeps the page; the
    next visitor, on server 2, gets it with their own path in the language form."""
    (first, second), _redis, _prefix = two_servers
    tournament = make_tournament(UserFactory(), teams=4)
    services.draw_next_round(tournament=tournament)
    page = reverse("public_standings", args=[tournament.pk])
    assert http_get(first.url + page).status_code == 200
    html = http_get(second.url + page).text
    assert not re.search(r"path[0-9a-f]{32}", html), re.findall(r"path[0-9a-f]{32}", html)
    assert f'name="next" type="hidden" value="{page}"' in html
