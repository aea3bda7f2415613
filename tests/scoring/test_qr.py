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
    link = "http://testserver" + link_url(match)
    assert image[1] == link_url(match, "qr_code") + "?v=" + links.qr_version(link)
    assert image[2]
    answer = client.get(image[1])
    assert answer.status_code == 200 and answer["Content-Type"] == "image/svg+xml"
    assert answer.content.startswith(b'<svg xmlns="http://www.w3.org/2000/svg"')
    assert drawn == [link]
    # Named by the link, the browser keeps it: the phone asks once.
    assert sorted(answer["Cache-Control"].split(", ")) == [
        "immutable", f"max-age={links.QR_SECONDS}", "private"]


@pytest.mark.django_db
def qr_address(page: str) -> str:
    return re.search(r'<div class="qr"><img src="([^"]+)"', page)[1].replace("&amp;", "&")


def test_a_new_link_is_a_new_image_and_the_old_address_is_never_kept(client, match):
    client.force_login(match.owner)
    before = qr_address(client.get(url(match)).content.decode())
    client.post(reverse("match_new_link", args=[match.pk]))
    match.refresh_from_db()
    after = qr_address(client.get(url(match)).content.decode())
    assert after != before  # the page asks for another image: no old code in its cache
    drawn = links.qr_svg_file("http://testserver" + link_url(match)).encode()
    assert client.get(after).content == drawn
    # A page drawn before the new link asks under the old name: the new code, not kept.
    stale = client.get(before)
    assert stale.content == drawn and "no-cache" in stale["Cache-Control"]


@pytest.mark.django_db
def test_an_old_links_code_is_not_found(client, match):
    old = link_url(match, "qr_code")
    services.reissue_scorekeeper_token(match=match)
    assert client.get(old).status_code == 404
