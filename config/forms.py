"""The form renderer: every app's fields are drawn by one template, templates/forms/field.html."""

from django.forms.renderers import TemplatesSetting


class FormRenderer(TemplatesSetting):
    # `{{ form.name.as_field_group }}` in any template: label, widget, hint and errors, alike.
    field_template_name = "forms/field.html"
