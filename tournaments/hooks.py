"""What the scoring app and the API learn from tournaments, registered at start-up:
organizers keep the score of their tournament's matches, a public tournament's matches
are readable by anyone, and a match knows its tournament, round and table."""

from django.db.models import Q

from scoring.links import register_tournament_ref
from scoring.permissions import register_keeper_rule, register_reader_rule
from scoring.selectors import HOME_EXCLUDE, register_related
from tournaments.models import Table

register_related("table__round__tournament")
# A tournament's matches are followed on its dashboard, not on the organizer's home page.
HOME_EXCLUDE["table__isnull"] = False


@register_keeper_rule
def organizers_keep_their_matches(user, match) -> bool:
    return Table.objects.filter(match=match).filter(
        Q(round__tournament__owner=user) | Q(round__tournament__organizers=user)
    ).exists()


def _table(match):
    try:
        return match.table
    except Table.DoesNotExist:
        return None


@register_reader_rule
def public_tournaments_show_their_matches(match) -> bool:
    table = _table(match)
    return table is not None and table.round.tournament.public


@register_tournament_ref
def tournament_ref(match) -> dict | None:
    table = _table(match)
    if table is None:
        return None
    tournament = table.round.tournament
    return {"id": tournament.pk, "name": tournament.name, "round": table.round.number,
            "table": table.number}
