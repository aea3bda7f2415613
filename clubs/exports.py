"""The ladder and a season's standings as CSV, spreadsheet-safe (tournaments.exports), and
the whole club as JSON, to move it to another server (docs/club-export.md)."""

from pathlib import Path

from django.utils import timezone

from clubs import rating_model
from clubs.models import (
    Alias,
    Attribution,
    Club,
    ClubEvent,
    ClubNight,
    Member,
    Season,
    Seat,
    TakenOffName,
)
from clubs.selectors import SEATS
from scoring.backups import hands_and_revisions
from scoring.models import Match

# The project's one CSV writer: a byte order mark for Excel, formulas defused.
from tournaments.exports import csv_text, tournament_data
from tournaments.models import Entry, Table
from tournaments.overview import overview


def ladder_csv(ladder, names) -> str:
    """The ladder, each name as the reader may read it (clubs.public_names)."""
    return csv_text(["rank", "player", "nickname", "rating", "mu", "sigma", "rated_matches"], (
        [rank, names.of(m), m.nickname if names.in_full(m) else "",
         round(rating_model.shown(m.mu, m.sigma), 2),
         round(m.mu, 4), round(m.sigma, 4), m.rated_matches]
        for rank, m in enumerate(ladder, start=1)))


def season_csv(view) -> str:
    members = view["members"]
    return csv_text(
        ["rank", "player", "points", "nights", *(night.name for night in view["nights"])],
        ([s.rank, view["names"].of(members[s.member]), s.points, s.nights,
          *("" if p is None else (p if counted else f"({p})")
            for p, counted in zip(s.night_points, s.counted, strict=True))]
         for s in view["standings"]))


# --- The whole club, to move it (clubs.services.backup.import_club reads it back) ------------

CLUB_FORMAT = "politaine-club"
CLUB_FORMAT_VERSION = 1
# The file's shape, checked on import; shipped with the package (pyproject's package-data).
SCHEMA_PATH = Path(__file__).with_name("club_export.schema.json")


def _username(user) -> str | None:
    return user.get_username() if user is not None else None


def _iso(moment) -> str | None:
    return moment.isoformat() if moment is not None else None


def _match_data(match: Match, seats: dict[int, int], hands, revisions) -> dict:
    """A club match, as restore_match takes it back: teams, seats, times, every hand and
    correction, its links and where its opponents' confirmation stood (the keys of a
    tournament backup's table)."""
    return {
        "key": match.pk, "variant": match.variant, "target": match.target,
        "first_dealer": match.first_dealer, "owner": _username(match.owner),
        "team_a": _team_data(match.team_a), "team_b": _team_data(match.team_b),
        "seats": {seat: seats.get(getattr(match, f"seat_{seat}_id")) for seat in SEATS},
        "time_called_after": match.time_called_after, "forfeited_by": match.forfeited_by,
        "redeals": match.redeals, "confirmation_mode": match.confirmation_mode,
        "confirmation": match.confirmation, "confirmed_hands": match.confirmed_hands,
        "dispute_reason": match.dispute_reason, "disputed_hand": match.disputed_hand,
        "disputed_values": match.disputed_values,
        "paper_result": {
            "score_a": match.score_a, "score_b": match.score_b,
            "finish_reason": match.finish_reason, "winner": match.winner,
        } if match.from_paper else None,
        "scorekeeper_token": match.scorekeeper_token, "opponents_token": match.opponents_token,
        "created_at": _iso(match.created_at), "last_hand_at": _iso(match.last_hand_at),
        "archived_at": _iso(match.archived_at),
        "hands": hands.get(match.pk, []), "revisions": revisions.get(match.pk, []),
    }


def _team_data(team) -> dict:
    return {"name": team.name, "players": [p.name for p in (team.first_player,
                                                             team.second_player) if p]}


def _entry_players(entry, individual: bool) -> list:
    """The scoring.Players who sit for an entry: an individual night's player, a team's two."""
    if individual:
        return [entry.player_id]
    return [pk for pk in (entry.team.first_player_id, entry.team.second_player_id) if pk]


