"""What a club file may not make up (issue 42, items 2, 6, 7 and 8): nights that seat one
person twice in a round, numbers their columns cannot hold, history its hands contradict,
nesting no export has. Each is refused with what is wrong, and nothing is written."""

import copy
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from clubs.exports import club_data
from clubs.services.backup import import_club
from scoring import backups
from scoring.errors import InvalidInput
from scoring.services import NewTeam
from tests.clubs.test_club_export import build_club, counts
from tests.conftest import built_once
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def exported(django_db_setup, django_db_blocker):
    """A club with club matches, a Swiss night (4 teams, 2 rounds), a round robin and an
    individual night (8 players, 2 rounds), and its file, built once for the module."""
    with built_once(django_db_blocker):
        club = build_club()
        yield club.owner, json.loads(json.dumps(club_data(club)))


def refused(owner, data, code) -> str:
    """The import refuses `data` with `code`, writes nothing; its words, in one line."""
    before = counts()
    with pytest.raises(InvalidInput) as refusal:
        import_club(data=data, owner=owner)
    assert code in refusal.value.codes, refusal.value.messages()
    assert counts() == before
    return " ".join(refusal.value.messages())


def night(data, index):
    return data["nights"][index]["tournament"]


# --- Item 2: a night seats each person once a round --------------------------------------------


def test_a_night_whose_team_plays_two_tables_of_a_round_is_refused_naming_them(exported):
    owner, data = exported
    wrong = copy.deepcopy(data)
    tables = night(wrong, 0)["rounds"][0]["tables"]
    tables[1]["team_b"] = tables[0]["team_a"]
    said = refused(owner, wrong, "backup_seated_twice")
    assert "Soirée suisse" in said and "Round 1, table 2:" in said
    assert "already plays at table 1 of this round" in said


def test_an_individual_player_at_two_tables_of_a_round_is_refused_naming_them(exported):
    owner, data = exported
    wrong = copy.deepcopy(data)
    tables = night(wrong, 2)["rounds"][1]["tables"]
    tables[1]["seats"]["N"] = tables[0]["seats"]["E"]
    said = refused(owner, wrong, "backup_seated_twice")
    assert "Vendredi à la mêlée" in said and "Round 2, table 2:" in said


def test_a_player_who_plays_and_sits_out_the_same_round_is_refused(exported):
    owner, data = exported
    wrong = copy.deepcopy(data)
    first = night(wrong, 2)["rounds"][0]
    first["byes"].append({"team": first["tables"][1]["seats"]["S"], "position": 9})
    said = refused(owner, wrong, "backup_plays_and_sits_out")
    assert "Vendredi à la mêlée" in said and "Round 1, table 2:" in said
    assert "sits the round out too" in said


def test_two_players_of_a_night_who_are_one_roster_player_are_refused(exported):
    owner, data = exported
    wrong = copy.deepcopy(data)
    seats = wrong["nights"][0]["seats"]
    backup = night(wrong, 0)
    first_table = backup["rounds"][0]["tables"][0]
    # A player of each team of round 1's first table, made the same roster player.
    team_a = next(seat for seat in seats if seat["team"] == first_table["team_a"])
    team_b = next(seat for seat in seats if seat["team"] == first_table["team_b"])
    team_b["members"][0] = team_a["members"][0]
    said = refused(owner, wrong, "club_export_member_twice")
    assert "Soirée suisse" in said and "round 1 at tables 1 and 1" in said


# --- Item 6: numbers their columns cannot hold -------------------------------------------------


def test_a_redeal_count_of_a_trillion_is_refused_not_stored_wrapped(exported):
    owner, data = exported
    wrong = copy.deepcopy(data)
    wrong["matches"][0]["redeals"] = 10**12
    assert "$.matches[0].redeals" in refused(owner, wrong, "club_export_schema")
    wrong = copy.deepcopy(data)
    wrong["matches"][0]["time_called_after"] = 70_000
    assert "$.matches[0].time_called_after" in refused(owner, wrong, "club_export_schema")
    wrong = copy.deepcopy(data)
    wrong["attributions"][0]["slot"] = 65_541
    assert "$.attributions[0].slot" in refused(owner, wrong, "club_export_schema")


def test_a_nights_table_with_a_number_past_its_column_is_refused(exported):
    owner, data = exported
    wrong = copy.deepcopy(data)
    night(wrong, 1)["rounds"][0]["tables"][0]["time_called_after"] = 10**12
    said = refused(owner, wrong, "backup_schema")
    assert "Tournoi à la ronde" in said and "$.rounds[0].tables[0].time_called_after" in said


