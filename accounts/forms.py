from django import forms
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _


class NewTokenForm(forms.Form):
    name = forms.CharField(
        label=_("What is it for?"), max_length=60, required=False,
        help_text=_("For example: club web site, scoreboard."),
    )


class SignUpForm(UserCreationForm):
    """Django's sign-up form, with what is wrong with a password shown beside the password
    (Django puts it beside the confirmation); a mismatch stays beside the confirmation."""

    def validate_password_for_user(self, user, password_field_name="password1"):
        super().validate_password_for_user(user, password_field_name=password_field_name)


class PasswordChangeForm(auth_forms.PasswordChangeForm):
    """The same for a new password."""

    def validate_password_for_user(self, user, password_field_name="new_password1"):
        super().validate_password_for_user(user, password_field_name=password_field_name)


class DeleteAccountForm(forms.Form):
    password = forms.CharField(
        label=_("Your password"), strip=False, max_length=4096,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        help_text=_("To be sure it is you."),
    )
