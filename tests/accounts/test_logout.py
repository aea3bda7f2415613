"""Logging out of a shared phone (issue 30, item 7): the browser is told to drop what it kept
of the site's pages, never the hands still waiting to be sent."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_a_logout_tells_the_browser_to_drop_its_cached_pages_not_its_waiting_hands(
        client, user):
    client.force_login(user)
    answer = client.post(reverse("logout"))
    assert answer.status_code == 302
    # "cache" only: "storage" would wipe the hands kept in localStorage too.
    assert answer["Clear-Site-Data"] == '"cache"'
    assert client.get(reverse("account")).status_code == 302  # logged out
