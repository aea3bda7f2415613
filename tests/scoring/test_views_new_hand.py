"""A hand saved from a phone that showed every other hand answers with only what it changes
in the history: its row, the undo button and the chart (scoring/views/table.py). Anything
else (another phone wrote meanwhile, an old form) gets the whole history; the first hand
opens the empty history."""

import re

import pytest

from scoring import rules, services
from tests.conftest import HTMX, link_url, url

pytestmark = pytest.mark.django_db
LEVEL = (rules.Hand.played(6, 5), rules.Hand.played(5, 6))


def play(match, count):
    for number in range(1, count + 1):
        services.record_hand(match=match.pk, number=number, hand=LEVEL[number % 2])
    match.refresh_from_db()


def seen_in(body: str) -> str:
    return re.search(r'name="seen" value="(\d+)"', body).group(1)


def save(client, match, number, seen, name="record", **points):
    data = {"number": number, "points_a": 7, "points_b": 4, **points}
    if seen is not None:
        data["seen"] = seen
    response = client.post(link_url(match, name), data, **HTMX)
    assert response.status_code == 200
    return response.content.decode()


def test_a_hand_saved_from_an_up_to_date_phone_adds_one_row(client, match):
    play(match, 3)
    page = client.get(link_url(match)).content.decode()
    body = save(client, match, 4, seen_in(page))
    assert '<template><tbody hx-swap-oob="beforeend:#history tbody">' in body
    assert body.count("<tr") == 1 and 'id="hand-4"' in body and "23–21" in body
    assert 'id="history"' not in body  # the other rows are not sent again
    assert re.search(r'<form[^>]*id="undo"[^>]*hx-swap-oob="true"', body)
    assert "Undo hand 4" in body
    # The chart's two new segments, added to it as drawn; the chart itself is not sent.
    assert '<g hx-swap-oob="beforeend:#chart-lines">' in body and 'id="chart"' not in body
    assert body.count("<polyline") == 2
    # The scoreboard, the message and the next hand's form, as after any save.
    for part in ('id="scoreboard"', 'id="flash"', 'id="entry"', "Hand 4 saved", "Save hand 5"):
        assert part in body
    # ... and the form carries the version it was drawn at, for the next save.
    match.refresh_from_db()
    assert seen_in(body) == str(match.version)
    again = save(client, match, 5, seen_in(body), points_a=6, points_b=5)
    assert 'id="hand-5"' in again and 'id="history"' not in again


def test_after_a_write_from_another_phone_the_whole_history_comes_back(client, match):
    play(match, 3)
    seen = seen_in(client.get(link_url(match)).content.decode())
    # Another phone undoes hand 3 and enters it again, otherwise, before this one saves 4.
    services.undo_last_hand(match=match.pk, number=3)
    services.record_hand(match=match.pk, number=3, hand=rules.Hand.played(11, 0))
    body = save(client, match, 4, seen)
    assert 'id="history"' in body and "beforeend" not in body
    assert body.count('<tr id="hand-') == 4  # hand 3 as it is now, with the others


@pytest.mark.parametrize("seen", [None, "", "x", "999999"])
def test_a_form_without_its_version_gets_the_whole_history(client, match, seen):
    play(match, 2)
    body = save(client, match, 3, seen)
    assert 'id="history"' in body and body.count('<tr id="hand-') == 3


def test_the_first_hand_opens_the_empty_history_without_drawing_it(client, match,
                                                                     count_queries):
    seen = seen_in(client.get(link_url(match)).content.decode())
    with count_queries() as queries:
        body = save(client, match, 1, seen)
    assert 'id="history"' not in body and body.count('<tr id="hand-1"') == 2  # table, tbody
    # The hidden table and hint swapped for shown ones, only while they are hidden; the undo
    # button and the chart in place of "No hand yet", which goes.
    # Each in place of the hidden one, only while hidden (static/js/history-rows.js), which
    # also takes "No hand yet" out.
    assert 'hx-swap-oob="outerHTML:#history > table.history"' in body
    assert 'hx-swap-oob="outerHTML:#history > p.hint"' in body
    assert '<div hx-swap-oob="afterend:#history > table.history">' in body
    assert "Undo hand 1" in body and 'id="chart"' in body
    # Nothing of the history comes hidden (the scoreboard's line for hands kept offline does:
    # the phone shows it while some wait).
    history = body[body.index('hx-swap-oob="outerHTML:#history > table.history"'):]
    assert " hidden" not in history.replace('id="pending" hidden', "")
    # The match read, its lock, the hand, the match's row: the changes are not read.
    assert len(queries) == 4, queries


