"""The history's section is drawn by a tag (scoring/templatetags/history_tags.py,
`{% history_section %}`) with the HTML its template partial wrote, character for character:
the partial's source is kept beside this test, and both draw 200 random histories (none yet,
played hands, a hand being corrected, changes by a keeper or by the link, a page that only
looks, out of band or not), in English and in French."""

import random
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from scoring import charts, rules
from scoring.forms import HandForm, LiveCheck
from scoring.models import HandRevision, Match, Team
from scoring.selectors import RevisionRow, history_row
from tests.scoring.tag_samples import draw_both

TABLE = (Path(__file__).parent.parent.parent / "scoring/templates/scoring/table.html").read_text()
SHARED = "".join(  # what both draw alike: the row being corrected, and its fields
    re.search(r"{% partialdef " + name + r" %}.*?{% endpartialdef " + name + " %}", TABLE,
              re.S).group(0) for name in ("edit_row", "hand_fields", "preview"))
LOADS = "{% load i18n partials hand_fields history_tags %}"
BEFORE = (LOADS + SHARED + (Path(__file__).parent / "history_section_partial.html").read_text()
          + "{% partial history %}")
AFTER = LOADS + SHARED + re.search(r"{% partialdef history %}.*?{% endpartialdef history %}",
                                   TABLE, re.S).group(0) + "{% partial history %}"
NAMES = ["Les Bleus", 'L\'Équipe "<b>" & co', "Ça roule", "{{ x }} 50%"]


def random_context(rng: random.Random) -> dict:
    variant = rng.choice(["politaine", "quadrette"])
    hands, state = [], rules.match_state(variant, 1000, "N", [])
    for _ in range(rng.choice([0, 0, 1, 4, 15])):
        if variant == "quadrette":
            a = rng.randrange(0, 7)
            hands.append(rules.Hand.quadrette(a, 6 - a))
        else:
            a = rng.randrange(0, 12)
            hands.append(rules.Hand.played(a, 11 - a, rng.choice([0, 1])))
        state = rules.match_state(variant, 1000, "N", hands)
    name_a, name_b = rng.sample(NAMES, 2)
    match = Match(pk=9, variant=variant, target=1000, first_dealer="N", hand_count=len(hands),
                  team_a=Team(name=name_a), team_b=Team(name=name_b))
    edit_number = rng.choice([None, *range(1, len(hands) + 1)]) if hands else None
    edit = {}
    if edit_number:
        form = HandForm(rng.choice([None, {"number": str(edit_number), "points_a": "12"}]),
                        match=match, correcting=True,
                        live_check=LiveCheck("/k/t/hands/1/check/", "edit-feedback"))
        edit = {"form": form, "slots": form.slots() if form.is_bound else {}, "preview": None}
    at = datetime(2026, 11, 24, 21, 5, tzinfo=UTC)
    revisions = [RevisionRow(
        revision=HandRevision(number=n, action=rng.choice(["corrected", "undone"]),
                              at=at + timedelta(minutes=n),
                              by=rng.choice([None, User(username="anne<b>")])),
        before="7–4", after=rng.choice([None, "11–0 <b>"])) for n in range(rng.choice([0, 2]))]
    return {
        "match": match, "state": state, "oob": rng.random() < 0.5,
        "rows": [{"row": history_row(match, line), "edit_url": f"/k/t/hands/{line.number}/"}
                 for line in state.lines],
        "chart": charts.progression(state), "revisions": revisions,
        "read_only": rng.choice([None, None, "Fermé"]), "first_dealer": "Nord (<i>Anne</i>)",
        "edit_number": edit_number, "edit_url": f"/k/t/hands/{edit_number}/", "edit": edit,
        "edit_errors": rng.choice([[], ["La main <b> ne va pas."]]),
        "preserve_number": rng.choice([None, 1]), "cancel_url": "/k/t/live/",
        "urls": {"undo": "/k/t/hands/undo/", "table": "/k/t/"},
        "csrf_token": "the-csrf-token",
    }


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_tag_draws_what_the_partial_drew(language):
    seen = draw_both(BEFORE, AFTER, random_context, language=language, times=200, marks=(
        'id="no-hand-yet"', 'class="editing"', "revisions", "hx-swap-oob", " hidden",
        "undo-button", "<svg", "&lt;b&gt;", "field-error", "visually-hidden"))
    assert len(seen) == 10, seen
