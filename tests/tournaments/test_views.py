"""The organizer's pages and the public ones."""

import csv
import io
import json
import re
from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.conftest import HTMX
from tests.factories import UserFactory
from tests.tournaments.helpers import make_tournament, play_round, play_rounds
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db




def test_create_a_tournament_with_a_pasted_list(client, organizer):
    response = client.post(reverse("tournament_new"), {
        "name": "Tournoi de la Saint-Jean", "variant": "politaine", "target": "",
        "format": "swiss", "swiss_rounds": "4", "public": "on", "date": "2026-06-24",
        "place": "Salle paroissiale",
        "list-teams": "Les Bleus; Anne; Marc\nLes Rouges; Luc; Julie\nLes Verts",
    })
    tournament = Tournament.objects.get()
    assert response["Location"] == reverse("tournament_dashboard", args=[tournament.pk])
    assert (tournament.target, tournament.swiss_rounds, tournament.public) == (33, 4, True)
    assert [e.team.name for e in tournament.entries.order_by("seed")] == [
        "Les Bleus", "Les Rouges", "Les Verts"]


def test_a_bad_tournament_is_refused_with_messages(client, organizer):
    response = client.post(reverse("tournament_new"), {
        "name": "Club", "variant": "politaine", "format": "swiss", "swiss_rounds": "21",
    })
    assert response.status_code == 422
    assert "Ensure this value is less than or equal to 20." in response.content.decode()
    assert not Tournament.objects.exists()


def test_the_dashboard_draws_rounds_and_shows_the_tables(client, organizer):
    tournament = make_tournament(organizer, teams=4)
    body = client.get(reverse("tournament_dashboard", args=[tournament.pk])).content.decode()
    assert "Draw round 1" in body and "4 teams ready." in body
    response = client.post(reverse("tournament_draw", args=[tournament.pk]), follow=True)
    body = response.content.decode()
    assert "Round 1 is drawn" in body and "Print the table cards" in body
    body = client.get(reverse("tournament_dashboard", args=[tournament.pk])).content.decode()
    assert "Round 1 of 3" in body and "Table 2" in body and "2 tables still playing." in body
    # A second draw while play goes on is refused with the reason.
    response = client.post(reverse("tournament_draw", args=[tournament.pk]), follow=True)
    assert "Round 1 is not over: 2 tables still playing." in response.content.decode()


def test_the_dashboard_poll_answers_304_until_a_hand_is_entered(client, organizer):
    from scoring import rules
    from scoring import services as scoring

    tournament = make_tournament(organizer, teams=2)
    table = services.draw_next_round(tournament=tournament).tables.get()
    url = reverse("tournament_dashboard", args=[tournament.pk])
    # The ETag holds the minute ("last hand 5 min ago"): the test stays within one.
    minute = timezone.now().replace(second=0)
    with mock.patch("django.utils.timezone.now", return_value=minute):
        first = client.get(url, **HTMX)
        assert first.status_code == 200 and 'id="dashboard"' in first.content.decode()
        assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **HTMX).status_code == 304
        scoring.record_hand(match=table.match, number=1, hand=rules.Hand.played(7, 4))
        assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **HTMX).status_code == 200


def test_only_organizers_see_the_organizer_pages(client, organizer):
    tournament = make_tournament(organizer, teams=2, public=False)
    client.force_login(UserFactory(username="stranger"))
    for name in ("tournament_dashboard", "tournament_teams", "tournament_settings"):
        assert client.get(reverse(name, args=[tournament.pk])).status_code == 404
    assert client.post(reverse("tournament_draw", args=[tournament.pk])).status_code == 404
    assert client.get(reverse("public_standings", args=[tournament.pk])).status_code == 404
    client.logout()
    assert client.get(reverse("tournament_dashboard", args=[tournament.pk])).status_code == 302


def test_co_organizers_run_the_tournament_too(client, organizer):
    tournament = make_tournament(organizer, teams=2)
    helper = UserFactory(username="helper")
    client.post(reverse("tournament_organizer_add", args=[tournament.pk]), {"username": "helper"})
    client.force_login(helper)
    assert client.get(reverse("tournament_dashboard", args=[tournament.pk])).status_code == 200
    assert tournament in Tournament.objects.filter(organizers=helper)


