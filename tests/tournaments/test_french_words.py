"""The French a room reads (issue 43, item 3): one person is not "Champions", a player who
left is not "retirée", a closed night is not "Il", and a semicolon takes its space."""

from itertools import pairwise

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from scoring.services import NewTeam
from tests.pages import text_of
from tests.tournaments.helpers import finish
from tournaments import services
from tournaments.overview import overview
from tournaments.services import Settings
from tournaments.services.closing import close_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def night_won_by_one_player(organizer):
    night = services.create_tournament(owner=organizer, settings=Settings(
        name="Vendredi à la mêlée", variant="politaine", format="individual", target=11,
        individual_rounds=1), teams=[NewTeam(name) for name in
                                     ["Anne", "Bruno", "Carole", "Denis", "Élise"]])
    round_1 = services.draw_next_round(tournament=night)
    # The player who sits the round out goes home early.
    services.set_entry_flags(entry=round_1.byes.get().entry, withdrawn=True)
    finish(round_1.tables.get().match, winner="a")
    close_tournament(tournament=night)
    return night


def french(client, url) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    return text_of(client.get(url).content.decode())


def test_the_projector_of_an_individual_night_names_one_winner_not_champions(
        client, night_won_by_one_player):
    night = night_won_by_one_player
    winner = overview(night).champion.name
    text = french(client, reverse("public_projector", args=[night.pk]))
    assert f"1re place : {winner}" in text and "Champions" not in text
    assert "(a quitté)" in text and "retirée" not in text
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert f"Winner: {winner}" in text_of(client.get(
        reverse("public_projector", args=[night.pk])).content.decode())


def test_the_dashboard_of_a_closed_night_agrees_in_french(client, night_won_by_one_player):
    text = french(client, reverse("tournament_dashboard", args=[night_won_by_one_player.pk]))
    assert "La soirée est terminée. 1re place :" in text
    assert "C'est fermé : les résultats sont définitifs." in text.replace("&#x27;", "'")
    assert "Il est fermé" not in text


def test_a_french_semicolon_takes_its_space():
    with translation.override("fr"):
        said = translation.gettext("%(dealer)s deals this hand; %(leader)s leads.")
    assert " ; " in said and not any(
        before != " " for before, after in pairwise(said) if after == ";")
