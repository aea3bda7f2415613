"""The entry form works from the keyboard alone. (Every page fitting a 360 px phone, with
a label for every input: the accessibility sweep, tests/e2e/test_every_page.py.)"""

import pytest

from scoring import services
from scoring.services import NewTeam

pytestmark = pytest.mark.e2e

def test_the_entry_form_works_from_the_keyboard(live_server, page, log_in):
    user = log_in(page)
    match = services.create_match(owner=user, variant="politaine", team_a=NewTeam("A"),
                                  team_b=NewTeam("B"))
    page.goto(live_server.url + f"/matches/{match.pk}/")
    page.locator("#entry input[name=points_a]").focus()
    page.keyboard.type("8")
    page.keyboard.press("Enter")  # submits the form
    page.wait_for_selector("text=Hand 1 saved. The score is 8–3.")
