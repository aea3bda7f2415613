"""A member's number is the club's: 1, 2, 3... in the order they joined, kept when the club
moves, written "Player 26" everywhere; the privacy history says the member's own; a roster
name never passes for one; a night's team keeps its typed name unless it tells a hidden
name (issue 42, items 11 to 14)."""

import json
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from clubs import services
from clubs.exports import club_data
from clubs.models import Club, Member
from clubs.services import privacy
from clubs.services.backup import import_club
from scoring.errors import ScoringError
from scoring.services import NewTeam
from tests.clubs.helpers import club_match, win
from tests.pages import text_of
from tests.tournaments.helpers import finish, make_tournament
from tournaments import services as tournaments

pytestmark = pytest.mark.django_db


def member(club, name) -> Member:
    return Member.objects.get(club=club, name=name)


@pytest.fixture
def club(organizer):
    """Les As, after another club of five: its players' ids are not 1, 2, 3..."""
    other = services.create_club(owner=organizer, name="Les Rois")
    for name in ("Ali", "Bea", "Cyr", "Dan", "Eve"):
        services.add_member(club=other, name=name)
    club = services.create_club(owner=organizer, name="Les As")
    club_match(club, organizer, ("Anne Tremblay", "Benoît Roy"), ("Chloé Côté", "Denis Gagnon"),
               [win()])
    return club


def public_text(club) -> str:
    stranger = Client()
    return " ".join(text_of(stranger.get(path).content.decode()) for path in (
        f"/clubs/{club.pk}/", f"/api/v1/clubs/{club.pk}/players", f"/clubs/{club.pk}/ladder.csv"))


# --- Item 11: the club's numbers -----------------------------------------------------------


def test_a_hidden_player_reads_the_number_they_joined_in_not_a_database_id(club, organizer):
    """A club of four showed "Player 8": the database's id, counted across every club."""
    privacy.set_public_name(member=member(club, "Chloé Côté"), choice="hidden", by=organizer)
    text = public_text(club)
    assert "Player 3" in text and "Chloé" not in text
    assert "Player 8" not in text


def test_a_player_who_joins_after_a_merge_takes_a_new_number_never_one_given_before(
        club, organizer):
    """A number said who someone was ("Player 5" in the history): it is never given twice.
    (Denis typed twice, as "Denis G." the second time: the two never sat in one match.)"""
    services.merge_members(keep=member(club, "Denis Gagnon"),
                           absorb=services.add_member(club=club, name="Denis G."))
    elise = services.add_member(club=club, name="Élise Morin")
    privacy.set_public_name(member=elise, choice="hidden", by=organizer)
    assert "Player 6" in public_text(club)


def test_a_club_moved_to_another_server_keeps_its_players_numbers(club, organizer):
    """Export and import turned "Player 3" into another number (the new server's ids)."""
    privacy.set_public_name(member=member(club, "Chloé Côté"), choice="hidden", by=organizer)
    privacy.anonymize_member(member=member(club, "Benoît Roy"), by=organizer)
    data = json.loads(json.dumps(club_data(club)))
    services.add_member(club=club, name="Someone new")  # ids move on before the import
    copy_ = import_club(data=data, owner=organizer)
    text = public_text(copy_)
    assert "Player 3" in text and "Player 2" in text
    assert member(copy_, "#2").anonymized_at is not None
    # The next player to join takes the next number.
    assert services.add_member(club=copy_, name="Élise Morin").number == 5


def test_an_older_club_file_numbers_its_players_in_the_order_they_joined(club, organizer):
    """A file written before numbers: each player is numbered in the file's order, a name
    taken off takes its number there ("#<id>" becomes "#2")."""
    privacy.anonymize_member(member=member(club, "Benoît Roy"), by=organizer)
    data = json.loads(json.dumps(club_data(club)))
    old_id = member(club, f"#{member(club, '#2').number}").pk
    for row in data["members"]:
        del row["number"]
    text = json.dumps(data).replace('"#2"', f'"#{old_id}"').replace("#2 &", f"#{old_id} &")
    copy_ = import_club(data=json.loads(text), owner=organizer)
    assert sorted(Member.objects.filter(club=copy_).values_list("number", "name")) == [
        (1, "Anne Tremblay"), (2, "#2"), (3, "Chloé Côté"), (4, "Denis Gagnon")]
    assert Club.objects.get(pk=copy_.pk).last_member_number == 4


