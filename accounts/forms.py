from django import forms
from django.utils.translation import gettext_lazy as _


class NewTokenForm(forms.Form):
    name = forms.CharField(
        label=_("What is it for?"), max_length=60, required=False,
        help_text=_("For example: club web site, scoreboard."),
    )
