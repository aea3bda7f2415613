"""A name taken off stays off (issue 42, items 9, 10 and 16): a night attached later that
names the person counts for the player under their number, the club's history, its export
and the copies of pages kept in the cache lose the name, and a member's copy of their data
names the others as they chose to be shown."""

import html
import json
import pickle
import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import translation

from clubs import seasons, selectors, services
from clubs.exports import club_data
from clubs.models import Club, ClubEvent, Member, Seat
from clubs.public_names import PublicNames
from clubs.services import privacy
from clubs.services.backup import import_club
from clubs.services.seasons import save_season
from scoring.errors import ScoringError
from scoring.models import Player, Team
from scoring.services import NewTeam
from tests.clubs.helpers import club_match, win
from tests.pages import text_of
from tests.tournaments.helpers import finish, make_tournament
from tournaments import services as tournaments

pytestmark = pytest.mark.django_db

FOUR = ("Bruno Gagnon", "Anne Roy", "Chloé Côté", "Denis Morin")


def member(club, name) -> Member:
    return Member.objects.get(club=club, name=name)


def hidden(member_, language="en") -> str:
    """How the pages read a hidden member or one whose name was taken off ("Player 17")."""
    with translation.override(language):
        return PublicNames(member_.club, full=False).of(Member.objects.get(pk=member_.pk))


def played_night(organizer, players=FOUR):
    """An individual night of `players`, its first round played to the end."""
    night = make_tournament(organizer, teams=0, format="individual")
    tournaments.add_teams(tournament=night, teams=[NewTeam(p) for p in players])
    finish(tournaments.draw_next_round(tournament=night).tables.get().match)
    return night


def public_texts(club, season) -> dict[str, str]:
    """The club's ladder, the season's page, CSV and projector, and the public API, as a
    stranger reads them."""
    stranger = Client()
    paths = [reverse("club_page", args=[club.pk]), reverse("club_ladder_csv", args=[club.pk]),
             reverse("season_page", args=[season.pk]), reverse("season_csv", args=[season.pk]),
             reverse("season_projector", args=[season.pk]),
             f"/api/v1/clubs/{club.pk}/players", f"/api/v1/clubs/{club.pk}/ladder",
             f"/api/v1/seasons/{season.pk}/standings"]
    return {path: stranger.get(path).content.decode() for path in paths}


def test_a_night_attached_after_a_name_was_taken_off_counts_for_that_player_not_a_new_one(
        client, organizer):
    """Bruno Gagnon's name taken off (he became "Player N"), an older tournament where he
    played made a club night: a new member "Bruno Gagnon" appeared in full on the ladder,
    the season, its CSV and projector and the API, his season split between two people."""
    club = services.create_club(owner=organizer, name="Les As")
    older = played_night(organizer)
    french = played_night(organizer)
    newer = played_night(organizer)
    services.add_night(club=club, tournament=newer)
    season = save_season(club=club, name="Automne", points_table=[3, 2, 1], best_of=None,
                         nights=[newer.club_night.pk])
    bruno = member(club, "Bruno Gagnon")
    privacy.anonymize_member(member=bruno, by=organizer)

    answer = client.post(reverse("club_nights", args=[club.pk]),
                         {"tournament": older.pk, "season": "on"}, follow=True)
    shown = hidden(bruno)
    assert (f"{shown}, whose name was taken off the club's roster, played this night: it "
            "counts for them" in html.unescape(text_of(answer.content.decode())))
    answer = client.post(reverse("club_nights", args=[club.pk]),
                         {"tournament": french.pk, "season": "on"}, follow=True,
                         HTTP_ACCEPT_LANGUAGE="fr")
    assert (f"{hidden(bruno, 'fr')}, dont le nom a été retiré de la liste du club, a joué à "
            "cette soirée" in html.unescape(text_of(answer.content.decode())))

    assert not Member.objects.filter(club=club, name__contains="Gagnon").exists()
    # The nights' stored names are replaced, as his others were when his name was taken off.
    assert not Player.objects.filter(name__contains="Gagnon").exists()
    assert not Team.objects.filter(name__contains="Gagnon").exists()
    for path, text in public_texts(club, season).items():
        assert "Gagnon" not in text and "Bruno" not in text, path
    lines = [line for line in seasons.season_standings(
        selectors.season_nights(season), season.points_table, season.best_of)
        if line.member == bruno.pk]
    assert [line.nights for line in lines] == [3]  # one person, his three nights


