"""The spectators' pages (tournaments/views/public.py): each reader gets their own page
(their path, their language, their CSRF token), around a live part rendered once per
version for everyone; a poll that finds nothing new is a 304, and every answer asks the
database once."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.helpers import make_tournament, play_round, round_two_drawn

pytestmark = pytest.mark.django_db
PAGES = ("public_standings", "public_draw", "public_results", "public_bracket",
         "public_projector")
TOKEN = re.compile(r'"X-CSRFToken": "([^"]+)"')


@pytest.fixture
def tournament(user):
    return round_two_drawn(user)


def visit(client, name, tournament, query="", **headers):
    response = client.get(reverse(name, args=[tournament.pk]) + query, **headers)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("name", PAGES)
def test_a_visitors_language_form_gives_the_page_in_french(name, tournament):
    visitor = Client(enforce_csrf_checks=True)
    page = visit(visitor, name, tournament)
    if name == "public_projector":  # a screen with no form, not even the language's
        assert 'name="language"' not in page
        return
    url = reverse(name, args=[tournament.pk])
    form = re.search(r'<form action="([^"]+)" method="post" class="language">'
                     r'\s*<input name="next" type="hidden" value="([^"]+)">', page)
    assert form.groups() == (reverse("set_language"), url)
    changed = visitor.post(form.group(1), {"language": "fr", "next": form.group(2)},
                           HTTP_SEC_FETCH_SITE="same-origin")
    assert changed.status_code == 302 and changed["Location"] == url
    assert 'lang="fr"' in visit(visitor, name, tournament)


def test_the_visitors_path_is_written_in_escaped(tournament):
    page = visit(Client(), "public_standings", tournament, '?a=1&x="><script>alert(1)</script>')
    assert "<script>alert(1)" not in page
    assert f'name="next" type="hidden" value="/t/{tournament.pk}/?a=1&amp;x=%22%3E' in page


def test_a_visitor_never_gets_another_visitors_path_or_token(tournament):
    first = visit(Client(), "public_standings", tournament, "?from=qr")
    second = visit(Client(), "public_standings", tournament)
    assert "from=qr" in first and "from=qr" not in second
    assert f'name="next" type="hidden" value="/t/{tournament.pk}/"' in second
    tokens = [TOKEN.search(page) for page in (first, second)]
    assert None in tokens or tokens[0].group(1) != tokens[1].group(1)


def test_an_organizer_and_a_visitor_never_get_each_others_page(client, tournament, user):
    dashboard = reverse("tournament_dashboard", args=[tournament.pk])
    assert dashboard not in visit(Client(), "public_standings", tournament)
    client.force_login(user)
    organizer = visit(client, "public_standings", tournament)
    assert dashboard in organizer and user.username in organizer
    visitor = visit(Client(), "public_standings", tournament)
    assert dashboard not in visitor and user.username not in visitor


def test_the_page_changes_for_visitors_when_a_match_ends(tournament):
    def page():
        return visit(Client(), "public_standings", tournament)

    before = page()
    play_round(tournament.rounds.get(number=2))
    after = page()
    standings = [re.findall(r'<td class="strong">(\d+)</td>', body) for body in (before, after)]
    assert sorted(map(int, standings[0])) == [0, 0, 1, 1]
    assert sorted(map(int, standings[1])) != sorted(map(int, standings[0]))


@pytest.mark.parametrize("name", PAGES)
def test_a_french_visitor_gets_the_french_page_with_the_sites_headers(name, tournament):
    response = Client(HTTP_ACCEPT_LANGUAGE="fr").get(reverse(name, args=[tournament.pk]))
    assert 'lang="fr"' in response.content.decode()
    assert response["Content-Language"] == "fr" and response["X-Frame-Options"] == "DENY"
    assert "Content-Security-Policy" in response
    assert "Classement" in response.content.decode()
    english = visit(Client(), name, tournament)
    assert 'lang="en"' in english and "Classement" not in english


@pytest.mark.parametrize("name", PAGES)
def test_a_page_and_its_poll_ask_the_database_once(name, tournament,
                                                   django_assert_num_queries):
    """The tournament and its ETag's totals come in one query; the live part from the
    cache, and no session for a visitor who has none."""
    visitor = Client()
    url = reverse(name, args=[tournament.pk])
    first = visitor.get(url)
    with django_assert_num_queries(1):
        again = visitor.get(url)
    with django_assert_num_queries(1):
        unchanged = visitor.get(url, HTTP_IF_NONE_MATCH=again["ETag"])
    with django_assert_num_queries(1):
        live = visitor.get(url, HTTP_HX_REQUEST="true")
    with django_assert_num_queries(1):
        polled = visitor.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=live["ETag"])
    assert first["ETag"] == again["ETag"] != live["ETag"]  # the page's is its reader's
    assert unchanged.status_code == polled.status_code == 304
    assert unchanged["ETag"] == first["ETag"]
    assert live.status_code == 200 and 'id="live"' in live.content.decode()


@pytest.mark.parametrize("signed_in", [False, True])
def test_a_poll_gets_the_live_part_the_same_for_everyone_and_holding_no_token(
        tournament, user, signed_in):
    url = reverse("public_standings", args=[tournament.pk])
    reader = Client()
    if signed_in:
        reader.force_login(user)
    before = reader.get(url, HTTP_HX_REQUEST="true")
    play_round(tournament.rounds.get(number=2))
    polled = reader.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=before["ETag"])
    assert polled.status_code == 200 and polled["ETag"] != before["ETag"]
    live = polled.content.decode()
    assert Client().get(url, HTTP_HX_REQUEST="true").content.decode() == live
    assert "csrf" not in live.lower() and live.lstrip().startswith('<div id="live"')


@pytest.mark.parametrize("name", PAGES)
def test_a_whole_page_is_for_its_readers_browser_only(name, tournament, client, user):
    """A page holds its reader's path and CSRF token (an organizer's buttons): a shared
    cache (a school's proxy, a CDN) may not keep it to answer, or revalidate for, someone
    else. The live part that every spectator polls may be shared."""
    url = reverse(name, args=[tournament.pk])
    visitor = Client()
    page = visitor.get(url)
    unchanged = visitor.get(url, HTTP_IF_NONE_MATCH=page["ETag"])
    client.force_login(user)
    organizer = client.get(url)
    assert unchanged.status_code == 304
    for response in (page, unchanged, organizer):
        assert set(response["Cache-Control"].split(", ")) == {"private", "no-cache"}
    poll = visitor.get(url, HTTP_HX_REQUEST="true")
    assert set(poll["Cache-Control"].split(", ")) == {"public", "no-cache"}
    assert "HX-Request" in poll["Vary"]


@pytest.mark.parametrize("name", ["public_standings", "public_projector"])
def test_the_room_polls_the_pages_own_path_whatever_path_drew_it(name, tournament):
    """The live part is kept for every reader: one visitor by /t/01/ never sends the room's
    polls there."""
    url = reverse(name, args=[tournament.pk])
    Client().get(url.replace("/t/", "/t/0"))  # drawn first, by another path
    for extra in ({}, {"HTTP_HX_REQUEST": "true"}):
        page = Client().get(url, **extra).content.decode()
        assert f'id="live" hx-get="{url}"' in page


def test_a_site_mounted_under_a_prefix_polls_its_own_paths(tournament):
    from django.urls import clear_script_prefix, set_script_prefix

    set_script_prefix("/app/")
    try:
        url = reverse("public_draw", args=[tournament.pk])  # /app/t/1/draw/
        page = Client().get(url.removeprefix("/app"), SCRIPT_NAME="/app")
    finally:
        clear_script_prefix()
    assert page.status_code == 200 and f'hx-get="{url}"' in page.content.decode()


def test_a_private_tournament_is_not_found_but_by_its_organizers(user, client):
    private = make_tournament(user, teams=4, public=False)
    for url in (reverse("public_standings", args=[private.pk]),
                reverse("public_draw", args=[private.pk + 1000]),
                f"/t/{'9' * 18}/projector/"):
        assert Client().get(url).status_code == 404, url
        assert Client().get(url, HTTP_HX_REQUEST="true").status_code == 404, url
    client.force_login(user)
    assert client.get(reverse("public_standings", args=[private.pk])).status_code == 200


def test_a_public_page_takes_no_post(tournament):
    response = Client().post(reverse("public_standings", args=[tournament.pk]))
    assert response.status_code in (403, 405)


def test_a_database_away_is_the_sites_503(tournament, monkeypatch):
    from django.db import OperationalError

    from tournaments.views import public

    def away(*args, **kwargs):
        raise OperationalError("couldn't get a connection after 5.00 sec")

    monkeypatch.setattr(public, "tournament_for_public", away)
    url = reverse("public_standings", args=[tournament.pk])
    response = Client(HTTP_ACCEPT_LANGUAGE="fr").get(url)
    assert response.status_code == 503 and response["Retry-After"] == "5"
    assert "Réessayez dans un instant" in response.content.decode()


def test_signing_in_as_the_organizer_draws_the_page_anew(tournament, user):
    url = reverse("public_standings", args=[tournament.pk])
    browser = Client()
    as_visitor = browser.get(url)
    browser.force_login(user)  # the same browser: its copy is a visitor's, without their links
    assert browser.get(url, HTTP_IF_NONE_MATCH=as_visitor["ETag"]).status_code == 200


def test_signing_out_draws_the_page_anew(tournament, user):
    url = reverse("public_standings", args=[tournament.pk])
    browser = Client()
    browser.force_login(user)
    as_organizer = browser.get(url)
    browser.logout()  # a club's shared laptop: the organizer's name must not stay
    assert browser.get(url, HTTP_IF_NONE_MATCH=as_organizer["ETag"]).status_code == 200


@pytest.mark.parametrize("htmx", [{}, {"HTTP_HX_REQUEST": "true"}])
def test_a_304_varies_as_the_page_it_confirms(tournament, htmx):
    url = reverse("public_standings", args=[tournament.pk])
    browser = Client()
    page = browser.get(url, **htmx)
    again = browser.get(url, HTTP_IF_NONE_MATCH=page["ETag"], **htmx)
    assert again.status_code == 304
    assert again["Vary"] == page["Vary"] and "Cookie" in again["Vary"]  # RFC 9110, 15.4.5


@pytest.mark.parametrize("name", PAGES)
def test_a_new_release_reaches_the_room(name, tournament, settings):
    url = reverse(name, args=[tournament.pk])
    page = Client().get(url)
    poll = Client().get(url, HTTP_HX_REQUEST="true")
    settings.RELEASE = "next"  # a deploy: another template, another translation
    assert Client().get(url, HTTP_IF_NONE_MATCH=page["ETag"]).status_code == 200
    again = Client().get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=poll["ETag"])
    assert again.status_code == 200 and again["ETag"] != poll["ETag"]


def test_a_private_tournaments_live_part_is_its_organizers_browsers_only(user, client):
    private = make_tournament(user, teams=4, public=False)
    client.force_login(user)
    poll = client.get(reverse("public_standings", args=[private.pk]), HTTP_HX_REQUEST="true")
    assert "private" in poll["Cache-Control"]
