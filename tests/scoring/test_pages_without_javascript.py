"""The score keeper's pages with JavaScript off: every form, as the server draws it, posts
and redirects, and a refused hand comes back with its message and what was typed. The forms
are read from the pages' HTML and sent as a browser sends them (tests/forms.py): no
browser is needed to check what only the server renders."""

import re

import pytest

from scoring.models import Hand, Match
from tests.forms import form_posting_to
from tests.pages import text_of as page_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def keeper(client, user):
    client.force_login(user)
    return client


def sent(client, page_html: str, action_end: str, button: str | None = None, *, url="",
         **typed):
    """Post the page's form (the one whose action ends with `action_end`; the page's `url`
    for a form without one) as a browser would, `typed` over what it holds (`button`: the
    submit button's text, when it names a value), and follow where it sends the browser."""
    form = form_posting_to(page_html, action_end, url)
    data = form.data(**typed)
    if button is not None:
        name, value, _ = next(b for b in form.buttons if b[2] == button)
        data[name] = value
    return client.post(form.action, data, follow=True)


def text_of(response) -> str:
    return page_text(response.content.decode())


def test_a_politaine_match_without_javascript(keeper):
    new = keeper.get("/matches/new/").content.decode()
    page = sent(keeper, new, "/matches/new/", url="/matches/new/", team_a_name="Les Bleus",
                team_b_name="Les Rouges", seat_n="Anne", seat_s="Marc", seat_e="Luc",
                seat_w="Julie", first_dealer="E")
    assert page.status_code == 200 and page.redirect_chain[-1][1] == 302
    assert "East (Luc)" in text_of(page)
    match = Match.objects.get()

    # One team's points are enough: the other's are filled in on saving.
    page = sent(keeper, page.content.decode(), "/hands/", points_a=7)
    assert "Hand 1 saved. The score is 7–4." in text_of(page)

    # A 10-point hand comes back with the message and what was typed.
    refused = sent(keeper, page.content.decode(), "/hands/", points_a=6, points_b=4)
    assert refused.status_code == 422 and not refused.redirect_chain
    assert "they always add up to 11. Recount." in text_of(refused)
    assert form_posting_to(refused.content.decode(), "/hands/").fields["points_a"] == "6"
    assert Hand.objects.count() == 1

    page = sent(keeper, refused.content.decode(), "/hands/", points_a=6, points_b=5,
                politaines_a=1)
    assert "Hand 2 saved. The score is 24–9." in text_of(page)

    # Correct hand 1 on its own page.
    correcting = keeper.get(f"/matches/{match.pk}/hands/1/").content.decode()
    page = sent(keeper, correcting, "/hands/1/", points_a=8, points_b=3)
    assert "Hand 1 corrected. The score is 25–8." in text_of(page)

    # Undo hand 2.
    page = sent(keeper, page.content.decode(), "/hands/undo/")
    assert "Hand 2 undone." in text_of(page)
    assert re.search(r'id="entry-title"[^>]*>\s*Hand 2\s*<', page.content.decode())

    # Four sevens, confirmed.
    page = sent(keeper, page.content.decode(), "/hands/four-sevens/",
                button="Four sevens for Les Rouges", confirm="on")
    assert "Winners: Les Rouges, 3–8 (four sevens)." in text_of(page)
    match.refresh_from_db()
    assert (match.winner, match.finish_reason) == ("b", "four_sevens")


def test_the_first_dealer_is_saved_with_hand_1_without_javascript(keeper, match):
    page = keeper.get(f"/matches/{match.pk}/").content.decode()
    page = sent(keeper, page, "/hands/", first_dealer="W", points_a=7)
    assert "Hand 1 saved." in text_of(page)
    match.refresh_from_db()
    assert (match.first_dealer, match.hand_count) == ("W", 1)