def test_a_club_match_typed_with_a_name_taken_off_counts_for_that_player(client, organizer):
    club = services.create_club(owner=organizer, name="Les As")
    club_match(club, organizer, ("Bruno Gagnon", "Anne Roy"), ("Chloé Côté", "Denis Morin"),
               [win()])
    bruno = member(club, "Bruno Gagnon")
    privacy.anonymize_member(member=bruno, by=organizer)
    club_match(club, organizer, ("BRUNO  gagnon", "Anne Roy"), ("Chloé Côté", "Denis Morin"),
               [win()])
    answer = client.post(reverse("club_match_new", args=[club.pk]), {
        "variant": "politaine", "target": "", "team_a_name": "", "team_b_name": "",
        "seat_n": "Bruno Gagnon", "seat_s": "Anne Roy", "seat_e": "Chloé Côté",
        "seat_w": "Denis Morin", "first_dealer": "N"}, follow=True)
    assert (f"{hidden(bruno)}, whose name was taken off the club's roster, plays this "
            "match" in html.unescape(text_of(answer.content.decode())))
    assert Member.objects.filter(club=club).count() == 4
    bruno.refresh_from_db()
    assert bruno.rated_matches == 2
    assert not Player.objects.filter(name__icontains="Gagnon").exists()
    assert not Team.objects.filter(name__icontains="Gagnon").exists()


def test_a_name_taken_off_is_kept_only_as_a_key_that_does_not_read_back(organizer):
    """Nothing the club holds, nor its export, reads "Bruno Gagnon" again, yet a club moved
    to another server still counts a later night that names him for the player."""
    from clubs.services.backup import import_club

    club = services.create_club(owner=organizer, name="Les As")
    club_match(club, organizer, ("Bruno Gagnon", "Anne Roy"), ("Chloé Côté", "Denis Morin"),
               [win()])
    privacy.anonymize_member(member=member(club, "Bruno Gagnon"), by=organizer)
    club.refresh_from_db()
    data = json.loads(json.dumps(club_data(club)))
    text = json.dumps(data).lower()
    assert "gagnon" not in text and "bruno" not in text
    moved = import_club(data=data, owner=organizer)
    club_match(moved, organizer, ("Bruno Gagnon", "Anne Roy"), ("Chloé Côté", "Denis Morin"),
               [win()])
    assert Member.objects.filter(club=moved).count() == 4
    assert not Member.objects.filter(club=moved, name__contains="Gagnon").exists()


def kept_in_the_cache() -> str:
    """Every value the cache backend holds, as text (the tests' cache keeps them in memory,
    pickled, as Redis keeps them)."""
    return " ".join(repr(pickle.loads(value)) for value in list(cache._cache.values()))


def test_taking_a_name_off_rewrites_the_history_entry_that_names_the_person(
        client, organizer):
    """Anne Tremblay turned out to be two people: the split's entry in the club's history
    named the second one, Zénobie Quasimodo, who then asked for her name to be taken off:
    the settings page and the club's export still named her."""
    club = services.create_club(owner=organizer, name="Les As")
    club_match(club, organizer, ("Anne Tremblay", "Benoît Roy"), ("Chloé Côté", "Denis"),
               [win()])
    second = club_match(club, organizer, ("Anne Tremblay", "Chloé Côté"),
                        ("Benoît Roy", "Denis"), [win()])
    zenobie = services.split_member(member=member(club, "Anne Tremblay"),
                                    name="Zénobie Quasimodo", players=[second.seat_n_id],
                                    by=organizer)
    settings = client.get(reverse("club_settings", args=[club.pk])).content.decode()
    assert "Zénobie Quasimodo" in settings
    privacy.anonymize_member(member=zenobie, by=organizer)
    settings = text_of(client.get(reverse("club_settings", args=[club.pk])).content.decode())
    assert "Quasimodo" not in settings and "Zénobie" not in settings
    zenobie.refresh_from_db()  # her number, as her matches name her now
    assert f"the second person is {zenobie.name}." in settings
    assert "Quasimodo" not in json.dumps(list(ClubEvent.objects.values_list("params",
                                                                            flat=True)))
    exported = client.get(reverse("club_json", args=[club.pk])).content.decode()
    assert "Quasimodo" not in exported and "Zénobie" not in exported
    assert "Quasimodo" not in json.dumps(club_data(club), default=str)


