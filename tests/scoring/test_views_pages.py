"""Accounts, the home page and starting a match."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.timezone import localtime

from scoring import rules, services
from scoring.models import Match
from tests.conftest import url
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db


def test_an_anonymous_visitor_sees_what_the_app_is_for(client):
    body = client.get("/").content.decode()
    # Every game the app keeps, La Poule too (issue 31, item 20).
    assert ("Keep the score of La Politaine, Le Quatre Sept, La Poule and La Quadrette"
            in body)
    assert reverse("signup") in body and reverse("login") in body


def test_signing_up_logs_in_and_shows_an_empty_list(client):
    response = client.post(reverse("signup"), {"username": "marie", "password1": "un-bon-mot-2026",
                                               "password2": "un-bon-mot-2026"}, follow=True)
    body = response.content.decode()
    assert "Your matches" in body and "No match yet" in body
    assert get_user_model().objects.filter(username="marie").exists()


def test_a_bad_sign_up_says_why(client):
    response = client.post(reverse("signup"), {"username": "marie", "password1": "a",
                                               "password2": "b"})
    assert response.status_code == 422
    assert "The two password fields" in response.content.decode()


def test_log_in_and_out(client, user):
    response = client.post(reverse("login"), {"username": user.username,
                                              "password": "correct horse battery staple"})
    assert response.status_code == 302
    assert client.get(reverse("account")).status_code == 200
    client.post(reverse("logout"))
    assert client.get(reverse("account")).status_code == 302


def test_change_password(client, user):
    client.force_login(user)
    response = client.post(reverse("password_change"), {
        "old_password": "correct horse battery staple",
        "new_password1": "another long phrase 42", "new_password2": "another long phrase 42",
    })
    assert response["Location"] == reverse("password_change_done")
    user.refresh_from_db()
    assert user.check_password("another long phrase 42")


def test_home_lists_matches_in_progress_first(client, user):
    client.force_login(user)
    done = MatchFactory(owner=user, team_a__name="Finis")
    for number in (1, 2, 3):
        services.record_hand(match=done, number=number, hand=rules.Hand.played(11, 0))
    MatchFactory(owner=user, team_a__name="En cours")
    MatchFactory(team_a__name="Someone else's")
    body = client.get("/").content.decode()
    assert body.index("En cours") < body.index("Finis")
    assert "Someone else" not in body
    # Its date, and the result with the winner's score first.
    assert "Winners: Finis, 33–0 (target reached)." in body and "New match" in body
    day = date_format(localtime(done.created_at), "DATE_FORMAT")
    assert f'<time datetime="{localtime(done.created_at).isoformat()}">{day}</time>' in body


def test_new_match_form(client, user):
    client.force_login(user)
    body = client.get(reverse("match_new")).content.decode()
    for label in ("Le Quatre Sept", "La Politaine", "La Poule", "La Quadrette", "Draw at random"):
        assert label in body


def test_a_new_match_seats_the_players_and_presets_the_target(client, user):
    client.force_login(user)
    response = client.post(reverse("match_new"), {
        "variant": "quatre_sept", "target": "", "team_a_name": "Les Bleus", "team_b_name": "",
        "seat_n": "Anne", "seat_s": "Marc", "seat_e": "Luc", "seat_w": "Julie",
        "first_dealer": "S",
    })
    match = Match.objects.get()
    assert response["Location"] == reverse("owned:table", kwargs={"pk": match.pk})
    assert (match.variant, match.target, match.first_dealer) == ("quatre_sept", 31, "S")
    assert match.team_b.name == "Them" and match.seat_w.name == "Julie"
    body = client.get(response["Location"]).content.decode()
    assert "South (Marc)" in body  # deals the first hand
    assert "West (Julie)" in body  # leads it


def test_a_house_target_and_a_random_first_dealer(client, user):
    client.force_login(user)
    client.post(reverse("match_new"), {"variant": "poule", "target": "150",
                                       "first_dealer": "random"})
    match = Match.objects.get()
    assert match.target == 150 and match.first_dealer in rules.SEATS
    assert match.team_a.name == "Us" and match.seat_n is None


@pytest.mark.parametrize(
    ("data", "message"),
    [({"variant": "politaine", "target": "5"}, "from 11 to 999"),
     ({"variant": "quadrette", "target": "150"}, "from 1 to 99"),
     ({"variant": "politaine", "target": "33.5"}, "Enter a whole number."),
     ({"variant": "politaine", "seat_n": "Anne"}, "Name both players of a team, or neither."),
     ({"variant": "belote"}, "Select a valid choice."),
     ({"variant": "politaine", "team_a_name": "x" * 61}, "at most 60 characters")],
)
def test_a_bad_new_match_says_why_and_creates_nothing(client, user, data, message):
    client.force_login(user)
    response = client.post(reverse("match_new"), {"first_dealer": "N", **data})
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Match.objects.exists()


def test_the_target_follows_the_game(client):
    body = client.get(reverse("match_new_target") + "?variant=poule").content.decode()
    assert body.lstrip().startswith('<div class="field" id="target-field">')
    assert 'value="200"' in body
    body = client.get(reverse("match_new_target") + "?variant=nonsense").content.decode()
    assert 'value="33"' in body


def test_pages_are_in_french_for_a_french_browser(client, user):
    body = client.get("/", HTTP_ACCEPT_LANGUAGE="fr-CA,fr;q=0.9").content.decode()
    assert '<html lang="fr">' in body
    assert "Tenez le pointage : La Politaine, Le Quatre Sept, La Poule et La Quadrette" in body


def test_the_language_can_be_switched_on_every_page(client):
    response = client.post(reverse("set_language"), {"language": "fr", "next": "/"}, follow=True)
    assert '<html lang="fr">' in response.content.decode()


def test_a_finished_match_on_the_home_page_shows_both_teams_and_the_score(client, user):
    client.force_login(user)
    done = MatchFactory(owner=user, team_a__name="Finis", team_b__name="Perdants")
    for number in (1, 2, 3):
        services.record_hand(match=done, number=number, hand=rules.Hand.played(11, 0))
    body = client.get("/").content.decode()
    assert "<strong>Finis</strong> 33 – 0 <strong>Perdants</strong>" in body
    assert "Winners: Finis, 33–0 (target reached)." in body


@pytest.mark.parametrize("path", ["/rules/", None])
def test_french_says_brasse_for_the_deal_on_the_rules_page_and_at_the_table(
        client, user, path):
    """One Québec word for the deal in French, the rules and the scoring screens alike."""
    import re

    client.force_login(user)
    if path is None:
        match = MatchFactory(owner=user)
        path = url(match)
    body = client.get(path, HTTP_ACCEPT_LANGUAGE="fr-CA").content.decode()
    assert "brass" in body
    assert not re.search(r"\b(donne|donneur|redonne|redonner|donnes)\b", body, re.I)
