"""The admin writes hands through the services and shows the rules' refusals."""

import pytest
from django.urls import reverse

from scoring.models import Hand
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    client.force_login(UserFactory(username="boss", is_staff=True, is_superuser=True))
    return client


def hand_form(match, **fields):
    return {"match": match.pk, "number": 1, "kind": "played", "politaines_a": 0,
            "politaines_b": 0, **fields}


def test_every_model_has_an_admin_page(admin_client, match):
    for name in ("player", "team", "match", "hand", "handrevision"):
        assert admin_client.get(reverse(f"admin:scoring_{name}_changelist")).status_code == 200
    change_page = reverse("admin:scoring_match_change", args=[match.pk])
    assert admin_client.get(change_page).status_code == 200


def test_a_hand_added_in_the_admin_updates_the_match(admin_client, match):
    response = admin_client.post(reverse("admin:scoring_hand_add"),
                                 hand_form(match, points_a=7, points_b=4))
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.score_a, match.score_b, match.hand_count) == (7, 4, 1)


def test_an_impossible_hand_in_the_admin_is_refused_with_the_rules_message(admin_client, match):
    response = admin_client.post(reverse("admin:scoring_hand_add"),
                                 hand_form(match, points_a=6, points_b=4))
    assert response.status_code == 200
    assert "add up to 10; they always add up to 11" in response.content.decode()
    assert not Hand.objects.exists()


def test_a_hand_number_out_of_turn_in_the_admin_saves_nothing(admin_client, match):
    response = admin_client.post(reverse("admin:scoring_hand_add"),
                                 hand_form(match, number=3, points_a=7, points_b=4),
                                 follow=True)
    assert "The next hand is hand 1, not 3." in response.content.decode()
    assert not Hand.objects.exists()


def test_an_admin_edit_of_a_match_keeps_its_hands_and_totals(admin_client, match):
    from scoring import rules, services

    services.record_hand(match=match, number=1, hand=rules.Hand.played(7, 4))
    match.refresh_from_db()
    version = match.version
    data = {"variant": match.variant, "target": match.target, "first_dealer": "N",
            "team_a": match.team_a_id, "team_b": match.team_b_id, "seat_n": "", "seat_e": "",
            "seat_s": "", "seat_w": "", "owner": match.owner_id,
            "scorekeeper_token": match.scorekeeper_token, "time_called_after": "",
            "hands-TOTAL_FORMS": "1", "hands-INITIAL_FORMS": "1", "hands-MIN_NUM_FORMS": "0",
            "hands-MAX_NUM_FORMS": "1000", "hands-0-id": match.hands.get().pk,
            "hands-0-match": match.pk}
    response = admin_client.post(reverse("admin:scoring_match_change", args=[match.pk]), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    match.refresh_from_db()
    assert match.seat_n is None  # the edit is saved
    assert (match.hand_count, match.score_a, match.score_b) == (1, 7, 4)
    assert match.version > version
