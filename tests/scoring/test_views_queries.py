"""What a hand saved from the score keeper's page costs the database, and a phone's poll:
the same few queries for a new match and one of 70 hands (issue 13)."""

import pytest

from scoring import rules, services
from tests.conftest import HTMX, link_url, url
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

HTMX_HAND_POST_QUERIES = 6
# A signed-in keeper's session, read from the database (config/settings: never from the
# cache, so that a logout holds when Redis drops).
SESSION_QUERIES = 1


@pytest.fixture
def to_999(user):
    return MatchFactory(owner=user, target=999)


def play_level_hands(match, hands: int) -> None:
    for number in range(1, hands + 1):
        points = (6, 5) if number % 2 else (5, 6)
        services.record_hand(match=match.pk, number=number, hand=rules.Hand.played(*points))
    match.refresh_from_db()


@pytest.mark.parametrize("played", [0, 1, 70])
@pytest.mark.parametrize("way_in", ["owner", "link"])
def test_a_hand_saved_from_the_page_costs_the_same_few_queries(
        client, to_999, count_queries, django_capture_on_commit_callbacks, played,
        way_in):
    with django_capture_on_commit_callbacks(execute=True):  # as after each real commit
        play_level_hands(to_999, played)
    if way_in == "owner":
        client.force_login(to_999.owner)
        address = url(to_999, "record")
    else:
        address = link_url(to_999, "record")
    to_999.refresh_from_db()
    with count_queries() as queries:  # from a phone that shows every hand so far
        response = client.post(address, {"number": played + 1, "points_a": 7, "points_b": 4,
                                         "seen": to_999.version}, **HTMX)
    assert response.status_code == 200
    body = response.content.decode()
    assert f"Hand {played + 1} saved" in body and f"Save hand {played + 2}" in body
    assert f'id="hand-{played + 1}"' in body and body.count('<tr id="hand-') <= 2
    most = HTMX_HAND_POST_QUERIES + (SESSION_QUERIES if way_in == "owner" else 0)
    assert len(queries) <= most, f"{len(queries)} queries:\n{queries!r}"
    assert not any('"scoring_hand"' in sql and sql.startswith("SELECT")
                   for sql in queries.sql), f"{len(queries)} queries:\n{queries!r}"


def test_a_page_post_answers_the_same_size_on_hand_2_and_on_hand_70(client, to_999):
    """One row, the chart's two new segments, the scoreboard and the next hand's form: the
    answer does not grow with the match (but for the numbers' digits)."""
    sizes = {}
    for played in range(70):
        to_999.refresh_from_db()
        response = client.post(link_url(to_999, "record"), {
            "number": played + 1, "points_a": 6 if played % 2 else 5,
            "points_b": 5 if played % 2 else 6, "seen": to_999.version}, **HTMX)
        sizes[played + 1] = len(response.content)
    assert sizes[70] - sizes[2] <= 200, sizes
    # A hand that takes the chart to its next span (11, 21, 41) draws it again, once.
    assert sizes[11] > sizes[10] + 500 and sizes[12] - sizes[2] <= 200


