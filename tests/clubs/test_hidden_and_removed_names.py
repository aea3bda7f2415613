"""A name taken off or hidden stays so everywhere: on a night's cached pages, in team names
that hold it, in the public API, through merges, renames and a club's move; taking it off
never cuts into someone else's name; odd club files are refused, never a 500."""

import csv
import io
import json

import pytest
from django.test import Client
from django.urls import reverse

from clubs import services
from clubs.exports import club_data
from clubs.models import Alias, Club, ClubEvent, Member
from clubs.services import privacy
from clubs.services.backup import import_club
from scoring import names
from scoring.errors import ScoringError
from scoring.models import Player, Team
from scoring.services import NewTeam
from tests.clubs.helpers import club_match, win
from tests.tournaments.helpers import finish, make_tournament
from tournaments import services as tournaments

pytestmark = pytest.mark.django_db


def member(club, name) -> Member:
    return Member.objects.get(club=club, name=name)


def team_night(organizer, teams, *, format="swiss"):
    """A club night of `teams` (NewTeam), its club, not drawn yet."""
    club = services.create_club(owner=organizer, name="Les As")
    night = make_tournament(organizer, teams=0, format=format)
    tournaments.add_teams(tournament=night, teams=teams)
    services.add_night(club=club, tournament=night)
    return club, night


def public_pages(night) -> dict[str, str]:
    """A night's public pages and API answers, as a stranger reads them."""
    stranger = Client()
    paths = [f"/t/{night.pk}/", f"/t/{night.pk}/draw/", f"/t/{night.pk}/projector/",
             f"/t/{night.pk}/results/", f"/api/v1/tournaments/{night.pk}",
             f"/api/v1/tournaments/{night.pk}/standings"]
    return {path: stranger.get(path).content.decode() for path in paths}


def test_a_name_taken_off_leaves_the_nights_standings_at_once_before_any_match_ends(
        organizer):
    """The standings are kept in the cache until a match ends: taking a name off while the
    first round is being played drew them anew only when a match ended."""
    club, night = team_night(organizer, [
        NewTeam("Anne Tremblay & Marc Roy", ("Anne Tremblay", "Marc Roy")),
        NewTeam("Les Bleus", ("Luc Roy", "Julie Côté"))])
    tournaments.draw_next_round(tournament=night)
    assert all("Tremblay" in text for text in public_pages(night).values())
    privacy.anonymize_member(member=member(club, "Anne Tremblay"), by=organizer)
    for path, text in public_pages(night).items():
        assert "Tremblay" not in text, path


@pytest.mark.parametrize("typed", ["Anne & Marc", "Nanou et Marc", "Les Tremblay"])
def test_a_name_taken_off_goes_from_team_names_that_hold_its_first_name_or_nickname(
        client, organizer, typed):
    """Only the whole name typed was taken off the team names: "Anne & Marc" stayed, on
    every page, the organizers' and the public's."""
    club, night = team_night(organizer, [
        NewTeam(typed, ("Anne Tremblay", "Marc Roy")),
        NewTeam("Les Bleus", ("Luc Roy", "Julie Côté"))])
    anne = member(club, "Anne Tremblay")
    services.update_member(member=anne, name="Anne Tremblay", nickname="Nanou")
    privacy.anonymize_member(member=anne, by=organizer)
    team = Team.objects.get(entries__tournament=night, first_player__name=f"#{anne.number}")
    assert team.name == f"#{anne.number} & Marc Roy"
    assert Team.objects.filter(name="Les Bleus").exists()  # no name of hers: it stays
    for path, text in public_pages(night).items():
        assert "Anne" not in text and "Nanou" not in text and "Tremblay" not in text, path
    dashboard = client.get(f"/tournaments/{night.pk}/").content.decode()
    assert "Nanou" not in dashboard and "Anne" not in dashboard


