"""The history's row, undo button and chart are drawn by tags
(scoring/templatetags/history_tags.py) with the HTML their template partials wrote, character
for character: the partials' source is kept beside this test, and both draw 300 random
matches (La Politaine and La Quadrette, played hands, politaines, four sevens, every way the
opponents confirm, a dispute's reason and names that need escaping, a page that only looks,
a row kept open), in English and in French."""

import random
from pathlib import Path

import pytest
from django.template import engines
from django.test import RequestFactory
from django.utils import translation

from scoring import charts, rules
from scoring.forms import UndoForm
from scoring.models import Match, Team
from scoring.selectors import history_row

BEFORE = (Path(__file__).parent / "history_partials.html").read_text()
NAMES = ["Les Bleus", 'L\'Équipe "<b>" & co', "Ça roule", "Les Rouges", "{{ x }} 50%"]


def random_hand(rng: random.Random, quadrette: bool) -> rules.Hand:
    if quadrette:
        a = rng.randrange(0, 7)
        return rules.Hand.quadrette(a, 6 - a)
    if rng.random() < 0.05:
        return rules.Hand.four_sevens(rng.choice("ab"))
    a = rng.randrange(0, 12)
    return rules.Hand.played(a, 11 - a, rng.choice([0, 0, 0, 1, 2]), rng.choice([0, 0, 1]))


def random_match(rng: random.Random) -> tuple[Match, rules.MatchState]:
    quadrette = rng.random() < 0.3
    variant = "quadrette" if quadrette else rng.choice(["politaine", "quatre_sept"])
    target = rng.choice([7, 11, 33, 121, 1000]) if not quadrette else rng.choice([7, 15])
    name_a, name_b = rng.sample(NAMES, 2)
    hands = []
    state = rules.match_state(variant, target, "N", [])
    for _ in range(rng.randrange(1, 40)):
        if state.finished:
            break
        hands.append(random_hand(rng, quadrette))
        state = rules.match_state(variant, target, "N", hands)
    match = Match(
        pk=rng.randrange(1, 10_000), variant=variant, target=target, first_dealer="N",
        hand_count=state.hand_count, team_a=Team(name=name_a), team_b=Team(name=name_b),
        confirmation_mode=rng.choice(["none", "result", "hand"]),
        confirmation=rng.choice(["none", "waiting", "confirmed", "disputed"]),
        confirmed_hands=rng.randrange(0, state.hand_count + 1),
        dispute_reason=rng.choice(["", "Main 3 : 7 points, pas 4", 'Pas <b>"ça"</b> & co']),
        from_paper=rng.random() < 0.1,
    )
    return match, state


# Django 5 warns when {% csrf_token %} draws nothing (a context without a token, one of the
# cases drawn here); the app always renders its forms with the request's token.
@pytest.mark.filterwarnings("ignore:Calling format_html\\(\\) without passing args")
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_tags_draw_what_the_partials_drew(language):
    rng = random.Random(language)
    request = RequestFactory().get("/")
    engine = engines["django"]
    pairs = [
        (engine.from_string(BEFORE + before), engine.from_string("{% load history_tags %}" + after))
        for before, after in [
            ("{% for item in items %}{% partial history_row %}{% endfor %}",
             "{% for item in items %}{% history_row item %}{% endfor %}"),
            ("{% partial undo %}", "{% undo_button %}"),
            ("{% partial chart %}", "{% chart %}"),
        ]]
    drawn_kinds = set()
    with translation.override(language):
        for _ in range(300):
            match, state = random_match(rng)
            items = [{"row": history_row(match, line), "edit_url": f"/k/tok/hands/{line.number}/"}
                     for line in state.lines]
            context = {
                "match": match, "state": state, "chart": charts.progression(state),
                "urls": {"undo": "/k/tok/hands/undo/"},
                "undo_form": UndoForm(initial={"number": state.hand_count}, auto_id="undo-%s"),
                "read_only": rng.choice([None, None, "Round closed."]),
                "preserve_number": rng.choice([None, "", 1, 2, state.hand_count]),
                "part_oob": rng.random() < 0.5,
                "csrf_token": rng.choice(["the-csrf-token", None, "NOTPROVIDED"]),
            }
            for before, after in pairs:
                expected = before.render({**context, "items": items}, request)
                drawn = after.render({**context, "items": items}, request)
                assert drawn.strip() == expected.strip()
                drawn_kinds.update(kind for kind in (
                    "hand-mark done", "hand-mark disputed", "hand-mark waiting", "four-sevens",
                    'class="politaine"', 'class="gained"', "hx-preserve", "hx-swap-oob",
                    "csrfmiddlewaretoken", "correct-hand", "&lt;b&gt;") if kind in drawn)
    assert len(drawn_kinds) == 11, drawn_kinds


def test_a_row_escapes_what_the_keepers_and_opponents_wrote():
    match = Match(pk=1, variant="politaine", target=33, first_dealer="N", hand_count=1,
                  team_a=Team(name="<b>A</b>"), team_b=Team(name="B & co"),
                  confirmation_mode="hand", confirmation="disputed", confirmed_hands=0,
                  dispute_reason='"><script>x</script>')
    state = rules.match_state("politaine", 33, "N", [rules.Hand.four_sevens("a")])
    context = {"match": match, "item": {"row": history_row(match, state.lines[0]),
                                         "edit_url": "/k/t/hands/1/"}}
    drawn = engines["django"].from_string("{% load history_tags %}{% history_row item %}"
                                          ).render(context)
    assert "<script>" not in drawn and "<b>A</b>" not in drawn
    assert "&quot;&gt;&lt;script&gt;" in drawn and "&lt;b&gt;A&lt;/b&gt;" in drawn
