"""The teams page at the door (issue 43, item 4): a search that works without JavaScript
(?q=, names compared as the app compares them), "Check in everyone listed" that checks in
exactly the entries listed, in one transaction, refused as one switch is, and the count
checked in, updated after each switch (out of band) and after checking in the list."""

import re

import pytest
from django.urls import reverse

from scoring.services import NewTeam
from tests.tournaments.helpers import make_tournament, play_rounds
from tournaments import services
from tournaments.services import Settings
from tournaments.services.check_in import check_in_entries

pytestmark = pytest.mark.django_db

PLAYERS = ["Élise Bouchard", "Elise Roy", "Normand Côté", "Marc Tremblay", "ISABELLE FORTIN"]


def night(owner, players=PLAYERS):
    return services.create_tournament(owner=owner, settings=Settings(
        name="Soirée du club", variant="politaine", format="individual", target=11),
        teams=[NewTeam(name) for name in players])


def teams_url(tournament):
    return reverse("tournament_teams", args=[tournament.pk])


def listed_names(body):
    return re.findall(r'<td data-label="[^"]*" class="team-name">([^<]*)', body)


def listed_ids(body):
    """The ids the page's "Check in everyone listed" sends."""
    return re.findall(r'<input type="hidden" name="entry" value="(\d+)" form="check-in-all">',
                      body)


def count_line(body):
    return re.search(r'<p id="checked-in-count"[^>]*>([^<]*)</p>', body).group(1)


def test_the_search_without_javascript_finds_names_accents_and_case_aside(client, organizer):
    tournament = night(organizer)
    page = client.get(teams_url(tournament)).content.decode()
    assert listed_names(page) == PLAYERS and 'data-door-complete' in page
    found = client.get(teams_url(tournament), {"q": "  elise "}).content.decode()
    assert listed_names(found) == ["Élise Bouchard", "Elise Roy"]
    assert 'value="elise"' in found and "data-door-complete" not in found
    assert listed_names(client.get(teams_url(tournament), {"q": "ÉLISE B"}).content
                        .decode()) == ["Élise Bouchard"]
    assert listed_names(client.get(teams_url(tournament), {"q": "cote"}).content
                        .decode()) == ["Normand Côté"]
    assert listed_names(client.get(teams_url(tournament), {"q": "isabelle"}).content
                        .decode()) == ["ISABELLE FORTIN"]
    # A Cyrillic Е typed for the E: both Élises still.
    assert listed_names(client.get(teams_url(tournament), {"q": "\u0415lise"}).content
                        .decode()) == ["Élise Bouchard", "Elise Roy"]
    none = client.get(teams_url(tournament), {"q": "Zoé"}).content.decode()
    assert listed_names(none) == []
    assert re.search(r'<p class="door-none" id="door-none">No player\'s name holds', none)
    # The count is the night's, whatever the search.
    assert count_line(found) == "0 of 5 players checked in."


def test_a_team_is_found_by_its_name_or_one_of_its_players(client, organizer):
    tournament = make_tournament(organizer, teams=12)
    by_player = client.get(teams_url(tournament), {"q": "player 11b"}).content.decode()
    assert listed_names(by_player) == ["Team 011"]
    by_name = client.get(teams_url(tournament), {"q": "team 01"}).content.decode()
    assert listed_names(by_name) == [f"Team {i:03d}" for i in range(10, 13)]


def test_check_in_everyone_listed_checks_in_exactly_those_listed(client, organizer):
    tournament = night(organizer)
    _, _, cote, marc, _ = tournament.entries.order_by("seed")
    services.set_entry_flags(entry=marc, checked_in=True)
    page = client.get(teams_url(tournament), {"q": "elise"}).content.decode()
    ids = listed_ids(page)
    assert len(ids) == 2
    answer = client.post(reverse("tournament_team_check_in_all", args=[tournament.pk]),
                         {"entry": ids, "q": "elise"})
    assert answer.status_code == 302
    assert answer["Location"] == teams_url(tournament) + "?q=elise"  # the search kept
    back = client.get(answer["Location"]).content.decode()
    assert "2 players checked in." in back
    assert listed_names(back) == ["Élise Bouchard", "Elise Roy"]
    assert listed_ids(back) == []  # nobody listed is left to check in
    assert count_line(back) == "3 of 5 players checked in."
    checked = set(tournament.entries.filter(checked_in=True).values_list("team__name",
                                                                          flat=True))
    assert checked == {"Élise Bouchard", "Elise Roy", "Marc Tremblay"}
    cote.refresh_from_db()
    assert not cote.checked_in
    # Again: nothing more to do, and said so.
    again = client.post(reverse("tournament_team_check_in_all", args=[tournament.pk]),
                        {"entry": ids, "q": "elise"}, follow=True).content.decode()
    assert "Everyone listed was already checked in." in again


def test_check_in_everyone_listed_leaves_the_withdrawn_and_other_tournaments_alone(
        client, organizer):
    tournament = night(organizer)
    other = night(organizer, ["Quelqu'un d'autre"])
    first, second = tournament.entries.order_by("seed")[:2]
    services.set_entry_flags(entry=second, withdrawn=True)
    page = client.get(teams_url(tournament)).content.decode()
    assert str(second.pk) not in listed_ids(page) and str(first.pk) in listed_ids(page)
    stranger = other.entries.get()
    client.post(reverse("tournament_team_check_in_all", args=[tournament.pk]),
                {"entry": [first.pk, second.pk, stranger.pk, "x"]})
    assert list(tournament.entries.filter(checked_in=True)) == [first]
    stranger.refresh_from_db()
    assert not stranger.checked_in