def test_taking_a_name_off_drops_the_copies_of_the_nights_pages_kept_in_the_cache(
        client, organizer):
    """The standings and the live parts of a night's public pages, kept in the cache under
    their ETags, stopped being served but stayed in Redis with the name for ten minutes."""
    club = services.create_club(owner=organizer, name="Les As")
    night = make_tournament(organizer, teams=0, format="swiss")
    tournaments.add_teams(tournament=night, teams=[
        NewTeam("Anne Tremblay & Marc Roy", ("Anne Tremblay", "Marc Roy")),
        NewTeam("Les Bleus", ("Luc Roy", "Julie Côté"))])
    services.add_night(club=club, tournament=night)
    finish(tournaments.draw_next_round(tournament=night).tables.get().match)
    stranger = Client()
    for path in (f"/t/{night.pk}/", f"/t/{night.pk}/draw/", f"/t/{night.pk}/projector/",
                 f"/t/{night.pk}/results/", f"/api/v1/tournaments/{night.pk}/standings"):
        for language in ("en", "fr"):
            stranger.get(path, HTTP_ACCEPT_LANGUAGE=language)
    client.get(f"/tournaments/{night.pk}/")  # the organizer's: the standings kept
    assert "Tremblay" in kept_in_the_cache()
    privacy.anonymize_member(member=member(club, "Anne Tremblay"), by=organizer)
    assert "Tremblay" not in kept_in_the_cache()


def test_a_members_copy_of_their_data_names_the_others_as_they_chose_to_be_shown(
        client, organizer):
    """Anne's copy named her partners and opponents in full, the hidden ones too: Benoît
    chose to be hidden, Chloé to show her first name and initial."""
    club = services.create_club(owner=organizer, name="Les As")
    club_match(club, organizer, ("Anne Tremblay", "Benoît Roy"), ("Chloé Côté", "Denis Morin"),
               [win()])
    club_match(club, organizer, ("Anne Tremblay", "Chloé Côté"), ("Benoît Roy", "Denis Morin"),
               [win("b")])
    anne, benoit = member(club, "Anne Tremblay"), member(club, "Benoît Roy")
    privacy.set_public_name(member=benoit, choice="hidden", by=organizer)
    privacy.set_public_name(member=member(club, "Chloé Côté"), choice="initial", by=organizer)
    for kind in ("json", "csv"):
        copy_ = client.get(reverse("club_member_data", args=[club.pk, anne.pk, kind])
                           ).content.decode()
        for told in ("Benoît", "Roy", "Côté"):
            assert told not in copy_, (kind, told)
        assert "Anne Tremblay" in copy_ and "Denis Morin" in copy_, kind
        assert hidden(benoit) in copy_ and "Chloé C." in copy_, kind
    data = client.get(reverse("club_member_data", args=[club.pk, anne.pk, "json"])).json()
    assert sorted(m["partner"] for m in data["matches"]) == ["Chloé C.",
                                                             hidden(benoit)]