def club_data(club: Club) -> dict:
    """Everything about a club: its settings and organizers, its roster with the names its
    matches may type for each player, its matches with every hand and correction, its
    nights (each a tournament backup, tournaments.exports.tournament_data), its seasons, who
    made the politaines, which roster player sat on each seat, and its history. Not its
    ratings: a function of the rest, computed again on import. Keys are the database's ids,
    which other parts of the file name; they mean nothing outside it."""
    members = list(Member.objects.filter(club=club).order_by("pk"))
    aliases: dict[int, list[str]] = {}
    for member_id, key in Alias.objects.filter(club=club).order_by("pk").values_list(
            "member_id", "key"):
        aliases.setdefault(member_id, []).append(key)
    # Names taken off, as the one-way keys they are kept by, with the club's salt that
    # makes them: the next server finds the player by them too (services.names_taken_off).
    taken_off: dict[int, list[str]] = {}
    for member_id, key in TakenOffName.objects.filter(club=club).order_by("pk").values_list(
            "member_id", "key"):
        taken_off.setdefault(member_id, []).append(key)
    matches = list(Match.objects.filter(club_match__club=club).select_related(
        "owner", "team_a__first_player", "team_a__second_player", "team_b__first_player",
        "team_b__second_player").order_by("pk"))
    nights = list(ClubNight.objects.filter(club=club).select_related("tournament")
                  .order_by("pk"))
    entries = list(Entry.objects.filter(tournament__club_night__club=club).select_related(
        "team", "tournament").order_by("tournament_id", "seed"))
    players = {getattr(m, f"seat_{s}_id") for m in matches for s in SEATS} | {
        pk for e in entries for pk in _entry_players(e, e.tournament.is_individual)}
    seats = dict(Seat.objects.filter(player_id__in=players - {None}).values_list(
        "player_id", "member_id"))
    hands, revisions = hands_and_revisions([m.pk for m in matches])
    where = {m.pk: {"club_match": m.pk} for m in matches}
    for match_id, night, round_number, table in Table.objects.filter(
            round__tournament__club_night__club=club).values_list(
            "match_id", "round__tournament__club_night", "round__number", "number"):
        where[match_id] = {"night": night, "round": round_number, "table": table}
    by_tournament: dict[int, list] = {}
    for entry in entries:
        by_tournament.setdefault(entry.tournament_id, []).append(entry)
    return {
        "format": CLUB_FORMAT,
        "version": CLUB_FORMAT_VERSION,
        "exported_at": timezone.now().isoformat(),
        "club": {
            "name": club.name, "place": club.place, "public": club.public,
            "public_name": club.public_name, "time_zone": club.time_zone,
            "owner": club.owner.get_username(),
            "organizers": [u.get_username() for u in club.organizers.order_by("username")],
            "created_at": _iso(club.created_at),
            **({"name_salt": club.name_salt} if club.name_salt else {}),
        },
        "members": [
            {"key": m.pk, "number": m.number, "name": m.name, "nickname": m.nickname,
             "public_name": m.public_name,
             "anonymized_at": _iso(m.anonymized_at), "aliases": aliases.get(m.pk, []),
             **({"names_taken_off": taken_off[m.pk]} if m.pk in taken_off else {})}
            for m in members
        ],
        "matches": [_match_data(m, seats, hands, revisions) for m in matches],
        "nights": [
            {"key": night.pk, "tournament": tournament_data(overview(night.tournament)),
             "seats": [{"team": e.pk, "members": [seats.get(pk) for pk in _entry_players(
                 e, night.tournament.is_individual)]}
                       for e in by_tournament.get(night.tournament_id, [])]}
            for night in nights
        ],
        "seasons": [
            {"name": s.name, "points_table": s.points_table, "best_of": s.best_of,
             "nights": sorted(s.nights.values_list("pk", flat=True)),
             "created_at": _iso(s.created_at)}
            for s in Season.objects.filter(club=club).order_by("pk")
        ],
        "attributions": [
            {"match": where[a.match_id], "hand_number": a.hand_number, "kind": a.kind,
             "team": a.team, "slot": a.slot, "member": a.member_id,
             "created_at": _iso(a.created_at)}
            for a in Attribution.objects.filter(member__club=club).order_by("pk")
            if a.match_id in where
        ],
        "history": [
            {"kind": e.kind, "member": e.member_id, "by": _username(e.by), "params": e.params,
             "at": _iso(e.at)}
            for e in ClubEvent.objects.filter(club=club).select_related("by").order_by("pk")
        ],
    }