def test_a_first_hand_after_an_undone_one_leaves_the_changes_as_they_are(client, match):
    play(match, 1)
    services.undo_last_hand(match=match.pk, number=1)
    page = client.get(link_url(match)).content.decode()
    assert "Hand 1 undone by" in page and 'id="no-hand-yet"' in page
    body = save(client, match, 1, seen_in(page))
    assert 'id="history"' not in body and "undone by" not in body
    assert 'hx-swap-oob="outerHTML:#history > table.history"' in body


def test_the_hand_that_ends_the_match_is_one_row_too(keeper_client, match):
    match.target = 11
    match.save()
    play(match, 1)
    seen = seen_in(keeper_client.get(url(match)).content.decode())
    response = keeper_client.post(url(match, "record"), {
        "number": 2, "points_a": 11, "points_b": 0, "seen": seen}, **HTMX)
    body = response.content.decode()
    assert 'id="hand-2"' in body and 'id="history"' not in body
    assert "The match is over" in body and "End of the match" in body


def test_one_row_costs_the_same_queries_on_a_long_match(client, match, count_queries):
    match.target = 999  # level hands: it goes on
    match.save()
    with count_queries():  # the last write's state kept, as after a real commit
        play(match, 70)
    seen = seen_in(client.get(link_url(match)).content.decode())
    with count_queries() as queries:
        body = save(client, match, 71, seen, points_a=6, points_b=5)
    # The match read, its lock, the hand, the match's row: no hand read, no change listed.
    assert len(queries) == 4, queries
    assert 'id="hand-71"' in body


@pytest.fixture
def keeper_client(client, match):
    client.force_login(match.owner)
    return client


def test_a_save_after_a_refused_form_redraws_a_history_the_refusal_did_not(client, match):
    """Phone A shows hands 1-3; phone B corrects hand 1. Phone A saves hand 4 with points
    that do not add up: the refusal redraws only the form, which now carries the match's
    current version. The keeper fixes the points and saves: the answer still redraws the
    whole history, or phone A would keep the old hand 1 (and no poll would repair it)."""
    play(match, 3)
    page = client.get(link_url(match)).content.decode()
    services.correct_hand(match=match.pk, number=1, hand=rules.Hand.played(11, 0))
    refused = client.post(link_url(match, "record"), {
        "number": 4, "points_a": 7, "points_b": 7, "seen": seen_in(page)}, **HTMX)
    assert refused.status_code == 422
    assert 'id="history"' not in refused.content.decode()
    body = save(client, match, 4, seen_in(refused.content.decode()))
    assert 'id="history"' in body and 'id="hand-1"' in body


def test_the_hand_that_ends_a_tournament_leaves_the_link_no_undo_or_correction(client):
    """The hand that ends a tournament's final, saved through the table's link: from then on
    the link may only look, in the answer as on a reload (no Undo, no ✎)."""
    from tests.factories import UserFactory
    from tests.tournaments.helpers import make_tournament
    from tournaments import services as tournaments

    tournament = make_tournament(UserFactory(), teams=2, format="knockout", target=11)
    final = tournaments.draw_next_round(tournament=tournament).tables.get().match
    services.record_hand(match=final.pk, number=1, hand=rules.Hand.played(6, 5))
    final.refresh_from_db()
    page = client.get(link_url(final)).content.decode()
    assert "Undo hand 1" in page
    body = save(client, final, 2, seen_in(page), points_a=6, points_b=5)
    assert "The tournament is over" in body
    assert 'id="undo-button"' not in body
    reloaded = client.get(link_url(final)).content.decode()
    assert 'id="undo-button"' not in reloaded and 'id="correct-hand-1"' not in reloaded