def test_teams_page_adds_toggles_and_withdraws(client, organizer):
    tournament = make_tournament(organizer, teams=2)
    url = reverse("tournament_teams", args=[tournament.pk])
    client.post(url, {"add": "1", "name": "Les Verts", "first_player": "Zoé",
                      "second_player": "Léo"})
    client.post(url, {"paste": "1", "teams": "Les Jaunes; A; B\nLes Mauves"})
    entries = list(tournament.entries.order_by("seed"))
    assert [e.team.name for e in entries][-3:] == ["Les Verts", "Les Jaunes", "Les Mauves"]
    entry = entries[0]
    response = client.post(
        reverse("tournament_team_flag", args=[tournament.pk, entry.pk, "checked_in"]),
        {"value": "1"}, **HTMX)
    assert response.content.decode().lstrip().startswith(f'<tr id="entry-{entry.pk}"')
    entry.refresh_from_db()
    assert entry.checked_in
    client.post(reverse("tournament_team_flag", args=[tournament.pk, entry.pk, "withdrawn"]),
                {"value": "1"})
    entry.refresh_from_db()
    assert entry.withdrawn
    assert client.post(reverse("tournament_team_flag",
                               args=[tournament.pk, entry.pk, "owner"])).status_code == 404


def test_seeds_are_saved_from_the_numbers_typed(client, organizer):
    tournament = make_tournament(organizer, teams=3)
    first, second, third = tournament.entries.order_by("seed")
    client.post(reverse("tournament_team_seeds", args=[tournament.pk]),
                {f"seed-{first.pk}": "3", f"seed-{second.pk}": "1", f"seed-{third.pk}": "2"})
    assert list(tournament.entries.order_by("seed")) == [second, third, first]


def test_round_page_swaps_and_prints_cards_with_qr_codes(client, organizer):
    tournament = make_tournament(organizer, teams=4)
    round_1 = services.draw_next_round(tournament=tournament)
    table_1, table_2 = round_1.tables.order_by("number")
    body = client.get(reverse("tournament_round", args=[tournament.pk, 1])).content.decode()
    assert "Change the draw" in body
    client.post(reverse("tournament_round_swap", args=[tournament.pk, 1]),
                {"first": table_1.entry_a_id, "second": table_2.entry_a_id})
    table_1.refresh_from_db()
    assert table_1.entry_a_id == table_2.entry_a_id
    cards = client.get(reverse("tournament_round_cards", args=[tournament.pk, 1]))
    body = cards.content.decode()
    # Each card: the score keeper's code, and the opponents' (a new tournament confirms).
    assert body.count("<svg") == 4 and f"/k/{table_1.match.scorekeeper_token}/" in body


def test_a_table_link_can_be_reissued(client, organizer):
    tournament = make_tournament(organizer, teams=2)
    match = services.draw_next_round(tournament=tournament).tables.get().match
    old = match.scorekeeper_token
    client.post(reverse("tournament_table_reissue", args=[tournament.pk, 1, 1]))
    assert client.get(f"/k/{old}/").status_code == 404
    match.refresh_from_db()
    assert client.get(f"/k/{match.scorekeeper_token}/").status_code == 200


def test_public_pages_need_no_login_and_answer_304_while_nothing_changes(client, organizer):
    tournament = make_tournament(organizer, teams=4, format="knockout")
    play_rounds(tournament, 1)
    services.draw_next_round(tournament=tournament)
    client.logout()
    for name in ("public_standings", "public_draw", "public_results", "public_bracket",
                 "public_projector"):
        response = client.get(reverse(name, args=[tournament.pk]))
        assert response.status_code == 200, name
        assert "Team 001" in response.content.decode()
        again = client.get(reverse(name, args=[tournament.pk]),
                           HTTP_IF_NONE_MATCH=response["ETag"])
        assert again.status_code == 304, name
        # The room's poll sends the tag its live part names, the same for every reader.
        named = re.search(r'"If-None-Match": "([^"]+)"', response.content.decode()).group(1)
        polled = client.get(reverse(name, args=[tournament.pk]),
                            HTTP_IF_NONE_MATCH=named.encode().decode("unicode_escape"), **HTMX)
        assert polled.status_code == 304, name
    bracket = client.get(reverse("public_bracket", args=[tournament.pk])).content.decode()
    assert "Final" in bracket and "Round 2" not in bracket


