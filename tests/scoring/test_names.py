"""Names of teams, players, tournaments and places: stored in one form, compared in one form,
and never with invisible characters, on every path (services, pages, API, admin)."""

import pytest
from django.urls import reverse
from django.utils import translation

from accounts.services import issue_token
from scoring import names, services
from scoring.errors import InvalidInput
from scoring.models import Match, Player, Team
from scoring.services import NewTeam
from tests.api.conftest import ApiClient
from tests.tournaments.helpers import make_tournament
from tournaments import services as tournaments
from tournaments.models import Tournament
from tournaments.services import Settings

INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u202a", "\u202b", "\u202c",
             "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\ufeff"]
MESSAGE = ("Names cannot hold invisible or blank characters (zero-width spaces, direction "
           "marks, fillers): type the name again without them.")


@pytest.mark.parametrize(
    ("typed", "stored"),
    [("  Les Bleus  ", "Les Bleus"), ("Les\u00a0Bleus", "Les Bleus"),
     ("Les \u00a0 \u2003Bleus", "Les Bleus"), ("Les\u202fBleus\u3000", "Les Bleus"),
     ("Les E\u0301clairs", "Les \u00c9clairs"), ("\nLes Bleus\t", "Les Bleus")],
)
def test_a_name_is_stored_in_one_form(typed, stored):
    assert names.normalise(typed) == stored
    assert names.problem(typed, 60) is None


@pytest.mark.parametrize("char", INVISIBLE)
def test_zero_width_and_direction_characters_are_refused(char):
    assert names.problem(f"Les Bleus{char}", 60) is names.Problem.INVISIBLE
    assert names.problem(f"{char}Les Bleus", 60) is names.Problem.INVISIBLE


def test_look_alike_names_are_one_name():
    same = ["Les Bleus", "les bleus", "Les\u00a0Bleus", "Les Bleus\u200b", " LES  BLEUS ",
            "Les\u2003Bleus", "Les B\u200dleus"]
    assert len({names.key(name) for name in same}) == 1
    assert names.key("Les \u00c9clairs") == names.key("les e\u0301clairs")
    assert names.key("Les Bleus") != names.key("Les Bleues")


@pytest.mark.parametrize("look_alike", [
    "Les \u0412leus",  # Cyrillic capital ve, drawn as B
    "L\u0435s Bleus",  # Cyrillic small ie, drawn as e
    "LES \u0412L\u0415US",  # Cyrillic capitals in a name typed in capitals
    "Les \u0392leus",  # Greek capital beta
    "Les B1eus",  # the digit 1, drawn as l
    "\uff2c\uff45\uff53 Bleus",  # full-width letters
])
def test_look_alikes_typed_in_another_script_are_one_name(look_alike):
    assert names.key(look_alike) == names.key("Les Bleus")


@pytest.mark.parametrize(("one", "other"), [
    ("Les Bleus", "Les Bleues"), ("Anne", "Anna"), ("Émile", "Emile"), ("Team 1", "Team 2"),
])
def test_names_that_look_different_stay_apart(one, other):
    assert names.key(one) != names.key(other)


@pytest.mark.parametrize("name", ["BILL", "Bill", "bIlL", "B\u0406LL"])  # Ukrainian І
def test_case_never_matters_for_the_look_alike_key(name):
    assert names.key(name) == names.key("bill")


def test_a_key_fits_its_column_whatever_the_name():
    from clubs.models import Alias

    longest = Alias._meta.get_field("key").max_length
    for char in ("m", "\ufdfa", "\u00bd", "\u3392"):  # the widest skeletons there are
        assert len(names.key(char * 60)) <= longest


def test_a_name_that_is_only_space_or_too_long_once_normalised():
    assert names.problem("\u00a0\u2003", 60) is names.Problem.LENGTH
    assert names.problem("a" + " " * 100 + "b", 60) is None
    assert names.problem("ab" * 31, 60) is names.Problem.LENGTH


@pytest.mark.django_db
def test_a_match_stores_normalised_names(user):
    match = services.create_match(
        owner=user, variant="politaine",
        team_a=NewTeam("  Les\u00a0\u00a0Bleus ", ("Anne\u2003 Marie", "Marc")),
        team_b=NewTeam("Les E\u0301clairs"))
    assert match.team_a.name == "Les Bleus" and match.team_b.name == "Les \u00c9clairs"
    assert match.team_a.first_player.name == "Anne Marie"


@pytest.mark.django_db
def test_invisible_characters_in_a_match_are_refused_in_the_callers_language(user):
    with pytest.raises(InvalidInput) as refused:
        services.create_match(owner=user, variant="politaine",
                              team_a=NewTeam("Les\u202eBleus"),
                              team_b=NewTeam("B", ("Anne", "Luc\u200b")))
    assert refused.value.codes == ["name_invisible", "name_invisible"]
    assert [v.field for v in refused.value.violations] == ["team_a_name", "team_b_players"]
    assert refused.value.messages()[0] == MESSAGE
    with translation.override("fr"):
        assert "invisibles" in refused.value.messages()[0]
    assert Team.objects.count() == 0 and Player.objects.count() == 0


