from dataclasses import dataclass

from django import template
from django.utils.safestring import mark_safe
from django.utils.timesince import timesince
from django.utils.translation import gettext as _

from tournaments import metrics
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
def standings_columns(*keys, buchholz=True) -> list[Column]:
    """The standings' columns (all of them, or those named), in the active language."""
    chosen = [metrics.METRICS[key] for key in keys] if keys else metrics.columns(
        buchholz=buchholz)
    return [Column(m.key, translate(m.abbreviation), translate(m.title), m.wide, m.signed)
            for m in chosen]


@register.filter
def metric(standing, key: str):
    return getattr(standing, key)


@register.simple_tag
def standing_cells(standing, columns: list[Column]):
    """A standings row's cells, one per column: the first (wins) strong, the wide ones
    marked for narrow screens, signed values with their sign. One tag per row rather than
    a loop of tags per cell: a field of 512 teams is 4,000 cells."""
    cells = []
    for index, column in enumerate(columns):
        value = int(getattr(standing, column.key))  # a count: nothing to escape
        css = ' class="strong"' if index == 0 else ' class="wide"' if column.wide else ""
        cells.append(f"<td{css}>{'+' if column.signed and value > 0 else ''}{value}</td>")
    return mark_safe("".join(cells))


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
