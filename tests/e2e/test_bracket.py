"""The bracket as a club follows it: its rounds named (Round of 16, Quarter-finals,
Semi-finals, Final), the whole path from the first knockout round to the final with the byes
of a top 10, on a phone without clipping the final, in English and French, with no axe-core
violation. BRACKET_SHOTS=<directory> keeps a screenshot of each, to look at."""

import os
from pathlib import Path

import pytest

from tests.e2e.accessibility import LAPTOP, PHONE, axe_violations, too_wide
from tests.tournaments.helpers import make_tournament, play_round
from tournaments import services as tournaments

pytestmark = pytest.mark.e2e

SHOTS = os.environ.get("BRACKET_SHOTS")
NAMES = {"en-CA": ["Round of 16", "Quarter-finals", "Semi-finals", "Final"],
         "fr-CA": ["Huitièmes de finale", "Quarts de finale", "Demi-finales", "Finale"]}
BYE = {"en-CA": "bye", "fr-CA": "exemption"}


@pytest.mark.parametrize("language", ["en-CA", "fr-CA"])
def test_the_bracket_names_its_rounds_and_shows_the_whole_path_of_a_top_10(
        live_server, new_context, log_in, language):
    screen = PHONE
    page = new_context(viewport=screen, locale=language).new_page()
    user = log_in(page)
    tournament = make_tournament(user, teams=12, format="swiss_knockout", swiss_rounds=2,
                                 knockout_size=10)
    for _ in range(2):
        play_round(tournaments.draw_next_round(tournament=tournament))
    play_round(tournaments.draw_next_round(tournament=tournament))  # the round of 16
    page.goto(live_server.url + f"/t/{tournament.pk}/bracket/")
    rounds = page.locator(".bracket .bracket-round")
    assert [h.strip() for h in rounds.locator("h3").all_inner_texts()] == NAMES[language]
    # Every place of the path: 8 in the round of 16 (2 matches, 6 byes), then 4, 2, 1.
    assert [rounds.nth(i).locator(".slot").count() for i in range(4)] == [8, 4, 2, 1]
    first = rounds.nth(0)
    assert first.locator(".slot .bye").count() == 6
    assert all(BYE[language] in text for text in first.locator(".slot .bye").all_inner_texts())
    # The quarter-finals already name who came through (the byes and the round's winners).
    assert rounds.nth(1).locator(".slot .who").count() == 8
    assert "Team" in rounds.nth(1).inner_text()

    # The final is on the screen, not clipped: nothing wider than the screen, and the final's
    # box within its width once scrolled to.
    assert too_wide(page, PHONE, LAPTOP) == []
    final = rounds.nth(3).locator(".slot")
    final.scroll_into_view_if_needed()
    box = final.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= screen["width"]
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/bracket-{language}-{screen['width']}.png",
                        full_page=True)
    problems = axe_violations(page)
    assert problems == [], "\n".join(problems)
