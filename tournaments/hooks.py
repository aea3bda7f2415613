"""What the scoring app and the API learn from tournaments, registered at start-up:
organizers keep the score of their tournament's matches, a public tournament's matches
are readable by anyone, and a match knows its tournament, round and table."""

from django.db.models import Q
from django.utils.translation import gettext_noop

from scoring import rules
from scoring.links import register_tournament_ref
from scoring.models import Match
from scoring.permissions import register_keeper_rule, register_reader_rule, register_write_guard
from scoring.selectors import HOME_EXCLUDE, register_related
from tournaments.models import Round, Table
from tournaments.selectors import is_over

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


@register_write_guard
def closed_rounds(match, user):
    """Once the next round is drawn, a round's results are its draw's ground, and once the
    tournament is over its results are final: only the organizers may still correct them
    (never a table's link)."""
    # Pages read the match with its table, round and tournament; the services' locked row
    # comes without them: one query then, on every write to any match.
    if Match.table.is_cached(match):
        table = _table(match)
    else:
        table = Table.objects.filter(match_id=match.pk).select_related(
            "round__tournament").first()
    if table is None:
        return None
    round_ = table.round
    refusal = None
    if Round.objects.filter(tournament_id=round_.tournament_id,
                            number__gt=round_.number).exists():
        refusal = rules.Violation(
            "round_closed",
            gettext_noop("Round %(round)s is over and the next round is drawn: only the "
                         "organizers can change its matches now."),
            "number", {"round": round_.number},
        )
    # Only a finished match of the last round can be the end of the tournament.
    elif match.status == rules.Status.FINISHED and is_over(round_.tournament):
        refusal = rules.Violation(
            "tournament_over",
            gettext_noop("The tournament is over: its results are final. Only the organizers "
                         "can correct them now."),
            "number",
        )
    if refusal is None or (user is not None and organizers_keep_their_matches(user, match)):
        return None
    return refusal
