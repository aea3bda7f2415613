"""Ratings as a club reads them: rounded to one decimal (not cut), never negative on the
ladder, marked provisional until a player has a few rated matches."""

import pytest
from django.urls import reverse
from django.utils import translation

from clubs import rating_model, services
from clubs.models import Member
from clubs.templatetags.club_tags import rating, signed
from scoring import rules
from tests.clubs.helpers import club_match, win


def test_a_change_shown_to_one_decimal_is_rounded_not_cut():
    with translation.override("en"):
        assert signed(-1.4857) == "−1.5"
        assert signed(2.96) == "+3.0"
    with translation.override("fr"):
        assert signed(-1.4857) == "−1,5"


def test_the_ladder_rating_is_never_negative_and_keeps_the_order():
    cautious = [(25 - 3 * s, s) for s in (8.33, 6, 4)] + [(m, 8.33) for m in (0, 5, 10, 20)]
    values = [(rating_model.shown(mu, sigma), mu - 3 * sigma) for mu, sigma in cautious]
    assert all(v >= 0 for v, _ in values)
    assert [v for v, _ in sorted(values, key=lambda x: x[1])] == sorted(v for v, _ in values)
    assert rating_model.shown(*rating_model.START) == pytest.approx(rating_model.LADDER_START)


def test_a_player_who_lost_every_match_has_a_positive_rating_marked_provisional(client,
                                                                               organizer):
    club = services.create_club(owner=organizer, name="Les As")
    for _ in range(3):
        club_match(club, organizer, ("Anne", "Benoît"), ("Chloé", "Denis"), [win("b")])
    anne = Member.objects.get(club=club, name="Anne")
    assert anne.mu - 3 * anne.sigma < 0  # the cautious estimate itself is below zero
    assert not rating(anne).startswith(("-", "−"))
    page = client.get(reverse("club_page", args=[club.pk])).content.decode()
    assert "provisional" in page
    for _ in range(rating_model.PROVISIONAL_BELOW):
        club_match(club, organizer, ("Anne", "Benoît"), ("Chloé", "Denis"),
                   [rules.Hand.played(11, 0)])
    page = client.get(reverse("club_page", args=[club.pk])).content.decode()
    assert "(provisional)" not in page
