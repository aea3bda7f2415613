"""A whole club, out and in (issue 33): export_club and import_club move a club — roster,
matches with every hand and correction, nights, seasons, attributions, seats, history —
and the copy shows the same pages, the same API answers and the same ratings."""

import copy
import difflib
import json
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse
from django.utils import translation

from clubs import services
from clubs.exports import club_data
from clubs.models import (
    Attribution,
    Club,
    ClubEvent,
    ClubNight,
    Member,
    RatingChange,
    Season,
)
from clubs.services import privacy
from clubs.services.backup import import_club
from clubs.services.seasons import save_season
from scoring import names, rules
from scoring import services as scoring
from scoring.errors import InvalidInput
from scoring.models import Match, Player
from scoring.services import NewTeam
from tests.clubs.helpers import club_match, win
from tests.conftest import built_once
from tests.factories import UserFactory
from tests.tournaments.helpers import finish, make_tournament, play_round, play_rounds
from tournaments import services as tournaments
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

NAMES = ["Anne", "Benoît", "Chloé", "Denis", "Élise", "François", "Gisèle", "Hugo"]


def build_club():
    """A club with a bit of everything: club matches (corrected, undone, redealt, an
    attribution whose politaine was corrected away), a Swiss night, a round robin and an
    individual night, a season of two of them, a merged player, an anonymized one whose
    name is hidden, the club's history, a co-organizer."""
    owner = UserFactory(username="org")
    UserFactory(username="helper")
    club = services.create_club(owner=owner, name="Les As", place="Lévis")
    services.add_organizer(club=club, username="helper", by=owner)

    first = club_match(club, owner, ("Anne", "Benoît"), ("Chloé", "Denis"),
                       [rules.Hand.played(7, 4, 1, 0)], redeals=1)
    anne = Member.objects.get(club=club, name="Anne")
    services.attribute(match=first, kind="politaine", hand_number=1, slot=0, team="a",
                       member=anne)
    services.attribute(match=first, kind="redeal", hand_number=0, slot=0, team="a",
                       member=Member.objects.get(club=club, name="Denis"))
    second = club_match(club, owner, ("Anne", "Chloé"), ("Benoît", "Denis"),
                        [rules.Hand.played(5, 6, 1, 0), rules.Hand.played(8, 3)], target=21)
    services.attribute(match=second, kind="politaine", hand_number=1, slot=0, team="a",
                       member=anne)
    # The politaine corrected away: its attribution stays, and no longer counts.
    scoring.correct_hand(match=second, number=1, hand=rules.Hand.played(5, 6), by=owner)
    scoring.record_hand(match=second, number=3, hand=rules.Hand.played(2, 9), by=owner)
    scoring.undo_last_hand(match=second, by=owner)
    scoring.record_hand(match=second, number=3, hand=rules.Hand.four_sevens("a"), by=owner)
    # "Ann" typed for Anne once: merged into her afterwards.
    club_match(club, owner, ("Ann", "Denis"), ("Benoît", "Chloé"), [win("b")])
    services.merge_members(keep=anne, absorb=Member.objects.get(club=club, name="Ann"))
    club_match(club, owner, ("Élise", "Hugo"), ("Anne", "Benoît"), [win("a")])
    club_match(club, owner, ("Élise", "Hugo"), ("Chloé", "Denis"))  # still being played

    swiss = make_tournament(owner, teams=4, format="swiss", swiss_rounds=2)
    Tournament.objects.filter(pk=swiss.pk).update(name="Soirée suisse")
    night_1 = services.add_night(club=club, tournament=swiss)
    round_1 = tournaments.draw_next_round(tournament=swiss)
    table = round_1.tables.select_related("match").order_by("number").first()
    scoring.record_hand(match=table.match, number=1, hand=rules.Hand.played(7, 4, 1, 0))
    finish(table.match, winner="a")
    seated = Member.objects.get(club=club, seats__player=table.match.seat_n)
    services.attribute(match=table.match, kind="politaine", hand_number=1, slot=0, team="a",
                       member=seated)
    play_round(round_1)
    play_round(tournaments.draw_next_round(tournament=swiss), seed=3)

    robin = make_tournament(owner, teams=4, format="round_robin")
    Tournament.objects.filter(pk=robin.pk).update(name="Tournoi à la ronde")
    play_rounds(robin, 3, seed=7)
    night_2 = services.add_night(club=club, tournament=robin)

    individual = make_tournament(owner, teams=0, format="individual", individual_rounds=2)
    Tournament.objects.filter(pk=individual.pk).update(name="Vendredi à la mêlée")
    tournaments.add_teams(tournament=individual, teams=[NewTeam(name) for name in NAMES])
    night_3 = services.add_night(club=club, tournament=individual)
    play_rounds(individual, 2, seed=11)

    save_season(club=club, name="Automne", points_table=[10, 6, 4, 2], best_of=2,
                nights=[night_1.pk, night_2.pk, night_3.pk])
    save_season(club=club, name="Hiver", points_table=[3, 2, 1], best_of=None,
                nights=[night_3.pk])

    hugo = Member.objects.get(club=club, name="Hugo")
    privacy.set_public_name(member=hugo, choice="hidden", by=owner)
    privacy.anonymize_member(member=hugo, by=owner)
    Member.objects.filter(club=club, name="Élise").update(nickname="La Reine")
    privacy.set_public_name(member=Member.objects.get(club=club, name="Élise"),
                            choice="full", by=owner)
    privacy.set_club_public_name(club=club, choice="initial", by=owner)
    club.refresh_from_db()
    return club


