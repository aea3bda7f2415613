"""A spectator's request for a public page goes through a short chain of the site's
middleware (tournaments/middleware.py): the same answer, headers and all, as the whole way
gives, without sessions, CSRF, authentication or messages; and what the short way does not
answer goes the whole way."""

import gzip

import pytest
from django.conf import settings as django_settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.test import Client
from django.urls import reverse

from tests.tournaments.helpers import make_tournament, play_round, round_two_drawn
from tournaments.middleware import FOR_SPECTATORS
from tournaments.views.public import VIEWS

pytestmark = pytest.mark.django_db
SAME_EVERY_TIME = {"Date", "Set-Cookie"}  # cookies: compared apart, in answer()


@pytest.fixture
def tournament(user):
    return round_two_drawn(user)


def whole_way(settings, **headers) -> Client:
    """A visitor with a session cookie (of no session: not signed in) goes the whole way."""
    client = Client(**headers)
    client.cookies[settings.SESSION_COOKIE_NAME] = "no-such-session"
    return client


def short_way(response) -> bool:
    return not hasattr(response.wsgi_request, "session")


def answer(response) -> tuple:
    """What a browser is told: status, headers, cookies (but the whole way's unsetting the
    session cookie it was sent) and body."""
    headers = {name: value for name, value in response.headers.items()
               if name not in SAME_EVERY_TIME}
    cookies = {name: cookie.output() for name, cookie in response.cookies.items()
               if name != django_settings.SESSION_COOKIE_NAME}
    return response.status_code, headers, cookies, response.content


@pytest.fixture
def mounted_under_app():
    """The site mounted under /app/ (SCRIPT_NAME), as WSGIHandler sets the prefix."""
    from django.urls import clear_script_prefix, set_script_prefix

    set_script_prefix("/app/")
    yield {"SCRIPT_NAME": "/app"}
    clear_script_prefix()


@pytest.mark.parametrize("name", VIEWS)
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("encoding", ["", "gzip, deflate, br"])
def test_the_short_way_answers_as_the_whole_way_does(name, language, encoding, tournament,
                                                     settings):
    url = reverse(name, args=[tournament.pk])
    headers = {"HTTP_ACCEPT_LANGUAGE": language, "HTTP_ACCEPT_ENCODING": encoding}
    spectator, reader = Client(**headers), whole_way(settings, **headers)
    page = spectator.get(url)
    assert short_way(page) and not short_way(reader.get(url))
    asked = [{}, {"HTTP_IF_NONE_MATCH": page["ETag"]}, {"HTTP_HX_REQUEST": "true"},
             {"HTTP_HX_REQUEST": "true", "HTTP_IF_NONE_MATCH": page["ETag"]},
             {"QUERY_STRING": "from=qr&x=<b>"}]
    for extra in asked:
        short, whole = spectator.get(url, **extra), reader.get(url, **extra)
        assert short_way(short) and not short_way(whole)
        assert answer(short) == answer(whole), extra
    assert page["Content-Language"] == language and page["X-Frame-Options"] == "DENY"
    assert "Content-Security-Policy" in page
    body = gzip.decompress(page.content) if encoding else page.content
    assert f'lang="{language}"' in body.decode()


def test_the_short_way_asks_the_database_once_and_never_for_a_session(
        tournament, django_assert_num_queries):
    spectator = Client()
    url = reverse("public_standings", args=[tournament.pk])
    spectator.get(url)
    with django_assert_num_queries(1) as queries:
        assert spectator.get(url).status_code == 200
    assert "django_session" not in queries.captured_queries[0]["sql"]


def test_a_signed_in_organizer_gets_their_own_page(tournament, client, user):
    client.force_login(user)
    response = client.get(reverse("public_standings", args=[tournament.pk]))
    assert not short_way(response)
    assert reverse("tournament_dashboard", args=[tournament.pk]) in response.content.decode()


