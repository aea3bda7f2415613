"""The plain modules' words (tournaments/metrics.py, tournaments/draw.py) in the active
language: they mark them for translation, this translates them."""

from django.utils.translation import gettext, pgettext

from tournaments.metrics import Words


def translate(message: Words) -> str:
    """A message, or a (context, message) pair, in the active language."""
    return pgettext(*message) if isinstance(message, tuple) else gettext(message)
