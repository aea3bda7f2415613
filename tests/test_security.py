"""Site-wide security: deploy checks, headers, CSRF with no referrer, login throttling,
health checks, markup shown as text."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from scoring import rules, services
from scoring.services import NewTeam
from tests.environment import settings_from_environment
from tests.factories import UserFactory
from tests.tournaments.helpers import make_tournament

ROOT = Path(__file__).resolve().parent.parent


def test_check_deploy_is_clean_under_production_settings():
    env = {"PATH": os.environ["PATH"], "SECRET_KEY": secrets.token_urlsafe(50),
           "ALLOWED_HOSTS": "scores.example.org", "DJANGO_SETTINGS_MODULE": "config.settings"}
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues (0 silenced)" in result.stdout


@pytest.mark.django_db
def test_pages_carry_a_strict_content_security_policy_and_no_referrer_to_other_sites(client):
    response = client.get("/")
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert "unsafe-eval" not in policy and "frame-ancestors 'none'" in policy
    # Same origin: keeper links never leak to another site, and the browser sends this
    # site's Origin on its posts, which Django's own CSRF check reads.
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"


def test_the_health_check_needs_no_database_and_no_host(db, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = Client(HTTP_HOST="10.0.0.7:8000").get("/healthz")
    assert response.status_code == 200 and response.content == b"ok"


@pytest.mark.django_db
def test_a_form_post_from_this_site_with_its_token_is_accepted_and_others_refused(user):
    """Django's own CSRF check: the site's Origin and the token."""
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(user)
    page = browser.get(reverse("match_new"))
    token = page.context["csrf_token"]
    data = {"variant": "politaine", "first_dealer": "N", "csrfmiddlewaretoken": token}
    here = "http://testserver"
    assert browser.post(reverse("match_new"), data, HTTP_ORIGIN=here).status_code == 302
    forged = {**data, "csrfmiddlewaretoken": "x" * 64}
    assert browser.post(reverse("match_new"), forged, HTTP_ORIGIN=here).status_code == 403
    assert browser.post(reverse("match_new"), data,
                        HTTP_ORIGIN="https://evil.example").status_code == 403
    assert browser.post(reverse("match_new"), data, HTTP_ORIGIN="null").status_code == 403


@pytest.mark.django_db
def test_logins_are_throttled_after_five_failures(client):
    UserFactory(username="anne")
    for _ in range(4):
        response = client.post(reverse("login"), {"username": "anne", "password": "wrong"})
        assert response.status_code == 200
    fifth = client.post(reverse("login"), {"username": "anne", "password": "wrong"})
    assert fifth.status_code == 429
    locked = client.post(reverse("login"), {"username": "anne",
                                            "password": "correct horse battery staple"})
    assert locked.status_code == 429
    assert "locked" in locked.content.decode()


MARKUP = '<script>alert("x")</script><b>Bold</b>'


@pytest.mark.django_db
def test_names_with_markup_are_shown_as_text_everywhere(client):
    owner = UserFactory(username="owner")
    client.force_login(owner)
    match = services.create_match(owner=owner, variant="politaine",
                                  team_a=NewTeam(MARKUP, (MARKUP, "Marc")),
                                  team_b=NewTeam("B", ("Luc", "Julie")))
    services.record_hand(match=match, number=1, hand=rules.Hand.played(7, 4))
    services.correct_hand(match=match, number=1, hand=rules.Hand.played(6, 5), by=owner)
    tournament = make_tournament(owner, teams=2)
    services.create_match(owner=owner, variant="politaine", team_a=NewTeam("C"),
                          team_b=NewTeam("D"))
    from tournaments import services as tournament_services

    tournament_services.add_teams(tournament=tournament, teams=[NewTeam(MARKUP)])
    tournament_services.draw_next_round(tournament=tournament)
    pages = ["/", reverse("owned:table", args=[match.pk]),
             reverse("link:table", args=[match.scorekeeper_token]),
             reverse("tournament_dashboard", args=[tournament.pk]),
             reverse("tournament_teams", args=[tournament.pk]),
             reverse("tournament_round", args=[tournament.pk, 1]),
             reverse("tournament_round_cards", args=[tournament.pk, 1]),
             reverse("public_standings", args=[tournament.pk]),
             reverse("public_draw", args=[tournament.pk]),
             reverse("public_projector", args=[tournament.pk])]
    for page in pages:
        body = client.get(page).content.decode()
        assert "<script>alert" not in body and "<b>Bold</b>" not in body, page
        assert "&lt;script&gt;alert" in body, page


@pytest.mark.django_db
@pytest.mark.parametrize(("secure_cookies", "secure"), [("", True), ("0", False)])
def test_the_language_cookie_is_secure_with_the_other_cookies_and_same_site_lax(
        client, settings, monkeypatch, secure_cookies, secure):
    read = settings_from_environment(monkeypatch, SECURE_COOKIES=secure_cookies)
    for name in ("LANGUAGE_COOKIE_SECURE", "LANGUAGE_COOKIE_SAMESITE", "SESSION_COOKIE_SECURE"):
        setattr(settings, name, read[name])
    response = client.post(reverse("set_language"), {"language": "fr", "next": "/"})
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "fr" and cookie["samesite"] == "Lax"
    assert bool(cookie["secure"]) is secure is read["SESSION_COOKIE_SECURE"]


@pytest.mark.django_db
def test_a_response_that_holds_a_csrf_token_is_private_to_its_readers_browser(client):
    """A shared cache in front of the app (a CDN, a school's proxy) may not keep a page
    with someone's CSRF token to answer someone else; a page without one stays shareable."""
    from tests.conftest import link_url
    from tournaments import services as tournaments

    owner = UserFactory()
    match = services.create_match(owner=owner, variant=rules.Variant.POLITAINE,
                                  team_a=NewTeam("Nous", ()), team_b=NewTeam("Eux", ()))
    tournament = make_tournament(owner, teams=4)
    table = tournaments.draw_next_round(tournament=tournament).tables.first()
    client.force_login(owner)
    holding_a_token = {
        "the score keeper's link": Client().get(link_url(match)),
        "the opponents' page": Client().get(reverse("opponents",
                                                    args=[table.match.opponents_token])),
        "the owner's matches": client.get(reverse("home")),
        "the organizer's dashboard": client.get(reverse("tournament_dashboard",
                                                        args=[tournament.pk])),
    }
    for page, response in holding_a_token.items():
        assert response.status_code == 200, page
        assert "csrfmiddlewaretoken" in response.content.decode(), page
        assert "private" in response.get("Cache-Control", ""), page
    without = [Client().get(reverse("public_standings", args=[tournament.pk]),
                            HTTP_HX_REQUEST="true"), Client().get("/healthz")]
    for response in without:
        assert "private" not in response.get("Cache-Control", "")


def test_a_private_response_keeps_what_its_view_said_of_caching(rf):
    from django.http import HttpResponse

    from config.middleware import PrivateByDefaultMiddleware

    for said, sent in ((None, "private"), ("no-cache", "no-cache, private"),
                       ("max-age=60", "max-age=60, private"),
                       ("private, no-cache", "private, no-cache"),
                       ("public, no-cache", "public, no-cache")):
        def view(request, said=said):
            response = HttpResponse("<form></form>")
            if said:
                response["Cache-Control"] = said
            return response

        assert PrivateByDefaultMiddleware(view)(rf.get("/"))["Cache-Control"] == sent


@pytest.mark.django_db
def test_only_what_is_the_same_for_everyone_may_be_kept_by_a_shared_cache(client):
    """A page without a form, and a private tournament's standings read with an
    organizer's token, are their reader's alone; a public tournament's standings are
    everyone's."""

    owner = UserFactory()
    hidden, shown = make_tournament(owner, teams=4), make_tournament(owner, teams=4)
    for tournament, public in ((hidden, False), (shown, True)):
        tournament.public = public
        tournament.save()
    client.force_login(owner)
    rules_page = Client().get(reverse("rules"))
    assert "private" in rules_page["Cache-Control"]
    for tournament, shared in ((hidden, False), (shown, True)):
        answer = client.get(f"/api/v1/tournaments/{tournament.pk}/standings")
        assert answer.status_code == 200
        assert ("public" in answer["Cache-Control"]) is shared
        assert ("private" in answer["Cache-Control"]) is not shared