def test_a_tournament_refuses_a_look_alike_of_a_team_it_has(organizer):
    tournament = make_tournament(organizer, teams=0)
    tournaments.add_teams(tournament=tournament, teams=[NewTeam("Les Bleus")])
    for look_alike in ("les bleus", "Les\u00a0Bleus", " Les  Bleus "):
        with pytest.raises(InvalidInput) as refused:
            tournaments.add_teams(tournament=tournament, teams=[NewTeam(look_alike)])
        assert refused.value.messages() == [
            f"Team 1: {names.normalise(look_alike)} is already in the tournament."]
    with pytest.raises(InvalidInput) as refused:
        tournaments.add_teams(tournament=tournament, teams=[NewTeam("Les Bleus\u200b")])
    assert refused.value.codes == ["name_invisible"]
    assert refused.value.messages() == [f"Team 1: {MESSAGE[0].lower()}{MESSAGE[1:]}"]
    with pytest.raises(InvalidInput) as refused:
        tournaments.add_teams(tournament=tournament,
                              teams=[NewTeam("Les Verts"), NewTeam("LES\u2003VERTS")])
    assert refused.value.codes == ["team_name_taken"]
    assert tournament.entries.count() == 1


def test_a_name_stored_before_normalisation_still_counts_as_taken(organizer):
    tournament = make_tournament(organizer, teams=0)
    entry = tournaments.add_teams(tournament=tournament, teams=[NewTeam("Les Bleus")])[0]
    Team.objects.filter(pk=entry.team_id).update(name="Les\u00a0Bleus\u200b")
    with pytest.raises(InvalidInput) as refused:
        tournaments.add_teams(tournament=tournament, teams=[NewTeam("les bleus")])
    assert refused.value.codes == ["team_name_taken"]


def test_tournament_names_and_places_are_normalised_and_checked(organizer):
    settings = Settings(name=" Open\u00a0de  Rimouski ", place="Salle\u2003 paroissiale",
                        variant="politaine", format="round_robin")
    tournament = tournaments.create_tournament(
        owner=organizer, settings=settings,
        teams=[NewTeam("  Les Bleus ", (" Anne ", "Marc\u00a0Antoine"))])
    assert (tournament.name, tournament.place) == ("Open de Rimouski", "Salle paroissiale")
    team = tournament.entries.get().team
    assert (team.name, team.first_player.name, team.second_player.name) == (
        "Les Bleus", "Anne", "Marc Antoine")
    for field in ("name", "place"):
        bad = Settings(**{"name": "Open", "variant": "politaine", "format": "round_robin",
                          field: "Open\u2066 de Rimouski"})
        with pytest.raises(InvalidInput) as refused:
            tournaments.update_tournament(tournament=tournament, settings=bad)
        assert [(v.code, v.field) for v in refused.value.violations] == [
            ("name_invisible", field)]


@pytest.mark.django_db
def test_the_pages_refuse_invisible_characters_beside_the_field(client, organizer):
    client.force_login(organizer)
    response = client.post(reverse("match_new"), {
        "variant": "politaine", "first_dealer": "N", "team_a_name": "Nous\u200b",
        "seat_n": "Anne", "seat_s": "Marc\u00a0\u00a0Antoine"})
    assert response.status_code == 422 and MESSAGE in response.content.decode()
    assert Match.objects.count() == 0
    response = client.post(reverse("match_new"), {
        "variant": "politaine", "first_dealer": "N", "team_a_name": " Les\u00a0Bleus ",
        "seat_n": "Anne", "seat_s": "Marc\u00a0\u00a0Antoine"})
    match = Match.objects.get()
    assert (match.team_a.name, match.seat_s.name) == ("Les Bleus", "Marc Antoine")

    response = client.post(reverse("tournament_new"), {
        "name": "Open\u202e", "variant": "politaine", "format": "round_robin"})
    assert response.status_code == 422 and MESSAGE in response.content.decode()
    assert not Tournament.objects.exists()
    tournament = make_tournament(organizer, teams=1)
    response = client.post(reverse("tournament_teams", args=[tournament.pk]),
                           {"add": "1", "name": "team\u00a0001"})
    assert response.status_code == 422
    assert "team 001 is already in the tournament" in response.content.decode()
    response = client.post(reverse("tournament_teams", args=[tournament.pk]),
                           {"add": "1", "name": "Les\u2067Bleus"})
    assert response.status_code == 422 and MESSAGE in response.content.decode()
    assert tournament.entries.count() == 1


@pytest.mark.django_db
def test_the_api_normalises_and_refuses_as_the_pages_do(client, organizer):
    api = ApiClient(client, issue_token(user=organizer))
    response = api.post("/matches", {"variant": "politaine",
                                     "team_a": {"name": "Les\u200fBleus"},
                                     "team_b": {"name": "Eux"}})
    assert response.status_code == 422
    assert response.json()["errors"][0] == {"code": "name_invisible", "field": "team_a_name",
                                            "message": MESSAGE}
    response = api.post("/tournaments", {"name": " Open\u00a0d'été ", "variant": "politaine",
                                         "format": "round_robin",
                                         "teams": [{"name": "Les Bleus"},
                                                   {"name": "les\u00a0BLEUS"}]})
    assert response.status_code == 422
    assert [e["code"] for e in response.json()["errors"]] == ["team_name_taken"]
    response = api.post("/tournaments", {"name": " Open\u00a0d'été ", "variant": "politaine",
                                         "format": "round_robin",
                                         "teams": [{"name": " Les  Bleus"}]})
    assert response.status_code == 201
    assert response.json()["name"] == "Open d'été"
    assert response.json()["teams"][0]["name"] == "Les Bleus"


@pytest.mark.django_db
def test_the_admin_stores_normalised_names_and_refuses_invisible_ones(admin_client):
    response = admin_client.post(reverse("admin:scoring_team_add"), {"name": " Les\u00a0Bleus "})
    assert response.status_code == 302
    assert Team.objects.get().name == "Les Bleus"
    response = admin_client.post(reverse("admin:scoring_player_add"), {"name": "Anne\u200b"})
    assert response.status_code == 200 and MESSAGE in response.content.decode()
    assert not Player.objects.exists()
