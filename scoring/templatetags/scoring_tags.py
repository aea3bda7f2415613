"""Words about matches for templates (scoring.display does the work), and htmx's out of band
swap for a form's input."""

from django import template

from scoring import display

register = template.Library()


@register.simple_tag
def match_result(match, name_a=None, name_b=None) -> str:
    """ "Winners: Them, 36-30 (target reached)." for a finished match, else ""; tournament
    pages pass their entries' names (the teams are not read again)."""
    return display.match_result(match, name_a, name_b)


@register.filter
def swap_oob(field):
    """The field's input, to be swapped in out of band (a share the app filled in)."""
    return field.as_widget(attrs={"hx-swap-oob": "true"})
