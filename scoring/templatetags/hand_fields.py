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
from django.utils.translation import get_language

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


# --- A blank hand form, drawn once ------------------------------------------------------
# The entry form comes back blank with every saved hand. Its fields are the same for every
# hand of every match but for three things: its ids' prefix (the hand's number), the link
# its inputs check against (the match's) and the teams' names. So they are drawn once per
# language, game and way of drawing, with marks in those three places, and the marks are
# replaced (tests/scoring/test_hand_fields_tags.py compares the result with a drawing).
# Names cannot hold the marks: they refuse control characters (scoring/names.py).

_KEY, _CHECK, _NAME_A, _NAME_B = "\x1ekey\x1e", "\x1echeck\x1e", "\x1ea\x1e", "\x1eb\x1e"
_blank_drawings: dict[tuple, str] = {}


class CacheBlankNode(template.Node):
    def __init__(self, form, nodelist):
        self.form, self.nodelist = form, nodelist

    def render(self, context):
        form = self.form.resolve(context)
        if not _drawn_once(form):
            return self.nodelist.render(context)
        match, check = form.match, form.live_check
        key = (get_language(), match.variant, check.feedback_id, bool(context.get("oob")))
        drawing = _blank_drawings.get(key)
        if drawing is None:
            drawing = _blank_drawings[key] = self._draw_marked(context, form)
        return SafeString(
            drawing.replace(_KEY, escape(form.key)).replace(_CHECK, escape(check.url))
            .replace(_NAME_A, escape(match.team_a.name))
            .replace(_NAME_B, escape(match.team_b.name)))

    def _draw_marked(self, context, form) -> str:
        from scoring.forms import HandForm, LiveCheck
        from scoring.models import Match, Team

        match = Match(variant=form.match.variant, team_a=Team(name=_NAME_A),
                      team_b=Team(name=_NAME_B))
        marked = HandForm(match=match, live_check=LiveCheck(_CHECK, form.live_check.feedback_id),
                          auto_id=f"{_KEY}%s")
        with context.push(form=marked, match=match, slots={}, preview=None):
            return self.nodelist.render(context)


def _drawn_once(form) -> bool:
    """A blank entry form, as every match's next hand has it (not a correction, nor the
    first hand's, which asks who deals)."""
    return (not form.is_bound and not form.correcting and form.live_check is not None
            and not form.asks_first_dealer and not form.initial.keys() - {"number"}
            and not any("\x1e" in value for value in (
                form.key, form.live_check.url, form.match.team_a.name, form.match.team_b.name)))


@register.tag
def cache_blank(parser, token):
    """`{% cache_blank form %}…{% endcache_blank %}`: what it holds, drawn once for every
    blank entry form (above); any other form is drawn as it is."""
    _, form = token.split_contents()
    nodelist = parser.parse(("endcache_blank",))
    parser.delete_first_token()
    return CacheBlankNode(parser.compile_filter(form), nodelist)
