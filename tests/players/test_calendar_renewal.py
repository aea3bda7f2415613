"""A player whose private calendar address was shared or leaked gets a new one, from My
page or the API: the old address then reads nothing (404), the new one their nights."""

import pytest
from django.test import Client
from django.urls import reverse

from accounts.services import issue_token
from players.models import CalendarKey
from players.services import calendar_key
from tests.api.conftest import ApiClient
from tests.factories import UserFactory
from tests.players.helpers import club_with_members

pytestmark = pytest.mark.django_db


def feed(client, key) -> int:
    return client.get(reverse("my_calendar", args=[key.secret])).status_code


def test_a_new_address_from_my_page_ends_the_old_one(client, owner):
    _club, _members, users = club_with_members(owner, 1)
    client.force_login(users[0])
    assert 'id="calendar-new"' in client.get(reverse("me")).content.decode()
    old = calendar_key(users[0])
    assert feed(client, old) == 200
    page = client.post(reverse("my_calendar_new"), follow=True)
    new = CalendarKey.objects.get(user=users[0])
    assert new.secret != old.secret
    assert "Your calendar has a new address" in page.content.decode()
    assert new.secret in page.content.decode()
    assert feed(client, old) == 404 and feed(client, new) == 200


def test_a_new_address_through_the_api_is_the_caller_s_own(client, owner):
    _club, _members, users = club_with_members(owner, 2)
    old = [calendar_key(user) for user in users]
    answer = ApiClient(client, issue_token(user=users[0])).post("/me/calendar", {})
    assert answer.status_code == 200
    new = CalendarKey.objects.get(user=users[0])
    assert answer.json()["calendar_url"].endswith(
        reverse("my_calendar", args=[new.secret]))
    assert feed(client, old[0]) == 404
    assert feed(client, old[1]) == 200  # nobody else's changed
    assert ApiClient(client).post("/me/calendar", {}).status_code == 401


def test_nobody_logged_out_renews_an_address():
    stranger = UserFactory(username="stranger")
    answer = Client().post(reverse("my_calendar_new"))
    assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]
    assert not CalendarKey.objects.filter(user=stranger).exists()
