"""The hand entry is drawn by a tag (scoring/templatetags/entry_tags.py) with the HTML its
template partial wrote, character for character: the partial's source is kept beside this
test, and both draw 300 random entries (playing, tied at the target, over, a page that only
looks, the first hand, La Quadrette, blank forms and refused ones, four sevens refused,
names that need escaping, a rematch or not), in English and in French."""

import random
import re
from pathlib import Path

import pytest

from scoring.forms import FourSevensForm, HandForm, LiveCheck
from scoring.models import Match, Team
from scoring.views.fragments import standing_text
from tests.scoring.tag_samples import draw_both, random_state

TABLE = (Path(__file__).parent.parent.parent / "scoring/templates/scoring/table.html").read_text()
HAND_FIELDS = "".join(  # what the entry holds: the hand's fields, drawn by both alike
    re.search(r"{% partialdef " + name + r" %}.*?{% endpartialdef " + name + " %}", TABLE,
              re.S).group(0) for name in ("hand_fields", "preview"))
BEFORE = ((Path(__file__).parent / "entry_partial.html").read_text() + HAND_FIELDS
          + "{% partial entry %}")
AFTER = ("{% load i18n partials hand_fields entry_tags %}" + HAND_FIELDS
         + "{% hand_entry %}{% cache_blank form %}{% partial hand_fields %}{% endcache_blank %}"
           "{% endhand_entry %}")
NAMES = ["Les Bleus", 'L\'Équipe "<b>" & co', "Ça roule", "Les Rouges"]


def random_context(rng: random.Random) -> dict:
    variant = rng.choice(["politaine", "quatre_sept", "quadrette"])
    target = rng.choice([7, 11, 33])
    state = random_state(rng, variant, target)
    name_a, name_b = rng.sample(NAMES, 2)
    match = Match(pk=rng.randrange(1, 1000), variant=variant, target=target, first_dealer="N",
                  team_a=Team(name=name_a), team_b=Team(name=name_b),
                  hand_count=state.hand_count)
    check = LiveCheck(f"/k/t{match.pk}/hands/check/", "entry-feedback")
    if rng.random() < 0.3:  # a refused save, drawn again
        data = {"number": str(state.next_hand), "points_a": rng.choice(["", "7", "x", "12"]),
                "points_b": rng.choice(["", "4", "5"]), "tricks_a": "7"}
        form = HandForm(data, match=match, live_check=check, first_hand=state.hand_count == 0)
        form.is_valid()
        slots = form.slots()
    else:
        form = HandForm(initial={"number": state.next_hand}, match=match, live_check=check,
                        first_hand=state.hand_count == 0 and rng.random() < 0.5,
                        first_dealer_url="/k/t/first-dealer/")
        slots = {}
    if rng.random() < 0.2:
        four_sevens = FourSevensForm({"number": str(state.next_hand), "team": "a"},
                                     auto_id="fs-%s")
        four_sevens.is_valid()
    else:
        four_sevens = FourSevensForm(initial={"number": state.next_hand}, auto_id="fs-%s")
    return {
        "match": match, "state": state, "form": form, "slots": slots, "preview": None,
        "four_sevens_form": four_sevens, "standing": standing_text(match, state),
        "read_only": rng.choice([None, None, None, "La ronde est fermée <b>."]),
        "seen": rng.choice([3, "", "12"]), "oob": rng.random() < 0.5,
        "can_rematch": rng.random() < 0.5,
        "csrf_token": rng.choice(["the-csrf-token", None]),
        "urls": {"record": f"/k/t{match.pk}/hands/", "four_sevens": "/k/t/hands/four-sevens/",
                 "redeal": "/k/t/redeal/"},
        "teams": [{"code": code, "name": match.team_name(code)} for code in "ab"],
    }


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_tag_draws_what_the_partial_drew(language):
    seen = draw_both(BEFORE, AFTER, random_context, language=language, times=300, marks=(
        'id="entry-title"', '<details class="four-sevens" open', "field-error",
        "csrfmiddlewaretoken", "hx-swap-oob", "/rematch/", 'class="notice"', "redeal-button",
        "&lt;b&gt;", "first_dealer", "tricks_a"))
    assert len(seen) == 11, seen


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_blank_four_sevens_form_draws_as_the_form_built_unbound(language):
    """Every answer draws the four sevens' form blank (FourSevensForm.blank): the HTML of a
    FourSevensForm built for it, without building one."""
    from django.template import engines
    from django.test import RequestFactory
    from django.utils import translation

    template = engines["django"].from_string(AFTER)
    request = RequestFactory().get("/")
    rng = random.Random(f"blank-{language}")
    drawn = 0
    with translation.override(language):
        for _ in range(150):
            context = random_context(rng)
            if context["state"].finished or context["read_only"] or \
                    context["match"].is_quadrette:
                continue
            number = context["state"].next_hand
            built = template.render({**context, "four_sevens_form": FourSevensForm(
                initial={"number": number}, auto_id="fs-%s")}, request)
            blank = template.render({**context, "four_sevens_form": FourSevensForm.blank(
                number)}, request)
            assert blank == built
            assert 'id="fs-confirm"' in blank
            drawn += 1
    assert drawn > 15


def test_a_blank_four_sevens_form_asked_for_a_field_builds_the_form():
    """What the blank drawing does not know (here a number sent as text, drawn by the
    form's own field) is asked of the form, built then (an outside review's finding)."""
    from scoring.forms import BlankFourSevensForm

    blank = BlankFourSevensForm("3")
    built = FourSevensForm(initial={"number": "3"}, auto_id="fs-%s")
    assert str(blank["number"]) == str(built["number"])
    assert not blank.errors and not blank.is_bound