def test_a_name_taken_off_still_finds_its_player_after_a_merge(organizer):
    """The player whose name was taken off, merged into their other entry of the roster:
    the names taken off went with the merged entry, and the next match that typed the name
    added a new member in full."""
    club = services.create_club(owner=organizer, name="Les As")
    club_match(club, organizer, ("Bruno Gagnon", "Anne Roy"), ("Chloé Côté", "Denis Morin"),
               [win()])
    club_match(club, organizer, ("B. Gagnon", "Anne Roy"), ("Chloé Côté", "Denis Morin"),
               [win()])
    privacy.anonymize_member(member=member(club, "Bruno Gagnon"), by=organizer)
    bruno = Member.objects.get(club=club, anonymized_at__isnull=False)
    kept = services.merge_members(keep=member(club, "B. Gagnon"), absorb=bruno)
    club_match(club, organizer, ("Bruno Gagnon", "Anne Roy"), ("Chloé Côté", "Denis Morin"),
               [win()])
    assert list(Member.objects.filter(club=club).order_by("pk").values_list(
        "pk", flat=True)) == sorted([kept.pk, *(member(club, name).pk for name in FOUR[1:])])
    assert not Player.objects.filter(name__contains="Gagnon").exists()


# --- A name taken off cannot be typed back onto the roster ----------------------------------


def errors_of(answer) -> list[str]:
    """The refusals a form's page shows, as read: nothing more than the typed name."""
    return [html.unescape(text_of(error)) for error in re.findall(
        r'<p class="field-error"[^>]*>(.*?)</p>', answer.content.decode(), re.DOTALL)]


def club_without_bruno(organizer):
    """Les As, where Bruno Gagnon played twice with Anne Roy, then had his name taken off."""
    club = services.create_club(owner=organizer, name="Les As")
    for _ in range(2):
        club_match(club, organizer, ("Bruno Gagnon", "Anne Roy"),
                   ("Chloé Côté", "Denis Morin"), [win()])
    bruno = privacy.anonymize_member(member=member(club, "Bruno Gagnon"), by=organizer)
    return club, bruno


def test_the_roster_refuses_a_name_taken_off_in_both_languages_without_telling_whose(
        client, organizer):
    """After Bruno Gagnon's name was taken off, the roster's form took "Bruno Gagnon" as a
    new member, shown in full on every page, and the next match that typed the name
    counted for him in full, not for "Player N"."""
    club, bruno = club_without_bruno(organizer)
    answer = client.post(reverse("club_roster", args=[club.pk]), {"name": "Bruno Gagnon"})
    assert answer.status_code == 422
    assert errors_of(answer) == ["Bruno Gagnon is a name taken off the club's roster at its "
                                 "player's request: no player can be given it again."]
    french = client.post(reverse("club_roster", args=[club.pk]), {"name": "BRUNO  gagnon"},
                         HTTP_ACCEPT_LANGUAGE="fr")
    assert french.status_code == 422
    assert errors_of(french) == ["BRUNO gagnon est un nom retiré de la liste du club à la "
                                 "demande de son joueur : aucun joueur ne peut plus le porter."]
    assert not Member.objects.filter(club=club, name__icontains="Gagnon").exists()
    # The name still finds him, under his number.
    club_match(club, organizer, ("Bruno Gagnon", "Anne Roy"), ("Chloé Côté", "Denis Morin"),
               [win()])
    assert Member.objects.filter(club=club).count() == 4
    bruno.refresh_from_db()
    assert bruno.rated_matches == 3
    assert not Player.objects.filter(name__icontains="Gagnon").exists()


def test_a_name_taken_off_cannot_come_back_by_a_rename_or_a_split(organizer):
    club, bruno = club_without_bruno(organizer)
    anne = member(club, "Anne Roy")
    with pytest.raises(ScoringError) as refused:
        services.update_member(member=anne, name="bruno gagnon")
    assert refused.value.violations[0].code == "name_taken_off"
    assert refused.value.violations[0].field == "name"
    with pytest.raises(ScoringError) as refused:
        services.update_member(member=bruno, name="Bruno Gagnon")
    assert refused.value.violations[0].code == "name_taken_off"
    seat = Seat.objects.filter(member=anne).values_list("player_id", flat=True).first()
    with pytest.raises(ScoringError) as refused:
        services.split_member(member=anne, name="Bruno Gagnon", players=[seat], by=organizer)
    assert refused.value.violations[0].code == "name_taken_off"
    assert not Member.objects.filter(club=club, name__icontains="Gagnon").exists()
    # A name of their own is still anyone's to give.
    assert services.update_member(member=anne, name="Anne Roy-Gagnon").name == "Anne Roy-Gagnon"


