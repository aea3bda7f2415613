"""A match's score keeper link and its opponents' link, and each as a QR code for a phone
to scan."""

import hashlib

import segno
from django.core.cache import cache
from django.urls import reverse

from scoring.access import LINK


def scorekeeper_link(request, match) -> str:
    return request.build_absolute_uri(
        reverse(f"{LINK}:table", kwargs={"token": match.scorekeeper_token})
    )


def opponents_link(request, match) -> str:
    """The link of the team that is not keeping score: it confirms or disputes, read-only."""
    return request.build_absolute_uri(
        reverse("opponents", kwargs={"token": match.opponents_token})
    )


# A link's QR code never changes: drawn once (choosing its mask takes longer than drawing a
# whole table page; a round's printed table cards draw two per table), then kept.
QR_SECONDS = 7 * 24 * 3600


def qr_version(url: str) -> str:
    """What names the link's code in an image's address: a new link, a new address."""
    return hashlib.sha256(url.encode()).hexdigest()[:16]


def qr_svg(url: str) -> str:
    """The link as a QR code, inline SVG (no image request, nothing fetched)."""
    key = "qr:" + qr_version(url)
    svg = cache.get(key)
    if svg is None:
        svg = segno.make(url, error="m").svg_inline(scale=4, border=2, omitsize=True)
        cache.set(key, svg, QR_SECONDS)
    return svg


def qr_svg_file(url: str) -> str:
    """The same QR code as an SVG file of its own, an image's source: a document outside
    HTML names the SVG namespace."""
    return qr_svg(url).replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