def test_taking_a_short_name_off_leaves_the_partners_name_whole(organizer):
    """"Marc" was replaced wherever it stood, inside words too: "Marc & Marcel Côté" became
    "#1 & #1el Côté"."""
    club = services.create_club(owner=organizer, name="Les As")
    club_match(club, organizer, ("Marc", "Marcel Côté"), ("Chloé", "Denis"), [win()])
    marc = member(club, "Marc")
    privacy.anonymize_member(member=marc, by=organizer)
    assert set(Team.objects.values_list("name", flat=True)) == {
        f"#{marc.number} & Marcel Côté", "Chloé & Denis"}
    assert Member.objects.filter(club=club, name="Marcel Côté").exists()


@pytest.mark.parametrize(("choice", "typed", "told"), [
    ("hidden", "Nanou et Marc", "Nanou"),
    ("hidden", "Les Tremblay", "Tremblay"),
    ("initial", "Tremblay-Roy", "Tremblay"),
    ("initial", "Nanou et Marc", "Nanou"),
])
def test_a_nights_team_named_after_a_hidden_players_nickname_or_surname_shows_its_players(
        organizer, choice, typed, told):
    """Only the player's typed name (and, hidden, their first name) gave way in a team's
    name: a nickname or a surname stayed on the public pages."""
    club, night = team_night(organizer, [
        NewTeam(typed, ("Anne Tremblay", "Marc Roy")),
        NewTeam("Les Bleus", ("Luc Roy", "Julie Côté"))])
    anne = member(club, "Anne Tremblay")
    services.update_member(member=anne, name="Anne Tremblay", nickname="Nanou")
    privacy.set_public_name(member=anne, choice=choice, by=organizer)
    tournaments.draw_next_round(tournament=night)
    shown = "Anne T." if choice == "initial" else f"Player {anne.number}"
    for path, text in public_pages(night).items():
        assert told not in text, path
        assert f"{shown} &amp; Marc Roy" in text or f"{shown} & Marc Roy" in text, path
        assert "Les Bleus" in text, path  # a team's name that tells nobody stays


def test_a_club_nights_match_in_the_public_api_names_its_players_as_they_chose(
        client, organizer):
    """/api/v1/matches/<id> answers anyone for a public tournament's match: it gave a club
    night's hidden player's name in full, in the team's name and its players."""
    club, night = team_night(organizer, [
        NewTeam("Anne Tremblay & Marc Roy", ("Anne Tremblay", "Marc Roy")),
        NewTeam("Les Bleus", ("Luc Roy", "Julie Côté"))])
    match = tournaments.draw_next_round(tournament=night).tables.get().match
    anne = member(club, "Anne Tremblay")
    privacy.set_public_name(member=anne, choice="hidden", by=organizer)
    privacy.set_public_name(member=member(club, "Luc Roy"), choice="initial", by=organizer)
    answer = Client().get(f"/api/v1/matches/{match.pk}").json()
    assert answer["team_a"] == {"name": f"Player {anne.number} & Marc Roy",
                                "players": [f"Player {anne.number}", "Marc Roy"]}
    assert answer["team_b"] == {"name": "Les Bleus", "players": ["Luc R.", "Julie Côté"]}
    # The organizer, and the table's links, read the names as typed.
    assert client.get(f"/api/v1/matches/{match.pk}").json()["team_a"]["players"] == [
        "Anne Tremblay", "Marc Roy"]


def test_an_individual_nights_match_in_the_public_api_names_its_players_as_they_chose(
        organizer):
    club, night = team_night(organizer, [NewTeam(name) for name in (
        "Anne Tremblay", "Benoît Roy", "Chloé Côté", "Denis Gagnon")], format="individual")
    match = tournaments.draw_next_round(tournament=night).tables.get().match
    anne = member(club, "Anne Tremblay")
    privacy.set_public_name(member=anne, choice="hidden", by=organizer)
    finish(match)
    text = Client().get(f"/api/v1/matches/{match.pk}").content.decode()
    assert "Tremblay" not in text and f"Player {anne.number}" in text