@pytest.fixture(scope="module")
def moved(django_db_setup, django_db_blocker):
    """The club, its export, and the club imported from it (in the same database: a new
    club beside the first, its tournaments new ones). Built once for the module."""
    with built_once(django_db_blocker):
        club = build_club()
        data = json.loads(json.dumps(club_data(club)))  # as a file holds it
        # Its owner and co-organizer, told: a file's user names give no right by themselves.
        copy_ = import_club(data=data, owner=club.owner,
                            users={"helper": club.organizers.get(username="helper")})
        yield club, data, copy_


# --- The same pages, the same API, the same ratings -----------------------------------------


def comparable_html(text: str) -> str:
    """A page without what moving the club changes: its links (ids) and any id shown."""
    text = re.sub(r'(href|action|src|hx-get|hx-post|data-url)="[^"]*"', r'\1=""', text)
    text = re.sub(r'value="/[^"]*"', 'value=""', text)  # the language switch's way back
    text = re.sub(r'value="https?://[^"]*"', 'value=""', text)  # the calendar's address
    text = re.sub(r'"X-CSRFToken": "[^"]*"', "", text)
    text = re.sub(r"Player \d+", "Player N", text)  # a hidden name is the member's number
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", text)


def comparable_api(value):
    """An API answer without ids."""
    if isinstance(value, dict):
        return {k: None if k in ("id", "match") else comparable_api(v) for k, v in value.items()}
    if isinstance(value, list):
        return [comparable_api(v) for v in value]
    if isinstance(value, str):  # a hidden name is the member's number
        return re.sub(r"Player \d+", "Player N", value)
    return value


def numbered(name: str) -> str:
    """A name taken off is its member's number ("#17"), new after the move (in a name's
    key, its digits may read as letters: "#l7")."""
    return re.sub(r"#[\dlo]+\b", "#N", name)


def public_urls(club: Club) -> list[str]:
    members = Member.objects.filter(club=club).order_by("name", "id")
    seasons = Season.objects.filter(club=club).order_by("created_at", "id")
    return [
        reverse("club_page", args=[club.pk]),
        *(reverse("club_player", args=[club.pk, m.pk]) for m in members),
        *(reverse(name, args=[s.pk]) for s in seasons
          for name in ("season_page", "season_projector", "season_csv")),
        reverse("club_ladder_csv", args=[club.pk]),
    ]


def api_paths(club: Club) -> list[str]:
    members = Member.objects.filter(club=club).order_by("name", "id")
    seasons = Season.objects.filter(club=club).order_by("created_at", "id")
    return [f"/api/v1/clubs/{club.pk}", f"/api/v1/clubs/{club.pk}/players",
            f"/api/v1/clubs/{club.pk}/ladder",
            *(f"/api/v1/players/{m.pk}" for m in members),
            *(f"/api/v1/seasons/{s.pk}/standings" for s in seasons)]


