"""A whole club rebuilt from its export (clubs.exports.club_data), as a new club: its roster,
its matches (every hand replayed through the rules, as a match's backup is), its nights (each
a tournament backup, tournaments' import_tournament), seasons, attributions, seats and
history; then its ratings computed again from all of it.

A file of another format or version, one its schema refuses, or one whose parts name what
it does not hold is refused with what is wrong, and nothing of it is saved."""

from __future__ import annotations

import json
import zoneinfo
from contextlib import contextmanager
from datetime import datetime
from functools import cache

import jsonschema
from django.db import DatabaseError, transaction
from django.utils.translation import gettext_noop
from jsonschema.exceptions import best_match

from clubs import exports, public_names
from clubs.models import (
    Alias,
    Attribution,
    Club,
    ClubEvent,
    ClubMatch,
    ClubNight,
    Member,
    PublicName,
    Season,
    Seat,
    TakenOffName,
    default_time_zone,
)
from clubs.selectors import SEATS
from clubs.services import one_seat, privacy, ratings
from clubs.services._common import refuse, violation
from clubs.services.names_taken_off import one_way_key
from scoring import backups, names
from scoring.errors import ScoringError
from scoring.models import Match
from scoring.services import NewTeam
from tournaments.models import Entry, Table
from tournaments.services import import_tournament
from tournaments.services.backup import restore_confirmation, table_players


def import_club(*, data, owner, users: dict | None = None) -> Club:
    """A new club from `data` (what club_data wrote, read from JSON), owned by `owner`, who
    stands for the file's owner too. The file's other user names stand for the accounts
    `users` maps them to (file name -> account), else for nobody, whoever has that name here
    (scoring.backups.accounts): only those are co-organizers, a match's owner, a hand's or a
    correction's author. A night's tournament belongs to the account its exported owner
    stands for, else to the club's owner."""
    if not isinstance(data, dict) or data.get("format") != exports.CLUB_FORMAT:
        refuse("club_export_format", gettext_noop(
            "This file is not a club export: its “format” is not “politaine-club”."))
    if data.get("version") != exports.CLUB_FORMAT_VERSION:
        refuse("club_export_version", gettext_noop(
            "This club export is of version %(version)s, which this version of the app "
            "cannot read (it reads version %(known)s)."),
            version=json.dumps(data.get("version"))[:20], known=exports.CLUB_FORMAT_VERSION)
    # Before the schema's validator, which recurses as deep as the file goes.
    if where := backups.too_deep(data):
        refuse("club_export_depth", gettext_noop(
            "This club export nests lists and objects more than %(most)s deep (at "
            "%(where)s): no club export does, and it was not imported."),
            most=backups.MAX_DEPTH, where=where)
    if problem := best_match(_validator().iter_errors(data)):
        refuse("club_export_schema", gettext_noop(
            "This club export does not follow its schema, at %(where)s: %(problem)s"),
            where=problem.json_path, problem=problem.message[:200])
    _check_references(data)
    if owner is None:
        refuse("club_export_owner", gettext_noop(
            "Say who owns the club here: a club export's user names give no account any "
            "right by themselves."))
    try:
        return _import_club(data, owner, {data["club"]["owner"]: owner, **(users or {})})
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError,
            DatabaseError) as error:
        refuse("club_export_broken", gettext_noop(
            "This club export is damaged and was not imported (%(problem)s)."),
            problem=str(error)[:200] or type(error).__name__)


