"""export_tournament and import_tournament round-trip a whole tournament without loss."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring import confirmations, paper, rules
from scoring import services as scoring
from scoring.models import Match
from tests.factories import UserFactory, seen_version
from tests.tournaments.helpers import make_tournament, play_round
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def comparable(data: dict) -> dict:
    """The export without database keys: teams are named by their seed instead."""
    seed_of = {team["key"]: team["seed"] for team in data["teams"]}
    data = json.loads(json.dumps(data))
    for team in data["teams"]:
        team["key"] = team["seed"]
    data["field"] = [seed_of[key] for key in data["field"]]
    for round_data in data["rounds"]:
        for table in round_data["tables"]:
            table["team_a"], table["team_b"] = seed_of[table["team_a"]], seed_of[table["team_b"]]
        for bye in round_data["byes"]:
            bye["team"] = seed_of[bye["team"]]
    for standing in data["standings"]:
        standing["team"] = seed_of[standing["team"]]
    return data


def eventful_tournament():
    owner = UserFactory(username="org")
    UserFactory(username="helper")
    tournament = make_tournament(owner, teams=7, target=33, round_minutes=40)
    services.add_organizer(tournament=tournament, username="helper")
    for entry in tournament.entries.filter(seed__lte=6):  # seed 7 is not here
        services.set_entry_flags(entry=entry, checked_in=True)
    round_1 = services.draw_next_round(tournament=tournament)
    tables = list(round_1.tables.order_by("number"))
    first = tables[0].match
    count = rules.Hand.counted(rules.CardCount(2, 9, True), rules.CardCount(2, 11, False), 1, 0)
    scoring.record_hand(match=first, number=1, hand=count, by=owner)
    scoring.record_hand(match=first, number=2, hand=rules.Hand.played(7, 4), by=owner)
    scoring.correct_hand(match=first, number=2, hand=rules.Hand.played(4, 7), by=owner)
    scoring.record_hand(match=first, number=3, hand=rules.Hand.played(1, 10))
    scoring.undo_last_hand(match=first)
    scoring.record_hand(match=first, number=3, hand=rules.Hand.four_sevens("b"))
    scoring.note_redeal(match=tables[1].match)
    services.call_time(round=round_1)
    play_round(round_1)
    # Confirmations, a result from paper and a dispute go with the backup too (a round's
    # results are confirmed before the next round closes it).
    confirmations.confirm(match=first, seen_version=seen_version(first),
                          via=confirmations.Via.OPPONENTS_LINK)
    services.set_entry_flags(entry=tournament.entries.get(seed=5), withdrawn=True)
    round_2 = services.draw_next_round(tournament=tournament)  # round 2 in play
    kept_on_paper = round_2.tables.order_by("number")[1].match
    paper.enter_paper_result(match=kept_on_paper, by=owner, score_a=21, score_b=34,
                             finish_reason="target")
    confirmations.dispute(match=kept_on_paper, seen_version=seen_version(kept_on_paper),
                          via=confirmations.Via.OPPONENTS_LINK,
                          reason="21–35")
    return tournament


def export(tournament, tmp_path, name="backup.json"):
    path = tmp_path / name
    call_command("export_tournament", str(tournament.pk), output=str(path))
    return path, json.loads(path.read_text(encoding="utf-8"))


def test_a_tournament_survives_export_and_import(tmp_path):
    tournament = eventful_tournament()
    path, before = export(tournament, tmp_path)
    assert before["rounds"][0]["tables"][0]["revisions"]
    assert before["rounds"][0]["tables"][0]["confirmation"] == "confirmed"
    assert before["rounds"][1]["tables"][1]["paper_result"]["score_b"] == 34
    assert before["rounds"][1]["tables"][1]["dispute_reason"] == "21–35"
    # The original goes away (a new server, say); the backup brings it all back.
    matches = list(Match.objects.filter(table__round__tournament=tournament)
                   .values_list("pk", flat=True))
    tournament.delete()
    Match.objects.filter(pk__in=matches).delete()
    call_command("import_tournament", str(path), owner="org", map_user=["helper=helper"])
    restored = Tournament.objects.get()
    _, after = export(restored, tmp_path, "again.json")
    assert comparable(after) == comparable(before)
    # Table links still work, and the match goes on where it was.
    token = before["rounds"][1]["tables"][0]["scorekeeper_token"]
    match = Match.objects.get(scorekeeper_token=token)
    assert scoring.record_hand(match=match, number=1, hand=rules.Hand.played(6, 5)).next_hand == 2


def test_importing_next_to_the_original_makes_new_links(tmp_path):
    tournament = eventful_tournament()
    path, before = export(tournament, tmp_path)
    call_command("import_tournament", str(path), owner="org", map_user=["helper=helper"])
    copy = Tournament.objects.exclude(pk=tournament.pk).get()
    _, after = export(copy, tmp_path, "copy.json")
    for link in ("scorekeeper_token", "opponents_token"):
        tokens = {t[link] for r in before["rounds"] for t in r["tables"]}
        assert not tokens & {t[link] for r in after["rounds"] for t in r["tables"]}
    for round_data in before["rounds"] + after["rounds"]:
        for table in round_data["tables"]:
            table["scorekeeper_token"] = table["opponents_token"] = ""
    assert comparable(after)["rounds"] == comparable(before)["rounds"]


def test_a_broken_file_is_refused_clearly(tmp_path):
    UserFactory(username="org")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format_version": 99}', encoding="utf-8")
    with pytest.raises(CommandError, match="not a tournament backup"):
        call_command("import_tournament", str(bad), owner="org")
    bad.write_text("not json", encoding="utf-8")
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_tournament", str(bad), owner="org")
    assert not Tournament.objects.exists()