def test_every_public_page_of_the_club_is_the_same_after_the_move(moved):
    club, _, copy_ = moved
    reader = Client()
    source, target = public_urls(club), public_urls(copy_)
    assert len(source) == len(target) == 1 + 16 + 2 * 3 + 1  # 16 players
    for before, after in zip(source, target, strict=True):
        old, new = reader.get(before), reader.get(after)
        assert old.status_code == new.status_code == 200, (before, after)
        old_text = comparable_html(old.content.decode())
        new_text = comparable_html(new.content.decode())
        assert new_text == old_text, (before, after, "\n".join(difflib.unified_diff(
            old_text.splitlines(), new_text.splitlines(), lineterm="", n=0)))


def test_the_clubs_api_answers_the_same_after_the_move(moved):
    club, _, copy_ = moved
    reader = Client()
    for before, after in zip(api_paths(club), api_paths(copy_), strict=True):
        old, new = reader.get(before), reader.get(after)
        assert old.status_code == new.status_code == 200, (before, after)
        assert comparable_api(new.json()) == comparable_api(old.json()), (before, after)


def ratings_of(club: Club):
    members = [(numbered(m.name), m.mu, m.sigma, m.rated_matches)
               for m in Member.objects.filter(club=club).order_by("name", "id")]
    changes = [(c.rated_at, numbered(c.member.name), c.mu_before, c.sigma_before, c.mu_after,
                c.sigma_after)
               for c in RatingChange.objects.filter(club=club).select_related("member")
               .order_by("rated_at", "match_id", "member_id")]
    return members, changes


def test_the_ratings_computed_again_are_the_clubs_own(moved):
    club, _, copy_ = moved
    members, changes = ratings_of(club)
    assert ratings_of(copy_) == (members, changes)
    assert sum(1 for m in members if m[3]) >= 8 and len(changes) >= 4 * 12


def test_the_roster_keeps_its_names_privacy_and_merged_names(moved):
    club, _, copy_ = moved

    def roster(of):
        return [(numbered(m.name), m.nickname, m.public_name, m.anonymized_at,
                 sorted(numbered(key) for key in m.aliases.values_list("key", flat=True)))
                for m in Member.objects.filter(club=of).order_by("name", "id")]

    assert roster(copy_) == roster(club)
    hugo = Member.objects.get(club=copy_, anonymized_at__isnull=False)  # Hugo, name taken off
    assert hugo.public_name == "hidden" and "Hugo" not in hugo.name
    # Its number is its new one, on the roster and on the matches it played.
    assert hugo.name == f"#{hugo.number}" and list(hugo.aliases.values_list("key", flat=True)) == [
        names.key(f"#{hugo.number}")]
    assert set(Player.objects.filter(club_seat__member=hugo).values_list("name", flat=True)
               ) == {f"#{hugo.number}"}
    assert (copy_.name, copy_.place, copy_.public, copy_.public_name, copy_.owner) == (
        club.name, club.place, club.public, club.public_name, club.owner)
    assert list(copy_.organizers.values_list("username", flat=True)) == ["helper"]
    # "Ann" still finds Anne: a new match typing it seats her.
    match = club_match(copy_, copy_.owner, ("Ann", "Hugo"), ("Chloé", "Denis"))
    assert Member.objects.filter(club=copy_, seats__player=match.seat_n).get().name == "Anne"


def test_matches_hands_corrections_and_attributions_come_along(moved):
    club, _, copy_ = moved

    def matches(of):
        found = []
        for match in Match.objects.filter(club_match__club=of).order_by("created_at"):
            found.append((numbered(match.team_a.name), numbered(match.team_b.name),
                          match.status, match.winner, match.score_a, match.score_b,
                          match.redeals, match.created_at, match.last_hand_at,
                          [(h.number, h.to_rules(), h.entered_at)
                           for h in match.hands.order_by("number")],
                          [(r.number, r.action, r.before, r.after, r.at)
                           for r in match.revisions.order_by("at", "id")]))
        return found

    assert matches(copy_) == matches(club)

    def attributions(of):
        return sorted((a.kind, a.hand_number, a.team, a.slot, numbered(a.member.name),
                       a.created_at, numbered(a.match.team_a.name), a.match.created_at)
                      for a in Attribution.objects.filter(member__club=of))

    assert attributions(copy_) == attributions(club)
    assert len(attributions(club)) == 4