@cache
def _validator() -> jsonschema.Draft202012Validator:
    schema = json.loads(exports.SCHEMA_PATH.read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


# --- The file holds together ----------------------------------------------------------------


def _unknown(where: str, key) -> None:
    refuse("club_export_reference", gettext_noop(
        "This club export does not hold together: %(where)s names %(key)s, which the file "
        "does not hold."), where=where, key=json.dumps(key, ensure_ascii=False)[:100])


def _once(keys) -> set:
    """The keys found at each place (where, key), each once."""
    found = set()
    for where, key in keys:
        if key in found:
            refuse("club_export_repeated", gettext_noop(
                "This club export does not hold together: %(where)s repeats %(key)s."),
                where=where, key=json.dumps(key, ensure_ascii=False)[:100])
        found.add(key)
    return found


def _keys(rows: list[dict], where: str) -> set:
    return _once((f"{where}[{index}].key", row["key"]) for index, row in enumerate(rows))


def _check_not_taken_off(data: dict, taken_off: set) -> None:
    """No player of the file is named, nor found, by a name taken off (a file edited by
    hand): the club would show it again, and the matches that type it would go to them."""
    salt = data["club"].get("name_salt", "")
    if not taken_off or not salt:
        return
    for where, keys in _names_typed(data):
        if any(one_way_key(salt, key) in taken_off for key in keys):
            refuse("club_export_name_taken_off", gettext_noop(
                "This club export does not hold together: %(where)s is named by a name "
                "taken off the club's roster at its player's request."), where=where)


def _names_typed(data: dict):
    """Where the file names a person, with the keys of those names: its roster players
    (names, nicknames, aliases), and the names typed on its matches' and nights' teams."""
    for index, member in enumerate(data["members"]):
        if not member.get("anonymized_at"):
            yield f"$.members[{index}]", {names.key(member["name"]), *member["aliases"],
                                          *([names.key(member["nickname"])]
                                            if member.get("nickname") else [])}
    for index, match in enumerate(data["matches"]):
        for side in ("team_a", "team_b"):
            team = match[side]
            yield f"$.matches[{index}].{side}", {names.key(name) for name in
                                                 (team["name"], *team["players"])}
    for index, night in enumerate(data["nights"]):
        for team_index, team in enumerate(night["tournament"]["teams"]):
            typed = [team.get("name", ""), *team["players"]]
            yield (f"$.nights[{index}].tournament.teams[{team_index}]",
                   {names.key(name) for name in typed if name})


def _check_references(data: dict) -> None:
    """Every key a part of the file names is one the file holds: the roster players of
    seats, attributions and history, the nights of seasons, the matches and tables of
    attributions, the teams of a night's seats (once schema-valid, before any write)."""
    members = _keys(data["members"], "$.members")
    # A player's number is theirs in the club ("Player 26"): one player's each.
    _once((f"$.members[{index}].number", member["number"])
          for index, member in enumerate(data["members"]) if "number" in member)
    for index, member in enumerate(data["members"]):
        if names.problem(member["name"], 60) or (member.get("nickname") and names.problem(
                member["nickname"], 60)):
            refuse("club_export_name", gettext_noop(
                "This club export does not hold together: %(where)s is no player's name (1 "
                "to 60 characters, no invisible ones)."), where=f"$.members[{index}]")
        # A name taken off is its number ("#17"); no other player may pass for one.
        if not member.get("anonymized_at") and public_names.reads_as_a_number(member["name"]):
            refuse("club_export_name_like_a_number", gettext_noop(
                "This club export does not hold together: %(where)s is named like a hidden "
                "player's number (“Player 3”)."), where=f"$.members[{index}]")
    _once((f"$.members[{index}].aliases", alias) for index, member in enumerate(data["members"])
          for alias in member["aliases"])
    taken_off = _once((f"$.members[{index}].names_taken_off", key)
                      for index, member in enumerate(data["members"])
                      for key in member.get("names_taken_off", []))
    _check_not_taken_off(data, taken_off)
    matches = _keys(data["matches"], "$.matches")
    _keys(data["nights"], "$.nights")
    nights = {}
    for index, night in enumerate(data["nights"]):
        backup = night["tournament"]
        nights[night["key"]] = {(r["number"], t["table"]) for r in backup["rounds"]
                                for t in r["tables"]}
        teams = {team["key"]: team for team in backup["teams"]}
        individual = backup["tournament"]["format"] == "individual"
        for seat_index, seat in enumerate(night["seats"]):
            where = f"$.nights[{index}].seats[{seat_index}]"
            if seat["team"] not in teams:
                _unknown(f"{where}.team", seat["team"])
            if len(seat["members"]) != (1 if individual else len(teams[seat["team"]]["players"])):
                refuse("club_export_seats", gettext_noop(
                    "This club export does not hold together: %(where)s does not seat as "
                    "many roster players as its team has players."), where=where)
            for member in seat["members"]:
                if member is not None and member not in members:
                    _unknown(f"{where}.members", member)
    for index, match in enumerate(data["matches"]):
        for seat, member in match["seats"].items():
            if member is not None and member not in members:
                _unknown(f"$.matches[{index}].seats.{seat}", member)
    for index, season in enumerate(data["seasons"]):
        for night in season["nights"]:
            if night not in nights:
                _unknown(f"$.seasons[{index}].nights", night)
    for index, attribution in enumerate(data["attributions"]):
        where, found = f"$.attributions[{index}]", attribution["match"]
        if "club_match" in found and found["club_match"] not in matches:
            _unknown(f"{where}.match", found)
        if "night" in found and (found["round"], found["table"]) not in nights.get(
                found["night"], ()):
            _unknown(f"{where}.match", found)
        if attribution["member"] not in members:
            _unknown(f"{where}.member", attribution["member"])
    if (zone := data["club"].get("time_zone")) is not None and zone not in \
            zoneinfo.available_timezones():
        refuse("club_export_time_zone", gettext_noop(
            "This club export does not hold together: %(zone)s is no time zone."),
            zone=zone[:64])
    for index, event in enumerate(data["history"]):
        if (member := event.get("member")) is not None and member not in members:
            _unknown(f"$.history[{index}].member", member)
        # The settings page says the choice in words: one it knows.
        choice = event.get("params", {}).get("choice", "")
        if event["kind"] in ("public_name", "club_public_name") and choice not in (
                "", *PublicName.values):
            refuse("club_export_choice", gettext_noop(
                "This club export does not hold together: %(where)s is no choice of a "
                "name in public (full, initial or hidden)."),
                where=f"$.history[{index}].params.choice")
    for night in data["nights"]:
        _check_one_member_one_player(night, data["members"])
    for match in data["matches"]:
        _check_one_member_one_seat(match, data["members"])
    _check_attributions(data)


def _check_one_member_one_player(night: dict, roster: list[dict]) -> None:
    """A roster player is one of a night's players (one_seat), else the night's standings
    and their season count one person twice (at two tables of a round, say)."""
    backup = night["tournament"]
    players = []  # (roster key, the player's name, the night's team key)
    for seat in night["seats"]:
        team = next(t for t in backup["teams"] if t["key"] == seat["team"])
        names_ = team["players"] if len(seat["members"]) > 1 else [team["name"]]
        players += [(member, name, seat["team"]) for name, member in zip(
            names_, seat["members"], strict=False)]
    if (found := one_seat.twice(players)) is None:
        return
    (member, first, first_team), (_, second, second_team) = found
    where = {"night": str(backup["tournament"]["name"])[:100], "first": first[:60],
             "second": second[:60],
             "member": next(m["name"] for m in roster if m["key"] == member)}
    for round_data in backup["rounds"]:
        tables = {key: table["table"] for table in round_data["tables"]
                  for key in table_players(table)}
        if first_team in tables and second_team in tables:
            refuse("club_export_member_twice", gettext_noop(
                "The club night %(night)s seats one roster player twice: %(first)s "
                "and %(second)s are both %(member)s, and play round %(round)s at "
                "tables %(table)s and %(other)s."), round=round_data["number"],
                table=tables[first_team], other=tables[second_team], **where)
    refuse("club_export_member_twice", gettext_noop(
        "The club night %(night)s seats one roster player twice: %(first)s and "
        "%(second)s are both %(member)s."), **where)


def _check_one_member_one_seat(match: dict, roster: list[dict]) -> None:
    """A roster player sits in one seat of a club match (one_seat), its seats' names in the
    order the match seats its teams (scoring.services: team A North and South, team B East
    and West)."""
    rows = {row["key"]: row for row in roster}
    typed = dict(zip(("n", "s"), match["team_a"]["players"], strict=False)) | dict(
        zip(("e", "w"), match["team_b"]["players"], strict=False))
    one_seat.refuse_file_match(match["key"], typed, {
        seat: rows[member] for seat, member in match["seats"].items() if member is not None})


def _history(match: dict) -> dict[int, list[dict]]:
    """Each hand of a match (a club match or a night's table) as it stands and as its
    corrections and undos say it was, by number."""
    found = {}
    for hand in match["hands"]:
        found.setdefault(hand["number"], []).append(hand)
    for revision in match.get("revisions", []):
        found.setdefault(revision["number"], []).extend(
            side for side in (revision["before"], revision["after"]) if side is not None)
    return found


def _check_attributions(data: dict) -> None:
    """An attribution is of a politaine, four sevens or redeal that its match's hands had at
    some point (one corrected away since stays, and no longer counts: clubs.selectors)."""
    matches = {("club_match", m["key"]): m for m in data["matches"]}
    matches.update((("night", night["key"], r["number"], t["table"]), t)
                   for night in data["nights"] for r in night["tournament"]["rounds"]
                   for t in r["tables"])
    for index, attribution in enumerate(data["attributions"]):
        where = attribution["match"]
        match = matches[("club_match", where["club_match"]) if "club_match" in where else
                        ("night", where["night"], where["round"], where["table"])]
        number, team, slot = (attribution["hand_number"], attribution["team"],
                              attribution["slot"])
        hands = _history(match).get(number, [])
        if attribution["kind"] == Attribution.Kind.POLITAINE:
            held = any(slot < hand.get("politaines", {}).get(team, 0) for hand in hands
                       if hand["kind"] == "played")
        elif attribution["kind"] == Attribution.Kind.FOUR_SEVENS:
            held = slot == 0 and any(hand["kind"] == "four_sevens" and hand.get("team") == team
                                     for hand in hands)
        else:
            held = number == 0 and slot < match.get("redeals", 0)
        if not held:
            refuse("club_export_attribution", gettext_noop(
                "This club export does not hold together: %(where)s gives a politaine, four "
                "sevens or a redeal that its match never had (hand %(hand)s, team %(team)s, "
                "number %(slot)s)."), where=f"$.attributions[{index}]", hand=number,
                team=team.upper(), slot=slot + 1)


# --- The import -----------------------------------------------------------------------------


class _Reader:
    """The accounts the file's user names stand for (backups.accounts), times in ISO 8601:
    as the export wrote them."""

    def __init__(self, owner, users: dict):
        self.users = users
        self.user = backups.accounts(owner=owner, file_owner=None, users=users)

    @staticmethod
    def when(text):
        return datetime.fromisoformat(text) if text else None


@contextmanager
def _within(intro: str, **params):
    """A refusal of one part of the file, said with which part it was."""
    try:
        yield
    except ScoringError as error:
        raise type(error)([violation("club_export_part", intro, None, **params),
                           *error.violations]) from error


@transaction.atomic
def _import_club(data: dict, owner, users: dict) -> Club:
    read = _Reader(owner, users)
    info = data["club"]
    club = Club.objects.create(
        name=info["name"], place=info.get("place", ""), public=info.get("public", True),
        public_name=info.get("public_name", "full"), name_salt=info.get("name_salt", ""),
        time_zone=info.get("time_zone") or default_time_zone(), owner=owner)
    if created_at := read.when(info.get("created_at")):
        club.created_at = created_at
        club.save(update_fields=["created_at"])
    club.organizers.set(user for name in info.get("organizers", [])
                        if (user := read.user(name)) is not None and user.pk != owner.pk)
    members = _members(club, data["members"], read)
    seats = []  # (scoring.Player id, roster player id)
    matches = {}  # what the attributions name -> the new match's id
    for match in data["matches"]:
        with _within(gettext_noop("The club match %(key)s was not imported:"),
                     key=match["key"]):
            new = _match(club, match, owner, read)
        matches[("club_match", match["key"])] = new.pk
        seats += [(getattr(new, f"seat_{seat}_id"), members[match["seats"][seat]])
                  for seat in SEATS if match["seats"][seat] is not None]
    nights = {}
    for night in data["nights"]:
        backup = night["tournament"]
        with _within(gettext_noop("The club night %(name)s was not imported:"),
                     name=str(backup["tournament"]["name"])[:100]):
            tournament = import_tournament(data=backup, owner=read.user(
                backup["tournament"]["owner"]) or owner, users=read.users)
        nights[night["key"]] = ClubNight.objects.create(tournament=tournament, club=club)
        seats += _night_seats(tournament, backup, night["seats"], members)
        for round_number, table, match_id in Table.objects.filter(
                round__tournament=tournament).values_list("round__number", "number",
                                                          "match_id"):
            matches[("night", night["key"], round_number, table)] = match_id
    Seat.objects.bulk_create(Seat(player_id=player, member_id=member)
                             for player, member in seats if player is not None)
    _renumber_names_taken_off(club)
    for season in data["seasons"]:
        made = Season.objects.create(
            club=club, name=season["name"], points_table=season["points_table"],
            best_of=season.get("best_of"))
        if created_at := read.when(season.get("created_at")):
            made.created_at = created_at
            made.save(update_fields=["created_at"])
        made.nights.set(nights[key] for key in season["nights"])
    Attribution.objects.bulk_create(_attribution(a, matches, members, read)
                                    for a in data["attributions"])
    ClubEvent.objects.bulk_create(
        ClubEvent(club=club, kind=event["kind"], params=event.get("params", {}),
                  member_id=members[event["member"]] if event.get("member") else None,
                  by=read.user(event.get("by")), at=read.when(event["at"]))
        for event in data["history"])
    ratings.rerate(club=club)
    return club


def _renumber_names_taken_off(club: Club) -> None:
    """A name taken off is its member's number ("#17", read "Player 17"), which the file
    keeps; a file written before numbers named them by their ids there, which their name,
    the names typed on their matches and their alias give way to. Their old numbers'
    aliases go first: another member's new number may be one of them."""
    anonymized = list(Member.objects.filter(club=club, anonymized_at__isnull=False))
    Alias.objects.filter(member__in=anonymized).delete()
    for member in anonymized:
        privacy.take_names_off(member)


def _members(club: Club, rows: list[dict], read: _Reader) -> dict[int, int]:
    """The roster in the file's order (the export's: the order its ids had), with the names
    its matches may type for each player; the file's keys -> the new players' ids. Each
    keeps their number ("Player 26"); a file written before numbers numbers them in order,
    after the highest one it gives."""
    found = {}
    last = max((row["number"] for row in rows if "number" in row), default=0)
    for row in rows:
        if "number" not in row:
            last += 1
        member = Member.objects.create(
            club=club, name=names.normalise(row["name"]),
            nickname=names.normalise(row.get("nickname", "")),
            public_name=row.get("public_name", ""), number=row.get("number", last),
            anonymized_at=read.when(row.get("anonymized_at")))
        found[row["key"]] = member.pk
        Alias.objects.bulk_create(Alias(club=club, key=key, member=member)
                                  for key in row["aliases"])
        TakenOffName.objects.bulk_create(TakenOffName(club=club, key=key, member=member)
                                         for key in row.get("names_taken_off", []))
    # Each player's own name finds them (a file edited by hand may list no alias): else the
    # next match that types it would add them to the roster a second time.
    held = set(Alias.objects.filter(club=club).values_list("key", flat=True))
    for member in Member.objects.filter(club=club, anonymized_at__isnull=True).order_by("pk"):
        if (key := names.key(member.name)) not in held:
            Alias.objects.create(club=club, key=key, member=member)
            held.add(key)
    Club.objects.filter(pk=club.pk).update(last_member_number=last)
    return found


def _match(club: Club, data: dict, owner, read: _Reader) -> Match:
    """A club match as restore_match rebuilds a match from a backup, then where its
    opponents' confirmation stood (as a tournament's table is restored)."""
    match = backups.restore_match(
        owner=read.user(data.get("owner")), variant=data["variant"], target=data["target"],
        first_dealer=data["first_dealer"],
        team_a=NewTeam(data["team_a"]["name"], tuple(data["team_a"]["players"])),
        team_b=NewTeam(data["team_b"]["name"], tuple(data["team_b"]["players"])),
        scorekeeper_token=data.get("scorekeeper_token"),
        opponents_token=data.get("opponents_token"),
        time_called_after=data.get("time_called_after"), redeals=data.get("redeals", 0),
        forfeited_by=data.get("forfeited_by"), created_at=read.when(data.get("created_at")),
        hands=backups.restored_hands(data["hands"], read.user),
        revisions=backups.restored_revisions(data.get("revisions", []), read.user))
    restore_confirmation(match, data, owner)
    # After a result from paper, which wrote it now; before the match is the club's, so
    # nothing is rated until the whole club is there.
    backups.restore_last_hand_at(match=match, last_hand_at=read.when(data.get("last_hand_at")))
    if archived_at := read.when(data.get("archived_at")):
        Match.objects.filter(pk=match.pk).update(archived_at=archived_at)
    ClubMatch.objects.create(match=match, club=club)
    match.refresh_from_db()
    return match


def _night_seats(tournament, backup: dict, rows: list[dict], members: dict[int, int]) -> list:
    """Which roster player each of a night's players is: an entry is found by its seed
    (import_tournament gives each the seed it had)."""
    seed_of = {team["key"]: team["seed"] for team in backup["teams"]}
    entries = {e.seed: e for e in Entry.objects.filter(tournament=tournament).select_related(
        "team")}
    seats = []
    for row in rows:
        entry = entries[seed_of[row["team"]]]
        players = [entry.player_id] if tournament.is_individual else [
            pk for pk in (entry.team.first_player_id, entry.team.second_player_id) if pk]
        seats += [(player, members[member]) for player, member in zip(
            players, row["members"], strict=True) if member is not None]
    return seats


def _attribution(row: dict, matches: dict, members: dict[int, int], read: _Reader
                 ) -> Attribution:
    where = row["match"]
    match_id = matches[("club_match", where["club_match"]) if "club_match" in where else
                       ("night", where["night"], where["round"], where["table"])]
    made = Attribution(match_id=match_id, hand_number=row["hand_number"], kind=row["kind"],
                       team=row["team"], slot=row["slot"], member_id=members[row["member"]])
    if created_at := read.when(row.get("created_at")):
        made.created_at = created_at
    return made
