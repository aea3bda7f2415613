"""A round's table card and a team's standings row are each drawn by one tag
(tournaments/templatetags/tournament_tags.py) with the HTML the template wrote, character for
character: the template's source is kept beside this test, and both draw 400 random tables
(every state a card shows: playing or over, either winner, each confirmation, from paper,
forfeit, time called, names and a dispute's reason that need escaping), for the organizer
and for the public, and 200 random rows, in English and in French."""

import random
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.template import engines
from django.utils import timezone, translation

from scoring.models import Match, Team
from tournaments.models import Entry, Table
from tournaments.selectors import TableView

BEFORE = (Path(__file__).parent / "table_cards_partials.html").read_text()
AFTER = ("{% load l10n tournament_tags %}{% localize off %}[\n"
         "  {% for t in round_view.tables %}{% table_card t %}{% endfor %}\n"
         "]{% endlocalize %}")
NAMES = ["Les Bleus", 'L\'Équipe "<b>" & co', "Ça roule", "Les Rouges"]


def random_table(rng: random.Random, number: int) -> TableView:
    now = timezone.now()
    finished = rng.random() < 0.5
    winner = rng.choice("ab")
    mode = rng.choice(["none", "result", "hand"])
    match = Match(
        pk=number, variant="politaine", target=rng.choice([11, 31, 33]),
        status="finished" if finished else "in_progress",
        winner=winner if finished else None,
        finish_reason=rng.choice(["target", "four_sevens", "time", "forfeit"])
        if finished else None,
        score_a=rng.randrange(0, 40), score_b=rng.randrange(0, 40),
        hand_count=rng.choice([0, 0, 1, 7]),
        last_hand_at=rng.choice([None, now - timedelta(seconds=20), now - timedelta(minutes=7)]),
        time_called_after=rng.choice([None, None, 4]),
        confirmation_mode=mode,
        confirmation=rng.choice(["none", "waiting", "confirmed", "disputed"]),
        dispute_reason=rng.choice(["", "Main 3 : 7 points, pas 4", 'Pas <b>"ça"</b> & co']),
        from_paper=rng.random() < 0.3,
        forfeited_by=rng.choice([None, None, "a"]),
        opponents_token=f"opp{number}",
    )
    name_a, name_b = rng.sample(NAMES, 2)
    return TableView(
        table=Table(number=number),
        match=match,
        entry_a=Entry(pk=2 * number, team=Team(name=name_a)),
        entry_b=Entry(pk=2 * number + 1, team=Team(name=name_b)),
    )


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("organizer", [True, False])
def test_the_tag_draws_what_the_template_drew(language, organizer):
    rng = random.Random(f"{language}{organizer}")
    tables = [random_table(rng, number) for number in range(1, 401)]
    context = {
        "round_view": SimpleNamespace(round=SimpleNamespace(number=3), tables=tables),
        "tournament": SimpleNamespace(pk=42), "now": timezone.now(),
        "show_links": organizer, "show_times": organizer, "csrf_token": "the-csrf-token",
    }
    with translation.override(language):
        before = engines["django"].from_string(BEFORE).render(context)
        after = engines["django"].from_string(AFTER).render(context)
    before = before[before.index("[\n"):]  # not what the partials' definitions leave
    for drawn, expected in zip(after.split("</li>"), before.split("</li>"), strict=True):
        assert drawn == expected
    assert "&lt;b&gt;" in after and "<b>" not in after
    assert ("the-csrf-token" in after) is organizer
    assert ("/o/opp" in after) is organizer


ROWS_BEFORE = (Path(__file__).parent / "standings_rows_partial.html").read_text()
ROWS_AFTER = ("{% load l10n tournament_tags %}{% localize off %}[\n"
              "    {% for s in view.standings %}"
              "{% standing_row s columns view.provisional_teams %}{% endfor %}]{% endlocalize %}")


def random_standings(rng: random.Random) -> list:
    from tournaments.standings import Standing

    fields = set(Standing.__dataclass_fields__)
    standings = []
    for rank in range(1, 201):
        values = {name: rng.randrange(-30, 60) for name in fields}
        values.update(rank=rank, team_id=rank, name=rng.choice(NAMES) + f" {rank}",
                      seed=rank, withdrawn=rng.random() < 0.2)
        standings.append(Standing(**values))
    return standings


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("buchholz", [True, False])
def test_a_standings_row_is_drawn_as_the_template_drew_it(language, buchholz):
    from tournaments.templatetags.tournament_tags import standings_columns

    standings = random_standings(random.Random(language))
    with translation.override(language):
        columns = standings_columns(buchholz=buchholz)
        context = {"view": SimpleNamespace(standings=standings, provisional_teams={
            rank for rank in range(1, 201) if rank % 3 == 0}), "columns": columns}
        before = engines["django"].from_string(ROWS_BEFORE).render(context)
        after = engines["django"].from_string(ROWS_AFTER).render(context)
    before = before[before.index("[\n"):]
    for drawn, expected in zip(after.split("</tr>"), before.split("</tr>"), strict=True):
        assert drawn == expected
    assert "&lt;b&gt;" in after and 'class="withdrawn"' in after and "provisional" in after


PROJECTOR_BEFORE = dict(zip(("standings", "tables"), (
    Path(__file__).parent / "projector_rows_partials.html").read_text().split(
        "\n{# --- tables --- #}\n"), strict=True))
PROJECTOR_AFTER = {
    "standings": "{% load tournament_tags %}[{% for s in page %}"
                 "{% projector_standing_row s columns %}{% endfor %}]",
    "tables": "{% load tournament_tags %}[{% for t in page %}"
              "{% projector_table_row t %}{% endfor %}]",
}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_projectors_rows_are_drawn_as_the_template_drew_them(language):
    from tournaments.templatetags.tournament_tags import standings_columns

    rng = random.Random(f"projector {language}")
    pages = {"standings": random_standings(rng),
             "tables": [random_table(rng, number) for number in range(1, 401)]}
    with translation.override(language):
        columns = standings_columns("wins", "difference")
        for kind, page in pages.items():
            context = {"page": page, "columns": columns}
            before = engines["django"].from_string(PROJECTOR_BEFORE[kind]).render(context)
            after = engines["django"].from_string(PROJECTOR_AFTER[kind]).render(context)
            before = before[before.index("["):]
            for drawn, expected in zip(after.split("</tr>"), before.split("</tr>"),
                                       strict=True):
                assert drawn == expected
            assert "&lt;b&gt;" in after and "<b>" not in after
            assert kind != "standings" or ('class="diff">+' in after and "-" in after)
