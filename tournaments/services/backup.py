"""Backups: a tournament rebuilt from its export (tournaments.exports.tournament_data)."""

import json
from contextlib import contextmanager
from datetime import date, datetime
from functools import cache
from pathlib import Path

import jsonschema
from django.db import DatabaseError, transaction
from django.utils.translation import gettext_noop
from jsonschema.exceptions import best_match

from scoring import backups, confirmations, paper
from scoring.errors import InvalidInput, ScoringError
from scoring.models import ConfirmationMode
from scoring.services import NewTeam
from tournaments.formats import Stage
from tournaments.models import (
    Bye,
    Entry,
    FirstRound,
    MissedRounds,
    Round,
    SitOut,
    Table,
    Tournament,
)
from tournaments.services import individual_rounds
from tournaments.services._common import MAX_TEAMS, refuse, violation
from tournaments.services.tournament import Settings, create_tournament

FORMAT_VERSION = 1
# The file's shape, every integer bounded by its column; shipped with the package.
SCHEMA_PATH = Path(__file__).parent.parent / "tournament_backup.schema.json"


def import_tournament(*, data: dict, owner, users: dict | None = None) -> Tournament:
    """Rebuild a tournament from tournaments.exports.tournament_data: teams, rounds, tables,
    every hand (through the scoring services, so every rule is checked again), corrections,
    byes. It belongs to `owner`, who stands for the file's owner too; the file's other user
    names stand for the accounts `users` maps them to (file name -> account), else for
    nobody (backups.accounts).

    A file that does not hold together is refused whole: nothing of it is saved."""
    if not isinstance(data, dict) or data.get("format_version") != FORMAT_VERSION:
        refuse("backup_version", gettext_noop("This file is not a tournament backup this "
                                              "version can read."))
    if where := backups.too_deep(data):
        refuse("backup_depth", gettext_noop(
            "This backup nests lists and objects more than %(most)s deep (at %(where)s): no "
            "backup does, and it was not imported."), most=backups.MAX_DEPTH, where=where)
    if problem := best_match(_validator().iter_errors(data)):
        refuse("backup_schema", gettext_noop(
            "This backup does not follow its schema, at %(where)s: %(problem)s"),
            where=problem.json_path, problem=problem.message[:200])
    if owner is None:
        refuse("backup_owner", gettext_noop(
            "Say who owns the tournament here: a backup's user names give no account any "
            "right by themselves."))
    try:
        return _import_tournament(data, owner, users)
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError,
            DatabaseError) as error:
        raise InvalidInput([violation(
            "backup_broken", gettext_noop("This backup is damaged and was not imported "
                                          "(%(problem)s)."), problem=str(error)[:200] or
            type(error).__name__)]) from error


@cache
def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


def _check_rounds(data: dict) -> None:
    numbers = [round_data["number"] for round_data in data["rounds"]]
    if numbers != list(range(1, len(numbers) + 1)):
        raise ValueError("rounds must be numbered 1, 2, 3...")
    for round_data in data["rounds"]:
        if round_data["stage"] not in set(Stage):
            raise ValueError(f"unknown stage {round_data['stage']!r}")


def table_players(table: dict) -> list:
    """The keys of the teams (or, at an individual night, the players) a backup's table
    seats, in its order."""
    if seats := table.get("seats"):
        return list(seats.values())
    return [table["team_a"], table["team_b"]]


def _check_seating(data: dict) -> None:
    """A team (or an individual night's player) sits in one seat of a round: at one table,
    once, or it sits the round out; what the standings count (played, won) says so too."""
    names = {team["key"]: team["name"] for team in data["teams"]}
    for round_data in data["rounds"]:
        number, seated = round_data["number"], {}  # key -> its table
        for table in round_data["tables"]:
            for key in table_players(table):
                if key in seated:
                    where = {"round": number, "table": table["table"],
                             "player": names[key][:100]}
                    if seated[key] == table["table"]:
                        refuse("backup_seated_twice_at_table", gettext_noop(
                            "Round %(round)s, table %(table)s: %(player)s sits on two of its "
                            "seats."), **where)
                    refuse("backup_seated_twice", gettext_noop(
                        "Round %(round)s, table %(table)s: %(player)s already plays at table "
                        "%(other)s of this round."), other=seated[key], **where)
                seated[key] = table["table"]
        for bye in round_data.get("byes", ()):
            if bye["team"] in seated:
                refuse("backup_plays_and_sits_out", gettext_noop(
                    "Round %(round)s, table %(table)s: %(player)s plays there and sits the "
                    "round out too."), round=number, table=seated[bye["team"]],
                    player=names[bye["team"]][:100])


@contextmanager
def _at_table(round_number: int, table: int):
    """A refusal of a table's match, said with which table it was."""
    try:
        yield
    except ScoringError as error:
        raise type(error)([violation("backup_table", gettext_noop(
            "Round %(round)s, table %(table)s:"), round=round_number, table=table),
            *error.violations]) from error


def _when(text):
    return datetime.fromisoformat(text) if text else None