def test_a_club_file_that_gives_two_players_one_number_is_refused(club, organizer):
    data = json.loads(json.dumps(club_data(club)))
    data["members"][1]["number"] = data["members"][0]["number"]
    with pytest.raises(ScoringError) as refused:
        import_club(data=data, owner=organizer)
    assert "$.members[1].number" in str(refused.value.violations[0].params)


def test_a_name_taken_off_reads_player_n_on_the_organizers_pages_and_name_cards(
        client, organizer):
    """The organizers' pages, the name cards, the score sheets and the keeper's table said
    "#1 & Marc Roy" where the club's pages said "Player 1"; in French, "Joueur 1"."""
    club = services.create_club(owner=organizer, name="Les As")
    night = make_tournament(organizer, teams=0)
    tournaments.add_teams(tournament=night, teams=[
        NewTeam("Anne & Marc", ("Anne Tremblay", "Marc Roy")),
        NewTeam("Les Bleus", ("Luc Roy", "Julie Côté"))])
    services.add_night(club=club, tournament=night)
    match = tournaments.draw_next_round(tournament=night).tables.get().match
    privacy.anonymize_member(member=member(club, "Anne Tremblay"), by=organizer)
    pages = [f"/tournaments/{night.pk}/", f"/tournaments/{night.pk}/teams/",
             reverse("tournament_round", args=[night.pk, 1]),
             reverse("tournament_round_sheets", args=[night.pk, 1]),
             reverse("owned:table", kwargs={"pk": match.pk})]
    for path in pages:
        answer = client.get(path)
        assert answer.status_code == 200, path
        text = text_of(answer.content.decode())
        assert "#1" not in text and "Player 1" in text, path
    french = unescape(text_of(client.get(f"/tournaments/{night.pk}/",
                                         HTTP_ACCEPT_LANGUAGE="fr").content.decode()))
    assert "Joueur 1 & Marc Roy" in french and "#1" not in french


