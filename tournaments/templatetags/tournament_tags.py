"""The tournaments' pages' tags and filters: each formats a value; the markup is in the
templates."""

from dataclasses import dataclass

from django import template
from django.utils.timesince import timesince
from django.utils.translation import gettext as _

from tournaments import metrics
from tournaments.formats import Stage
from tournaments.overview import knockout_round_name
from tournaments.words import translate

register = template.Library()


@dataclass(frozen=True)
class Column:
    key: str
    abbreviation: str
    title: str
    wide: bool
    signed: bool


@register.simple_tag
def standings_columns(*keys, buchholz=True, individual=False) -> list[Column]:
    """The standings' columns (all of them, or those named), in the active language; an
    individual night's in its own words."""
    every = metrics.columns(buchholz=buchholz, individual=individual)
    chosen = [next(m for m in every if m.key == key) for key in keys] if keys else every
    return [Column(m.key, translate(m.abbreviation), translate(m.title), m.wide, m.signed)
            for m in chosen]


@register.filter
def metric(standing, key: str):
    return getattr(standing, key)


@register.filter
def ago(moment, now):
    """ "just now" under a minute, else "5 minutes ago" (for the dashboard's tables)."""
    if moment is None:
        return ""
    if (now - moment).total_seconds() < 60:
        return _("just now")
    return _("%(time)s ago") % {"time": timesince(moment, now)}


@register.filter
def pages(items, size):
    """`items` in pages of `size` (the projector shows one page at a time)."""
    items, size = list(items), int(size)
    return [items[start:start + size] for start in range(0, len(items), size)]


@register.simple_tag
def round_name(view, round_view) -> str:
    """A knockout round's name by its places ("Semi-finals", "Final", as the bracket names
    it), or "Round 3", in the active language."""
    number = round_view.round.number
    if round_view.round.stage == Stage.KNOCKOUT:
        return knockout_round_name(len(round_view.tables) + len(round_view.byes))
    return _("Round %(number)s") % {"number": number}
