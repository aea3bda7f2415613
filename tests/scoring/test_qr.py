"""A link's QR code is drawn once, then kept (scoring/links.py)."""

import segno

from scoring import links


def test_a_links_qr_code_is_drawn_once_and_each_link_has_its_own(monkeypatch):
    drawn = []
    make = segno.make
    monkeypatch.setattr(links.segno, "make", lambda *a, **k: drawn.append(a[0]) or make(*a, **k))
    first = links.qr_svg("https://club.example/k/abc/")
    assert first.startswith("<svg") and links.qr_svg("https://club.example/k/abc/") == first
    other = links.qr_svg("https://club.example/k/abd/")
    assert other != first
    assert drawn == ["https://club.example/k/abc/", "https://club.example/k/abd/"]
