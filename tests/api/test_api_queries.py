"""What a hand posted through the API costs the database: a few queries, the same for a
new match and one of 70 hands (issue 13)."""

import pytest

from scoring import rules, services
from scoring.models import Match

pytestmark = pytest.mark.django_db

API_HAND_POST_QUERIES = 5


def long_match(match_id: int, hands: int) -> None:
    """`hands` level hands of La Politaine to 999: the match goes on."""
    for number in range(1, hands + 1):
        points = (6, 5) if number % 2 else (5, 6)
        services.record_hand(match=match_id, number=number, hand=rules.Hand.played(*points))


@pytest.fixture
def to_999(api):
    response = api.post("/matches", {
        "variant": "politaine", "target": 999, "first_dealer": "N",
        "team_a": {"name": "Les Bleus", "players": ["Anne", "Marc"]},
        "team_b": {"name": "Les Rouges", "players": ["Luc", "Julie"]},
    })
    return response.json()


@pytest.mark.parametrize("played", [0, 1, 70])
def test_a_hand_costs_the_same_few_queries_whatever_the_match_length(
        api, to_999, count_queries, django_capture_on_commit_callbacks, played):
    with django_capture_on_commit_callbacks(execute=True):  # as after each real commit
        long_match(to_999["id"], played)
    with count_queries() as queries:
        response = api.post(f"/matches/{to_999['id']}/hands",
                            {"number": played + 1, "points": {"a": 6, "b": 5}})
    assert response.status_code == 201, response.content
    body = response.json()
    assert len(body["hands"]) == played + 1 and body["next_hand"] == played + 2
    assert body["hands"][-1]["score"] == body["score"]
    assert len(queries) <= API_HAND_POST_QUERIES, f"{len(queries)} queries:\n{queries!r}"


def test_the_next_post_reads_no_hand(api, to_999, count_queries,
                                     django_capture_on_commit_callbacks):
    """After a post, the next one steps the state it left (the shared cache) instead of
    reading and replaying the match's hands."""
    long_match(to_999["id"], 3)
    with django_capture_on_commit_callbacks(execute=True):
        api.post(f"/matches/{to_999['id']}/hands", {"number": 4, "points": {"a": 6, "b": 5}})
    with count_queries() as queries:
        response = api.post(f"/matches/{to_999['id']}/hands",
                            {"number": 5, "points": {"a": 6, "b": 5}})
    assert response.json()["score"] == {"a": 29, "b": 26}
    assert response.json()["hands"][3]["score"] == {"a": 23, "b": 21}
    assert not any('"scoring_hand"' in sql and sql.startswith("SELECT")
                   for sql in queries.sql), f"{len(queries)} queries:\n{queries!r}"
    match = Match.objects.get(pk=to_999["id"])
    assert (match.score_a, match.score_b, match.hand_count) == (29, 26, 5)


def test_without_the_kept_state_a_post_costs_one_read_of_the_hands(api, to_999,
                                                                   count_queries):
    """A server that kept no state for the match (just started, or the cache emptied)
    replays its hands once; the answer is the same."""
    long_match(to_999["id"], 70)
    with count_queries() as queries:
        response = api.post(f"/matches/{to_999['id']}/hands",
                            {"number": 71, "points": {"a": 6, "b": 5}})
    assert response.json()["score"] == {"a": 391, "b": 390}
    assert len(queries) <= API_HAND_POST_QUERIES + 1, f"{len(queries)} queries:\n{queries!r}"
