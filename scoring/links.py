"""A match's score keeper link, and the same as a QR code for a phone to scan."""

import segno
from django.urls import reverse

from scoring.access import LINK


def scorekeeper_link(request, match) -> str:
    return request.build_absolute_uri(
        reverse(f"{LINK}:table", kwargs={"token": match.scorekeeper_token})
    )


def qr_svg(url: str) -> str:
    """The link as a QR code, inline SVG (no image request, nothing fetched)."""
    return segno.make(url, error="m").svg_inline(scale=4, border=2, omitsize=True)