def test_a_club_moved_then_a_name_taken_off_whose_number_another_had_answers_no_500(
        organizer):
    """A name taken off is "#" and the member's number. A file written before numbers named
    her by her id there, which may be another member's number here: taking that member's
    name off broke the club's unique names (IntegrityError)."""
    club = services.create_club(owner=organizer, name="Les As")
    club_match(club, organizer, ("Anne Tremblay", "Benoît Roy"), ("Chloé", "Denis"), [win()])
    privacy.anonymize_member(member=member(club, "Anne Tremblay"), by=organizer)
    data = json.loads(json.dumps(club_data(club)))
    for row in data["members"]:  # as written before numbers, Anne's id there was 2
        del row["number"]
    text = json.dumps(data).replace('"#1"', '"#2"').replace("#1 &", "#2 &")
    copy_ = import_club(data=json.loads(text), owner=organizer)
    anne = Member.objects.get(club=copy_, anonymized_at__isnull=False)
    assert anne.name == f"#{anne.number}" == "#1"  # her number, on her matches too
    assert not Player.objects.filter(name="#2", club_seat__member__club=copy_).exists()
    benoit = Member.objects.get(club=copy_, name="Benoît Roy")
    assert benoit.number == 2
    privacy.anonymize_member(member=benoit, by=organizer)
    assert Alias.objects.get(club=copy_, key=names.key("#2")).member_id == benoit.pk


def test_a_club_file_with_an_unknown_choice_in_its_history_is_refused_not_a_later_500(
        client, organizer):
    club = services.create_club(owner=organizer, name="Les As")
    club_match(club, organizer, ("Anne", "Benoît"), ("Chloé", "Denis"), [win()])
    data = json.loads(json.dumps(club_data(club)))
    data["history"] = [{"kind": "public_name", "member": data["members"][0]["key"],
                        "by": "org", "params": {"choice": "pseudonym"},
                        "at": "2026-01-01T10:00:00+00:00"}]
    with pytest.raises(ScoringError) as refused:
        import_club(data=data, owner=organizer)
    assert "$.history[0].params.choice" in " ".join(refused.value.messages())
    # A history written otherwise still shows its page.
    ClubEvent.objects.create(club=club, kind="public_name", params={"choice": "pseudonym"})
    assert client.get(reverse("club_settings", args=[club.pk])).status_code == 200


def test_merging_into_a_player_whose_name_was_taken_off_keeps_it_off(client, organizer):
    """The merged player's nickname, other names and typed names came back to the player
    whose name was taken off."""
    club = services.create_club(owner=organizer, name="Les As")
    club_match(club, organizer, ("Anne Tremblay", "Benoît"), ("Chloé", "Denis"), [win()])
    club_match(club, organizer, ("A. Tremblay", "Benoît"), ("Chloé", "Denis"), [win()])
    anne, twice = member(club, "Anne Tremblay"), member(club, "A. Tremblay")
    services.update_member(member=twice, name="A. Tremblay", nickname="Nanou")
    privacy.anonymize_member(member=anne, by=organizer)
    services.merge_members(keep=Member.objects.get(pk=anne.pk), absorb=twice)
    anne.refresh_from_db()
    assert (anne.name, anne.nickname) == (f"#{anne.number}", "")
    assert list(anne.aliases.values_list("key", flat=True)) == [names.key(f"#{anne.number}")]
    assert not Player.objects.filter(name__contains="Tremblay").exists()
    assert not Team.objects.filter(name__contains="Tremblay").exists()
    data = client.get(reverse("club_member_data", args=[club.pk, anne.pk, "json"])).json()
    assert "Tremblay" not in json.dumps(data) and "Nanou" not in json.dumps(data)


def test_merging_a_player_whose_name_was_taken_off_into_another_takes_that_name_off(
        client, organizer):
    """The player whose name was taken off, merged into their other entry of the roster,
    came back under that name, their results with it; the history lost who it was about."""
    club = services.create_club(owner=organizer, name="Les As")
    club_match(club, organizer, ("Anne Tremblay", "Benoît"), ("Chloé", "Denis"), [win()])
    club_match(club, organizer, ("A. Tremblay", "Benoît"), ("Chloé", "Denis"), [win()])
    anne, twice = member(club, "Anne Tremblay"), member(club, "A. Tremblay")
    privacy.anonymize_member(member=anne, by=organizer)
    kept = services.merge_members(keep=twice, absorb=Member.objects.get(pk=anne.pk))
    assert kept.anonymized_at is not None and kept.name == f"#{kept.number}"
    assert not Team.objects.filter(name__contains="Tremblay").exists()
    settings = client.get(reverse("club_settings", args=[club.pk])).content.decode()
    assert f"took a player's name off: now Player {kept.number}." in settings