def test_a_club_file_that_gives_a_name_taken_off_back_to_a_player_is_refused(organizer):
    """A club file edited by hand, a player renamed as the name taken off: the imported
    club showed it in full."""
    club, _bruno = club_without_bruno(organizer)
    club.refresh_from_db()  # with the salt drawn when the name was taken off
    data = json.loads(json.dumps(club_data(club)))
    index = next(i for i, row in enumerate(data["members"]) if row["name"] == "Anne Roy")
    data["members"][index]["name"] = "Bruno Gagnon"
    with pytest.raises(ScoringError) as refused:
        import_club(data=data, owner=organizer)
    assert refused.value.violations[0].code == "club_export_name_taken_off"
    assert f"$.members[{index}]" in str(refused.value.violations[0].params)


def test_the_organizers_roster_pages_write_a_name_taken_off_as_player_n_in_both_languages(
        client, organizer):
    """The roster, a player's edit, split and take-off pages wrote Bruno as the file keeps
    him, "#1", where every other page reads "Player 1"."""
    club, bruno = club_without_bruno(organizer)
    paths = [reverse("club_roster", args=[club.pk])] + [
        reverse(name, args=[club.pk, bruno.pk])
        for name in ("club_member_edit", "club_member_split", "club_member_anonymize")]
    for language in ("en", "fr"):
        for path in paths:
            page = html.unescape(text_of(client.get(path, HTTP_ACCEPT_LANGUAGE=language
                                                    ).content.decode()))
            assert hidden(bruno, language) in page, (language, path)
            assert f"#{bruno.number}" not in page, (language, path)


@pytest.mark.parametrize("where", ["nickname", "match", "night"])
def test_a_club_file_that_types_a_name_taken_off_anywhere_is_refused(organizer, where):
    """A file edited by hand that typed the name taken off as a nickname, on a club match's
    seat, or on a night's team (second review): the imported club showed it in full."""
    club, _bruno = club_without_bruno(organizer)
    night = make_tournament(organizer, teams=4)
    services.add_night(club=club, tournament=night)
    club.refresh_from_db()
    data = json.loads(json.dumps(club_data(club)))
    if where == "nickname":
        index = next(i for i, row in enumerate(data["members"]) if row["name"] == "Anne Roy")
        data["members"][index]["nickname"] = "bruno  GAGNON"
        path = f"$.members[{index}]"
    elif where == "match":
        data["matches"][0]["team_a"]["players"][0] = "Bruno Gagnon"
        path = "$.matches[0].team_a"
    else:
        data["nights"][0]["tournament"]["teams"][0]["players"][0] = "Bruno Gagnon"
        path = "$.nights[0].tournament.teams[0]"
    before = Club.objects.count()
    with pytest.raises(ScoringError) as refused:
        import_club(data=data, owner=organizer)
    assert refused.value.violations[0].code == "club_export_name_taken_off"
    assert path in str(refused.value.violations[0].params)
    assert Club.objects.count() == before


def test_a_name_taken_off_cannot_come_back_as_a_nickname(client, organizer):
    """"Denis Morin (Bruno Gagnon)" showed the name again wherever nicknames show (second
    review)."""
    club, _bruno = club_without_bruno(organizer)
    denis = member(club, "Denis Morin")
    answer = client.post(reverse("club_member_edit", args=[club.pk, denis.pk]),
                         {"name": "Denis Morin", "nickname": "bruno  GAGNON"})
    assert answer.status_code == 422
    assert "is a name taken off the club's roster" in html.unescape(answer.content.decode())
    denis.refresh_from_db()
    assert denis.nickname == ""
    with pytest.raises(ScoringError):
        services.add_member(club=club, name="Émile Roy", nickname="Bruno Gagnon")
    assert not Member.objects.filter(club=club, name="Émile Roy").exists()
