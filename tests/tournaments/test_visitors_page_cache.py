"""A visitor who is not signed in gets a public page from the cache (tournaments/views/
public.py): the same page as a fresh render, with their own path, and no CSRF token."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.helpers import play_round, round_two_drawn
from tournaments.views.public import stand_in

pytestmark = pytest.mark.django_db
PAGES = ("public_standings", "public_draw", "public_results", "public_bracket",
         "public_projector")
PATH_MARK = stand_in().path
TOKEN = re.compile(r'csrfmiddlewaretoken|X-CSRFToken')


@pytest.fixture
def tournament(user):
    return round_two_drawn(user)


def visit(client, name, tournament, query=""):
    response = client.get(reverse(name, args=[tournament.pk]) + query)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("name", PAGES)
def test_a_visitors_page_holds_no_csrf_token_and_its_language_form_works(
        name, tournament, settings):
    """A visitor posts nothing but the language switch, which needs no token: no token is
    drawn for the page (nor its cookie set), and the switch, posted as the page's form is,
    gives the page in French."""
    visitor = Client(enforce_csrf_checks=True)
    for _ in range(2):  # drawn, then from the cache
        response = visitor.get(reverse(name, args=[tournament.pk]))
        page = response.content.decode()
        assert not TOKEN.search(page) and PATH_MARK not in page
        assert settings.CSRF_COOKIE_NAME not in response.cookies
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


def test_the_cached_page_is_the_page_a_fresh_render_gives(tournament):
    fresh = visit(Client(), "public_standings", tournament)  # rendered, then kept
    kept = visit(Client(), "public_standings", tournament)  # from the cache
    assert fresh == kept
    assert "Team 001" in kept


def test_the_visitors_path_is_written_in_escaped(tournament):
    visit(Client(), "public_standings", tournament)
    page = visit(Client(), "public_standings", tournament, '?a=1&x="><script>alert(1)</script>')
    assert "<script>alert(1)" not in page
    assert f'name="next" type="hidden" value="/t/{tournament.pk}/?a=1&amp;x=%22%3E' in page


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
    assert page() == before  # kept while nothing changed
    play_round(tournament.rounds.get(number=2))
    assert page() != before


def test_a_french_visitor_gets_the_french_page(tournament):
    english = visit(Client(), "public_standings", tournament)
    french = visit(Client(HTTP_ACCEPT_LANGUAGE="fr"), "public_standings", tournament)
    assert "Standings" in english and "Classement" in french
    assert "Classement" not in english


@pytest.mark.parametrize("name", PAGES)
def test_a_kept_page_and_its_poll_ask_the_database_once(name, tournament,
                                                        django_assert_num_queries):
    """The tournament and its ETag's totals come in one query; the rest from the cache."""
    visitor = Client()
    first = visitor.get(reverse(name, args=[tournament.pk]))
    with django_assert_num_queries(1):
        again = visitor.get(reverse(name, args=[tournament.pk]))
    with django_assert_num_queries(1):
        unchanged = visitor.get(reverse(name, args=[tournament.pk]),
                                HTTP_IF_NONE_MATCH=again["ETag"])
    with django_assert_num_queries(1):
        live = visitor.get(reverse(name, args=[tournament.pk]), HTTP_HX_REQUEST="true")
    assert first["ETag"] == again["ETag"] == live["ETag"]
    assert unchanged.status_code == 304 and live.status_code == 200


def test_the_api_standings_and_the_page_change_together_with_one_etag_read(tournament):
    """The ETag read with the tournament is the ETag read alone (the API still reads it
    alone): the same totals, so the same tag for the same version."""
    from django.utils import translation

    from tournaments.selectors import etag, tournament_for_public

    tournament.refresh_from_db()
    for finished_only in (False, True):
        with translation.override("en"):
            read_with = tournament_for_public(tournament.pk, None, finished_only=finished_only)
            assert etag(read_with, "x", finished_only=finished_only) == etag(
                tournament, "x", finished_only=finished_only)
            # Read for one kind of ETag, asked for the other: read anew, not mixed.
            read_with = tournament_for_public(tournament.pk, None,
                                              finished_only=not finished_only)
            assert etag(read_with, "x", finished_only=finished_only) == etag(
                tournament, "x", finished_only=finished_only)


def test_a_kept_page_follows_the_shared_cache_within_a_minute(tournament, monkeypatch):
    """What empties the shared cache (an operator, a deploy's new templates) reaches the
    visitors of every process: a page split and kept in one is read again after a minute."""
    from django.core.cache import cache

    from tournaments.views import public

    clock = [1000.0]
    monkeypatch.setattr(public.time, "monotonic", lambda: clock[0])
    tag = Client().get(reverse("public_draw", args=[tournament.pk]))["ETag"]
    cache.clear()
    cache.set(f"{public.stand_in().key}draw:{tag}", f"<p>Drawn again {PATH_MARK}</p>", 600)
    assert "Drawn again" not in visit(Client(), "public_draw", tournament)  # kept a while
    clock[0] += public.KEPT_SECONDS + 1
    page = visit(Client(), "public_draw", tournament)
    assert page == f"<p>Drawn again /t/{tournament.pk}/draw/</p>"


def test_a_page_another_server_drew_with_its_own_stand_in_is_never_served(tournament,
                                                                          monkeypatch):
    """Servers sharing one cache while their SECRET_KEY changes (a key rotated, server by
    server): a page drawn with the other key's stand-in is not taken for this one's, which
    would give visitors the stand-in as their path."""
    from tournaments.views import public

    other_path = "path" + "b" * 32
    monkeypatch.setattr(public, "stand_in", lambda: public.StandIn(path=other_path))
    visit(Client(), "public_standings", tournament)  # drawn and shared by the other server
    monkeypatch.undo()
    public.forget_kept_pages()  # this server never saw the page
    page = visit(Client(), "public_standings", tournament)
    assert other_path not in page and f'value="/t/{tournament.pk}/"' in page


@pytest.mark.parametrize("name", PAGES)
def test_a_whole_page_is_for_its_readers_browser_only(name, tournament, client, user):
    """A page holds its reader's path, or CSRF token (an organizer's buttons): a shared cache
    (a school's proxy, a CDN) may not keep it to answer, or revalidate for, someone else.
    The live part that every spectator polls may be shared."""
    url = reverse(name, args=[tournament.pk])
    visitor = Client()
    page = visitor.get(url)
    unchanged = visitor.get(url, HTTP_IF_NONE_MATCH=page["ETag"])
    client.force_login(user)
    organizer = client.get(url)
    assert unchanged.status_code == 304
    for response in (page, unchanged, organizer):
        assert response["Cache-Control"] == "private, no-cache"
    assert visitor.get(url, HTTP_HX_REQUEST="true")["Cache-Control"] == "no-cache"