def test_a_merge_keeps_the_history_of_both_players(client, organizer):
    club = services.create_club(owner=organizer, name="Les As")
    club_match(club, organizer, ("Anne Tremblay", "Benoît"), ("Chloé", "Denis"), [win()])
    club_match(club, organizer, ("A. Tremblay", "Benoît"), ("Chloé", "Denis"), [win()])
    privacy.set_public_name(member=member(club, "A. Tremblay"), choice="initial",
                            by=organizer)
    services.merge_members(keep=member(club, "Anne Tremblay"),
                           absorb=member(club, "A. Tremblay"))
    settings = client.get(reverse("club_settings", args=[club.pk])).content.decode()
    assert "set how Anne Tremblay's name shows in public" in settings


def test_a_renamed_player_shown_by_first_name_and_initial_reads_anew_on_the_nights_pages(
        organizer):
    """The nights' pages kept in the cache kept the old initial after a rename."""
    club, night = team_night(organizer, [NewTeam(name) for name in (
        "Anne Tremblay", "Benoît Roy", "Chloé Côté", "Denis Gagnon")], format="individual")
    anne = member(club, "Anne Tremblay")
    privacy.set_public_name(member=anne, choice="initial", by=organizer)
    tournaments.draw_next_round(tournament=night)
    assert all("Anne T." in text for text in public_pages(night).values())
    services.update_member(member=anne, name="Anne Gagnon")
    for path, text in public_pages(night).items():
        assert "Anne G." in text and "Anne T." not in text, path


def test_a_members_copy_gives_their_other_names_as_typed_and_the_csv_holds_their_names(
        client, organizer):
    """The copy's other names were the keys names are compared by ("anne trernblay"), and
    its CSV held no name at all."""
    club = services.create_club(owner=organizer, name="Les As")
    club_match(club, organizer, ("Anne Tremblay", "Benoît"), ("Chloé", "Denis"), [win()])
    club_match(club, organizer, ("Anne Tremblay-Simard", "Benoît"), ("Chloé", "Denis"),
               [win()])
    anne = member(club, "Anne Tremblay")
    services.update_member(member=anne, name="Anne Tremblay", nickname="Nanou")
    services.merge_members(keep=anne, absorb=member(club, "Anne Tremblay-Simard"))
    data = client.get(reverse("club_member_data", args=[club.pk, anne.pk, "json"])).json()
    assert data["member"]["other_names"] == ["Anne Tremblay-Simard"]
    rows = list(csv.reader(io.StringIO(client.get(reverse(
        "club_member_data", args=[club.pk, anne.pk, "csv"])).content.decode().lstrip(
        "\ufeff"))))
    assert [row[0] for row in rows[1:4]] == ["name", "nickname", "other name"]
    assert [row[4] for row in rows[1:4]] == ["Anne Tremblay", "Nanou", "Anne Tremblay-Simard"]


def test_a_club_file_edited_by_hand_without_aliases_still_finds_its_players_by_name(
        organizer):
    """A member listed with no alias (the file edited by hand) was not found by their own
    name: the next match that typed it added them to the roster a second time; a name with
    spaces around it or invisible characters went in as it was."""
    club = services.create_club(owner=organizer, name="Les As")
    club_match(club, organizer, ("Anne", "Benoît"), ("Chloé", "Denis"), [win()])
    data = json.loads(json.dumps(club_data(club)))
    data["members"][0].update(name="  Anne  ", aliases=[])
    copy_ = import_club(data=data, owner=organizer)
    club_match(copy_, organizer, ("Anne", "Benoît"), ("Chloé", "Denis"), [win()])
    assert list(Member.objects.filter(club=copy_, name__contains="Anne").values_list(
        "name", flat=True)) == ["Anne"]
    data["members"][0]["name"] = "An\u200bne"
    with pytest.raises(ScoringError) as refused:
        import_club(data=data, owner=organizer)
    assert "$.members[0]" in " ".join(refused.value.messages())


