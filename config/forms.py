"""The form renderer: every app's fields are drawn by one template, templates/forms/field.html.

Widgets (inputs, radios, checkboxes) are drawn by Django's own Jinja2 copies of its widget
templates, the same HTML: the template language's nested includes per radio option took half
of a score keeper's hand post, whose answer redraws the hand form (docs/performance.md).
"""

from django.forms.renderers import Jinja2, TemplatesSetting
from django.utils.functional import cached_property

DJANGO_WIDGETS = "django/forms/widgets/"


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
