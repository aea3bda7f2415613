"""What scoring learns from tournaments (the scoring.extensions protocol), registered in
TournamentsConfig.ready(): a tournament's matches are kept by its organizers, readable by
anyone when it is public, closed to table links once their round is, and a knockout's
corrected result moves its winner into the next round."""

from django.db.models import F, Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring import rules
from scoring.errors import Conflict
from scoring.models import Match
from tournaments import services
from tournaments.models import ResultsVersion, Round, Stage, Table, Tournament
from tournaments.selectors import is_over, rounds_in_all


def _table(match) -> Table | None:
    """The match's table (with its round and tournament), or None for a match of its own."""
    if Match.table.is_cached(match):  # pages read it with the match (`related`)
        try:
            return match.table
        except Table.DoesNotExist:
            return None
    # The services' locked row comes without it: one query, on every write to any match.
    return Table.objects.filter(match_id=match.pk).select_related("round__tournament").first()


def _next_round_drawn(round_: Round) -> bool:
    return Round.objects.filter(tournament_id=round_.tournament_id,
                                number__gt=round_.number).exists()


class TournamentMatches:
    related = ("table__round__tournament",)

    def off_home_list(self) -> Q:
        # Followed on the tournament's dashboard, not on the organizer's home page.
        return Q(table__isnull=False)

    def may_keep_score(self, user, match) -> bool:
        return Table.objects.filter(match=match).filter(
            Q(round__tournament__owner=user) | Q(round__tournament__organizers=user)
        ).exists()

    def is_public(self, match) -> bool:
        table = _table(match)
        return table is not None and table.round.tournament.public

    def reference(self, match) -> dict | None:
        table = _table(match)
        if table is None:
            return None
        tournament = table.round.tournament
        return {"id": tournament.pk, "name": tournament.name, "round": table.round.number,
                "table": table.number}

    def result_notes(self, match, token=None) -> list[str]:
        return []

    def write_refusal(self, match, user) -> rules.Violation | None:
        """Once the next round is drawn, a round's results are its draw's ground, and once
        the tournament is over (or closed) its results are final: only the organizers may
        still correct them (never a table's link)."""
        table = _table(match)
        if table is None:
            return None
        round_ = table.round
        refusal = None
        if _next_round_drawn(round_):
            refusal = rules.Violation(
                "round_closed",
                gettext_noop("Round %(round)s is over and the next round is drawn: only the "
                             "organizers can change its matches now."),
                "number", {"round": round_.number},
            )
        # Only a finished match of the last round can be the end of the tournament.
        elif round_.tournament.closed_at is not None or (
                match.status == rules.Status.FINISHED and is_over(round_.tournament)):
            refusal = rules.Violation(
                "tournament_over",
                gettext_noop("The tournament is over: its results are final. Only the "
                             "organizers can correct them now."),
                "number",
            )
        if refusal is None or (user is not None and self.may_keep_score(user, match)):
            return None
        return refusal

    def answer_refusal(self, match) -> rules.Violation | None:
        """A result is final when the night is: once the next round is drawn (the round is
        closed) or the organizers closed the tournament, the opponents no longer confirm or
        dispute it (the organizers still correct it, or confirm it for them)."""
        table = _table(match)
        if table is None:
            return None
        round_ = table.round
        if round_.tournament.closed_at is not None:
            return rules.Violation(
                "tournament_closed",
                gettext_noop("The organizers closed the tournament: its results are final. "
                             "Talk to them if something is wrong."))
        if _next_round_drawn(round_):
            return rules.Violation(
                "round_closed",
                gettext_noop("Round %(round)s is closed: the next round is drawn and its "
                             "results are final. Talk to the organizers if something is "
                             "wrong."),
                None, {"round": round_.number})
        return None

    def open_until(self, match) -> str | None:
        """The last round stays open to a dispute until the organizers close the tournament,
        every other round until they draw the next one."""
        table = _table(match)
        if table is None or self.answer_refusal(match) is not None:
            return None
        tournament = table.round.tournament
        if table.round.number >= rounds_in_all(tournament, tournament.entries.all()):
            return _("Open to dispute until the organizers close the tournament.")
        return _("Open to dispute until the organizers draw the next round.")

    def fed_by(self, match) -> list[int]:
        """A knockout match's winner goes into the next round's match at its slot, when
        that round is drawn (after_result_change)."""
        table = _table(match)
        if table is None or table.round.stage != Stage.KNOCKOUT:
            return []
        return list(Table.objects.filter(
            round__tournament_id=table.round.tournament_id, round__number=table.round.number + 1,
            position=table.position // 2).values_list("match_id", flat=True))

    def after_match_write(self, match, *, result_changed: bool) -> None:
        """Its tournament's pages, and its standings when `result_changed`, are drawn again:
        the tournament's results version moves on, in the write's transaction (its row
        locked last, after the match's)."""
        table = _table(match)
        if table is None:
            return
        moved = {"matches": F("matches") + 1,
                 **({"results": F("results") + 1} if result_changed else {})}
        tournament_id = table.round.tournament_id
        if not ResultsVersion.objects.filter(pk=tournament_id).update(**moved):
            ResultsVersion.objects.get_or_create(pk=tournament_id)
            ResultsVersion.objects.filter(pk=tournament_id).update(**moved)

    def after_team_change(self, team) -> None:
        """Its tournaments' pages and standings are drawn again (their version is in every
        ETag and in the kept standings' key)."""
        Tournament.objects.filter(entries__team=team).update(version=F("version") + 1)

    def after_result_change(self, match, before, after, user) -> None:
        """A knockout match's result changed once the next round is drawn: its new winner
        takes the place its old one had there, as long as that next match has not started
        (else the organizer is told what to take back first). While the match is being
        corrected and has no winner, the next round waits."""
        table = Table.objects.filter(match_id=match.pk).select_related("round").first()
        if table is None or table.round.stage != Stage.KNOCKOUT:
            return
        later = Round.objects.filter(tournament_id=table.round.tournament_id,
                                     number__gt=table.round.number).order_by("number")
        following = later.first()
        if following is None:
            return
        # The next round's slot this match feeds, and its side there (bracket order).
        slot = table.position // 2
        side = "entry_a_id" if table.position % 2 == 0 else "entry_b_id"
        place = following.tables.filter(position=slot).select_related("match").first()
        bye = following.byes.filter(position=slot).first()
        ours = {table.entry_a_id, table.entry_b_id}
        occupant = getattr(place, side) if place is not None else (
            bye.entry_id if bye is not None and bye.entry_id in ours else None)
        winner = None if after.winner is None else table.entry_of(after.winner)
        if occupant is None or occupant == winner:
            return
        if (place is not None and (place.match.hand_count or place.match.is_finished)) \
                or later.count() > 1:
            raise Conflict([rules.Violation(
                "winner_played_on",
                gettext_noop("The winner of this match has played on in round %(round)s: "
                             "undo the hands of that match first, then correct this one."),
                "number", {"round": following.number})])
        if winner is not None:
            services.put_winner_through(table=place, bye=bye if place is None else None,
                                        old=occupant, new=winner)
