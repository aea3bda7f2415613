"""What the organizer's and the table's pages say, in English and French, as the server
draws them (no browser needed to read them): a result from paper spoken of as one, results
that read with the winners' score first, the organizer's French words, and a closed round's
link that offers nothing it would refuse."""

import re

import pytest
from django.test import Client

from scoring import paper
from scoring.services import NewTeam
from tests.forms import forms_of
from tests.pages import main_of, text_of
from tests.tournaments.helpers import finish, make_tournament, play_round, round_two_drawn
from tournaments import services as tournaments

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-CA"}


def main_text(response) -> str:
    """The page's main part, as its reader reads it."""
    return text_of(main_of(response.content.decode()))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_paper_results_page_speaks_of_a_paper_result(client, organizer, language):
    match = round_two_drawn(organizer).rounds.get(number=2).tables.get(number=1).match
    paper.enter_paper_result(match=match, by=organizer, score_a=11, score_b=0,
                             finish_reason="target")
    page = client.get(f"/matches/{match.pk}/", **(FRENCH if language == "fr" else {}))
    text = main_text(page)
    if language == "en":
        assert "The result was entered from the paper score sheet" in text
        assert "No hand was kept on a phone" in text
        for wrong in ("0 hands played", "can still be corrected", "No hand yet",
                      "Score on another phone"):
            assert wrong not in text
    else:
        assert "feuille de pointage papier" in text and "0 tour joué" not in text
    assert 'id="share"' not in page.content.decode()


def test_results_read_naturally_with_the_winners_score_first(organizer):
    tournament = tournaments.create_tournament(
        owner=organizer, settings=tournaments.Settings(
            name="Soirée", variant="politaine", format="round_robin", target=33, public=True),
        teams=[NewTeam("Nous"), NewTeam("Les Rouges")])
    table = tournaments.draw_next_round(tournament=tournament).tables.get()
    finish(table.match, winner="b" if table.entry_b.team.name == "Les Rouges" else "a",
           margin=0)
    table.match.refresh_from_db()
    won, lost = sorted((table.match.score_a, table.match.score_b), reverse=True)
    for headers, words in (({}, f"Winners: Les Rouges, {won}–{lost} (target reached)."),
                           (FRENCH, f"Vainqueurs : Les Rouges, {won} à {lost} "
                                    "(cible atteinte).")):
        results = main_text(Client().get(f"/t/{tournament.pk}/results/", **headers))
        assert words in results and f"Les Rouges {won}" in results
        projector = Client().get(f"/t/{tournament.pk}/projector/", **headers).content.decode()
        body = projector[projector.index("<tbody", projector.index("big-standings")):]
        assert "Les Rouges" in body[:body.index("</tr>")]  # first


def test_french_organizer_words(client, organizer):
    tournament = make_tournament(organizer, teams=4, round_minutes=30)
    tournaments.draw_next_round(tournament=tournament)
    assert "Tournoi à la ronde" in main_text(client.get("/tournaments/new/", **FRENCH))
    dashboard = client.get(f"/tournaments/{tournament.pk}/", **FRENCH)
    assert re.search(r"<a [^>]*>\s*Fin du temps\s*</a>", dashboard.content.decode())
    assert "Sonner" not in main_text(dashboard)


def test_a_closed_rounds_link_shows_the_match_read_only(organizer):
    tournament = make_tournament(organizer, teams=4, format="swiss", swiss_rounds=2)
    first = tournaments.draw_next_round(tournament=tournament)
    play_round(first)
    tournaments.draw_next_round(tournament=tournament)
    match = first.tables.order_by("number").first().match
    page = Client().get(f"/k/{match.scorekeeper_token}/")
    html = page.content.decode()
    assert ("Round 1 is over and the next round is drawn: only the organizers can change its "
            "matches now.") in main_text(page)
    main = main_of(html)
    # The page offers nothing it would refuse, nor a link that would not score: no form, no
    # button, no correction, no share box.
    assert forms_of(main) == [] and "<button" not in main
    assert 'id="correct-hand-' not in main and 'id="share"' not in html
