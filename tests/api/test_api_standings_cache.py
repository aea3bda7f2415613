"""The standings through the API, computed once per version of the standings and kept in
the shared cache, as the public pages are (issue 13)."""

import pytest
from django.core.cache import cache

from scoring import rules
from scoring import services as scoring
from scoring.models import Match
from tests.api.conftest import ApiClient
from tests.tournaments.helpers import finish, make_tournament, play_rounds
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss(owner):
    tournament = make_tournament(owner, teams=16, swiss_rounds=4)
    play_rounds(tournament, 2)
    return tournament


def test_the_standings_are_computed_once_per_version_and_answered_304(
        client, swiss, count_queries):
    anyone = ApiClient(client)
    address = f"/tournaments/{swiss.pk}/standings"
    first = anyone.get(address)
    assert first.status_code == 200 and len(first.json()["standings"]) == 16
    with count_queries() as queries:
        again = anyone.get(address)
    assert again.json() == first.json()
    # The tournament and the version of its standings; nothing of its tables or teams.
    assert len(queries) <= 2, f"{len(queries)} queries:\n{queries!r}"
    assert not any("tournaments_entry" in sql for sql in queries.sql), repr(queries)
    unchanged = client.get("/api/v1" + address, HTTP_IF_NONE_MATCH=first["ETag"])
    assert unchanged.status_code == 304


def test_the_cached_standings_change_when_a_match_ends(client, swiss):
    anyone = ApiClient(client)
    address = f"/tournaments/{swiss.pk}/standings"
    before = anyone.get(address)
    round_3 = services.draw_next_round(tournament=swiss)
    table = round_3.tables.select_related("match").order_by("number").first()
    assert anyone.get(address).json() == before.json()  # nothing finished yet
    finish(table.match, winner="b")
    after = anyone.get(address)
    assert after["ETag"] != before["ETag"]
    wins = {row["team"]["id"]: row["wins"] for row in after.json()["standings"]}
    wins_before = {row["team"]["id"]: row["wins"] for row in before.json()["standings"]}
    assert wins[table.entry_b_id] == wins_before[table.entry_b_id] + 1
    assert wins[table.entry_a_id] == wins_before[table.entry_a_id]
    assert client.get("/api/v1" + address,
                      HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 200


def test_the_standings_change_when_one_match_stops_counting_and_another_starts(client,
                                                                                organizer):
    """Two changes that leave as many finished matches and the same sum of versions."""
    def ranks():
        return [(s["team"]["name"], s["rank"]) for s in ApiClient(client).get(address).json()[
            "standings"]]

    tournament = make_tournament(organizer, teams=6)
    round_1 = services.draw_next_round(tournament=tournament)
    m1, m2, m3 = [t.match for t in round_1.tables.select_related("match").order_by("number")]
    win = rules.Hand.played(11, 0)
    scoring.record_hand(match=m1.pk, number=1, hand=win)
    for _ in range(3):
        scoring.note_redeal(match=m2.pk)
    scoring.record_hand(match=m2.pk, number=1, hand=win)
    address = f"/tournaments/{tournament.pk}/standings"
    first = ApiClient(client).get(address)
    scoring.undo_last_hand(match=m2.pk)
    # m3 ends at the version m2 had.
    while Match.objects.get(pk=m3.pk).version < Match.objects.get(pk=m2.pk).version - 2:
        scoring.note_redeal(match=m3.pk)
    scoring.record_hand(match=m3.pk, number=1, hand=win)
    assert client.get("/api/v1" + address,
                      HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200
    served = ranks()
    cache.clear()
    assert served == ranks()
