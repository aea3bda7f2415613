"""What a member asks of the club about their personal information (issue 33): how their
name shows in public, their name taken off for good, a copy of what the club holds on them;
each answered by an organizer in one step and kept in the club's history."""

import csv
import io
import json

import pytest
from django.test import Client
from django.urls import reverse

from clubs import services
from clubs.models import Alias, ClubEvent, Member, RatingChange, Seat
from clubs.services import privacy
from clubs.services.seasons import save_season
from scoring import names, rules
from scoring.models import Match, Team
from tests.clubs.helpers import club_match, win
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(organizer):
    club = services.create_club(owner=organizer, name="Les As", place="Lévis")
    club_match(club, organizer, ("Anne Tremblay", "Benoît Roy"),
               ("Chloé Côté", "Denis Gagnon"), [rules.Hand.played(7, 4, 1, 0)])
    club_match(club, organizer, ("Anne Tremblay", "Chloé Côté"),
               ("Benoît Roy", "Denis Gagnon"), [win("b")])
    return club


def member(club, name) -> Member:
    return Member.objects.get(club=club, name=name)


def public_views(club) -> dict[str, str]:
    """Every public page, CSV and API answer of the club, as a stranger reads them."""
    stranger = Client()
    season = save_season(club=club, name="Automne", points_table=[3, 2, 1], best_of=None,
                         nights=[])
    anne = member(club, "Anne Tremblay") if Member.objects.filter(
        club=club, name="Anne Tremblay").exists() else None
    benoit = member(club, "Benoît Roy")
    pages = {
        "club": reverse("club_page", args=[club.pk]),
        "player": reverse("club_player", args=[club.pk, benoit.pk]),
        "season": reverse("season_page", args=[season.pk]),
        "projector": reverse("season_projector", args=[season.pk]),
        "ladder_csv": reverse("club_ladder_csv", args=[club.pk]),
        "api_players": f"/api/v1/clubs/{club.pk}/players",
        "api_ladder": f"/api/v1/clubs/{club.pk}/ladder",
        "api_player": f"/api/v1/players/{benoit.pk}",
    }
    if anne is not None:
        pages["anne"] = reverse("club_player", args=[club.pk, anne.pk])
    return {name: stranger.get(path).content.decode() for name, path in pages.items()}


@pytest.mark.parametrize(("choice", "shown"), [("initial", "Anne T."), ("hidden", None)])
def test_a_members_choice_shows_on_every_public_page_csv_and_api_answer(client, club,
                                                                         organizer, choice,
                                                                         shown):
    anne = member(club, "Anne Tremblay")
    privacy.set_public_name(member=anne, choice=choice, by=organizer)
    shown = shown or f"Player {anne.number}"
    views = public_views(club)
    for name, text in views.items():
        assert "Tremblay" not in text, name  # nor in the teams' typed names
    for name in ("club", "player", "ladder_csv", "api_players", "api_ladder", "api_player",
                 "anne"):
        assert shown in views[name], name
    # The others keep their names; the organizers read every name in full.
    assert "Benoît Roy" in public_views(club)["club"]
    page = client.get(reverse("club_page", args=[club.pk])).content.decode()
    assert "Anne Tremblay" in page


def test_the_club_default_applies_to_the_members_who_chose_nothing(club, organizer):
    privacy.set_club_public_name(club=club, choice="initial", by=organizer)
    privacy.set_public_name(member=member(club, "Denis Gagnon"), choice="full", by=organizer)
    club_page = public_views(club)["club"]
    assert "Anne T." in club_page and "Benoît R." in club_page
    assert "Anne Tremblay" not in club_page and "Denis Gagnon" in club_page