def test_exports(client, organizer):
    tournament = make_tournament(organizer, teams=3, format="round_robin")
    play_rounds(tournament, 1)
    standings = list(csv.reader(io.StringIO(client.get(
        reverse("tournament_standings_csv", args=[tournament.pk])).content.decode("utf-8-sig"))))
    assert standings[0][:3] == ["rank", "team", "players"] and len(standings) == 4
    results = list(csv.reader(io.StringIO(client.get(
        reverse("tournament_results_csv", args=[tournament.pk])).content.decode("utf-8-sig"))))
    assert results[0][0] == "round" and len(results) == 3  # one match and one bye
    data = json.loads(client.get(reverse("tournament_json", args=[tournament.pk])).content)
    assert data["tournament"]["name"] == "Soirée du club" and len(data["teams"]) == 3
    assert data["rounds"][0]["tables"][0]["hands"]


def query_count(client, url, **headers):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, **headers)
    assert response.status_code == 200
    return len(captured)


def test_query_counts_do_not_grow_with_the_field(client, organizer):
    """A 32-team, 7-round Swiss costs the same queries per page as an 8-team one (bench/
    standings.py counts them for 128 and 512)."""
    counts = {}
    for teams in (8, 32):
        tournament = make_tournament(organizer, teams=teams, swiss_rounds=7)
        play_rounds(tournament, 6)
        services.draw_next_round(tournament=tournament)  # round 7 in play
        pages = {
            "dashboard": reverse("tournament_dashboard", args=[tournament.pk]),
            "teams": reverse("tournament_teams", args=[tournament.pk]),
            "round": reverse("tournament_round", args=[tournament.pk, 7]),
            **{name: reverse(f"public_{name}", args=[tournament.pk])
               for name in ("standings", "draw", "results", "projector")},
        }
        counts[teams] = {name: query_count(client, url) for name, url in pages.items()}
    assert counts[8] == counts[32]
    # Drawn anew (nothing kept yet): the tournament read with its results version (its
    # ETag's), then the page's reads; the draw and projector read round 1's field for the
    # count of rounds, left out of every spectator's read (docs/performance.md, seventh
    # pass). A public page asks once whether the tournament is a club night, whose players
    # choose how their names show (tournaments.public_names).
    assert {name: counts[32][name] for name in ("dashboard", "standings", "draw",
                                                  "projector")} == {
        "dashboard": 11, "standings": 8, "draw": 12, "projector": 12}
    assert max(counts[32].values()) <= 12


def test_round_tables_play_out_through_the_score_keeper_link(client, organizer):
    tournament = make_tournament(organizer, teams=2)
    round_1 = services.draw_next_round(tournament=tournament)
    table = round_1.tables.get()
    client.logout()
    page = client.get(f"/k/{table.match.scorekeeper_token}/").content.decode()
    assert "Team 001" in page
    play_round(round_1)
    standings = client.get(reverse("public_standings", args=[tournament.pk])).content.decode()
    assert "Team 001" in standings


def test_the_organizer_reorders_the_tie_breaks(client, organizer):
    tournament = make_tournament(organizer, teams=4)
    data = {"name": tournament.name, "variant": "politaine", "target": "11", "format": "swiss",
            "swiss_rounds": "3", "public": "on", "tiebreak_1": "points_for",
            "tiebreak_2": "difference", "tiebreak_3": "buchholz"}
    response = client.post(reverse("tournament_settings", args=[tournament.pk]), data)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.tiebreaks == ["points_for", "difference", "buchholz"]
    data.update(tiebreak_2="", tiebreak_3="")
    response = client.post(reverse("tournament_settings", args=[tournament.pk]), data)
    assert response.status_code == 422
    assert "each once" in response.content.decode()


