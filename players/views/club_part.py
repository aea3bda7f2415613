"""The player's door on a club's page (clubs.organizer_parts, page CLUB): its nights ahead
and the reader's link to the club."""

from clubs import selectors as clubs
from clubs.organizer_parts import Part
from clubs.public_names import PublicNames
from players.forms.player import AskToLinkForm
from players.selectors import me as selectors


def club_part(request, club) -> Part:
    """The club's page: its nights ahead (with, for a linked member, where they stand and
    their sign-up), and the reader's link to the club: who they are in it, their request
    waiting, or the roster's names to ask for (clubs.organizer_parts, page CLUB)."""
    organizer = clubs.is_organizer(request.user, club)
    names = PublicNames(club, full=organizer)
    door = selectors.club_part(club, request.user, names=names, organizer=organizer)
    return Part("players/_club_part.html", {
        "door": door, "form": AskToLinkForm(choices=door.roster, auto_id="id_link_%s"),
        "zone": club.time_zone,
    })
