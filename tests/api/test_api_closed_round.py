"""A closed round or tournament refuses the keeper's writes and the opponents' answers through
every way in, and the opponents' page takes odd versions without a 500."""

import pytest
from django.urls import reverse

from tests.factories import seen_version
from tests.tournaments.helpers import make_tournament, play_round
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed_round(owner):
    tournament = make_tournament(owner, teams=4, public=False)
    round_1 = services.draw_next_round(tournament=tournament)
    play_round(round_1)
    services.draw_next_round(tournament=tournament)
    match = round_1.tables.select_related("match").get(number=1).match
    match.refresh_from_db()
    return tournament, match


def test_keeper_token_cannot_write_a_closed_round(api, closed_round, client):
    _t, m = closed_round
    keeper = api.as_token(m.scorekeeper_token)
    last = m.hands.order_by("number").last()
    # resend of the last hand: 200
    r = keeper.post(f"/matches/{m.pk}/hands", {"number": last.number,
                                                "points": {"a": last.points_a, "b": last.points_b}})
    assert r.status_code == 200, r.content
    assert keeper.put(f"/matches/{m.pk}/hands/{last.number}",
                      {"points": {"a": last.points_b, "b": last.points_a}}).status_code == 409
    assert keeper.delete(f"/matches/{m.pk}/hands/{last.number}").status_code == 409
    r = client.post(reverse("link:send", kwargs={"token": m.scorekeeper_token}),
                    {"number": last.number, "points_a": last.points_b,
                     "points_b": last.points_a, "correct": "1"})
    assert r.status_code == 409, r.content
    r = client.post(reverse("link:send", kwargs={"token": m.scorekeeper_token}),
                    {"number": last.number + 1, "points_a": 6, "points_b": 5})
    assert r.status_code == 409, r.content
    m.refresh_from_db()
    assert m.hands.count() == last.number


def test_opponents_refused_on_a_closed_round(api, closed_round, client):
    _t, m = closed_round
    opp = api.as_token(m.opponents_token)
    r = opp.post(f"/matches/{m.pk}/confirm?version={m.version}")
    assert r.status_code == 409 and r.json()["code"] == "round_closed"
    r = opp.post(f"/matches/{m.pk}/dispute", {"version": m.version})
    assert r.status_code == 409 and r.json()["code"] == "round_closed"
    r = client.post(f"/o/{m.opponents_token}/dispute/", {"version": m.version})
    assert r.status_code == 409
    r = client.post(f"/o/{m.opponents_token}/confirm/", {"version": "٣"})
    assert r.status_code == 409


def test_the_opponents_page_takes_odd_versions_without_a_500(owner, client):
    tournament = make_tournament(owner, teams=4, public=False)
    round_1 = services.draw_next_round(tournament=tournament)
    play_round(round_1)
    m = round_1.tables.select_related("match").get(number=1).match
    for v in ["٣", "-1", "1" * 11, "", "1 ", "\x00", "9" * 10]:
        r = client.post(f"/o/{m.opponents_token}/confirm/", {"version": v})
        assert r.status_code == 409, (v, r.status_code)
        r = client.post(f"/o/{m.opponents_token}/dispute/", {"version": v, "reason": "x"})
        assert r.status_code == 409, (v, r.status_code)
    r = client.post(f"/o/{m.opponents_token}/dispute/", {"version": seen_version(m),
                                                        "reason": "\x00"})
    assert r.status_code == 422
    r = client.post(f"/o/{m.opponents_token}/dispute/", {"version": seen_version(m),
                                                        "reason": "x" * 5000})
    assert r.status_code == 422
