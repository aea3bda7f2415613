"""A link's QR code is drawn once, then kept (scoring/links.py), and the table page loads it
as an image, only when the phone shows it."""

import re

import pytest
import segno
from django.urls import reverse

from scoring import links, services
from tests.conftest import link_url, url


def test_a_links_qr_code_is_drawn_once_and_each_link_has_its_own(monkeypatch):
    drawn = []
    make = segno.make
    monkeypatch.setattr(links.segno, "make", lambda *a, **k: drawn.append(a[0]) or make(*a, **k))
    first = links.qr_svg("https://club.example/k/abc/")
    assert first.startswith("<svg") and links.qr_svg("https://club.example/k/abc/") == first
    other = links.qr_svg("https://club.example/k/abd/")
    assert other != first
    assert drawn == ["https://club.example/k/abc/", "https://club.example/k/abd/"]


@pytest.mark.django_db
def test_the_table_page_shows_its_link_as_an_image_drawn_only_when_the_phone_asks(
        client, match, monkeypatch):
    drawn = []
    make = segno.make
    monkeypatch.setattr(links.segno, "make", lambda *a, **k: drawn.append(a[0]) or make(*a, **k))
    page = client.get(link_url(match)).content.decode()
    assert drawn == []  # the page never waits for the code
    image = re.search(r'<div class="qr"><img src="([^"]+)"[^>]*alt="([^"]+)"', page)
    assert image[1] == link_url(match, "qr_code") and image[2]
    answer = client.get(image[1])
    assert answer.status_code == 200 and answer["Content-Type"] == "image/svg+xml"
    assert answer.content.startswith(b'<svg xmlns="http://www.w3.org/2000/svg"')
    assert drawn == ["http://testserver" + link_url(match)]
    assert "no-cache" in answer["Cache-Control"] and "private" in answer["Cache-Control"]


@pytest.mark.django_db
def test_a_new_link_draws_the_new_links_code_at_the_same_address(client, match):
    client.force_login(match.owner)
    before = client.get(url(match, "qr_code")).content
    client.post(reverse("match_new_link", args=[match.pk]))
    match.refresh_from_db()
    after = client.get(url(match, "qr_code")).content
    assert after != before
    assert after == links.qr_svg_file("http://testserver" + link_url(match)).encode()


@pytest.mark.django_db
def test_an_old_links_code_is_not_found(client, match):
    old = link_url(match, "qr_code")
    services.reissue_scorekeeper_token(match=match)
    assert client.get(old).status_code == 404
