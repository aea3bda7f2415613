"""What the scoring app and the API learn from tournaments, registered at start-up:
organizers keep the score of their tournament's matches, a public tournament's matches
are readable by anyone, and a match knows its tournament, round and table."""

from django.db.models import Q
from django.utils.translation import gettext_noop

from scoring import rules
from scoring.errors import Conflict
from scoring.links import register_tournament_ref
from scoring.models import Match
from scoring.permissions import (
    register_change_check,
    register_keeper_rule,
    register_reader_rule,
    register_write_guard,
)
from scoring.selectors import HOME_EXCLUDE, register_related
from tournaments import services
from tournaments.models import Round, Stage, Table
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


@register_change_check
def knockout_winners_go_through(match, before, after, user):
    """A knockout match's result changed once the next round is drawn: its new winner takes
    the place its old one had there, as long as that next match has not started (else the
    organizer is told what to take back first). While the match is being corrected and has
    no winner, the next round waits."""
    table = Table.objects.filter(match_id=match.pk).select_related("round").first()
    if table is None or table.round.stage != Stage.KNOCKOUT:
        return
    later = Round.objects.filter(tournament_id=table.round.tournament_id,
                                 number__gt=table.round.number).order_by("number")
    following = later.first()
    if following is None:
        return
    # The next round's slot this match feeds, and its side there (bracket order).
    slot, side = table.position // 2, "entry_a_id" if table.position % 2 == 0 else "entry_b_id"
    place = following.tables.filter(position=slot).select_related("match").first()
    bye = following.byes.filter(position=slot).first()
    ours = {table.entry_a_id, table.entry_b_id}
    occupant = getattr(place, side) if place is not None else (
        bye.entry_id if bye is not None and bye.entry_id in ours else None)
    winner = None if after.winner is None else (
        table.entry_a_id if after.winner == rules.Team.A else table.entry_b_id)
    if occupant is None or occupant == winner:
        return
    if (place is not None and (place.match.hand_count or place.match.is_finished)) \
            or later.count() > 1:
        raise Conflict([rules.Violation(
            "winner_played_on",
            gettext_noop("The winner of this match has played on in round %(round)s: undo "
                         "the hands of that match first, then correct this one."),
            "number", {"round": following.number})])
    if winner is not None:
        services.put_winner_through(table=place, bye=bye if place is None else None,
                                    old=occupant, new=winner)
