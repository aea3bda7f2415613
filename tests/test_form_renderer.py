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
