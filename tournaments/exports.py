"""A tournament as CSV (standings, results) and as JSON (everything, to back it up)."""

import csv
import io
from collections.abc import Iterable

from scoring.backups import hands_and_revisions
from tournaments.formats import Stage
from tournaments.overview import Overview

FORMAT_VERSION = 1

# What makes Excel, LibreOffice or Google Sheets read a cell as a formula (OWASP, CSV
# injection), and the full-width forms some of them read the same way.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠")


def spreadsheet_cell(value):
    """A cell a spreadsheet shows as typed: text that would start a formula gets a leading
    quote, which spreadsheets read as "this is text"; numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


# A UTF-8 byte order mark first: Excel then reads "Lévis" as UTF-8, not in the Windows code
# page ("LÃ©vis"); LibreOffice and Google Sheets ignore it.
BYTE_ORDER_MARK = "\ufeff"


def csv_text(header: list[str], rows: Iterable[list]) -> str:
    """Every CSV export, every cell made safe for spreadsheets, the header's too (a season's
    header holds its nights' names)."""
    out = io.StringIO()
    out.write(BYTE_ORDER_MARK)
    writer = csv.writer(out)
    writer.writerows([spreadsheet_cell(cell) for cell in row] for row in (header, *rows))
    return out.getvalue()


def standings_csv(view: Overview) -> str:
    entries = view.entry_by_id
    if view.tournament.is_individual:  # a player a line; a round sat out is no win
        return csv_text(
            ["rank", "player", "seed", "rounds_played", "wins", "losses", "sat_out",
             "points_for", "points_against", "difference", "withdrawn"],
            ([s.rank, s.name, s.seed, s.played, s.wins, s.losses, s.byes, s.points_for,
              s.points_against, s.difference, "yes" if s.withdrawn else ""]
             for s in view.standings))
    return csv_text(
        ["rank", "team", "players", "seed", "played", "wins", "losses", "byes", "points_for",
         "points_against", "difference", "buchholz", "withdrawn"],
        ([s.rank, s.name, _players(entries[s.team_id]), s.seed, s.played, s.wins, s.losses,
          s.byes, s.points_for, s.points_against, s.difference, s.buchholz,
          "yes" if s.withdrawn else ""] for s in view.standings),
    )


def results_csv(view: Overview) -> str:
    def rows():
        for round_view in view.rounds:
            for t in round_view.tables:
                yield [round_view.round.number, t.table.number, t.entry_a.name, t.entry_b.name,
                       t.match.score_a, t.match.score_b, t.winner.name if t.winner else "",
                       t.match.finish_reason or "", t.match.hand_count, t.match.status]
            # A bye is a win with no points; a round sat out at an individual night is none.
            sat_out = round_view.round.stage == Stage.INDIVIDUAL
            for entry in round_view.byes:
                yield ([round_view.round.number, "", entry.name, "", "", "", "", "sat_out", "",
                        "sat_out"] if sat_out else
                       [round_view.round.number, "", entry.name, "", "", "", entry.name, "bye",
                        "", "bye"])

    return csv_text(["round", "table", "team_a", "team_b", "score_a", "score_b", "winner",
                 "finish_reason", "hands", "status"], rows())


def _players(entry) -> str:
    team = entry.team
    if team.first_player_id is None:
        return ""
    return f"{team.first_player.name} & {team.second_player.name}"


def tournament_data(view: Overview) -> dict:
    """Everything about a tournament, hands included: what import_tournament reads back."""
    t = view.tournament
    hands, revisions = hands_and_revisions(
        [table.match.pk for r in view.rounds for table in r.tables])
    return {
        "format_version": FORMAT_VERSION,
        "tournament": {
            "name": t.name, "date": t.date.isoformat() if t.date else None, "place": t.place,
            "variant": t.variant, "target": t.target, "format": t.format,
            "swiss_rounds": t.swiss_rounds, "swiss_first_round": t.swiss_first_round,
            "knockout_size": t.knockout_size, "missed_rounds": t.missed_rounds,
            "public": t.public, "round_minutes": t.round_minutes, "tiebreaks": t.tiebreaks,
            "confirmation": t.confirmation, "individual_rounds": t.individual_rounds,
            "sit_out": t.sit_out, "sit_out_points": t.sit_out_points,
            "owner": t.owner.get_username(),
            "created_at": t.created_at.isoformat(),
            "closed_at": t.closed_at.isoformat() if t.closed_at else None,
            "starts_at": t.starts_at.isoformat() if t.starts_at else None,
            "cancelled_at": t.cancelled_at.isoformat() if t.cancelled_at else None,
            "organizers": [u.get_username() for u in t.organizers.all()],
        },
        "teams": [
            {"key": e.pk, "name": e.name, "seed": e.seed, "checked_in": e.checked_in,
             "withdrawn": e.withdrawn,
             "players": [p.name for p in (e.team.first_player, e.team.second_player) if p]}
            for e in view.entries
        ],
        "field": list(t.field),
        "rounds": [
            {
                "number": r.round.number, "stage": r.round.stage,
                "with_rematches": r.round.with_rematches,
                "started_at": r.round.started_at.isoformat(),
                "time_called_at": r.round.time_called_at.isoformat()
                if r.round.time_called_at else None,
                "tables": [
                    {"table": tv.table.number, "position": tv.table.position,
                     "team_a": tv.entry_a.pk, "team_b": tv.entry_b.pk,
                     "seats": {seat: entry.pk for seat, entry in tv.seats.items()} or None,
                     "first_dealer": tv.match.first_dealer,
                     "time_called_after": tv.match.time_called_after,
                     "forfeited_by": tv.match.forfeited_by,
                     "redeals": tv.match.redeals,
                     "confirmation_mode": tv.match.confirmation_mode,
                     "confirmation": tv.match.confirmation,
                     "confirmed_hands": tv.match.confirmed_hands,
                     "dispute_reason": tv.match.dispute_reason,
                     # What a dispute is about, held or resting (scoring.confirmations).
                     "disputed_hand": tv.match.disputed_hand,
                     "disputed_values": tv.match.disputed_values,
                     # A result from paper has no hand: its result is the record.
                     "paper_result": {
                         "score_a": tv.match.score_a, "score_b": tv.match.score_b,
                         "finish_reason": tv.match.finish_reason, "winner": tv.match.winner,
                     } if tv.match.from_paper else None,
                     "scorekeeper_token": tv.match.scorekeeper_token,
                     "opponents_token": tv.match.opponents_token,
                     "created_at": tv.match.created_at.isoformat(),
                     # When its last hand was written: when a club's ratings count it.
                     "last_hand_at": tv.match.last_hand_at.isoformat()
                     if tv.match.last_hand_at else None,
                     "hands": hands.get(tv.match.pk, []),
                     "revisions": revisions.get(tv.match.pk, [])}
                    for tv in r.tables
                ],
                "byes": [{"team": e.pk, "position": pos}
                         for pos, e in sorted(r.bye_positions.items())],
            }
            for r in view.rounds
        ],
        "standings": [
            {"rank": s.rank, "team": s.team_id, "wins": s.wins, "points_for": s.points_for,
             "points_against": s.points_against}
            for s in view.standings
        ],
    }