@transaction.atomic
def _import_tournament(data: dict, owner, users: dict | None) -> Tournament:
    _check_rounds(data)
    _check_seating(data)
    info = data["tournament"]
    user = backups.accounts(owner=owner, file_owner=info["owner"], users=users)
    settings = Settings(
        name=info["name"], variant=info["variant"], format=info["format"],
        target=info["target"], swiss_rounds=info["swiss_rounds"],
        knockout_size=info["knockout_size"], public=info["public"],
        date=date.fromisoformat(info["date"]) if info["date"] else None,
        place=info["place"], round_minutes=info["round_minutes"],
        tiebreaks=list(info["tiebreaks"] or []),
        swiss_first_round=info.get("swiss_first_round", FirstRound.BY_SEED),
        missed_rounds=info.get("missed_rounds", MissedRounds.LOSS),
        # Backups from before the setting: their tournaments asked for no confirmation.
        confirmation=info.get("confirmation", ConfirmationMode.NONE),
        individual_rounds=info.get("individual_rounds"),
        sit_out=info.get("sit_out", SitOut.NONE), sit_out_points=info.get("sit_out_points", 0),
    )
    teams = [NewTeam(team["name"], tuple(team["players"])) for team in data["teams"]]
    tournament = create_tournament(owner=owner, settings=settings, teams=teams)
    tournament.created_at = _when(info.get("created_at")) or tournament.created_at
    tournament.organizers.set(account for name in info["organizers"]
                              if (account := user(name)) is not None and account != owner)
    entries = dict(zip((team["key"] for team in data["teams"]),
                       tournament.entries.order_by("seed"), strict=True))
    # Seeds and flags as they were (the list was in seed order, but seeds may have gaps).
    for team in data["teams"]:
        Entry.objects.filter(pk=entries[team["key"]].pk).update(
            seed=MAX_TEAMS * 2 + team["seed"], checked_in=team["checked_in"],
            withdrawn=team["withdrawn"])
    for team in data["teams"]:
        Entry.objects.filter(pk=entries[team["key"]].pk).update(seed=team["seed"])
    tournament.field = [entries[key].pk for key in data["field"]]
    tournament.save(update_fields=["created_at", "field"])
    for round_data in data["rounds"]:
        new_round = Round.objects.create(
            tournament=tournament, number=round_data["number"], stage=round_data["stage"],
            started_at=_when(round_data["started_at"]),
            time_called_at=_when(round_data["time_called_at"]),
            with_rematches=bool(round_data.get("with_rematches", False)),
        )
        for table in round_data["tables"]:
            # An individual night's table: its four players by seat, partnered for the round.
            seats = {seat: entries[key] for seat, key in (table.get("seats") or {}).items()}
            if bool(seats) != tournament.is_individual:
                raise ValueError("an individual night's tables seat four players, a team "
                                 "format's hold two teams")
            if seats:
                entry_a = entry_b = None
                team_a, team_b = individual_rounds.partnerships(seats)
            else:
                entry_a, entry_b = entries[table["team_a"]], entries[table["team_b"]]
                team_a, team_b = entry_a.team, entry_b.team
            with _at_table(round_data["number"], table["table"]):
                match = backups.restore_match(
                    owner=owner, variant=tournament.variant, target=tournament.target,
                    first_dealer=table["first_dealer"], team_a=team_a, team_b=team_b,
                    scorekeeper_token=table["scorekeeper_token"],
                    opponents_token=table.get("opponents_token"),
                    time_called_after=table["time_called_after"], redeals=table["redeals"],
                    forfeited_by=table.get("forfeited_by"),
                    created_at=_when(table.get("created_at")),
                    hands=backups.restored_hands(table["hands"], user),
                    revisions=backups.restored_revisions(table.get("revisions", []), user),
                )
                restore_confirmation(match, table, owner)
            if "last_hand_at" in table:  # after a result from paper, which wrote it now
                backups.restore_last_hand_at(match=match,
                                             last_hand_at=_when(table["last_hand_at"]))
            restored = Table.objects.create(round=new_round, number=table["table"],
                                            position=table["position"], match=match,
                                            entry_a=entry_a, entry_b=entry_b)
            if seats:
                individual_rounds.seat_players(restored, seats)
        for bye in round_data["byes"]:
            Bye.objects.create(round=new_round, entry=entries[bye["team"]],
                               position=bye["position"])
    # Closed last: its results final, as they were (backups from before closing: open).
    if closed_at := _when(info.get("closed_at")):
        tournament.closed_at = closed_at
        tournament.save(update_fields=["closed_at"])
    # Backups from before start times and cancelling have neither.
    tournament.starts_at = _when(info.get("starts_at"))
    tournament.cancelled_at = _when(info.get("cancelled_at"))
    tournament.save(update_fields=["starts_at", "cancelled_at"])
    return tournament


def restore_confirmation(match, table: dict, owner) -> None:
    """A table's result from paper (checked by the rules again) and where its opponents'
    confirmation stood (a club's matches too: clubs.services.backup)."""
    confirmations.set_mode(match=match, mode=table.get("confirmation_mode",
                                                       ConfirmationMode.NONE))
    if (result := table.get("paper_result")) is not None:
        four_sevens = result["winner"] if result["finish_reason"] == "four_sevens" else None
        paper.enter_paper_result(match=match, by=owner, score_a=result["score_a"],
                                 score_b=result["score_b"],
                                 finish_reason=result["finish_reason"],
                                 four_sevens_team=four_sevens)
    confirmations.restore(match=match, confirmation=table.get("confirmation"),
                          confirmed_hands=table.get("confirmed_hands", 0),
                          dispute_reason=table.get("dispute_reason", ""),
                          disputed=(table.get("disputed_hand"), table.get("disputed_values")))
