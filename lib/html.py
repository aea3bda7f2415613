"""HTML escaping for code that writes HTML in Python (config/forms.py's widgets,
scoring/templatetags/hand_fields.py): what Django's `conditional_escape` returns, without the
lazy-string wrapper around its `escape`, which cost more than escaping itself. A hand post's
answer escapes some 300 attribute values (docs/performance.md)."""

import html

from django.utils.functional import Promise


def escape(value) -> str:
    """`value` as `{{ value }}` writes it: escaped, unless it is safe HTML already."""
    if type(value) is str:
        return html.escape(value)
    if isinstance(value, Promise):
        value = str(value)
    if hasattr(value, "__html__"):
        return value.__html__()
    return html.escape(str(value))