def test_the_season_projector_shows_names_as_chosen_even_opened_by_an_organizer(
        client, organizer):
    """The projector is the room's screen, opened from the organizer's account: it showed
    a hidden player's name in full (the tournaments' projector never did)."""
    from clubs.services.seasons import save_season

    club, night = team_night(organizer, [NewTeam(name) for name in (
        "Anne Tremblay", "Benoît Roy", "Chloé Côté", "Denis Gagnon")], format="individual")
    finish(tournaments.draw_next_round(tournament=night).tables.get().match)
    season = save_season(club=club, name="Automne", points_table=[3, 2, 1], best_of=None,
                         nights=[night.club_night.pk])
    anne = member(club, "Anne Tremblay")
    privacy.set_public_name(member=anne, choice="hidden", by=organizer)
    screen = client.get(reverse("season_projector", args=[season.pk])).content.decode()
    assert "Tremblay" not in screen and f"Player {anne.number}" in screen
    page = client.get(reverse("season_page", args=[season.pk])).content.decode()
    assert "Anne Tremblay" in page  # the organizer's own page reads it in full


def test_a_tournament_made_a_club_night_shows_its_hidden_players_as_chosen_at_once(
        organizer):
    """Its public pages, kept in the cache under ETags that nothing moved, kept showing a
    hidden player in full once the tournament became a night of the club."""
    club = services.create_club(owner=organizer, name="Les As")
    club_match(club, organizer, ("Anne Tremblay", "Benoît"), ("Chloé", "Denis"), [win()])
    anne = member(club, "Anne Tremblay")
    privacy.set_public_name(member=anne, choice="hidden", by=organizer)
    night = make_tournament(organizer, teams=0, format="individual")
    tournaments.add_teams(tournament=night, teams=[NewTeam(name) for name in (
        "Anne Tremblay", "Benoît Roy", "Chloé Côté", "Denis Gagnon")])
    tournaments.draw_next_round(tournament=night)
    assert all("Tremblay" in text for text in public_pages(night).values())
    services.add_night(club=club, tournament=night)
    for path, text in public_pages(night).items():
        assert "Tremblay" not in text and f"Player {anne.number}" in text, path


def test_the_public_roster_does_not_place_a_hidden_name_where_it_is_spelled(organizer):
    """The API's roster came in the order of the names in full: "Player 3" between "Anna"
    and "Benoît" told that the hidden name starts with "An" to "Be"."""
    club = services.create_club(owner=organizer, name="Les As")
    club_match(club, organizer, ("Anna Roy", "Anne Tremblay"), ("Benoît", "Zoé"), [win()])
    anne = member(club, "Anne Tremblay")
    privacy.set_public_name(member=anne, choice="hidden", by=organizer)
    names_shown = [p["name"] for p in Client().get(f"/api/v1/clubs/{club.pk}/players").json()]
    assert names_shown == ["Anna Roy", "Benoît", "Zoé", f"Player {anne.number}"]


@pytest.mark.parametrize("when", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-12:00"])
def test_a_club_file_with_a_time_out_of_range_is_refused_not_a_traceback(organizer, when):
    """A time the schema takes but no date holds once in UTC escaped as an OverflowError
    (manage.py import_club printed a traceback)."""
    club = services.create_club(owner=organizer, name="Les As")
    club_match(club, organizer, ("Anne", "Benoît"), ("Chloé", "Denis"), [win()])
    data = json.loads(json.dumps(club_data(club)))
    data["matches"][0]["last_hand_at"] = when
    with pytest.raises(ScoringError) as refused:
        import_club(data=data, owner=organizer)
    assert "damaged" in " ".join(refused.value.messages())
    assert list(Club.objects.values_list("pk", flat=True)) == [club.pk]
