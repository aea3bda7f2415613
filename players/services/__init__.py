"""The only code that writes the player's door, by job: links between accounts and roster
members, sign-up to the nights ahead, what players are told."""

from players.services.calendars import calendar_key, new_calendar_key
from players.services.links import (
    accept_invitation,
    ask_to_link,
    decide_link_request,
    invite,
    revoke_invitation,
    unlink,
    withdraw_link_request,
)
from players.services.signups import (
    SheetSettings,
    add_signup,
    ask_partner,
    cancel_night,
    check_in_self,
    confirm_partner,
    decline_partner,
    enter_signups,
    give_place,
    open_check_in,
    pair_lookers,
    set_sheet,
    sign_up,
    withdraw,
)

__all__ = [
    "SheetSettings",
    "accept_invitation",
    "add_signup",
    "ask_partner",
    "ask_to_link",
    "calendar_key",
    "cancel_night",
    "check_in_self",
    "confirm_partner",
    "decide_link_request",
    "decline_partner",
    "enter_signups",
    "give_place",
    "invite",
    "new_calendar_key",
    "open_check_in",
    "pair_lookers",
    "revoke_invitation",
    "set_sheet",
    "sign_up",
    "unlink",
    "withdraw",
    "withdraw_link_request",
]
