"""The language switch needs no CSRF token (config/language.py): a post from a page of the
site switches, a post from another site is refused and switches nothing, and `next` never
leads off the site."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def switch(client, language="fr", next_path="/", **headers):
    return client.post(reverse("set_language"), {"language": language, "next": next_path},
                       **headers)


@pytest.mark.parametrize("fetch_site", ["same-origin", "none", None])
def test_a_post_from_the_sites_own_page_switches_without_a_token(settings, fetch_site):
    """`none`: typed or bookmarked; no header at all: a browser too old to send it."""
    browser = Client(enforce_csrf_checks=True)
    headers = {"HTTP_SEC_FETCH_SITE": fetch_site} if fetch_site else {}
    response = switch(browser, next_path="/rules/", **headers)
    assert response.status_code == 302 and response["Location"] == "/rules/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    assert 'lang="fr"' in browser.get("/").content.decode()


@pytest.mark.parametrize("fetch_site", ["cross-site", "same-site"])
def test_a_post_from_another_site_is_refused_and_switches_nothing(settings, fetch_site):
    """Another site (or another subdomain of ours) may not change a reader's language."""
    browser = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="fr")
    response = switch(browser, language="en", HTTP_SEC_FETCH_SITE=fetch_site)
    assert response.status_code == 403
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies
    assert "Interdit" in response.content.decode()  # Django's refusal, in the reader's words
    assert 'lang="fr"' in browser.get("/").content.decode()


def test_a_signed_in_reader_switches_without_a_token_too(settings):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(UserFactory())
    response = switch(browser, HTTP_SEC_FETCH_SITE="same-origin")
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"


def test_next_never_leads_off_the_site_and_an_unknown_language_switches_nothing(settings):
    off_site = switch(Client(), next_path="https://evil.example/")
    assert off_site.status_code == 302 and off_site["Location"] == "/"
    unknown = switch(Client(), language="xx", next_path="/rules/")
    assert unknown.status_code == 302 and settings.LANGUAGE_COOKIE_NAME not in unknown.cookies


def test_a_get_switches_nothing(settings):
    """A link (a crawler, a browser prefetching) never changes a reader's language."""
    response = Client().get(reverse("set_language"), {"language": "fr", "next": "/"})
    assert response.status_code == 405
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies


@pytest.mark.parametrize(("origin", "switched"), [
    ("https://evil.example", False), ("http://testserver.evil.example", False),
    ("http://testserver", True), ("null", False)])
def test_a_browser_that_sends_no_fetch_metadata_is_read_by_its_origin(settings, origin,
                                                                      switched):
    """Plain HTTP (a club's server on its own network) or an old Safari: no Sec-Fetch-Site,
    but an Origin, read as the CSRF check reads it."""
    response = switch(Client(), HTTP_ORIGIN=origin)
    assert response.status_code == (302 if switched else 403)
    assert (settings.LANGUAGE_COOKIE_NAME in response.cookies) is switched