def test_a_tournament_backup_with_a_number_past_its_column_is_refused_by_the_command(
        exported, tmp_path):
    _, data = exported
    backup = copy.deepcopy(night(data, 1))
    backup["rounds"][0]["tables"][0]["redeals"] = 70_000
    path = tmp_path / "night.json"
    path.write_text(json.dumps(backup), encoding="utf-8")
    with pytest.raises(CommandError, match=r"\$\.rounds\[0\]\.tables\[0\]\.redeals"):
        call_command("import_tournament", str(path), owner="org")


def test_restoring_a_match_with_a_number_past_its_column_is_refused(db):
    """The service's own bound, whatever calls it (scoring.backups.restore_match)."""
    with pytest.raises(InvalidInput) as refusal:
        backups.restore_match(owner=UserFactory(), variant="politaine", target=11,
                              first_dealer="N", team_a=NewTeam("A"), team_b=NewTeam("B"),
                              redeals=70_000)
    assert refusal.value.codes == ["backup_number_range"]
    assert "redeals of 70000" in refusal.value.messages()[0]


# --- Item 7: history the hands contradict ------------------------------------------------------


def test_a_correction_of_a_hand_the_match_does_not_have_is_refused(exported):
    owner, data = exported
    wrong = copy.deepcopy(data)
    match = wrong["matches"][0]
    assert [hand["number"] for hand in match["hands"]] == [1]
    values = {"kind": "played", "points": {"a": 7, "b": 4}, "politaines": {"a": 0, "b": 0}}
    match["revisions"].append({"number": 3, "action": "corrected", "before": values,
                               "after": {**values, "points": {"a": 4, "b": 7}}, "by": "org",
                               "at": "2026-11-22T19:04:11+00:00"})
    said = refused(owner, wrong, "revision_without_hand")
    assert "club match" in said and "hand 3 was corrected, but the match has no hand 3" in said


def test_a_correction_that_does_not_leave_the_hand_as_it_is_is_refused(exported):
    owner, data = exported
    wrong = copy.deepcopy(data)
    table = night(wrong, 0)["rounds"][0]["tables"][0]
    hand = {key: table["hands"][0][key] for key in ("kind", "points", "politaines")}
    table["revisions"].append({"number": 1, "action": "corrected", "before": hand,
                               "after": {**hand, "politaines": {"a": 0, "b": 0}},
                               "by": "org", "at": "2026-11-22T19:04:11+00:00"})
    said = refused(owner, wrong, "revision_not_the_hand")
    assert "Soirée suisse" in said and "Round 1, table 1:" in said


def test_an_attribution_to_a_hand_and_slot_no_hand_had_is_refused(exported):
    owner, data = exported
    wrong = copy.deepcopy(data)
    wrong["attributions"][0].update(hand_number=99, slot=9)
    said = refused(owner, wrong, "club_export_attribution")
    assert "$.attributions[0]" in said and "hand 99, team A, number 10" in said
    wrong = copy.deepcopy(data)
    politaine = next(a for a in wrong["attributions"] if a["kind"] == "politaine")
    politaine["slot"] = 1  # the hand had one politaine of that team, not two
    refused(owner, wrong, "club_export_attribution")


def test_an_attribution_to_a_politaine_since_corrected_away_still_comes_along(exported):
    """Not made up: the hand had it before its correction (clubs.selectors skips it)."""
    owner, data = exported
    club = import_club(data=copy.deepcopy(data), owner=owner)
    assert club.pk


# --- Item 8: nesting no export has -------------------------------------------------------------


def deep(levels: int):
    """A list `levels` deep, made without recursion."""
    value = []
    for _ in range(levels - 1):
        value = [value]
    return value


def test_a_file_of_200000_nested_brackets_is_refused_by_the_command_with_a_message(
        exported, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    with pytest.raises(CommandError, match="nests lists and objects too deeply"):
        call_command("import_club", str(path), owner="org")


def test_history_params_5000_levels_deep_are_refused_with_a_message(exported, tmp_path):
    owner, data = exported
    wrong = copy.deepcopy(data)
    wrong["history"][0]["params"] = {"name": deep(5_000)}
    said = refused(owner, wrong, "club_export_depth")
    assert "more than 32 deep (at $.history[0].params.name" in said
    # Through the command, the JSON parser itself meets it first.
    text = json.dumps(data).replace('"params": {', '"params": {"deep": ' + "[" * 5_000
                                    + "]" * 5_000 + ", ", 1)
    path = tmp_path / "club.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CommandError, match="too deeply"):
        call_command("import_club", str(path), owner="org")
