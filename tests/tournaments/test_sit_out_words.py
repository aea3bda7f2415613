"""What a round sat out counts for, printed where the room reads it (issue 43): the table
cards, the round's page and the dashboard of an individual night say the night's own rule,
never a team's bye."""

import html

import pytest
from django.conf import settings
from django.urls import reverse

from scoring.services import NewTeam
from tests.pages import text_of
from tournaments import services
from tournaments.services import Settings

pytestmark = pytest.mark.django_db

NAMES = ["Anne", "Bruno", "Carole", "Denis", "Élise", "François", "Gisèle", "Hugo", "Isabelle"]


def night_of_nine(owner, **sit_out):
    night = services.create_tournament(owner=owner, settings=Settings(
        name="Vendredi à la mêlée", variant="politaine", format="individual", target=11,
        **sit_out), teams=[NewTeam(name) for name in NAMES])
    services.draw_next_round(tournament=night)
    return night


def pages(client, night):
    return [html.unescape(text_of(client.get(reverse(name, args=args)).content.decode()))
            for name, args in (("tournament_round_cards", [night.pk, 1]),
                               ("tournament_round", [night.pk, 1]),
                               ("tournament_dashboard", [night.pk]))]


@pytest.mark.parametrize(("sit_out", "english", "french"), [
    ({}, "Sitting out this round (it scores nothing):",
     "Au repos cette ronde (aucun point) :"),
    ({"sit_out": "fixed", "sit_out_points": 3},
     "Sitting out this round (3 points for, not a win):",
     "Au repos cette ronde (3 points pour, pas une victoire) :"),
    ({"sit_out": "average"},
     "Sitting out this round (their own average of the night, not a win):",
     "Au repos cette ronde (la moyenne de la soirée de chacun, pas une victoire) :"),
])
def test_the_cards_and_pages_of_an_individual_night_say_its_own_sit_out_rule(
        client, organizer, sit_out, english, french):
    night = night_of_nine(organizer, **sit_out)
    for text in pages(client, night):
        assert english in text and "Bye" not in text
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    for text in pages(client, night):
        assert french in text
