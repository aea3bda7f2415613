"""Every form field of the site is drawn by templates/forms/field.html (config/forms.py):
its label, its widget as Django draws it, its hint and its errors."""

from django import forms
from django.contrib.auth.password_validation import password_validators_help_text_html
from django.test.html import parse_html


class Team(forms.Form):
    name = forms.CharField(label="Team", help_text="As on the score sheet.", max_length=5)
    password = forms.CharField(widget=forms.PasswordInput,
                               help_text=password_validators_help_text_html())
    seat = forms.ChoiceField(widget=forms.RadioSelect, choices=[("n", "North"), ("e", "East")])


def test_a_field_shows_its_label_widget_hint_and_errors():
    field = parse_html(str(Team({"name": "Les Bleus"})["name"].as_field_group()))
    assert field.count(parse_html('<label for="id_name">Team</label>')) == 1
    assert field.count(parse_html('<div class="hint">As on the score sheet.</div>')) == 1
    assert field.count(parse_html(
        '<p class="field-error">Ensure this value has at most 5 characters (it has 9).</p>')) == 1
    assert 'value="Les Bleus"' in str(field) and 'aria-invalid="true"' in str(field)


def test_a_hint_that_is_a_list_is_drawn_whole():
    """Django's password hints are a list, which a paragraph could not hold."""
    drawn = str(Team()["password"].as_field_group())
    assert '<div class="hint"><ul>' in drawn and '<p class="field-error">' not in drawn


def test_a_radio_group_is_drawn_as_django_draws_it():
    drawn = str(Team({"seat": "e"})["seat"])
    assert 'type="radio" name="seat" value="e"' in drawn and "checked" in drawn
    assert '<label for="id_seat_0"><input' in drawn


def test_values_and_labels_with_markup_are_shown_as_text():
    class Odd(forms.Form):
        name = forms.CharField(label='<b>"Nom"</b>')
        seat = forms.ChoiceField(widget=forms.RadioSelect, choices=[("n", "<i>Nord</i>")])

    drawn = str(Odd({"name": '"><script>'}).as_div())
    assert "<script>" not in drawn and "<b>" not in drawn and "<i>" not in drawn
    assert "&quot;&gt;&lt;script&gt;" in drawn and "&lt;i&gt;Nord&lt;/i&gt;" in drawn
