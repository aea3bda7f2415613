from django import template
from django.utils.timesince import timesince
from django.utils.translation import gettext as _

register = template.Library()


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
