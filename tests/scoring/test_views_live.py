"""Two phones on one match: the cheap poll, and query counts that do not grow with the match."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import rules, services
from tests.conftest import HTMX, link_url, url
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db



def long_match(hands: int, variant="poule"):
    """A match still in progress after `hands` hands, with a politaine, a correction and an
    undo in its history."""
    quadrette = variant == "quadrette"
    match = MatchFactory(variant=variant, target=99 if quadrette else 999)
    for number in range(1, hands + 1):
        if quadrette:
            hand = rules.Hand.quadrette(3, 3)
        else:
            hand = rules.Hand.played(5 + number % 2, 6 - number % 2, int(number % 3 == 0), 0)
        services.record_hand(match=match, number=number, hand=hand, by=match.owner)
    first = rules.Hand.quadrette(4, 2) if quadrette else rules.Hand.played(1, 10)
    services.correct_hand(match=match, number=1, hand=first, by=match.owner)
    services.undo_last_hand(match=match, by=match.owner)
    last = rules.Hand.quadrette(3, 3) if quadrette else rules.Hand.played(6, 5)
    services.record_hand(match=match, number=hands, hand=last)
    match.refresh_from_db()
    return match


def queries(client, method, path, data=None, **headers):
    with CaptureQueriesContext(connection) as captured:
        response = getattr(client, method)(path, data or {}, **headers)
    assert response.status_code < 500, response.content[:500]
    return len(captured), response


def test_the_poll_answers_304_while_nothing_changed(client, match):
    client.force_login(match.owner)
    first = client.get(url(match, "live") + "?number=1", **HTMX)
    assert first.status_code == 200 and first["Cache-Control"] == "private, no-cache"
    etag = first["ETag"]
    again = client.get(url(match, "live") + "?number=1", HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert again.status_code == 304 and again.content == b""
    # The other phone enters hand 1: the next poll gets the new score. This phone, where
    # somebody is typing, keeps its form and is told.
    services.record_hand(match=match, number=1, hand=rules.Hand.played(7, 4))
    changed = client.get(url(match, "live") + "?number=1&points_a=5&politaines_a=0",
                         HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert changed.status_code == 200 and changed["ETag"] != etag
    body = changed.content.decode()
    assert 'id="scoreboard"' in body and 'hx-swap-oob="true"' in body
    assert "The hands changed on another phone while you were on hand 1." in body
    assert 'id="entry"' not in body
    assert ">7<" in body


def test_a_phone_where_nobody_types_moves_on_to_the_next_hand(client, match):
    client.force_login(match.owner)
    services.record_hand(match=match, number=1, hand=rules.Hand.played(7, 4))
    body = client.get(url(match, "live") + "?number=1&points_a=&politaines_a=0&politaines_b=0",
                      **HTMX).content.decode()
    assert "another phone" not in body
    assert '<section id="entry"' in body and "Save hand 2" in body
    assert url(match, "live") + "?number=2" in body  # and polls as a phone on hand 2


def test_the_poll_through_the_link_works_without_an_account(client, match):
    response = client.get(link_url(match, "live"), **HTMX)
    assert response.status_code == 200
    assert link_url(match, "live") in response.content.decode()


def test_a_poll_that_is_not_stale_says_nothing(client, match):
    client.force_login(match.owner)
    body = client.get(url(match, "live") + "?number=1", **HTMX).content.decode()
    assert "another phone" not in body


@pytest.mark.parametrize("variant", ["poule", "quadrette"])
def test_query_counts_stay_the_same_for_1_and_60_hands(client, variant):
    counts = {}
    for hands in (1, 60):
        match = long_match(hands, variant)
        client.force_login(match.owner)
        number = match.hand_count + 1
        typed = "tricks_a" if variant == "quadrette" else "points_a"
        measured = {
            "page": queries(client, "get", url(match)),
            "link page": queries(client, "get", link_url(match)),
            "poll": queries(client, "get", url(match, "live") + f"?number={number}", **HTMX),
            "poll 304": queries(client, "get", url(match, "live") + f"?number={number}",
                                HTTP_IF_NONE_MATCH=client.get(
                                    url(match, "live") + f"?number={number}", **HTMX)["ETag"],
                                **HTMX),
            "check": queries(client, "post", url(match, "check"),
                             {"number": number, typed: "4"}, HTTP_HX_TRIGGER_NAME=typed,
                             **HTMX),
            "edit form": queries(client, "get", url(match, "edit_hand", number=1), **HTMX),
            "refused hand": queries(client, "post", url(match, "record"),
                                    {"number": number, typed: "99"}, **HTMX),
            "record": queries(client, "post", url(match, "record"),
                              {"number": number, typed: "3"}, **HTMX),
            "undo": queries(client, "post", url(match, "undo"), {"number": number}, **HTMX),
        }
        assert measured["poll 304"][1].status_code == 304
        assert measured["record"][1].status_code == 200
        counts[hands] = {name: count for name, (count, _) in measured.items()}
    assert counts[1] == counts[60]
    assert counts[60]["poll 304"] <= 3  # session, user, match


def test_the_home_page_query_count_does_not_grow_with_the_matches(client, user):
    client.force_login(user)
    MatchFactory(owner=user)
    few, _ = queries(client, "get", reverse("home"))
    for _ in range(25):
        MatchFactory(owner=user)
    many, response = queries(client, "get", reverse("home"))
    assert few == many
    assert "Page 1 of 2" in response.content.decode()


def test_a_two_phone_conflict_is_said_beside_save_which_waits(client, match):
    """Issue 31, item 10: the keeper scrolled to the form sees the conflict where she is
    about to save, and Save waits until she has seen the current hand."""
    import re

    client.force_login(match.owner)
    services.record_hand(match=match, number=1, hand=rules.Hand.played(7, 4))
    body = client.get(url(match, "live") + "?number=1&points_a=5&politaines_a=0",
                      **HTMX).content.decode()
    conflict = re.search(r'<div id="entry-conflict"[^>]*hx-swap-oob="true"[^>]*>(.*?)</div>',
                         body, re.S)
    assert conflict and 'role="alert"' in conflict.group(1)
    assert "changed on another phone while you were on hand 1" in conflict.group(1)
    save = re.search(r'<button[^>]*id="save-hand"[^>]*>', body).group(0)
    assert "disabled" in save and 'hx-swap-oob="true"' in save
    # The other phone undoes its hand: the form is current again, and Save with it.
    services.undo_last_hand(match=match, by=match.owner)
    body = client.get(url(match, "live") + "?number=1&points_a=5&politaines_a=0",
                      **HTMX).content.decode()
    assert "another phone" not in body
    save = re.search(r'<button[^>]*id="save-hand"[^>]*>', body).group(0)
    assert "disabled" not in save