def test_a_message_waiting_in_its_cookie_is_shown(tournament, rf):
    """A message left for the visitor (a cookie, no session) is shown by the whole way."""
    from django.contrib.messages import constants
    from django.contrib.messages.storage.base import Message

    storage = CookieStorage(rf.get("/"))
    visitor = Client()
    visitor.cookies[CookieStorage.cookie_name] = storage._encode([
        Message(constants.INFO, "Bienvenue au tournoi")])
    response = visitor.get(reverse("public_standings", args=[tournament.pk]))
    assert not short_way(response) and "Bienvenue au tournoi" in response.content.decode()


def test_what_the_short_way_does_not_find_goes_the_whole_way_to_its_404(user, settings):
    private = make_tournament(user, teams=4, public=False)
    for url in (reverse("public_standings", args=[private.pk]),
                reverse("public_draw", args=[private.pk + 1000]),
                f"/t/{'9' * 18}/projector/"):
        response = Client().get(url)
        assert response.status_code == 404 and not short_way(response), url
        assert answer(response) == answer(whole_way(settings).get(url))


def test_a_database_away_is_the_sites_503_asked_once(tournament, monkeypatch, settings):
    """Not asked again the whole way: a pool that times out (5 s) would hold every phone in
    the room twice as long, when the keepers' "try again" should come back at once."""
    from django.db import OperationalError

    from tournaments.views import public

    asked = []

    def away(*args, **kwargs):
        asked.append(1)
        raise OperationalError("couldn't get a connection after 5.00 sec")

    monkeypatch.setattr(public, "tournament_for_public", away)
    url = reverse("public_standings", args=[tournament.pk])
    response = Client(HTTP_ACCEPT_LANGUAGE="fr").get(url)
    assert response.status_code == 503 and short_way(response) and len(asked) == 1
    assert response["Retry-After"] == "5"
    assert "Réessayez dans un instant" in response.content.decode()
    assert answer(response) == answer(whole_way(settings, HTTP_ACCEPT_LANGUAGE="fr").get(url))


@pytest.mark.parametrize("name", ["public_standings", "public_projector"])
def test_the_room_polls_the_pages_own_path_whatever_path_drew_it(name, tournament):
    """The live part is kept for every reader: one visitor by /t/01/ never sends the
    room's polls there (where they would not be gzipped)."""
    url = reverse(name, args=[tournament.pk])
    Client().get(url.replace("/t/", "/t/0"))  # drawn first, by another path
    for extra in ({}, {"HTTP_HX_REQUEST": "true"}):
        page = Client().get(url, **extra).content.decode()
        assert f'id="live" hx-get="{url}"' in page


def test_the_short_chain_is_the_sites_own_middleware_in_its_order(settings):
    from django.conf import settings as site

    chain = [path for path in site.MIDDLEWARE if path in FOR_SPECTATORS]
    assert chain == list(FOR_SPECTATORS)
    spectators = site.MIDDLEWARE.index("tournaments.middleware.SpectatorMiddleware")
    assert site.MIDDLEWARE.index("django.contrib.sessions.middleware.SessionMiddleware") > \
        spectators
    assert all(site.MIDDLEWARE.index(path) > spectators for path in FOR_SPECTATORS)


def test_only_gets_of_the_public_pages_go_the_short_way(tournament):
    spectator = Client()
    for url in (reverse("public_standings", args=[tournament.pk]) + "x/",
                reverse("tournament_dashboard", args=[tournament.pk]), "/rules/"):
        assert not short_way(spectator.get(url))
    refused = spectator.post(reverse("public_standings", args=[tournament.pk]))
    assert refused.status_code in (403, 405) and not short_way(refused)


def test_a_site_mounted_under_a_prefix_goes_the_short_way_for_its_own_paths_only(
        tournament, settings, mounted_under_app):
    url = reverse("public_draw", args=[tournament.pk])  # /app/t/1/draw/
    path = url.removeprefix("/app")
    spectator = Client()
    page = spectator.get(path, **mounted_under_app)
    assert page.status_code == 200 and short_way(page)
    assert f'hx-get="{url}"' in page.content.decode()
    # /app/app/t/1/draw/ is no page of the site's, either way.
    doubled = spectator.get(url, **mounted_under_app)
    assert doubled.status_code == 404 and not short_way(doubled)