def test_nights_are_new_tournaments_of_the_new_club(moved):
    club, _, copy_ = moved
    old = list(ClubNight.objects.filter(club=club).order_by("pk"))
    new = list(ClubNight.objects.filter(club=copy_).order_by("pk"))
    assert [n.tournament.name for n in new] == [n.tournament.name for n in old]
    assert not {n.tournament_id for n in new} & {n.tournament_id for n in old}
    assert [n.tournament.format for n in new] == ["swiss", "round_robin", "individual"]
    assert [list(s.nights.order_by("pk").values_list("tournament__name", flat=True))
            for s in Season.objects.filter(club=copy_).order_by("pk")] == [
        ["Soirée suisse", "Tournoi à la ronde", "Vendredi à la mêlée"],
        ["Vendredi à la mêlée"]]


def test_the_clubs_history_comes_along(moved):
    club, _, copy_ = moved

    def history(of):
        return [(e.kind, numbered(e.member.name) if e.member else None, e.by.username,
                 e.params, e.at)
                for e in ClubEvent.objects.filter(club=of).order_by("pk")]

    assert history(copy_) == history(club)
    assert [kind for kind, *_rest in history(club)] == [
        "public_name", "anonymized", "public_name", "club_public_name"]


def canonical(data: dict) -> dict:
    """An export with its keys (database ids) made positions, without what a move changes:
    the date of the export and the link secrets (taken in the same database), and the
    numbers names taken off are."""
    data = json.loads(numbered(json.dumps(data)))
    members = {m["key"]: i for i, m in enumerate(data["members"])}
    matches = {m["key"]: i for i, m in enumerate(data["matches"])}
    nights = {n["key"]: i for i, n in enumerate(data["nights"])}
    data.pop("exported_at")
    for row in data["members"]:
        row["key"] = members[row["key"]]
    for match in data["matches"]:
        match["key"] = matches[match["key"]]
        match["seats"] = {s: members.get(m) for s, m in match["seats"].items()}
        match.pop("scorekeeper_token"), match.pop("opponents_token")
    for night in data["nights"]:
        night["key"] = nights[night["key"]]
        backup = night["tournament"]
        seeds = {team["key"]: team["seed"] for team in backup["teams"]}
        for team in backup["teams"]:
            team["key"] = team["seed"]
        backup["field"] = [seeds[key] for key in backup["field"]]
        for round_data in backup["rounds"]:
            for table in round_data["tables"]:
                table.pop("scorekeeper_token"), table.pop("opponents_token")
                for side in ("team_a", "team_b"):
                    table[side] = seeds.get(table[side])
                table["seats"] = table["seats"] and {
                    seat: seeds[key] for seat, key in table["seats"].items()}
            for bye in round_data["byes"]:
                bye["team"] = seeds[bye["team"]]
        for standing in backup["standings"]:
            standing["team"] = seeds[standing["team"]]
        for seat in night["seats"]:
            seat["team"] = seeds[seat["team"]]
            seat["members"] = [members.get(m) for m in seat["members"]]
    for season in data["seasons"]:
        season["nights"] = sorted(nights[key] for key in season["nights"])
    for row in data["attributions"]:
        row["member"] = members[row["member"]]
        found = row["match"]
        if "club_match" in found:
            found["club_match"] = matches[found["club_match"]]
        else:
            found["night"] = nights[found["night"]]
    for event in data["history"]:
        event["member"] = members.get(event["member"])
    return data


def test_the_copy_exports_as_the_club_did(moved):
    _, data, copy_ = moved
    assert canonical(json.loads(json.dumps(club_data(copy_)))) == canonical(data)


def test_the_file_says_what_it_is_and_holds_no_rating(moved):
    _, data, _ = moved
    assert (data["format"], data["version"]) == ("politaine-club", 1)
    text = json.dumps(data)
    assert '"mu"' not in text and '"sigma"' not in text and "rated_matches" not in text


# --- Refusals: nothing written ---------------------------------------------------------------


def counts():
    return (Club.objects.count(), Member.objects.count(), Match.objects.count(),
            Tournament.objects.count(), Season.objects.count(), Attribution.objects.count(),
            ClubEvent.objects.count(), RatingChange.objects.count())


def refused(data, code):
    before = counts()
    with pytest.raises(InvalidInput) as refusal:
        import_club(data=data, owner=Club.objects.order_by("pk").first().owner)
    assert code in refusal.value.codes, refusal.value.messages()
    assert counts() == before
    return refusal.value


