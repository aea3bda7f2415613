"""Home: a match can be archived (off the list, still in the history and the exports) or,
with no hand, deleted; only by those who keep its score."""

import pytest
from django.urls import reverse

from scoring import rules, services
from scoring.errors import Conflict, NotAllowed
from scoring.models import Match
from tests.factories import MatchFactory, UserFactory
from tests.tournaments.helpers import make_tournament
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db


def test_an_archived_match_leaves_the_list_and_stays_in_the_archive(client, user, match):
    services.record_hand(match=match, number=1, hand=rules.Hand.played(7, 4))
    client.force_login(user)
    response = client.post(reverse("match_archive", args=[match.pk]), {"archived": "1"},
                           follow=True)
    body = response.content.decode()
    assert "Match archived" in body and "Les Bleus" not in body.split("Match archived")[1]
    match.refresh_from_db()
    assert match.archived_at is not None and match.hand_count == 1
    archive = client.get("/?archived=1").content.decode()
    assert "Archived matches" in archive and "Les Bleus" in archive
    # Still in the history (its page) and the exports (the API's list).
    assert client.get(reverse("owned:table", args=[match.pk])).status_code == 200
    listed = client.get("/api/v1/matches").json()
    assert [(m["id"], m["archived"]) for m in listed["items"]] == [(match.pk, True)]
    # And it can come back.
    client.post(reverse("match_archive", args=[match.pk]), {"archived": "0"})
    match.refresh_from_db()
    assert match.archived_at is None
    assert "Les Bleus" in client.get("/").content.decode()


def test_a_match_without_hands_can_be_deleted(client, user, match):
    client.force_login(user)
    body = client.post(reverse("match_delete", args=[match.pk]), follow=True).content.decode()
    assert "Match deleted." in body
    assert not Match.objects.filter(pk=match.pk).exists()


def test_a_match_with_hands_is_not_deleted_and_the_keeper_is_told(client, user, match):
    services.record_hand(match=match, number=1, hand=rules.Hand.played(7, 4))
    client.force_login(user)
    body = client.post(reverse("match_delete", args=[match.pk]), follow=True).content.decode()
    assert "This match has hands: archive it instead, it stays in the history." in body
    assert Match.objects.filter(pk=match.pk).exists()
    with pytest.raises(Conflict) as refused:
        services.delete_match(match=match, by=user)
    assert refused.value.codes == ["match_has_hands"]


def test_the_home_list_offers_delete_only_without_hands(client, user, match):
    played = MatchFactory(owner=user, team_a__name="Joués")
    services.record_hand(match=played, number=1, hand=rules.Hand.played(7, 4))
    client.force_login(user)
    body = client.get("/").content.decode()
    assert reverse("match_delete", args=[match.pk]) in body
    assert reverse("match_delete", args=[played.pk]) not in body
    assert body.count(">Archive<") == 2


def test_nobody_else_archives_or_deletes_a_match(client, match):
    other = UserFactory(username="other")
    for service in (services.archive_match, services.delete_match):
        with pytest.raises(NotAllowed) as refused:
            service(match=match, by=other)
        assert refused.value.messages() == [
            "Only the match's score keepers can archive or delete it."]
    client.force_login(other)
    response = client.post(reverse("match_archive", args=[match.pk]))
    assert response.status_code == 403
    assert client.post(reverse("match_delete", args=[match.pk])).status_code == 403
    match.refresh_from_db()
    assert match.archived_at is None


def test_a_tournaments_match_is_not_deleted(user):
    tournament = make_tournament(user, teams=2, format="knockout")
    tournament_services.draw_next_round(tournament=tournament)
    match = Match.objects.get()
    with pytest.raises(Conflict) as refused:
        services.delete_match(match=match, by=user)
    assert refused.value.codes == ["tournament_match"]


def test_the_home_page_costs_the_same_queries_with_archived_matches(client, user,
                                                                   django_assert_max_num_queries):
    for _ in range(30):
        archived = MatchFactory(owner=user)
        services.archive_match(match=archived, by=user)
        MatchFactory(owner=user)
    client.force_login(user)
    with django_assert_max_num_queries(8):
        assert client.get("/").status_code == 200
    with django_assert_max_num_queries(8):
        assert client.get("/?archived=1").status_code == 200