def test_check_in_everyone_listed_is_refused_as_one_switch_is_and_checks_in_none(
        client, organizer):
    """A round robin under way takes no new team: the list is refused whole."""
    tournament = make_tournament(organizer, teams=6, format="round_robin")
    for entry in tournament.entries.filter(seed__lte=4):
        services.set_entry_flags(entry=entry, checked_in=True)
    services.draw_next_round(tournament=tournament)
    late = list(tournament.entries.filter(seed__gt=4))
    answer = client.post(reverse("tournament_team_check_in_all", args=[tournament.pk]),
                         {"entry": [e.pk for e in late], "q": "team"}, follow=True)
    assert "takes no new team" in answer.content.decode()
    assert answer.redirect_chain[-1][0] == teams_url(tournament) + "?q=team"
    assert tournament.entries.filter(checked_in=True).count() == 4


def test_a_finished_tournament_offers_no_check_in_and_refuses_one(client, organizer):
    tournament = make_tournament(organizer, teams=4, swiss_rounds=2)
    play_rounds(tournament, 2)
    page = client.get(teams_url(tournament)).content.decode()
    assert 'id="check-in-all"' not in page and listed_ids(page) == []
    entry = tournament.entries.filter(checked_in=False).first()
    client.post(reverse("tournament_team_check_in_all", args=[tournament.pk]),
                {"entry": [entry.pk]})
    entry.refresh_from_db()
    assert not entry.checked_in


def test_with_htmx_the_list_and_the_count_come_back(client, organizer):
    tournament = night(organizer)
    ids = [str(pk) for pk in tournament.entries.values_list("pk", flat=True)[:3]]
    answer = client.post(reverse("tournament_team_check_in_all", args=[tournament.pk]),
                         {"entry": ids, "q": "e"}, HTTP_HX_REQUEST="true")
    body = answer.content.decode()
    assert answer.status_code == 200 and body.lstrip().startswith('<div id="door"')
    assert count_line(body) == "3 of 5 players checked in."
    # Every row comes back (the page narrows them again by what is typed).
    assert listed_names(body) == PLAYERS and "<html" not in body


def test_each_switch_updates_the_count_out_of_band(client, organizer):
    tournament = make_tournament(organizer, teams=3)
    entry = tournament.entries.get(seed=2)
    url = reverse("tournament_team_flag", args=[tournament.pk, entry.pk, "checked_in"])
    body = client.post(url, {"value": "1"}, HTTP_HX_REQUEST="true").content.decode()
    assert body.lstrip().startswith(f'<tr id="entry-{entry.pk}"')
    assert re.search(r'<p id="checked-in-count" class="door-count" role="status" '
                     r'hx-swap-oob="innerHTML">1 of 3 teams checked in.</p>', body)
    # Withdrawn, it is no longer counted.
    url = reverse("tournament_team_flag", args=[tournament.pk, entry.pk, "withdrawn"])
    body = client.post(url, {"value": "1"}, HTTP_HX_REQUEST="true").content.decode()
    assert count_line(body) == "0 of 2 teams checked in."


def test_a_switch_without_javascript_keeps_the_search(client, organizer):
    tournament = night(organizer)
    entry = tournament.entries.get(team__name="Normand Côté")
    page = client.get(teams_url(tournament), {"q": "côté"}).content.decode()
    assert '<input type="hidden" name="q" value="côté">' in page
    answer = client.post(reverse("tournament_team_flag",
                                 args=[tournament.pk, entry.pk, "checked_in"]),
                         {"value": "1", "q": "côté"})
    assert answer["Location"] == teams_url(tournament) + "?q=c%C3%B4t%C3%A9"


def test_the_door_in_french(client, organizer):
    tournament = night(organizer)
    services.set_entry_flags(entry=tournament.entries.get(seed=1), checked_in=True)
    page = client.get(teams_url(tournament), {"q": "o"},
                      HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Trouver un joueur" in page and "Chercher" in page
    assert "Afficher tous les joueurs" in page
    assert "Marquer toute la liste présente" in page
    assert count_line(page) == "1 joueur présent sur 5."
    done = client.post(reverse("tournament_team_check_in_all", args=[tournament.pk]),
                       {"entry": listed_ids(page)}, HTTP_ACCEPT_LANGUAGE="fr", follow=True)
    assert "3 présences enregistrées." in done.content.decode()
    teams = make_tournament(organizer, teams=2)
    page = client.get(teams_url(teams), {"q": "zzz"}, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Trouver une équipe ou un joueur" in page and "Afficher toutes les équipes" in page
    assert "Aucune équipe ni aucun de ses joueurs ne porte un nom qui contient" in page


def test_checking_in_forty_costs_the_queries_of_checking_in_four(
        organizer, django_assert_max_num_queries):
    for size in (4, 40):
        tournament = night(organizer, [f"Joueur {chr(65 + n // 26)}{chr(65 + n % 26)}"
                                       for n in range(size)])
        ids = list(tournament.entries.values_list("pk", flat=True))
        with django_assert_max_num_queries(8):
            check_in_entries(tournament=tournament, entry_ids=ids)
        assert tournament.entries.filter(checked_in=True).count() == size


@pytest.mark.parametrize("odd", ["²", "١", "9" * 30, "-1", "x", "\x00", "1\x00"])
def test_check_in_everyone_listed_ignores_what_is_no_entry_id(client, organizer, odd):
    tournament = night(organizer)
    answer = client.post(reverse("tournament_team_check_in_all", args=[tournament.pk]),
                         {"entry": [odd]})
    assert answer.status_code == 302
    assert not tournament.entries.filter(checked_in=True).exists()
