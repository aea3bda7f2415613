"""The teams page at the door (issue 43, item 4): the entries whose names hold what the
organizer typed, and how many are checked in.

Names are compared as the app compares them (scoring.names): accents and case aside
(`plain`), and look-alike letters (`key`). A team is found by its name or by one of its
players' names; a name taken off at its person's request by the words the page shows."""

from django.db.models import Count, Q

from scoring import names
from tournaments.models import Entry, Tournament


def searched_names(entry: Entry) -> list[str]:
    """The names an entry is found by, as the page shows them."""
    team = entry.team
    players = [] if entry.player_id else [
        player.name for player in (team.first_player, team.second_player) if player]
    return [names.shown(name) for name in (team.name, *players)]


def listed(entries: list[Entry], typed: str) -> list[Entry]:
    """The entries found by `typed` (all of them when nothing is typed), in their order:
    names compared accents, case and look-alike letters aside (names.folded)."""
    typed = names.folded(names.normalise(typed or ""))
    if not typed:
        return list(entries)
    return [entry for entry in entries
            if any(typed in names.folded(name) for name in searched_names(entry))]


def checked_in_count(tournament: Tournament) -> tuple[int, int]:
    """How many of the entries still in (not withdrawn) are checked in, and of how many."""
    counted = Entry.objects.filter(tournament=tournament, withdrawn=False).aggregate(
        active=Count("pk"), checked=Count("pk", filter=Q(checked_in=True)))
    return counted["checked"], counted["active"]
