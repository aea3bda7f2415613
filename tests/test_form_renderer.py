"""The form renderer draws widgets with Django's Jinja2 widget templates (config/forms.py):
the HTML a keeper's phone gets must be Django's own: each radio's input to the letter, a whole
field up to whitespace."""

import pytest
from django.forms.renderers import DjangoTemplates
from django.test.html import parse_html

from config.forms import FormRenderer
from scoring.forms import HandForm, LiveCheck
from tests.factories import MatchFactory


@pytest.mark.parametrize("variant", ["politaine", "quadrette"])
@pytest.mark.parametrize("data", [None, {"number": "3", "kind": "played", "points_a": "12",
                                         "politaines_a": "1", "first_dealer": "E"}])
@pytest.mark.django_db
def test_every_widget_of_the_hand_form_is_drawn_as_django_draws_it(variant, data):
    match = MatchFactory(variant=variant)

    def drawn(renderer):
        form = HandForm(data, match=match, first_hand=True, renderer=renderer,
                        live_check=LiveCheck(url="check/", feedback_id="feedback"),
                        first_dealer_url="dealer/")
        return {name: ([widget.tag() for widget in form[name].subwidgets],
                       parse_html(str(form[name])))
                for name in form.fields}

    ours = drawn(FormRenderer())
    assert ours == drawn(DjangoTemplates())
    assert 'type="radio"' in ours["first_dealer"][0][0]
    points = "points_a" if variant == "politaine" else "tricks_a"
    assert 'hx-post="check/"' in ours[points][0][0]


def test_odd_values_labels_and_attributes_are_escaped_as_django_escapes_them():
    from django import forms
    from django.utils.safestring import mark_safe

    class Odd(forms.Form):
        name = forms.CharField(widget=forms.TextInput(attrs={
            "placeholder": 'L\'Équipe "<b>&', "data-x": True, "data-off": False,
            "data-safe": mark_safe("<i>ok</i>")}))
        seat = forms.ChoiceField(widget=forms.RadioSelect, choices=[
            ("n", 'Nord "<Anne>" & l\'autre'), ("e", mark_safe("<em>Est</em>"))])
        agree = forms.BooleanField(required=False)
        when = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
        secret = forms.CharField(widget=forms.PasswordInput(render_value=True))
        hidden = forms.IntegerField(widget=forms.HiddenInput)

    data = {"name": '"><script>&amp;', "seat": "n", "agree": "on", "when": "2026-11-24",
            "secret": "a<b", "hidden": "3"}
    for bound in (data, None):
        ours = Odd(bound, renderer=FormRenderer())
        django = Odd(bound, renderer=DjangoTemplates())
        for name in ours.fields:
            assert str(ours[name]) == str(django[name]) or parse_html(str(ours[name])) == \
                parse_html(str(django[name])), name
            for mine, theirs in zip(ours[name].subwidgets, django[name].subwidgets,
                                    strict=True):
                assert mine.tag() == theirs.tag(), name
                assert parse_html(str(mine)) == parse_html(str(theirs)), name
    assert "<script>" not in str(Odd(data, renderer=FormRenderer())["name"])
