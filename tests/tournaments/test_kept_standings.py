"""The standings that the dashboard and the spectators' draw and projector keep in the
shared cache between two results: drawn again at every hand played at any table, they read
the evening's results only when a match ends, a finished one changes, or the tournament
does, and never show a standing that has moved."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import confirmations, rules
from scoring import services as scoring
from tests.tournaments.helpers import finish, make_tournament
from tournaments import services

pytestmark = pytest.mark.django_db

ROW = re.compile(r'<td class="name">([^<]+)(.*?)</td>\s*<td class="strong">(\d+)</td>', re.S)


def dashboard(client, tournament):
    """The dashboard's standings, best first: (team, wins, marks after the name)."""
    with CaptureQueriesContext(connection) as captured:
        response = client.get(reverse("tournament_dashboard", args=[tournament.pk]))
    assert response.status_code == 200
    body = response.content.decode()
    section = body[body.index('id="standings-title"'):]
    rows = [(name.strip(), int(wins), re.sub(r"<[^>]+>", "", marks).strip())
            for name, marks, wins in ROW.findall(section)]
    # The evening's results, read as plain values (selectors.standings_and_provisional).
    results_read = sum('AS "match__winner"' in q["sql"] for q in captured.captured_queries)
    return rows, results_read


def tables(round_):
    return list(round_.tables.select_related("match").order_by("number"))


def test_the_dashboard_reads_the_results_again_only_when_the_standings_move(
        client, organizer):
    tournament = make_tournament(organizer, teams=4, confirmation="none")
    first, second = tables(services.draw_next_round(tournament=tournament))
    before, read = dashboard(client, tournament)
    assert read == 1 and {wins for _name, wins, _marks in before} == {0}

    # A hand played, no match over: the standings stand, kept from the last drawing.
    scoring.record_hand(match=first.match, number=1, hand=rules.Hand.played(6, 5))
    assert dashboard(client, tournament) == (before, 0)

    # A match ends: its winner leads at once.
    finish(first.match, winner="b")
    rows, read = dashboard(client, tournament)
    assert read == 1 and rows[0][:2] == (first.entry_b.team.name, 1)
    assert dashboard(client, tournament) == (rows, 0)

    # Its last hand taken back: the match is playing again, the win is gone (the
    # standings are those kept before it ended: the same finished matches, none).
    first.match.refresh_from_db()
    scoring.undo_last_hand(match=first.match)
    assert dashboard(client, tournament)[0] == before

    # The other table ends, then a team withdraws: each shows at once.
    finish(second.match, winner="a")
    assert dashboard(client, tournament)[0][0][:2] == (second.entry_a.team.name, 1)
    services.set_entry_flags(entry=second.entry_a, withdrawn=True)
    rows, read = dashboard(client, tournament)
    assert read == 1
    assert rows[-1] == (second.entry_a.team.name, 1, "(withdrawn)")


def test_a_confirmation_takes_the_provisional_mark_off_at_once(client, organizer):
    tournament = make_tournament(organizer, teams=4)  # results wait for the opponents
    first, _second = tables(services.draw_next_round(tournament=tournament))
    finish(first.match, winner="a")
    rows, _read = dashboard(client, tournament)
    assert rows[0] == (first.entry_a.team.name, 1, "(provisional)")

    confirmations.confirm(match=first.match.pk, via=confirmations.Via.OPPONENTS_LINK)
    rows, read = dashboard(client, tournament)
    assert read == 1 and rows[0] == (first.entry_a.team.name, 1, "")


def test_the_projector_follows_the_standings_too(client, organizer):
    tournament = make_tournament(organizer, teams=4, confirmation="none")
    first, _second = tables(services.draw_next_round(tournament=tournament))
    url = reverse("public_projector", args=[tournament.pk])
    client.get(url)
    client.get(reverse("tournament_dashboard", args=[tournament.pk]))  # kept by the dashboard
    finish(first.match, winner="b")
    body = client.get(url).content.decode()
    winner = first.entry_b.team.name
    standings = body[body.index('id="projector-standings"'):body.index('id="projector-tables"')]
    assert re.search(rf'{winner}</th><td class="wins">1</td>', standings)
