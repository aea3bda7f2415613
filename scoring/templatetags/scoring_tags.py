"""Words about matches for templates (scoring.display does the work)."""

from django import template
from django.conf import settings

from scoring import display, names

register = template.Library()


@register.simple_tag
def match_result(match, name_a=None, name_b=None) -> str:
    """ "Winners: Them, 36-30 (target reached)." for a finished match, else ""; tournament
    pages pass their entries' names (the teams are not read again)."""
    return display.match_result(match, name_a, name_b)


@register.filter
def shown(name) -> str:
    """A team's or a player's stored name as pages write it (scoring.names.shown: a name
    taken off, "#17", reads "Player 17")."""
    return names.shown(str(name)) if name is not None else ""


@register.filter
def acted_by(step) -> str:
    """Who made a confirmation step, by name, never by login (scoring.display.acted_by)."""
    return display.acted_by(step)


@register.simple_tag
def poll_every(page) -> str:
    """A live page's poll, as htmx's trigger: "every 3s" (settings.POLL_SECONDS[page])."""
    return f"every {settings.POLL_SECONDS[page]}s"
