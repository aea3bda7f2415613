"""A hand form's fields for the score keeper's page (scoring/templates/scoring/table.html).

The entry form comes back with every saved hand, so its fields are drawn here in Python
rather than by nested template partials, which cost more than the rest of that answer
together (docs/performance.md). The HTML is what those partials wrote, character for
character (tests/scoring/test_hand_fields_tags.py compares them).

- `{% slot form name messages %}`: the messages shown beside an input, or a pair of them
  (its id is the live check's target; out of band when the context's `oob` is set, or
  `oob=True`).
- `{% number_field field %}`: label, input and its slot.
- `{% radio_field field %}`: a labelled group of radio buttons and its slot.
- `{% radios field %}`: the radio buttons alone, each followed by its label.
"""

from django import template
from django.utils.safestring import SafeString

from lib.html import escape

register = template.Library()

_OOB = ' hx-swap-oob="true"'


def _slot(key: str, name, messages, oob) -> str:
    return (f'<p class="field-error" id="{escape(key)}slot-{escape(name)}"{_OOB if oob else ""}>'
            f'{" ".join(escape(message) for message in messages or ())}</p>')


@register.simple_tag(takes_context=True)
def slot(context, form, name, messages, oob=None):
    return SafeString(_slot(form.key, name, messages, context.get("oob") if oob is None else oob))


@register.simple_tag(takes_context=True)
def number_field(context, field):
    return SafeString(
        f'\n<div class="field">\n'
        f'  <label for="{escape(field.id_for_label)}">{escape(field.label)}</label>\n'
        f"  {field}\n"
        f'  {_slot(field.form.key, field.name, field.errors, context.get("oob"))}\n'
        f"</div>\n")


def _radios(field) -> str:
    return "".join(f'{radio.tag()}<label for="{escape(radio.id_for_label)}">'
                   f"{escape(radio.choice_label)}</label>" for radio in field)


@register.simple_tag
def radios(field):
    return SafeString(_radios(field))


@register.simple_tag(takes_context=True)
def radio_field(context, field):
    label_id = f"{escape(field.auto_id)}-label"
    return SafeString(
        f'\n<div class="field">\n'
        f'  <span class="label" id="{label_id}">{escape(field.label)}</span>\n'
        f'  <div class="segmented" role="radiogroup" aria-labelledby="{label_id}">'
        f"{_radios(field)}</div>\n"
        f'  {_slot(field.form.key, field.name, field.errors, context.get("oob"))}\n'
        f"</div>\n")
