"""Where every write to a match starts and ends: its row locked, its hands read when a
change replays them, the other apps' say asked, and where it stands written back on the row.

scoring/services.py, paper.py and confirmations.py write through these, so that a match is
locked one way, and its row (score, hand count, status, winner) always says what its hands
say: a new hand steps the row's summary by one (rules.step), every other change replays.
"""

import copy

from django.utils import timezone
from django.utils.translation import gettext_noop

from scoring import extensions, rules
from scoring.errors import Conflict
from scoring.models import Hand, Match
from scoring.permissions import acting_user

# The match's columns, read again when the match changed since the caller read it.
COLUMNS = tuple(field.attname for field in Match._meta.concrete_fields)


def lock(match: Match | int) -> Match:
    """The match's row, locked for this transaction. When the caller passed the match it
    had read with its teams, seats and table (selectors.table_related), the locked row is a
    copy of it, its relations loaded: the extensions' checks and the answer need no query
    for them. Every write to a match bumps its version: the lock reads the version alone,
    and the row's columns again only when another write came in between."""
    if not isinstance(match, Match):
        return Match.objects.select_for_update().get(pk=match)
    version = (Match.objects.select_for_update().filter(pk=match.pk)
               .values_list("version", flat=True).get())
    locked = copy.copy(match)  # with its own loaded relations (Model.__getstate__)
    if version != match.version:
        fresh = Match.objects.filter(pk=match.pk).values(*COLUMNS).get()
        for name, value in fresh.items():
            setattr(locked, name, value)  # a relation's key set to its value keeps it loaded
    return locked


def lock_all(ids) -> None:
    """Lock these matches' rows, in order of id, before a write to any of them: a write
    that changes several matches holds them all before the rows that every write takes
    after its match's (the tournament's results version), so that no two writes wait for
    each other."""
    list(Match.objects.select_for_update().filter(pk__in=list(ids)).order_by("pk")
         .values_list("pk", flat=True))


def lock_for_change(match: Match | int) -> Match:
    """The match's row locked for a change that replays it (a correction, an undo, a
    result from paper), with the matches its result feeds (a knockout's next match,
    scoring.extensions.fed_by) locked first, in order of id: a change that writes one of
    those too holds it before the results version that every write takes last."""
    fed = extensions.fed_by(match if isinstance(match, Match) else Match(pk=match))
    if fed:
        lock_all([match.pk if isinstance(match, Match) else match, *fed])
    return lock(match)


def hands_of(match: Match) -> list[Hand]:
    """The match's hands in order: for the changes that replay it (a correction, an undo,
    a result from paper), never for a new hand."""
    return list(Hand.objects.filter(match=match).order_by("number"))


def saved_hand(match: Match, number) -> rules.Hand | None:
    """The hand stored under `number`, when the match has one (a hand sent again): one row,
    whatever the match's length."""
    if not (rules.is_whole(number) and 1 <= number <= match.hand_count):
        return None
    row = Hand.objects.filter(match=match, number=number).first()
    return row.to_rules() if row is not None else None


def refuse_if_closed(match: Match, by) -> None:
    """Other apps' say on changes to this match's hands (scoring.extensions): a closed
    round's table takes none."""
    if refusal := extensions.write_refusal(match, acting_user(by)):
        raise Conflict([refusal])


def write_summary(match: Match, summary: rules.Summary, *, hand_written: bool = True,
                  also: tuple[str, ...] = (), hand_added: bool = False) -> None:
    """Write `summary` on the match's row (and the fields `also` changed, in the same
    write), and move its version on. `hand_added`: the write adds one hand at the end and
    changes nothing else the history shows (Match.hands_added_since)."""
    now = timezone.now()
    was_finished = match.is_finished
    if hand_added:
        if match.hands_added_to != match.version:  # another write came since the last hand
            match.hands_added_from = match.version
        match.hands_added_to = match.version + 1
        also = (*also, "hands_added_from", "hands_added_to")
    match.status = summary.status
    match.winner = summary.winner
    match.finish_reason = summary.finish_reason
    match.score_a, match.score_b = summary.score
    match.hand_count = summary.hand_count
    match.version += 1
    match.updated_at = now
    fields = ["status", "winner", "finish_reason", "score_a", "score_b", "hand_count",
              "version", "updated_at", *also]
    if hand_written:
        match.last_hand_at = now
        fields.append("last_hand_at")
    match.save(update_fields=fields)
    extensions.after_match_write(match, result_changed=was_finished or summary.finished)


def save_moved_on(match: Match, fields: list[str], *, result_changed: bool = False) -> None:
    """Save `fields` of the match's row, and move its version on (every write to a match
    does): the apps built on scoring follow (`result_changed`: a finished result's
    confirmation, the standings then too)."""
    match.version += 1
    match.save(update_fields=[*fields, "version"])
    extensions.after_match_write(match, result_changed=result_changed)


def write_replay(match: Match, hands: list[Hand], *, hand_written: bool = True,
                 also: tuple[str, ...] = ()) -> rules.MatchState:
    """Write on the match's row where a replay of `hands` leaves it (and the fields `also`
    changed, in the same write); return that state."""
    state = match.replay(hands)
    if state.ends_early:  # the services refuse such changes before they get here
        raise Conflict([rules.Violation(
            "hands_after_end",
            gettext_noop("This match would hold hands after the one that ended it."),
        )], state=state)
    write_summary(match, state, hand_written=hand_written, also=also)
    return state
