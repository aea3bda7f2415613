"""The form renderer: every app's fields are drawn by one template, templates/forms/field.html.

Widgets are drawn faster than by the template language's nested includes, with the same
HTML (tests/test_form_renderer.py compares them with Django's own templates): an input (and
a radio or checkbox option) is written here in Python, as Django's `input.html`,
`attrs.html` and `input_option.html` write it; other widgets (selects, radio groups) by
Django's Jinja2 copies of its templates. A score keeper's hand post answers with the next
hand's form: its inputs took half of that answer's time (docs/performance.md).
"""

from django.forms.renderers import Jinja2, TemplatesSetting
from django.utils.functional import cached_property
from django.utils.safestring import mark_safe

from lib.html import escape

DJANGO_WIDGETS = "django/forms/widgets/"
# Django's widget templates that are `input.html` and nothing else, and the options (one
# radio or checkbox of a group) that are `input_option.html`.
INPUTS = {f"{DJANGO_WIDGETS}{name}.html" for name in (
    "input", "checkbox", "color", "date", "datetime", "email", "file", "hidden", "number",
    "password", "search", "tel", "text", "time", "url")}
OPTIONS = {f"{DJANGO_WIDGETS}{name}.html" for name in (
    "input_option", "radio_option", "checkbox_option")}


def _input(widget: dict) -> str:
    html = [f'<input type="{escape(widget["type"])}" name="{escape(widget["name"])}"']
    if widget["value"] is not None:
        html.append(f' value="{escape(widget["value"])}"')
    for name, value in widget["attrs"].items():
        if value is not False:
            html.append(f" {escape(name)}" if value is True
                        else f' {escape(name)}="{escape(value)}"')
    html.append(">")
    return "".join(html)


def _option(widget: dict) -> str:
    if not widget.get("wrap_label"):
        return _input(widget)
    label_for = widget["attrs"].get("id")
    opening = f'<label for="{escape(label_for)}">' if label_for else "<label>"
    return f'{opening}{_input(widget)} {escape(widget["label"])}</label>'


class FormRenderer(TemplatesSetting):
    # `{{ form.name.as_field_group }}` in any template: label, widget, hint and errors, alike.
    field_template_name = "forms/field.html"

    @cached_property
    def _widgets(self) -> Jinja2:
        return Jinja2()

    def get_template(self, template_name):
        if template_name.startswith(DJANGO_WIDGETS):
            return self._widgets.get_template(template_name)
        return super().get_template(template_name)

    def render(self, template_name, context, request=None):
        if template_name in INPUTS:
            return mark_safe(_input(context["widget"]))
        if template_name in OPTIONS:
            return mark_safe(_option(context["widget"]))
        return super().render(template_name, context, request=request)