def test_a_file_of_another_version_is_refused_and_nothing_written(moved):
    _, data, _ = moved
    wrong = {**data, "version": 2}
    refusal = refused(wrong, "club_export_version")
    assert "version 2" in " ".join(refusal.messages())
    refused({**data, "format": "politaine-tournament"}, "club_export_format")
    refused([data], "club_export_format")


def test_a_file_its_schema_refuses_is_refused_and_nothing_written(moved):
    _, data, _ = moved
    wrong = copy.deepcopy(data)
    wrong["members"][0]["name"] = 17
    refusal = refused(wrong, "club_export_schema")
    assert "$.members[0].name" in " ".join(refusal.messages())
    wrong = copy.deepcopy(data)
    del wrong["seasons"]
    refused(wrong, "club_export_schema")


def test_a_seat_naming_an_unknown_player_is_refused_and_nothing_written(moved):
    _, data, _ = moved
    wrong = copy.deepcopy(data)
    wrong["matches"][0]["seats"]["n"] = 999_999
    refusal = refused(wrong, "club_export_reference")
    assert "$.matches[0].seats.n names 999999" in " ".join(refusal.messages())
    wrong = copy.deepcopy(data)
    wrong["seasons"][0]["nights"].append(424_242)
    refused(wrong, "club_export_reference")
    wrong = copy.deepcopy(data)
    wrong["attributions"][0]["match"] = {"night": wrong["nights"][0]["key"], "round": 9,
                                         "table": 1}
    refused(wrong, "club_export_reference")
    wrong = copy.deepcopy(data)
    wrong["members"][1]["aliases"].append(wrong["members"][0]["aliases"][0])
    refused(wrong, "club_export_repeated")


def test_a_night_whose_hand_breaks_the_rules_is_refused_with_the_whole_club(moved):
    """The club, its roster and its matches are written before its nights: a night refused
    takes them all back."""
    _, data, _ = moved
    wrong = copy.deepcopy(data)
    hand = wrong["nights"][2]["tournament"]["rounds"][0]["tables"][0]["hands"][0]
    hand["points"] = {"a": 40, "b": 40}
    refusal = refused(wrong, "club_export_part")
    assert "Vendredi à la mêlée" in refusal.messages()[0]


def test_a_refusal_speaks_french_to_a_french_reader(moved):
    _, data, _ = moved
    with translation.override("fr"):
        refusal = refused({**data, "version": 2}, "club_export_version")
        assert refusal.messages()[0].startswith("Ce fichier de club est de la version 2,")


# --- The commands and the settings page -----------------------------------------------------


def test_the_commands_move_a_club_through_a_file(tmp_path, organizer):
    club = services.create_club(owner=organizer, name="Les Sept")
    club_match(club, organizer, ("Anne", "Benoît"), ("Chloé", "Denis"), [win("a")])
    UserFactory(username="nouvelle")
    path = tmp_path / "club.json"
    call_command("export_club", str(club.pk), output=str(path))
    call_command("import_club", str(path), owner="nouvelle")
    copy_ = Club.objects.exclude(pk=club.pk).get(name="Les Sept")
    assert copy_.owner.username == "nouvelle"
    assert ratings_of(copy_) == ratings_of(club)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["version"] = 99
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CommandError, match="version 99"):
        call_command("import_club", str(path), owner="nouvelle")
    with pytest.raises(CommandError, match="no club"):
        call_command("export_club", "Nulle part")


def test_the_settings_page_offers_the_whole_club_to_its_organizers_only(client, organizer):
    club = services.create_club(owner=organizer, name="Les As")
    club_match(club, organizer, ("Anne", "Benoît"), ("Chloé", "Denis"), [win("a")])
    url = reverse("club_json", args=[club.pk])
    assert url in client.get(reverse("club_settings", args=[club.pk])).content.decode()
    answer = client.get(url)
    assert answer.status_code == 200 and "no-store" in answer["Cache-Control"]
    assert answer["Content-Disposition"] == 'attachment; filename="les-as-club.json"'
    data = json.loads(answer.content)
    assert data["format"] == "politaine-club" and len(data["members"]) == 4
    client.force_login(UserFactory())
    assert client.get(url).status_code == 404
