"""Odd versions and If-Match on confirm and dispute never answer 500; a token answers for its
own match only, and an old opponents' token is dead everywhere."""

import pytest

from scoring import rules
from scoring import services as scoring
from tests.tournaments.helpers import make_tournament
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(owner):
    tournament = make_tournament(owner, teams=4, public=False)
    round_1 = services.draw_next_round(tournament=tournament)
    matches = [t.match for t in round_1.tables.select_related("match").order_by("number")]
    for m in matches:
        scoring.record_hand(match=m.pk, number=1, hand=rules.Hand.played(11, 0))
    for m in matches:
        m.refresh_from_db()
    return tournament, round_1, matches


ODD = ["-1", "2147483648", "99999999999999999999999", "%D9%A3", "1.0", "1e3", "+1", " 1",
       "0x1", "", "null", "true", "%00", "１"]


@pytest.mark.parametrize("value", ODD)
def test_confirm_odd_version_query(api, finished, value):
    _t, _r, (m, *_rest) = finished
    opp = api.as_token(m.opponents_token)
    r = opp.post(f"/matches/{m.pk}/confirm?version={value}")
    assert r.status_code in (409, 422, 428), (value, r.status_code, r.content[:300])


IFM = ['"match-{pk}-v{v}", "match-{pk}-v{v}"', 'W/"match-{pk}-v{v}"', '*', 'garbage',
       '"match-{pk}-v99999999999"', '"match-{pk}-v{v}" ', '"match-0{pk}-v{v}"',
       '"match-{pk}-v0{v}"', '"match-{pk}-v-1"', '"match-{pk}-v٣"', 'x' * 199,
       '"match-99999999999999999999-v1"']


@pytest.mark.parametrize("value", IFM)
def test_confirm_odd_if_match(api, finished, value, client):
    _t, _r, (m, *_rest) = finished
    header = value.format(pk=m.pk, v=m.version)
    r = client.post(f"/api/v1/matches/{m.pk}/confirm",
                    HTTP_AUTHORIZATION=f"Bearer {m.opponents_token}", HTTP_IF_MATCH=header)
    assert r.status_code in (200, 409, 422, 428), (value, r.status_code, r.content[:300])
    if r.status_code == 200:
        print("ACCEPTED", repr(header))


@pytest.mark.parametrize("body", [{"version": -1}, {"version": 2**31}, {"version": "3"},
                                  {"version": None}, {"version": 1.5}, {"reason": None},
                                  {"reason": "x" * 301, "version": 1}, {"reason": 5},
                                  {"reason": "\x00", "version": 1},
                                  {"reason": "a\u200bb", "version": 1}, {"extra": 1}])
def test_dispute_odd_body(api, finished, body):
    _t, _r, (m, *_rest) = finished
    opp = api.as_token(m.opponents_token)
    r = opp.post(f"/matches/{m.pk}/dispute", body)
    assert r.status_code in (409, 422, 428), (body, r.status_code, r.content[:300])


def test_both_version_and_if_match(api, finished, client):
    _t, _r, (m, *_rest) = finished
    r = client.post(f"/api/v1/matches/{m.pk}/confirm?version={m.version}",
                    HTTP_AUTHORIZATION=f"Bearer {m.opponents_token}",
                    HTTP_IF_MATCH=f'"match-{m.pk}-v{m.version + 1}"')
    assert r.status_code == 422, r.content


def test_opponents_token_of_another_match(api, finished):
    _t, _r, (m1, m2) = finished
    opp = api.as_token(m1.opponents_token)
    for path in (f"/matches/{m2.pk}/confirm?version={m2.version}",):
        r = opp.post(path)
        assert r.status_code == 404, r.content
    r = opp.post(f"/matches/{m2.pk}/dispute", {"version": m2.version})
    assert r.status_code == 404
    # and the opponents' token cannot write hands, nor reissue
    assert opp.post(f"/matches/{m1.pk}/hands", {"number": 2, "points": {"a": 6, "b": 5}}
                    ).status_code in (401, 403, 404)
    assert opp.delete(f"/matches/{m1.pk}/hands/1").status_code in (401, 403, 404)
    assert opp.post(f"/matches/{m1.pk}/opponents-token").status_code == 403
    assert opp.post(f"/matches/{m1.pk}/scorekeeper-token").status_code == 403
    body = opp.get(f"/matches/{m1.pk}").json()
    assert "scorekeeper_token" not in body and "opponents_token" not in body


def test_keeper_token_cannot_answer_nor_reissue(api, finished):
    _t, _r, (m, *_rest) = finished
    keeper = api.as_token(m.scorekeeper_token)
    assert keeper.post(f"/matches/{m.pk}/confirm?version={m.version}").status_code == 403
    assert keeper.post(f"/matches/{m.pk}/dispute", {"version": m.version}).status_code == 403
    assert keeper.post(f"/matches/{m.pk}/opponents-token").status_code == 403
    body = keeper.get(f"/matches/{m.pk}").json()
    assert "opponents_token" not in body


def test_old_opponents_token_dead_everywhere(api, finished, client):
    _t, _r, (m, *_rest) = finished
    old = m.opponents_token
    r = api.post(f"/matches/{m.pk}/opponents-token")
    assert r.status_code == 200 and r.json()["opponents_token"] != old
    opp = api.as_token(old)
    assert opp.get(f"/matches/{m.pk}").status_code in (401, 404)
    assert opp.post(f"/matches/{m.pk}/confirm?version={r.json()['version']}").status_code == 401
    for path in ("", "live/"):
        assert client.get(f"/o/{old}/{path}").status_code == 404
    assert client.post(f"/o/{old}/confirm/", {"version": r.json()["version"]}).status_code == 404
