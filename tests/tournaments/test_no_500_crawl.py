"""Every page and action of tournaments in odd states: none may answer 500."""

import pytest
from django.test import Client
from django.urls import reverse

from accounts.services import issue_token
from scoring.errors import Conflict
from scoring.services import NewTeam
from tests.tournaments.helpers import make_tournament, play_round, play_rounds
from tournaments import services

pytestmark = pytest.mark.django_db


def _states(owner):
    made = {}
    t = make_tournament(owner, teams=4, swiss_rounds=2)
    play_rounds(t, 2)
    made["swiss_over"] = t
    t = make_tournament(owner, teams=4, format="knockout")
    r1 = services.draw_next_round(tournament=t)
    play_round(r1)
    final = services.draw_next_round(tournament=t)
    table = final.tables.get()
    services.set_entry_flags(entry=table.entry_a, withdrawn=True)
    made["knockout_final_forfeit"] = t
    t = make_tournament(owner, teams=4, format="knockout")
    r1 = services.draw_next_round(tournament=t)
    for table in r1.tables.all():
        services.set_entry_flags(entry=table.entry_a, withdrawn=True)
        services.set_entry_flags(entry=table.entry_b, withdrawn=True)
    services.draw_next_round(tournament=t)
    made["knockout_everyone_gone"] = t
    t = make_tournament(owner, teams=5, format="round_robin")
    play_round(services.draw_next_round(tournament=t))
    for entry in t.entries.filter(seed__gte=2):
        services.set_entry_flags(entry=entry, withdrawn=True)
    while True:
        try:
            play_round(services.draw_next_round(tournament=t))
        except Conflict:
            break
    made["round_robin_one_left"] = t
    t = make_tournament(owner, teams=3, swiss_rounds=3)
    play_round(services.draw_next_round(tournament=t))
    for entry in t.entries.filter(seed__gte=2):
        services.set_entry_flags(entry=entry, withdrawn=True)
    made["swiss_one_left"] = t
    t = make_tournament(owner, teams=8, format="swiss_knockout", swiss_rounds=1, knockout_size=8)
    play_rounds(t, 1)
    for entry in t.entries.filter(seed__gte=2):
        services.set_entry_flags(entry=entry, withdrawn=True)
    services.draw_next_round(tournament=t)
    made["swiss_knockout_one_left"] = t
    # An individual night: a round played, a late player, one gone mid-match in round 2.
    t = make_tournament(owner, teams=0, format="individual")
    services.add_teams(tournament=t, teams=[NewTeam(f"Joueur {i}") for i in range(1, 10)])
    play_round(services.draw_next_round(tournament=t))
    services.add_teams(tournament=t, teams=[NewTeam("En retard")])
    second = services.draw_next_round(tournament=t)
    services.set_entry_flags(entry=second.tables.first().seats.get(seat="E").entry,
                             withdrawn=True)
    made["individual_night"] = t
    return made


def _gets(t):
    pk = t.pk
    urls = [reverse(name, args=[pk]) for name in (
        "tournament_dashboard", "tournament_settings", "tournament_teams", "public_standings",
        "public_draw", "public_results", "public_bracket", "public_projector",
        "tournament_standings_csv", "tournament_results_csv", "tournament_json")]
    if t.is_individual:
        urls.append(reverse("tournament_name_cards", args=[pk]))
        urls += [reverse("public_player", args=[pk, e.pk]) for e in t.entries.all()]
    for r in t.rounds.all():
        urls += [reverse("tournament_round", args=[pk, r.number]),
                 reverse("tournament_round_cards", args=[pk, r.number]),
                 reverse("tournament_round_sheets", args=[pk, r.number])]
        for table in r.tables.all():
            urls.append(reverse("link:table", args=[table.match.scorekeeper_token]))
            urls.append(reverse("owned:table", args=[table.match_id]))
            urls.append(reverse("opponents", args=[table.match.opponents_token]))
            urls.append(reverse("tournament_table_paper", args=[pk, r.number, table.number]))
    return urls


def test_no_page_of_an_odd_tournament_answers_500(organizer):
    client = Client(raise_request_exception=False)
    client.force_login(organizer)
    token = issue_token(user=organizer)
    failures = []
    for state, t in _states(organizer).items():
        for url in _gets(t):
            for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
                status = client.get(url, **headers).status_code
                if status >= 500:
                    failures.append((state, "GET", url, headers, status))
        for url in (f"/api/v1/tournaments/{t.pk}", f"/api/v1/tournaments/{t.pk}/standings"):
            status = client.get(url, HTTP_AUTHORIZATION=f"Bearer {token}").status_code
            if status >= 500:
                failures.append((state, "GET", url, status))
        posts = [(reverse("tournament_draw", args=[t.pk]), {}),
                 (reverse("tournament_draw", args=[t.pk]), {"allow_rematches": "1"})]
        last = t.rounds.order_by("-number").first()
        if last:
            posts.append((reverse("tournament_round_time", args=[t.pk, last.number]), {}))
        # (The team flags' 500 once over has its own test: test_team_flags_pages.py.)
        for url, data in posts:
            status = client.post(url, data).status_code
            if status >= 500:
                failures.append((state, "POST", url, data, status))
        status = client.post(f"/api/v1/tournaments/{t.pk}/rounds?allow_rematches=true",
                             HTTP_AUTHORIZATION=f"Bearer {token}").status_code
        if status >= 500:
            failures.append((state, "POST api draw", status))
    assert not failures, "\n".join(map(str, failures))
