"""The form renderer: every app's fields are drawn by one template, templates/forms/field.html
(`{{ form.name.as_field_group }}`: label, widget, hint and errors, alike), their widgets by
Django's own templates."""

from django.forms.renderers import TemplatesSetting


class FormRenderer(TemplatesSetting):
    field_template_name = "forms/field.html"