@pytest.mark.parametrize("played", [0, 70])
def test_a_poll_with_nothing_new_costs_one_small_query(client, to_999, count_queries,
                                                       played):
    play_level_hands(to_999, played)
    address = link_url(to_999, "live") + f"?number={played + 1}"
    etag = client.get(address, **HTMX)["ETag"]
    with count_queries() as queries:
        response = client.get(address, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert response.status_code == 304
    assert len(queries) <= 1, f"{len(queries)} queries:\n{queries!r}"
    # The one query reads the match's version, not its teams, seats and tables.
    assert all("JOIN" not in sql for sql in queries.sql), f"{len(queries)} queries:\n{queries!r}"


def _poll_after(client, match, *, then):
    """A phone's poll, drawn at the match's version now, after `then` wrote to it."""
    return client.get(_poll_address(match, then=then), **HTMX)


def _poll_address(match, *, then) -> str:
    """A phone's poll address, drawn at the match's version now; then `then` writes."""
    match.refresh_from_db()
    address = link_url(match, "live") + f"?number={match.hand_count + 1}&shown={match.version}"
    then()
    return address


@pytest.mark.parametrize("played", [1, 70])
def test_a_poll_after_another_phones_hand_brings_its_row_alone(client, to_999,
                                                                count_queries, played):
    play_level_hands(to_999, played)
    address = _poll_address(to_999, then=lambda: play_level_hands_from(to_999, played + 1, 1))
    with count_queries() as queries:
        response = client.get(address, **HTMX)
    body = response.content.decode()
    assert f'id="hand-{played + 1}"' in body and body.count('<tr id="hand-') == 1
    assert 'id="history"' not in body  # the history as shown stays; the row is added to it
    # The match with its teams and seats, its table, the new hand: not the others, nor
    # the changes.
    assert not any("scoring_handrevision" in sql for sql in queries.sql), queries.sql
    assert len(queries) <= 3, f"{len(queries)} queries:\n{queries!r}"
    assert sum('"scoring_hand"' in sql for sql in queries.sql) == 1


def play_level_hands_from(match, first: int, hands: int) -> None:
    for number in range(first, first + hands):
        points = (6, 5) if number % 2 else (5, 6)
        services.record_hand(match=match.pk, number=number, hand=rules.Hand.played(*points))


def test_a_poll_after_one_new_hand_answers_the_same_size_on_hand_2_and_on_hand_70(
        client, to_999):
    sizes = {}
    for played in range(70):
        response = _poll_after(client, to_999, then=lambda n=played: play_level_hands_from(
            to_999, n + 1, 1))
        sizes[played + 1] = len(response.content)
    assert sizes[70] - sizes[2] <= 200, sizes


def test_a_poll_after_several_new_hands_adds_their_rows_in_order(client, to_999):
    play_level_hands(to_999, 4)
    body = _poll_after(client, to_999, then=lambda: play_level_hands_from(
        to_999, 5, 3)).content.decode()
    assert [body.index(f'<tr id="hand-{n}"') for n in (5, 6, 7)] == sorted(
        body.index(f'<tr id="hand-{n}"') for n in (5, 6, 7))
    assert body.count('<tr id="hand-') == 3 and 'id="history"' not in body


@pytest.mark.parametrize("change", ["correction", "undo", "redeal", "opponents link"])
def test_a_poll_after_any_other_change_draws_the_whole_history(client, to_999, change):
    play_level_hands(to_999, 3)
    writes = {
        "correction": lambda: services.correct_hand(match=to_999.pk, number=1,
                                                    hand=rules.Hand.played(8, 3)),
        "undo": lambda: services.undo_last_hand(match=to_999.pk, number=4),
        "redeal": lambda: services.note_redeal(match=to_999.pk),
        "opponents link": lambda: services.reissue_opponents_token(match=to_999.pk),
    }

    def then():  # a hand added, then the change (or the change, then a hand)
        play_level_hands_from(to_999, 4, 1)
        writes[change]()
    body = _poll_after(client, to_999, then=then).content.decode()
    assert 'id="history"' in body and '<tr id="hand-1"' in body


def test_a_poll_from_a_phone_that_showed_no_hand_opens_the_history(client, to_999):
    body = _poll_after(client, to_999, then=lambda: play_level_hands_from(
        to_999, 1, 2)).content.decode()
    assert '<tr id="hand-1"' in body and '<tr id="hand-2"' in body and 'id="undo"' in body


def test_a_poll_after_a_team_renamed_then_a_hand_draws_the_history_with_the_new_name(
        client, to_999):
    play_level_hands(to_999, 2)

    def renamed_then_a_hand():
        team = to_999.team_a
        team.name = "Les Renommés"
        team.save()
        services.team_changed(team=team)
        play_level_hands_from(to_999, 3, 1)
    body = _poll_after(client, to_999, then=renamed_then_a_hand).content.decode()
    assert 'id="history"' in body and body.count("Les Renommés") >= 2


def test_a_poll_that_reads_the_hands_after_an_undo_draws_the_history(client, to_999):
    """The match read with a new hand, its hands read after it was undone: no row to add,
    the history drawn as it stands (never a failure)."""
    from unittest import mock

    from scoring import selectors

    play_level_hands(to_999, 3)
    address = _poll_address(to_999, then=lambda: play_level_hands_from(to_999, 4, 1))

    def undone_meanwhile(match, after):
        services.undo_last_hand(match=match.pk, number=4)
        return selectors.new_lines(match, after)
    with mock.patch("scoring.views.table.new_lines", undone_meanwhile):
        response = client.get(address, **HTMX)
    assert response.status_code == 200 and 'id="history"' in response.content.decode()
