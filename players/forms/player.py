"""Forms of the player's own pages: they read what was chosen among what the page offered
(an id the page could not have offered is refused here); the services say what else is
refused."""

from django import forms
from django.utils.translation import gettext_lazy as _


class _ChoiceForm(forms.Form):
    """One member chosen by id among `choices` ((id, name) pairs, in the order shown)."""

    field_name = "member"
    label = ""
    empty_label = _("Choose…")

    def __init__(self, *args, choices, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields[self.field_name] = forms.TypedChoiceField(
            label=self.label, coerce=int, choices=[("", self.empty_label), *choices],
            error_messages={"required": self.required_message,
                            "invalid_choice": self.invalid_message})

    @property
    def chosen(self) -> int:
        return self.cleaned_data[self.field_name]


class AskToLinkForm(_ChoiceForm):
    """A user not linked to the club picks their name on its roster."""

    label = _("Your name on the club's roster")
    required_message = _("Choose your name on the roster.")
    invalid_message = _("Choose your name among the roster's names shown.")


class PartnerForm(_ChoiceForm):
    """A team night's sign-up as a pair: the partner, from the club's roster."""

    field_name = "partner"
    label = _("Your partner")
    required_message = _("Choose your partner on the roster, or ask for one.")
    invalid_message = _("Choose your partner among the roster's names shown.")


class AskPartnerForm(_ChoiceForm):
    """From the partnership desk: one of the players looking for a partner too."""

    field_name = "partner"
    label = _("Player looking for a partner")
    required_message = _("Choose a player who is looking for a partner.")
    invalid_message = _("This player is no longer looking for a partner.")
