"""A hand form's fields are drawn in Python (scoring/templatetags/hand_fields.py) with the HTML
the template partials they replace wrote, character for character: the partials' source is
kept here, and both draw the same forms (new, typed with mistakes, a correction, La
Quadrette, names that need escaping)."""

from pathlib import Path

import pytest
from django.template import engines

from scoring.forms import HandForm, LiveCheck
from tests.factories import MatchFactory

# The partials of scoring/templates/scoring/table.html before they became tags, and what the
# test draws with them.
BEFORE = (Path(__file__).parent / "hand_fields_partials.html").read_text().rstrip("\n")

AFTER = """{% load hand_fields %}[{% for field in numbers %}{% number_field field %}|{% endfor %}]
[{% for field in radio_groups %}{% radio_field field %}|{% radios field %}|{% endfor %}]
[{% for name, messages in slots.items %}{% slot form name messages %}|{% endfor %}]"""


def draw(source, form, oob):
    numbers = [form[name] for name, field in form.fields.items()
               if field.widget.input_type == "number"]
    radio_groups = [form[name] for name, field in form.fields.items()
                    if field.widget.input_type == "radio"]
    context = {"form": form, "numbers": numbers, "radio_groups": radio_groups,
               "slots": {**(form.slots() if form.is_bound else {"points": [], "hand": []}),
                         "pair": ["Trop de points <b>", "l'autre aussi"]},
               "oob": oob}
    drawn = engines["django"].from_string(source).render(context)
    return drawn[drawn.index("[\n"):]  # not the blank lines the partials' definitions leave


@pytest.mark.parametrize("oob", [False, True])
@pytest.mark.parametrize(("variant", "data", "correcting"), [
    ("politaine", None, False),
    ("politaine", {"number": "3", "points_a": "12", "points_b": "4", "politaines_a": "3",
                   "aces_a": "9", "last_trick": "z"}, False),
    ("politaine", {"number": "2", "kind": "played", "points_a": "6", "points_b": "6"}, True),
    ("quadrette", {"number": "1", "tricks_a": "7", "tricks_b": "x"}, False),
])
@pytest.mark.django_db
def test_the_tags_draw_what_the_partials_drew(variant, data, correcting, oob):
    match = MatchFactory(variant=variant, team_a__name='L\'Équipe "<b>&',
                         team_b__name="Les Rouges")
    form = HandForm(data, match=match, correcting=correcting, first_hand=not correcting,
                    live_check=LiveCheck(url="/k/x/hands/check/", feedback_id="entry-feedback"),
                    first_dealer_url="/k/x/dealer/")
    if data:
        assert not form.is_valid()  # messages beside the fields, in both drawings
    before, after = draw(BEFORE, form, oob), draw(AFTER, form, oob)
    assert after == before
    assert "&lt;b&gt;" in after and "<b>" not in after
    if data and not correcting:
        assert 'class="field-error"' in after and "</p>" in after
        assert any(message for messages in form.slots().values() for message in messages)


CACHED = ("{% load hand_fields %}{% cache_blank form %}"
          "{% include 'scoring/table.html#hand_fields' %}{% endcache_blank %}")
DRAWN = "{% include 'scoring/table.html#hand_fields' %}"


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("oob", [False, True])
@pytest.mark.parametrize("variant", ["politaine", "quatre_sept", "quadrette"])
@pytest.mark.django_db
def test_a_blank_form_drawn_once_is_the_form_drawn_each_time(variant, oob, language):
    from django.utils import translation

    from scoring import templatetags

    templatetags.hand_fields._blank_drawings.clear()
    names = [("Les Bleus", "Les Rouges"), ('L\'Équipe "<b>" & co', 'Les <i>Rouges</i> & "cie"'),
             ("hand3-x", "Ça roule")]
    drawn_once = 0
    for number, (name_a, name_b) in enumerate(names, start=3):
        match = MatchFactory(variant=variant, team_a__name=name_a, team_b__name=name_b)
        form = HandForm(match=match, initial={"number": number},
                        live_check=LiveCheck(f"/k/tok{number}/hands/check/", "entry-feedback"))
        context = {"form": form, "match": match, "slots": {}, "preview": None, "oob": oob}
        with translation.override(language):
            cached = engines["django"].from_string(CACHED).render(context)
            drawn = engines["django"].from_string(DRAWN).render(context)
        assert cached == drawn
        assert f'id="hand{number}-' in cached and f"/k/tok{number}/" in cached
        drawn_once = len(templatetags.hand_fields._blank_drawings)
    assert drawn_once == 1  # one drawing served the three matches


@pytest.mark.parametrize("variant", ["politaine", "quadrette"])
@pytest.mark.django_db
def test_a_blank_entry_not_built_draws_what_the_built_form_draws(variant):
    """After a saved hand, the next hand's blank form is drawn from the drawing kept, never
    built (BlankHandForm); asked anything else, it answers as the built form does."""
    from scoring.forms import BlankHandForm

    match = MatchFactory(variant=variant, team_a__name="Les <b>Bleus</b>",
                         team_b__name="Les Rouges")
    check = LiveCheck("/k/tok/hands/check/", "entry-feedback")
    built = HandForm(match=match, initial={"number": 4}, live_check=check,
                     first_dealer_url="/k/tok/first-dealer/")
    blank = BlankHandForm(number=4, match=match, live_check=check,
                          first_dealer_url="/k/tok/first-dealer/")
    template = engines["django"].from_string(
        "{% load entry_tags hand_fields %}" + CACHED)
    context = {"match": match, "slots": {}, "preview": None}
    assert template.render({**context, "form": blank}) == template.render(
        {**context, "form": built})
    assert "form" not in vars(blank)  # drawn without building it
    assert (blank.key, blank.auto_id, blank.entry_number) == (built.key, built.auto_id, 4)
    assert blank["number"].value() == 4 and list(blank.fields) == list(built.fields)
    assert str(blank["points_a" if variant != "quadrette" else "tricks_a"]) == str(
        built["points_a" if variant != "quadrette" else "tricks_a"])
