"""The scoreboard is drawn by a tag (scoring/templatetags/scoreboard_tags.py) with the HTML its
template partial wrote, character for character: the partial's source is kept beside this
test, and both draw 400 random scoreboards (playing, tied at the target or over, a
tournament's table or not, redeals, each way the opponents confirm or dispute, time called,
another phone's change, a result's notes, names and a dispute's reason that need escaping),
in English and in French."""

import json
import random
from pathlib import Path

import pytest

from scoring import display, rules
from scoring.models import Match, Team
from scoring.views.fragments import standing_text
from tests.scoring.tag_samples import draw_both, random_state

BEFORE = (Path(__file__).parent / "scoreboard_partial.html").read_text()
NAMES = ["Les Bleus", 'L\'Équipe "<b>" & co', "Ça roule", "Les Rouges", "{{ x }} 50%"]


def random_context(rng: random.Random) -> dict:
    variant = rng.choice(["politaine", "quatre_sept", "quadrette"])
    target = rng.choice([7, 11, 33, 121])
    state = random_state(rng, variant, target, politaines=True)
    name_a, name_b = rng.sample(NAMES, 2)
    match = Match(pk=7, variant=variant, target=target, first_dealer=rng.choice(rules.SEATS),
                  team_a=Team(name=name_a), team_b=Team(name=name_b),
                  hand_count=state.hand_count, redeals=rng.choice([0, 0, 2]),
                  confirmation=rng.choice(["none", "waiting", "confirmed", "disputed"]),
                  dispute_reason=rng.choice(["", "Main 3 : 7 points, pas 4", 'Pas <b>"ça"</b>']),
                  time_called_after=rng.choice([None, None, 4]))
    entry_number = rng.choice([None, state.next_hand, state.next_hand + 1])
    poll = "/k/tok/live/" + (f"?number={entry_number}" if entry_number else "")
    return {
        "match": match, "state": state, "oob": rng.random() < 0.5,
        "teams": [{"code": code, "name": match.team_name(code), "score": state.score.of(code),
                   "leading": state.leading_team == code, "winner": state.winner == code}
                  for code in "ab"],
        "entry_number": entry_number,
        "stale": entry_number is not None and entry_number != state.next_hand,
        "poll_url": poll,
        "poll_headers": json.dumps({"If-None-Match": f'W/"7-3-fr-{entry_number or 0}"'}),
        "standing": standing_text(match, state),
        "dealer": display.seat_label(match, state.dealer),
        "leader": display.seat_label(match, state.leader),
        "tournament": rng.choice([None, {"name": "Soirée <du> club", "round": 2, "table": 5}]),
        "result_notes": rng.choice([[], ["Anne : 1500 → 1512", "<i>x</i>"]]),
        "urls": {"table": "/k/tok/"},
    }


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_tag_draws_what_the_partial_drew(language):
    seen = draw_both(BEFORE + "{% partial scoreboard %}",
                     "{% load scoreboard_tags %}{% scoreboard %}", random_context,
                     language=language, times=400, marks=(
                         'id="disputed"', 'id="confirmation"', "result-note", "hx-swap-oob",
                         'class="deal"', "<dt>Redeal", "<dt>Donne", 'role="status">', " tied",
                         " finished", "&lt;b&gt;", "&lt;du&gt;", "?number="))
    assert len(seen) >= 11, seen