def test_an_individual_nights_name_cards_say_player_n_for_a_name_taken_off(client, organizer):
    club = services.create_club(owner=organizer, name="Les As")
    night = make_tournament(organizer, teams=0, format="individual")
    tournaments.add_teams(tournament=night, teams=[NewTeam(name) for name in (
        "Anne Tremblay", "Benoît Roy", "Chloé Côté", "Denis Gagnon")])
    services.add_night(club=club, tournament=night)
    tournaments.draw_next_round(tournament=night)
    privacy.anonymize_member(member=member(club, "Anne Tremblay"), by=organizer)
    for path in (f"/tournaments/{night.pk}/teams/name-cards/", f"/tournaments/{night.pk}/",
                 reverse("tournament_round", args=[night.pk, 1])):
        text = text_of(client.get(path).content.decode())
        assert "Player 1" in text and "#1" not in text, path
    french = text_of(client.get(f"/tournaments/{night.pk}/teams/name-cards/",
                                HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert "Joueur 1" in french and "#1" not in french


# --- Item 12: the privacy history ----------------------------------------------------------


def test_the_privacy_history_shows_the_players_own_pseudonym_not_an_example(
        client, club, organizer):
    """"Hidden (“Player 17”)" was written for a member who reads "Player 3"."""
    chloe = member(club, "Chloé Côté")
    answer = client.post(reverse("club_member_public_name", args=[club.pk, chloe.pk]),
                         {"public_name": "hidden"}, follow=True)
    assert "Hidden (“Player 3”)" in text_of(answer.content.decode())
    settings = text_of(client.get(reverse("club_settings", args=[club.pk])).content.decode())
    assert "set how Chloé Côté's name shows in public: Hidden (“Player 3”)." in settings
    assert "Player 17" not in settings
    french = text_of(client.get(reverse("club_settings", args=[club.pk]),
                                HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert "Caché (« Joueur 3 »)" in french
    page = text_of(client.get(reverse("club_member_edit", args=[club.pk, chloe.pk])
                              ).content.decode())
    assert "Hidden (“Player 3”)" in page and "Player 17" not in page


# --- Item 13: no roster name passes for a pseudonym ----------------------------------------

LOOK_ALIKES = ["Player 3", "player   3", "PLAYER #3", "Joueur 3", "joueuse 12", "#3", "# 3",
               "Player3"]


@pytest.mark.parametrize("typed", LOOK_ALIKES)
def test_a_roster_name_that_reads_as_a_hidden_players_number_is_refused(club, typed):
    with pytest.raises(ScoringError) as refused:
        services.add_member(club=club, name=typed)
    assert refused.value.violations[0].code == "name_like_a_number"
    with pytest.raises(ScoringError):
        services.update_member(member=member(club, "Anne Tremblay"), name=typed)
    with pytest.raises(ScoringError):
        services.split_member(member=member(club, "Anne Tremblay"), name=typed, players=[1],
                              by=None)
    assert not Member.objects.filter(club=club, name=typed).exists()


@pytest.mark.parametrize("typed", ["Player One", "Joueur 3 Roy", "Anne 3", "3"])
def test_a_name_with_a_number_that_reads_as_nobodys_pseudonym_is_taken(club, typed):
    assert services.add_member(club=club, name=typed).name == typed


def test_the_roster_form_refuses_a_pseudonym_in_both_languages(client, club):
    answer = client.post(reverse("club_roster", args=[club.pk]), {"name": "Joueur 3"})
    assert answer.status_code == 422
    assert "reads like a hidden player&#x27;s number" in text_of(answer.content.decode())
    french = client.post(reverse("club_roster", args=[club.pk]), {"name": "Player 3"},
                         HTTP_ACCEPT_LANGUAGE="fr")
    assert "numéro d’un joueur caché" in text_of(french.content.decode())
    assert not Member.objects.filter(club=club, name__in=["Joueur 3", "Player 3"]).exists()


def test_a_club_match_or_night_naming_a_pseudonym_adds_nobody(club, organizer):
    """The names a club match or a night types join the roster: "Player 2" would have
    joined it as a real member, who read like Benoît hidden."""
    with pytest.raises(ScoringError) as refused:
        club_match(club, organizer, ("Player 2", "Anne Tremblay"), ("Chloé Côté", "Luc"))
    assert refused.value.violations[0].code == "name_like_a_number"
    night = make_tournament(organizer, teams=0)
    tournaments.add_teams(tournament=night, teams=[
        NewTeam("Les Bleus", ("Joueur 7", "Luc Roy")), NewTeam("Les Verts", ("Ana", "Bo"))])
    with pytest.raises(ScoringError):
        services.add_night(club=club, tournament=night)
    assert not Member.objects.filter(club=club, name__in=["Player 2", "Joueur 7"]).exists()


def test_a_club_file_naming_a_player_like_a_pseudonym_is_refused(club, organizer):
    data = json.loads(json.dumps(club_data(club)))
    data["members"][0]["name"] = "Player 9"
    with pytest.raises(ScoringError) as refused:
        import_club(data=data, owner=organizer)
    assert "$.members[0]" in str(refused.value.violations[0].params)


def test_a_name_taken_off_still_finds_its_player_when_a_match_types_it(club, organizer):
    """"#2" is Benoît's name once taken off: a match that types it seats him, no refusal."""
    benoit = privacy.anonymize_member(member=member(club, "Benoît Roy"), by=organizer)
    match = club_match(club, organizer, ("#2", "Anne Tremblay"), ("Chloé Côté", "Luc"))
    assert match.seat_n.club_seat.member_id == benoit.pk


# --- Item 14: a night's team keeps its typed name --------------------------------------------


@pytest.mark.parametrize(("typed", "shown"), [
    ("Les Politaineux", "Les Politaineux"),
    ("Carole & Denis Côté", "Carole Roy & Denis C."),
    ("Les C\u043et\u00e9", "Carole Roy & Denis C."),  # "Côté" with a Cyrillic o
])
def test_a_teams_typed_name_stays_on_the_club_pages_unless_it_tells_a_hidden_name(
        organizer, typed, shown):
    """"Les Politaineux" became "Carole Roy & Denis C." on the club's page and player pages
    because Denis chose initials: only a name that tells his (his surname) gives way."""
    club = services.create_club(owner=organizer, name="Les As")
    night = make_tournament(organizer, teams=0)
    tournaments.add_teams(tournament=night, teams=[
        NewTeam(typed, ("Carole Roy", "Denis Côté")),
        NewTeam("Les Bleus", ("Luc Roy", "Julie Côté"))])
    services.add_night(club=club, tournament=night)
    finish(tournaments.draw_next_round(tournament=night).tables.get().match)
    privacy.set_public_name(member=member(club, "Denis Côté"), choice="initial", by=organizer)
    stranger = Client()
    carole = member(club, "Carole Roy")
    text = unescape(text_of(stranger.get(f"/clubs/{club.pk}/players/{carole.pk}/").content
                            .decode()))
    assert shown in text
    assert "Côté &" not in text and "Denis Côté" not in text


# The same pseudonym, spelled another way: punctuation, a sign for "number", another kind of
# digit or a mark after it. Each passed for a real name and read like the hidden player.
SPELLED_OTHERWISE = ["Player 3.", "Player-3", "Player_3", "Player ³", "Player (3)", "Joueur 3 !",
                     "Player 3 .", "“Player 3”", "PLAYER  ‑ 3", "Joueur nº 3", "Joueur n° 3",
                     "Player No. 3", "Joueuse no 12", "Joueur numéro 3", "Player number 3",
                     "Joueur #12.", "№ 3", "N° 3"]


@pytest.mark.parametrize("typed", SPELLED_OTHERWISE)
def test_a_pseudonym_spelled_with_other_punctuation_or_digits_is_refused_as_a_name(
        club, organizer, typed):
    with pytest.raises(ScoringError) as refused:
        services.add_member(club=club, name=typed)
    assert refused.value.violations[0].code == "name_like_a_number"
    with pytest.raises(ScoringError):
        services.update_member(member=member(club, "Anne Tremblay"), name=typed)
    with pytest.raises(ScoringError):
        club_match(club, organizer, (typed, "Anne Tremblay"), ("Chloé Côté", "Luc"))
    assert not Member.objects.filter(club=club, name=typed).exists()


@pytest.mark.parametrize("typed", ["Player One", "Player Paul", "Joueur Léo", "Players 3",
                                   "Player 3rd", "Joueur 3 Roy", "Anne 3.", "3.", "Louis 14",
                                   "R2-D2", "Bruno 3", "Jean-Paul 2e"])
def test_a_name_that_merely_holds_a_number_is_still_taken(club, typed):
    assert services.add_member(club=club, name=typed).name == typed


def test_the_take_off_page_says_the_players_own_number_not_a_database_id(client, club):
    """The page asking to take Chloé's name off said she would become "Player 8" (her id
    across every club's roster); she is the club's third: "Player 3"."""
    chloe = member(club, "Chloé Côté")
    assert chloe.pk != chloe.number
    path = reverse("club_member_anonymize", args=[club.pk, chloe.pk])
    page = unescape(text_of(client.get(path).content.decode()))
    assert "The player becomes “Player 3” on every page" in page
    assert f"Player {chloe.pk}" not in page
    french = unescape(text_of(client.get(path, HTTP_ACCEPT_LANGUAGE="fr").content.decode()))
    assert "Le joueur devient « Joueur 3 » sur toutes les pages" in french
    assert f"Joueur {chloe.pk}" not in french
