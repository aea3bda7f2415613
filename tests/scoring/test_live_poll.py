"""A phone's poll that finds nothing new is answered 304 from the match's version alone (one
small query), in the language the page was drawn in; anything else draws what changed."""

import pytest

from scoring import rules, services
from tests.conftest import HTMX, link_url, url
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(user):
    return MatchFactory(owner=user, target=999)


def poll(client, match, etag=None, number=1, **headers):
    extra = {"HTTP_IF_NONE_MATCH": etag} if etag else {}
    return client.get(link_url(match, "live") + f"?number={number}", **HTMX, **extra,
                      **headers)


def test_nothing_new_is_304_from_one_small_query(client, match, count_queries):
    etag = poll(client, match)["ETag"]
    with count_queries() as queries:
        response = poll(client, match, etag)
    assert response.status_code == 304
    assert response["ETag"] == etag and response["Cache-Control"] == "private, no-cache"
    assert len(queries) == 1 and "JOIN" not in queries.sql[0]
    assert "ORDER BY" not in queries.sql[0]  # one row by a unique column: nothing to sort
    assert not response.cookies


def test_a_new_hand_is_drawn_by_the_view(client, match):
    etag = poll(client, match)["ETag"]
    services.record_hand(match=match.pk, number=1, hand=rules.Hand.played(7, 4))
    response = poll(client, match, etag)
    assert response.status_code == 200 and response["ETag"] != etag
    assert 'id="hand-1"' in response.content.decode()


@pytest.mark.parametrize("by", ["header", "cookie"])
def test_the_phones_language_is_kept(client, match, settings, by):
    def speak(language):
        if by == "cookie":
            client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
            return {}
        return {"HTTP_ACCEPT_LANGUAGE": f"{language}-CA,{language};q=0.9"}

    english = poll(client, match, **speak("en"))["ETag"]
    page = poll(client, match, **speak("fr"))
    assert "-fr-" in page["ETag"] and "Aucun tour" in page.content.decode()
    assert poll(client, match, page["ETag"], **speak("fr")).status_code == 304
    # The phone changed language since: its French page is drawn again, in English now.
    again = poll(client, match, page["ETag"], **speak("en"))
    assert again.status_code == 200 and "No hand yet" in again.content.decode()
    assert poll(client, match, english, **speak("fr")).status_code == 200


def test_the_entry_number_is_part_of_the_answer(client, match):
    etag = poll(client, match, number=1)["ETag"]
    assert poll(client, match, etag, number=1).status_code == 304
    assert poll(client, match, etag, number=2).status_code == 200  # a stale phone is told


@pytest.mark.parametrize("number", ["-1", " 1", "x", "1" * 40, ""])
def test_odd_numbers_answer_as_the_view_does(client, match, number):
    first = client.get(link_url(match, "live") + f"?number={number}", **HTMX)
    etag = first["ETag"]
    again = client.get(link_url(match, "live") + f"?number={number}", **HTMX,
                       HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304


def test_an_unknown_link_or_host_is_refused_as_before(client, match):
    assert client.get("/k/not-a-real-token-at-all/live/?number=1", **HTMX,
                      HTTP_IF_NONE_MATCH='W/"1-0-en-1"').status_code == 404
    etag = poll(client, match)["ETag"]
    assert poll(client, match, etag, HTTP_HOST="evil.example").status_code == 400


def test_the_owners_poll_still_checks_who_asks(client, match):
    etag = client.get(url(match, "live") + "?number=1", **HTMX)
    # Not signed in (a session ended under the page): refused, never a 304, and never the
    # login page answered as the poll's fragments (the page says to reload it).
    assert etag.status_code == 403 and "<form" not in etag.content.decode()
    assert client.get(url(match, "live") + "?number=1").status_code == 302  # not htmx: login
    client.force_login(match.owner)
    tag = client.get(url(match, "live") + "?number=1", **HTMX)["ETag"]
    answer = client.get(url(match, "live") + "?number=1", **HTMX, HTTP_IF_NONE_MATCH=tag)
    assert answer.status_code == 304


def test_a_new_release_draws_the_table_anew(client, match, settings):
    etag = poll(client, match)["ETag"]
    settings.RELEASE = "next"  # a deploy: another template, another translation
    assert poll(client, match, etag).status_code == 200
