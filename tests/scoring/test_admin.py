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
