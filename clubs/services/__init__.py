"""The only code that writes clubs, by job: the club and its roster, its matches and nights,
its ratings, its seasons."""

from clubs.services.attributions import attribute
from clubs.services.matches import add_night, create_night, seat_entry, start_match
from clubs.services.ratings import after_match_change, rerate
from clubs.services.roster import (
    add_listed_members,
    add_member,
    add_organizer,
    create_club,
    hand_over_club,
    member_named,
    merge_members,
    seat_players,
    split_member,
    update_club,
    update_member,
)

__all__ = [
    "add_listed_members",
    "add_member",
    "add_night",
    "add_organizer",
    "after_match_change",
    "attribute",
    "create_club",
    "create_night",
    "hand_over_club",
    "member_named",
    "merge_members",
    "rerate",
    "seat_entry",
    "seat_players",
    "split_member",
    "start_match",
    "update_club",
    "update_member",
]
