"""Many clients posting the same hand at once: one 201, every other 409, one row."""

import json
import threading

import pytest
from django.db import connection
from django.test import Client

from accounts.services import issue_token
from scoring.models import Hand
from tests.factories import MatchFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_concurrent_posts_of_the_same_hand_store_it_once():
    owner = UserFactory()
    match = MatchFactory(owner=owner)
    tokens = [issue_token(user=owner) for _ in range(3)] + [match.scorekeeper_token] * 3
    barrier = threading.Barrier(len(tokens))
    statuses, lock = [], threading.Lock()

    def post(token, points):
        try:
            client = Client()
            barrier.wait()
            response = client.post(
                f"/api/v1/matches/{match.pk}/hands",
                json.dumps({"number": 1, "points": {"a": points, "b": 11 - points}}),
                content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {token}",
            )
            status = response.status_code
        finally:
            connection.close()
        with lock:
            statuses.append(status)

    threads = [threading.Thread(target=post, args=(token, i)) for i, token in enumerate(tokens)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(statuses) == [201] + [409] * (len(tokens) - 1)
    assert Hand.objects.filter(match=match).count() == 1
    match.refresh_from_db()
    hand = Hand.objects.get(match=match)
    assert (match.score_a, match.score_b, match.hand_count) == (hand.points_a, hand.points_b, 1)