def test_a_host_the_site_does_not_serve_is_refused_as_the_whole_way_refuses_it(
        tournament, settings):
    url = reverse("public_standings", args=[tournament.pk])
    short = Client(HTTP_HOST="evil.example").get(url)
    whole = whole_way(settings, HTTP_HOST="evil.example").get(url)
    assert short.status_code == 400 and answer(short) == answer(whole)


@pytest.mark.parametrize(("accept_encoding", "gzipped"), [
    ("gzip, deflate, br", True), ("br;q=1.0, gzip;q=0.8, *;q=0.1", True), ("*", True),
    ("x-gzip", True), ("GZIP", True), ("", False), ("identity", False), ("br", False),
    ("gzip;q=0, identity", False), ("gzip;q=0.0", False), ("*;q=0", False),
    ("gzip;q=oops", False), ("deflate, *;q=0, gzip;q=0.5", True),
])
def test_the_page_is_gzipped_only_for_a_browser_that_takes_gzip(
        tournament, accept_encoding, gzipped):
    url = reverse("public_standings", args=[tournament.pk])
    Client().get(url)  # drawn and kept
    response = Client(HTTP_ACCEPT_ENCODING=accept_encoding).get(url)
    assert (response.get("Content-Encoding") == "gzip") is gzipped
    body = gzip.decompress(response.content) if gzipped else response.content
    assert "Team 001" in body.decode()


def test_the_page_is_gzipped_for_its_own_path_whatever_path_came_first(tournament):
    """A first visitor by /t/01/ (or with a query) decides nothing for the others."""
    url = reverse("public_standings", args=[tournament.pk])
    for path in (url.replace("/t/", "/t/0"), url + "?from=qr"):
        other = Client(HTTP_ACCEPT_ENCODING="gzip").get(path)
        assert "Content-Encoding" not in other
        assert f'name="next" type="hidden" value="{path.replace("&", "&amp;")}"' in \
            other.content.decode()
    own = Client(HTTP_ACCEPT_ENCODING="gzip").get(url)
    assert own["Content-Encoding"] == "gzip"
    assert f'value="{url}"' in gzip.decompress(own.content).decode()


def test_a_page_drawn_by_the_template_response_way_is_rendered_the_short_way_too(
        tournament, monkeypatch):
    """Should the view ever answer a visitor with a TemplateResponse (here: a message to
    show, which the short way never meets today), it is rendered, not a 500."""
    from tournaments.views import public

    monkeypatch.setattr(public.messages, "get_messages", lambda request: ["Bienvenue"])
    response = Client().get(reverse("public_standings", args=[tournament.pk]))
    assert response.status_code == 200 and short_way(response)
    assert "Team 001" in response.content.decode()


@pytest.mark.parametrize("signed_in", [False, True])
def test_a_poll_that_finds_news_gets_the_live_part_gzipped_and_holding_no_token(
        tournament, user, signed_in):
    """As each match ends, every projector and phone in the room polls the new standings:
    gzipped once, for spectators and organizers alike (the live part holds no secret)."""
    url = reverse("public_standings", args=[tournament.pk])
    reader = Client(HTTP_ACCEPT_ENCODING="gzip")
    if signed_in:
        reader.force_login(user)
    before = reader.get(url, HTTP_HX_REQUEST="true")
    play_round(tournament.rounds.get(number=2))
    polled = reader.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=before["ETag"])
    assert polled.status_code == 200 and polled["Content-Encoding"] == "gzip"
    live = gzip.decompress(polled.content).decode()
    plain = Client().get(url, HTTP_HX_REQUEST="true")
    assert "Content-Encoding" not in plain and plain.content.decode() == live
    assert polled["ETag"] == plain["ETag"] != before["ETag"]
    assert "csrf" not in live.lower() and 'id="live"' in live