def test_the_choice_is_made_on_the_players_page_and_kept_in_the_history(client, club):
    anne = member(club, "Anne Tremblay")
    page = client.get(reverse("club_member_edit", args=[club.pk, anne.pk])).content.decode()
    assert "Name on the public pages" in page and "As the club chooses (Full name)" in page
    client.post(reverse("club_member_public_name", args=[club.pk, anne.pk]),
                {"public_name": "hidden"})
    assert Member.objects.get(pk=anne.pk).public_name == "hidden"
    refused = client.post(reverse("club_member_public_name", args=[club.pk, anne.pk]),
                          {"public_name": "pseudonym"}, follow=True)
    assert "Choose how the name shows in public" in refused.content.decode()
    assert Member.objects.get(pk=anne.pk).public_name == "hidden"
    settings = client.get(reverse("club_settings", args=[club.pk])).content.decode()
    assert "org set how Anne Tremblay's name shows in public: Hidden" in settings
    french = client.get(reverse("club_settings", args=[club.pk]),
                        HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Caché" in french


def test_taking_a_name_off_removes_it_everywhere_and_moves_nobodys_rating(client, club,
                                                                          organizer):
    anne = member(club, "Anne Tremblay")
    Alias.objects.create(club=club, key="anne t", member=anne)
    before = list(RatingChange.objects.exclude(member=anne).order_by("pk").values_list(
        "member_id", "mu_after", "sigma_after"))
    answer = client.post(reverse("club_member_anonymize", args=[club.pk, anne.pk]))
    assert answer.status_code == 302
    anne.refresh_from_db()
    assert anne.anonymized_at is not None and "Anne" not in anne.name
    assert list(Alias.objects.filter(member=anne).values_list("key", flat=True)) == [
        names.key(f"#{anne.number}")]  # the number alone still finds the member
    # Gone from the matches' typed names too, and from every page, the organizers' as well.
    assert not Team.objects.filter(name__contains="Anne").exists()
    for text in public_views(club).values():
        assert "Anne" not in text and "Tremblay" not in text
    for path in (reverse("club_page", args=[club.pk]), reverse("club_roster", args=[club.pk]),
                 reverse("owned:table", args=[Match.objects.first().pk])):
        assert "Tremblay" not in client.get(path).content.decode(), path
    # Everybody's results and ratings stay exactly as they were, and a recompute agrees.
    assert list(RatingChange.objects.exclude(member=anne).order_by("pk").values_list(
        "member_id", "mu_after", "sigma_after")) == before
    services.rerate(club=club)
    assert list(RatingChange.objects.exclude(member=anne).order_by("pk").values_list(
        "member_id", "mu_after", "sigma_after")) == before
    assert ClubEvent.objects.filter(club=club, kind="anonymized", member=anne).count() == 1


def test_a_name_taken_off_asks_first_and_says_what_stays(client, club):
    anne = member(club, "Anne Tremblay")
    page = client.get(reverse("club_member_anonymize", args=[club.pk, anne.pk]))
    text = page.content.decode()
    assert page.status_code == 200 and "For good" in text and "What stays" in text
    assert Member.objects.get(pk=anne.pk).anonymized_at is None


def test_a_copy_of_what_the_club_holds_on_a_member_as_json_and_csv(client, club):
    anne = member(club, "Anne Tremblay")
    answer = client.get(reverse("club_member_data", args=[club.pk, anne.pk, "json"]))
    assert answer["Cache-Control"].startswith("max-age=0") or "no-store" in answer[
        "Cache-Control"]
    data = json.loads(answer.content)
    assert data["member"]["name"] == "Anne Tremblay"
    assert len(data["matches"]) == 2 and {m["result"] for m in data["matches"]} == {"won",
                                                                                   "lost"}
    assert [m["partner"] for m in data["matches"]].count("Benoît Roy") == 1
    assert len(data["ratings"]) == 2
    rows = list(csv.reader(io.StringIO(client.get(reverse(
        "club_member_data", args=[club.pk, anne.pk, "csv"])).content.decode().lstrip(
        "\ufeff"))))
    assert rows[0][0] == "record" and [r[0] for r in rows[1:]].count("match") == 2
    assert ClubEvent.objects.filter(club=club, kind="data_copy", member=anne).count() == 2
    assert client.get(reverse("club_member_data", args=[club.pk, anne.pk, "xml"])
                      ).status_code == 404


def test_only_the_clubs_organizers_answer_a_members_requests(club):
    anne = member(club, "Anne Tremblay")
    stranger = Client()
    stranger.force_login(UserFactory())
    for path in (reverse("club_member_data", args=[club.pk, anne.pk, "json"]),
                 reverse("club_member_anonymize", args=[club.pk, anne.pk])):
        assert stranger.get(path).status_code == 404
    assert stranger.post(reverse("club_member_anonymize", args=[club.pk, anne.pk])
                         ).status_code == 404
    assert Member.objects.get(pk=anne.pk).anonymized_at is None


def test_a_club_nights_public_pages_and_api_name_its_players_as_they_chose(client, organizer):
    """An individual night of the club: the public draw, standings, projector, results,
    a player's own page and the public API read "Player N" for a hidden player at once
    (the pages kept in the cache are drawn again); the organizers' dashboard reads names in
    full; a team night's team holding a hidden player's typed name shows the number there."""
    from scoring.services import NewTeam
    from tests.tournaments.helpers import finish, make_tournament
    from tournaments import services as tournaments

    club = services.create_club(owner=organizer, name="Les As")
    night = make_tournament(organizer, teams=0, format="individual")
    tournaments.add_teams(tournament=night, teams=[NewTeam(name) for name in (
        "Anne Tremblay", "Benoît Roy", "Chloé Côté", "Denis Gagnon", "Élise Morin")])
    services.add_night(club=club, tournament=night)
    first = tournaments.draw_next_round(tournament=night)
    finish(first.tables.get().match)
    anne = member(club, "Anne Tremblay")
    entry = night.entries.get(player__club_seat__member=anne)
    stranger = Client()
    pages = [f"/t/{night.pk}/", f"/t/{night.pk}/draw/", f"/t/{night.pk}/projector/",
             f"/t/{night.pk}/results/", f"/t/{night.pk}/players/{entry.pk}/",
             f"/api/v1/tournaments/{night.pk}", f"/api/v1/tournaments/{night.pk}/standings"]
    assert all("Anne Tremblay" in stranger.get(path).content.decode() for path in pages)
    privacy.set_public_name(member=anne, choice="hidden", by=organizer)
    for path in pages:
        text = stranger.get(path).content.decode()
        assert "Tremblay" not in text and f"Player {anne.number}" in text, path
    assert "Anne Tremblay" in client.get(f"/tournaments/{night.pk}/").content.decode()

    swiss = make_tournament(organizer, teams=0, format="swiss")
    tournaments.add_teams(tournament=swiss, teams=[
        NewTeam("Anne & Marc", ("Anne Tremblay", "Marc Roy")),
        NewTeam("Les Bleus", ("Luc Roy", "Julie Côté"))])
    services.add_night(club=club, tournament=swiss)
    privacy.set_public_name(member=member(club, "Luc Roy"), choice="hidden", by=organizer)
    standings = stranger.get(f"/t/{swiss.pk}/").content.decode()
    assert "Anne &amp; Marc" not in standings and f"Player {anne.number} &amp; Marc" in standings
    assert "Les Bleus" in standings  # a team name that holds no hidden name stays


def test_two_people_under_one_name_are_split_and_the_ratings_equal_a_fresh_recompute(
        client, club, organizer):
    """Anne Tremblay was two people: the second, Annie, played the second match. She gets
    it, with her own rating; every rating equals a recompute from nothing."""
    anne = member(club, "Anne Tremblay")
    page = client.get(reverse("club_member_split", args=[club.pk, anne.pk]))
    assert page.status_code == 200 and "Club match of" in page.content.decode()
    second = Match.objects.filter(club_match__club=club).order_by("created_at")[1]
    annie_seat = second.seat_n_id  # Anne sat North in the second match
    refused = client.post(reverse("club_member_split", args=[club.pk, anne.pk]),
                          {"name": "Benoît Roy", "players": [annie_seat]})
    assert refused.status_code == 422 and "already on the roster" in refused.content.decode()
    answer = client.post(reverse("club_member_split", args=[club.pk, anne.pk]),
                         {"name": "Annie Tremblay", "players": [annie_seat]})
    assert answer.status_code == 302
    annie = member(club, "Annie Tremblay")
    assert annie.rated_matches == 1 and member(club, "Anne Tremblay").rated_matches == 1
    ratings = list(Member.objects.filter(club=club).order_by("pk").values_list(
        "mu", "sigma", "rated_matches"))
    services.rerate(club=club)
    assert list(Member.objects.filter(club=club).order_by("pk").values_list(
        "mu", "sigma", "rated_matches")) == ratings
    assert ClubEvent.objects.filter(club=club, kind="split", member=anne).exists()
    settings = client.get(reverse("club_settings", args=[club.pk])).content.decode()
    assert "split Anne Tremblay in two: the second person is Annie Tremblay" in settings


def test_a_split_that_would_move_every_match_or_none_is_refused(client, club, organizer):
    anne = member(club, "Anne Tremblay")
    every = list(Seat.objects.filter(member=anne).values_list("player_id", flat=True))
    for players in (every, []):
        answer = client.post(reverse("club_member_split", args=[club.pk, anne.pk]),
                             {"name": "Annie", "players": players})
        assert answer.status_code == 422
    assert not Member.objects.filter(club=club, name="Annie").exists()
