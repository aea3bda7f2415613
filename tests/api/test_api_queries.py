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
def test_a_hand_costs_the_same_few_queries_and_bytes_whatever_the_match_length(
        api, to_999, count_queries, played):
    """The hand is checked against the match's row and steps it: no hand is read, and the
    answer is the hand and the summary, the same size on hand 71 as on hand 1 (but for the
    numbers' digits)."""
    long_match(to_999["id"], played)
    with count_queries() as queries:
        response = api.post(f"/matches/{to_999['id']}/hands",
                            {"number": played + 1, "points": {"a": 6, "b": 5}})
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["hand"]["number"] == played + 1 and body["match"]["next_hand"] == played + 2
    assert body["hand"]["score"] == body["match"]["score"]
    assert len(queries) <= API_HAND_POST_QUERIES, f"{len(queries)} queries:\n{queries!r}"
    assert not any('"scoring_hand"' in sql and sql.startswith("SELECT")
                   for sql in queries.sql), f"{len(queries)} queries:\n{queries!r}"
    assert len(response.content) <= FIRST_HAND_BYTES + DIGITS


# The answer to hand 1 of a match to 999, and what the numbers' digits add by hand 71.
FIRST_HAND_BYTES = 520
DIGITS = 24


def test_a_resent_hand_reads_that_hand_alone(api, to_999, count_queries):
    """A retry of a hand stored long ago is answered with that hand: one more read, of it."""
    long_match(to_999["id"], 70)
    with count_queries() as queries:
        response = api.post(f"/matches/{to_999['id']}/hands",
                            {"number": 3, "points": {"a": 6, "b": 5}})
    assert response.status_code == 200, response.content
    assert response.json()["hand"] == {"number": 3, "dealer": "S", "kind": "played",
                                       "points": {"a": 6, "b": 5},
                                       "politaines": {"a": 0, "b": 0},
                                       "score": {"a": 17, "b": 16}}
    assert len(queries) <= API_HAND_POST_QUERIES + 1, f"{len(queries)} queries:\n{queries!r}"


def test_the_hands_after_one_are_read_alone_with_their_running_totals(api, to_999,
                                                                     count_queries):
    long_match(to_999["id"], 70)
    whole = api.get(f"/matches/{to_999['id']}").json()
    with count_queries() as queries:
        tail = api.get(f"/matches/{to_999['id']}?hands_after=68").json()
    assert tail["hands"] == whole["hands"][68:] and len(tail["hands"]) == 2
    assert {k: v for k, v in tail.items() if k != "hands"} == {
        k: v for k, v in whole.items() if k != "hands"}
    assert api.get(f"/matches/{to_999['id']}?hands_after=70").json()["hands"] == []
    assert api.get(f"/matches/{to_999['id']}?hands_after=-1").status_code == 422
    assert len(queries) <= 4, f"{len(queries)} queries:\n{queries!r}"


def test_hands_read_after_a_write_that_came_between_give_their_own_running_totals(to_999):
    """The row read before another phone's hand, the hands after it: the totals are the
    hands' own (replayed), never the row's score shifted onto the wrong hands."""
    from scoring.selectors import lines_after, match_with_hands

    long_match(to_999["id"], 3)
    before = match_with_hands(to_999["id"], after=2)
    list(before.hands.all())  # read as of hand 3
    services.record_hand(match=to_999["id"], number=4, hand=rules.Hand.played(1, 10))
    stale_row = Match.objects.get(pk=to_999["id"])
    stale_row.score_a, stale_row.score_b, stale_row.hand_count = (17, 16, 3)
    fresh = match_with_hands(to_999["id"], after=2)
    fresh.score_a, fresh.score_b, fresh.hand_count = (17, 16, 3)  # the row as read before
    lines = lines_after(fresh, 2)
    assert [(line.number, tuple(line.score)) for line in lines] == [(3, (17, 16)),
                                                                    (4, (18, 26))]


def test_a_long_prefer_header_is_no_reason_to_refuse_a_hand(api, to_999):
    response = api.post(f"/matches/{to_999['id']}/hands",
                        {"number": 1, "points": {"a": 6, "b": 5}},
                        prefer="respond-async, " * 40 + "return=minimal")
    assert response.status_code == 201 and "hand" in response.json()


def test_the_hands_after_one_of_a_result_from_paper_are_the_kept_hands_own(api, to_999):
    from scoring import paper

    long_match(to_999["id"], 3)
    paper.enter_paper_result(match=to_999["id"], by=None, score_a=1000, score_b=100,
                             finish_reason="target")
    tail = api.get(f"/matches/{to_999['id']}?hands_after=2").json()["hands"]
    assert [(hand["number"], hand["score"]) for hand in tail] == [(3, {"a": 17, "b": 16})]