def test_the_game_and_format_are_fixed_once_a_round_is_drawn(client, organizer):
    tournament = make_tournament(organizer, teams=2)
    services.draw_next_round(tournament=tournament)
    response = client.post(reverse("tournament_settings", args=[tournament.pk]), {
        "name": "Renamed", "variant": "politaine", "target": "11", "format": "round_robin",
        "public": "on"})
    assert response.status_code == 422
    assert "cannot change once a round is drawn" in response.content.decode()
    response = client.post(reverse("tournament_settings", args=[tournament.pk]), {
        "name": "Renamed", "variant": "politaine", "target": "11", "format": "swiss",
        "swiss_rounds": "3"})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.name == "Renamed" and not tournament.public


def test_tournament_matches_stay_off_the_organizers_home_list(client, organizer):
    tournament = make_tournament(organizer, teams=2)
    services.draw_next_round(tournament=tournament)
    assert "Team 001" not in client.get("/").content.decode()


def test_public_standings_stay_304_while_hands_are_played_until_a_match_ends(client,
                                                                             organizer):
    from scoring import rules
    from scoring import services as scoring

    tournament = make_tournament(organizer, teams=2, target=33)
    match = services.draw_next_round(tournament=tournament).tables.get().match
    url = reverse("public_standings", args=[tournament.pk])
    first = client.get(url, **HTMX)
    scoring.record_hand(match=match, number=1, hand=rules.Hand.played(11, 0))
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **HTMX).status_code == 304
    draw_page = reverse("public_draw", args=[tournament.pk])
    assert client.get(draw_page, **HTMX).content.decode().count(">11<") == 1  # live scores
    for number in (2, 3):
        scoring.record_hand(match=match, number=number, hand=rules.Hand.played(11, 0))
    after = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **HTMX)
    assert after.status_code == 200 and after["ETag"] != first["ETag"]


def test_a_rendered_standings_fragment_serves_every_spectator(client, organizer):
    tournament = make_tournament(organizer, teams=8)
    play_rounds(tournament, 1)
    url = reverse("public_standings", args=[tournament.pk])
    client.logout()
    first = query_count(client, url)
    again = query_count(client, url)
    assert again < first and again <= 3  # the tournament, the ETag, nothing more


def test_the_date_stays_when_a_french_organizer_saves_the_settings(client, organizer):
    """A date input takes ISO dates only: the French 24/11/2026 was thrown away by the
    browser, and saving the settings emptied the tournament's date (an outside review)."""
    import datetime

    tournament = make_tournament(organizer, teams=4, date=datetime.date(2026, 11, 24))
    page = client.get(reverse("tournament_settings", args=[tournament.pk]),
                      HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    value = re.search(r'<input type="date" name="date" value="([^"]*)"', page).group(1)
    assert value == "2026-11-24"
    data = {"name": tournament.name, "date": value, "variant": "politaine", "target": "11",
            "format": "swiss", "swiss_rounds": "3", "public": "on"}
    response = client.post(reverse("tournament_settings", args=[tournament.pk]), data,
                           HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.date == datetime.date(2026, 11, 24)


@pytest.mark.parametrize(("pasted", "said"), [
    ("Anne\nBruno\nCarole\n" + "x" * 61, "Line 4: a player&#x27;s name has 1 to 60 characters."),
    ("Anne\nBruno\nanne\nDenis", "Line 3: anne is listed twice."),
])
def test_partners_by_lot_name_the_line_of_the_list_that_is_wrong(client, organizer, pasted,
                                                                 said):
    """Players are paired at random after they are read: a refusal must point at the line
    the organizer typed, not at the pair it would have made."""
    tournament = make_tournament(organizer, teams=0)
    response = client.post(reverse("tournament_teams", args=[tournament.pk]),
                           {"lot": "1", "players": pasted})
    assert response.status_code == 422
    assert said in response.content.decode()
    assert not tournament.entries.exists()
