"""The only code that writes tournaments, by job: the tournament's settings and organizers,
its teams, its rounds and draws, closing it, its backups.

Each function runs in one transaction and locks the tournament's row first, so that two
organizers drawing at once draw one round. Matches are created and scored by
scoring.services: a tournament match is a normal match.
"""

from tournaments.services.backup import import_tournament
from tournaments.services.check_in import check_in_entries
from tournaments.services.closing import close_tournament, reopen_tournament
from tournaments.services.rounds import (
    call_time,
    draw_next_round,
    put_winner_through,
    reissue_table_link,
    reissue_table_opponents_link,
    rematch_warnings,
    swap_teams,
    take_back_time_call,
)
from tournaments.services.teams import (
    ListedTeam,
    add_teams,
    parse_entry_list,
    parse_team_list,
    remove_entry,
    restore_entry,
    set_entry_flags,
    set_seeds,
    teams_by_lot,
)
from tournaments.services.tournament import (
    Settings,
    add_organizer,
    create_tournament,
    hand_over_tournament,
    remove_organizer,
    schedule,
    update_tournament,
    validate_settings,
)

__all__ = [
    "ListedTeam",
    "Settings",
    "add_organizer",
    "add_teams",
    "call_time",
    "check_in_entries",
    "close_tournament",
    "create_tournament",
    "draw_next_round",
    "hand_over_tournament",
    "import_tournament",
    "parse_entry_list",
    "parse_team_list",
    "put_winner_through",
    "reissue_table_link",
    "reissue_table_opponents_link",
    "rematch_warnings",
    "remove_entry",
    "remove_organizer",
    "reopen_tournament",
    "restore_entry",
    "schedule",
    "set_entry_flags",
    "set_seeds",
    "swap_teams",
    "take_back_time_call",
    "teams_by_lot",
    "update_tournament",
    "validate_settings",
]
