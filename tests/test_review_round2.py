"""Outside review, round 2: failures found in three changes of issue 13 (one history row
after a save, the visitors' public page kept whole, the API's hand-write answers), each
fixed; tests/e2e/test_review_round2.py has the two seen in a browser."""

import pytest

from scoring import rules, services
from tests.conftest import HTMX, link_url
from tests.scoring.test_views_new_hand import play as _play
from tests.scoring.test_views_new_hand import seen_in as _seen
from tests.test_several_servers import two_servers  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


# --- 1. One history row instead of the whole history ---------------------------------------


def test_a_refused_form_does_not_vouch_for_a_history_it_did_not_redraw(client, match):
    """Phone A shows hands 1-3; phone B corrects hand 1 (11-0 instead of 5-6). Before phone
    A's poll comes back, its keeper taps "Save hand 4" with the points left wrong (7 and 7):
    the 422 answer redraws only the entry form, and that form now carries the match's current
    version in `seen`. The keeper fixes the points and saves: the answer adds one row, so
    phone A keeps showing hand 1 as 5-6 and the old running scores in rows 1-3 although the
    scoreboard says otherwise; and since the scoreboard's poll ETag is now current, no poll
    ever repairs it (until a reload). The answer should carry the whole history."""
    _play(match, 3)
    page = client.get(link_url(match)).content.decode()
    services.correct_hand(match=match.pk, number=1, hand=rules.Hand.played(11, 0))
    refused = client.post(link_url(match, "record"), {
        "number": 4, "points_a": 7, "points_b": 7, "seen": _seen(page)}, **HTMX)
    assert refused.status_code == 422
    assert 'id="history"' not in refused.content.decode()  # the history was not redrawn
    saved = client.post(link_url(match, "record"), {
        "number": 4, "points_a": 7, "points_b": 4,
        "seen": _seen(refused.content.decode())}, **HTMX)
    assert saved.status_code == 200
    body = saved.content.decode()
    # Phone A's history still says hand 1 was 5-6: the answer must redraw it.
    assert 'id="history"' in body and 'id="hand-1"' in body, \
        "only hand 4's row came back: hand 1 stays 5–6 on this phone"


def test_the_hand_that_ends_a_tournament_leaves_undo_and_correct_buttons_on_the_link(client):
    """The final of a tournament, kept through the table's link: the hand that ends it ends
    the tournament, after which the link may only look (results are final). The whole page
    (a reload, or any other answer) then has no Undo button and no ✎ beside the hands; the
    one-row answer swaps in an "Undo hand 2" button anyway, leaves hand 1's ✎ and gives the
    new row one cell fewer than the others. Pressing them only earns a refusal."""
    from tests.factories import UserFactory
    from tests.tournaments.helpers import make_tournament
    from tournaments import services as tournaments

    tournament = make_tournament(UserFactory(), teams=2, format="knockout", target=11)
    final = tournaments.draw_next_round(tournament=tournament).tables.get().match
    services.record_hand(match=final.pk, number=1, hand=rules.Hand.played(6, 5))
    final.refresh_from_db()
    page = client.get(link_url(final)).content.decode()
    assert "Undo hand 1" in page
    body = client.post(link_url(final, "record"), {
        "number": 2, "points_a": 6, "points_b": 5, "seen": _seen(page)}, **HTMX
    ).content.decode()
    assert "The tournament is over" in body  # the entry says the link may only look now
    reloaded = client.get(link_url(final)).content.decode()
    assert 'id="undo-button"' not in reloaded and 'id="correct-hand-1"' not in reloaded
    assert 'id="undo-button"' not in body, "an Undo button the link may not use"


# --- 2. The public page's live part kept for visitors --------------------------------------------


def test_two_servers_sharing_redis_give_each_visitor_their_own_path(
        two_servers):  # noqa: F811
    """Two app servers behind one proxy, one Redis (README, Deploying; needs PostgreSQL and
    Redis like tests/test_several_servers.py). A visitor's first look at the standings goes
    to server 1, which keeps the page's live part; the next visitor lands on server 2 and
    gets a page with their own path in its language form, nothing of the first visitor's."""
    import httpx
    from django.urls import reverse

    from tests.factories import UserFactory
    from tests.tournaments.helpers import make_tournament
    from tournaments import services as tournaments

    (first, second), _redis, _prefix = two_servers
    tournament = make_tournament(UserFactory(), teams=4)
    tournaments.draw_next_round(tournament=tournament)
    page = reverse("public_standings", args=[tournament.pk])
    assert httpx.get(first.url + page + "?from=qr").status_code == 200
    html = httpx.get(second.url + page).text
    assert f'name="next" type="hidden" value="{page}"' in html and "from=qr" not in html


# --- 3. The API's answer to hand writes -----------------------------------------------------


def test_a_hand_posts_answer_is_not_the_text_get_gives(client):
    """Cosmetic: the answer to a hand write has the same values as GET /matches/{id}, but
    not the same JSON text: for a keeper "scorekeeper_token", "url" and "opponents_token"
    come last instead of in MatchOut's order, and a quadrette hand says "tricks" before
    "points". A client that compares bodies, or hashes them to see whether anything
    changed (a cache, an ETag of its own), sees a change where there is none."""
    import json

    from accounts.services import issue_token
    from tests.api.conftest import ApiClient
    from tests.factories import UserFactory

    api = ApiClient(client, issue_token(user=UserFactory()))
    created = api.post("/matches", {"variant": "quadrette", "team_a": {"name": "Nous"},
                                    "team_b": {"name": "Eux"}}).json()
    posted = api.post(f"/matches/{created['id']}/hands",
                      {"number": 1, "tricks": {"a": 4, "b": 2}})
    assert posted.status_code == 201
    read = api.get(f"/matches/{created['id']}")
    assert posted.json() == read.json()  # the same values...
    assert list(json.loads(posted.content)) == list(json.loads(read.content))
    assert list(posted.json()["hands"][0]) == list(read.json()["hands"][0])
    assert posted.content == read.content  # ... and the same text
