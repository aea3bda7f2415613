"""A result is final when the night is (issue 30, item 3): once its round is closed (the next
round drawn) or the tournament closed by its organizers, the opponents' link refuses confirm
and dispute, as the keeper's link refuses writes; until then their page says how long the
result stays open to a dispute."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from accounts.services import issue_token
from scoring.models import Confirmation
from tests.api.conftest import ApiClient
from tests.factories import seen_version
from tests.tournaments.helpers import make_tournament, play_round
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def opponents(match, name="opponents"):
    return reverse(name, kwargs={"token": match.opponents_token})


def table_1(round_):
    return round_.tables.select_related("match").get(number=1).match


def test_once_the_next_round_is_drawn_the_opponents_can_no_longer_answer(client, organizer):
    tournament = make_tournament(organizer, teams=4, format="round_robin")
    round_1 = services.draw_next_round(tournament=tournament)
    play_round(round_1)
    match = table_1(round_1)
    page = client.get(opponents(match)).content.decode()
    assert "Open to dispute until the organizers draw the next round." in page
    services.draw_next_round(tournament=tournament)
    client.logout()
    page = client.get(opponents(match)).content.decode()
    assert "Round 1 is closed: the next round is drawn and its results are final." in page
    assert 'id="confirm-form"' not in page and 'id="dispute-form"' not in page
    for action in ("opponents_confirm", "opponents_dispute"):
        response = client.post(opponents(match, action),
                               {"reason": "too late", "version": seen_version(match)}, follow=True)
        assert "Round 1 is closed" in response.content.decode()
    match.refresh_from_db()
    assert match.confirmation == Confirmation.WAITING and not match.confirmation_steps.exists()
    api = ApiClient(client, match.opponents_token)
    for action in ("confirm", "dispute"):
        refused = api.post(f"/matches/{match.pk}/{action}?version={seen_version(match)}",
                           {"version": seen_version(match)})
        assert refused.status_code == 409 and refused.json()["code"] == "round_closed"


def test_the_last_round_stays_open_to_a_dispute_until_the_organizers_close_the_tournament(
        client, organizer):
    tournament = make_tournament(organizer, teams=2, format="round_robin")
    round_1 = services.draw_next_round(tournament=tournament)
    match = table_1(round_1)
    play_round(round_1)  # the tournament is over: its one round played
    page = client.get(opponents(match)).content.decode()
    assert "Open to dispute until the organizers close the tournament." in page
    client.post(opponents(match, "opponents_dispute"),
                {"reason": "Hand 2", "version": seen_version(match)})
    dashboard = reverse("tournament_dashboard", args=[tournament.pk])
    close = reverse("tournament_close", args=[tournament.pk])
    assert "Close the tournament" in client.get(dashboard).content.decode()
    refused = client.post(close, follow=True).content.decode()
    assert "Round 1 cannot close: 1 result is disputed." in refused
    client.post(reverse("tournament_table_confirm", args=[tournament.pk, 1, 1]),
                {"version": seen_version(match)})
    closed = client.post(close, follow=True).content.decode()
    assert "The tournament is closed: its results are final." in closed
    tournament.refresh_from_db()
    assert tournament.closed_at is not None
    client.logout()
    page = client.get(opponents(match)).content.decode()
    assert "The organizers closed the tournament: its results are final." in page
    response = client.post(opponents(match, "opponents_dispute"),
                           {"reason": "x", "version": seen_version(match)}, follow=True)
    assert "The organizers closed the tournament" in response.content.decode()
    match.refresh_from_db()
    assert match.confirmation == Confirmation.CONFIRMED
    api = ApiClient(client, match.opponents_token)
    refused = api.post(f"/matches/{match.pk}/dispute", {"version": seen_version(match)})
    assert refused.status_code == 409 and refused.json()["code"] == "tournament_closed"


def test_the_api_closes_a_tournament_once_it_is_over(client, organizer):
    api = ApiClient(client, issue_token(user=organizer))
    tournament = make_tournament(organizer, teams=2, format="round_robin", confirmation="none")
    refused = api.post(f"/tournaments/{tournament.pk}/close")
    assert refused.status_code == 409 and refused.json()["code"] == "tournament_not_over"
    play_round(services.draw_next_round(tournament=tournament))
    body = api.post(f"/tournaments/{tournament.pk}/close").json()
    assert body["closed"] is True
    assert api.post(f"/tournaments/{tournament.pk}/close").status_code == 200  # once


def test_a_tournament_closed_by_mistake_is_reopened_and_open_to_a_dispute_again(
        client, organizer):
    tournament = make_tournament(organizer, teams=2, format="round_robin")
    round_1 = services.draw_next_round(tournament=tournament)
    match = table_1(round_1)
    play_round(round_1)
    client.post(reverse("tournament_close", args=[tournament.pk]))
    dashboard = client.post(reverse("tournament_reopen", args=[tournament.pk]), follow=True)
    assert "The tournament is open again" in dashboard.content.decode()
    assert "Close the tournament" in dashboard.content.decode()
    client.logout()
    page = client.get(opponents(match)).content.decode()
    assert "Open to dispute until the organizers close the tournament." in page
    client.post(opponents(match, "opponents_dispute"),
                {"reason": "Hand 1", "version": seen_version(match)})
    match.refresh_from_db()
    assert match.confirmation == Confirmation.DISPUTED


def test_the_api_reopens_a_closed_tournament(client, organizer):
    api = ApiClient(client, issue_token(user=organizer))
    tournament = make_tournament(organizer, teams=2, format="round_robin", confirmation="none")
    play_round(services.draw_next_round(tournament=tournament))
    api.post(f"/tournaments/{tournament.pk}/close")
    assert api.post(f"/tournaments/{tournament.pk}/reopen").json()["closed"] is False
    assert api.post(f"/tournaments/{tournament.pk}/reopen").status_code == 200  # once


def test_a_closed_tournament_comes_back_from_its_backup_closed(organizer, tmp_path):
    tournament = make_tournament(organizer, teams=2, format="round_robin", confirmation="none")
    play_round(services.draw_next_round(tournament=tournament))
    services.close_tournament(tournament=tournament)
    path = tmp_path / "backup.json"
    call_command("export_tournament", str(tournament.pk), output=str(path))
    call_command("import_tournament", str(path), owner="org")
    restored = Tournament.objects.exclude(pk=tournament.pk).get()
    assert restored.closed_at is not None
