"""The only code that writes matches and hands.

Every function runs in one transaction and locks the match's row first, so that two
score keepers entering the same hand are served one after the other: the first is
recorded, the second is told the hand is already there. (On SQLite, where row locks do
not exist, the IMMEDIATE transactions of the settings serialise writers the same way.)
The match's row holds where it stands (score, hands, status, winner): a new hand is
checked against it and steps it by one hand (rules.step), every other change replays the
match's hands (scoring/writing.py).
"""

from dataclasses import dataclass

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_noop

from scoring import confirmations, extensions, names, rules, writing
from scoring.errors import AlreadySaved, Conflict, InvalidInput, NotAllowed, NotFound
from scoring.models import (
    ConfirmationMode,
    Hand,
    HandRevision,
    Match,
    Player,
    Team,
    new_link_secret,
)
from scoring.permissions import acting_user, can_keep_score

TEAM_NAME_MAX = 60
PLAYER_NAME_MAX = 60


@dataclass(frozen=True)
class NewTeam:
    """A team to create with a match: a name and no player or two."""

    name: str
    players: tuple[str, ...] = ()


def team_refusal(team: NewTeam, wrong_name: rules.Violation,
                 wrong_players: rules.Violation) -> list[rules.Violation]:
    """What is wrong with a team to create: its name (1 to 60 characters), its players (two
    names of 1 to 60, or none); each said as the caller words it (`wrong_name`,
    `wrong_players`), invisible characters as names.refusal says them."""
    name = names.refusal([team.name], TEAM_NAME_MAX, wrong_name)
    players = names.refusal(team.players, PLAYER_NAME_MAX, wrong_players) or (
        wrong_players if len(team.players) not in (0, 2) else None)
    return [problem for problem in (name, players) if problem]


def _validate_new_team(field: str, team: NewTeam) -> list[rules.Violation]:
    return team_refusal(
        team,
        rules.Violation("team_name", gettext_noop("A team name has 1 to 60 characters."),
                        f"{field}_name"),
        rules.Violation("team_players", gettext_noop(
            "Name both players of a team (1 to 60 characters each), or neither."),
            f"{field}_players"),
    )


def _one_seat_each(team_a: NewTeam | Team, team_b: NewTeam | Team) -> list[rules.Violation]:
    """A person sits in one seat of a match: four players named are four people, compared
    as names are (names.key). A tournament's teams were checked when they entered."""
    seen = set()
    for field, team in (("team_a", team_a), ("team_b", team_b)):
        for player in team.players if isinstance(team, NewTeam) else ():
            if (found := names.key(player)) in seen:
                return [rules.Violation("player_in_two_seats", gettext_noop(
                    "%(player)s is named in two seats: a person sits in one seat of a "
                    "match."), f"{field}_players",
                    {"player": names.shown(names.normalise(player))})]
            seen.add(found)
    return []


def make_team(team: NewTeam) -> Team:
    """Create a valid new team and its players, names normalised (in the caller's
    transaction)."""
    players = [Player.objects.create(name=names.normalise(name)) for name in team.players]
    return Team.objects.create(
        name=names.normalise(team.name),
        first_player=players[0] if players else None,
        second_player=players[1] if players else None,
    )


@transaction.atomic
@transaction.atomic
def team_changed(*, team: Team) -> None:
    """A team's name or players were changed (the admin saves it): its matches' versions
    move on (every phone on them draws its page again, history and all), and what the apps
    built on scoring draw of it follows (scoring.extensions)."""
    Match.objects.filter(Q(team_a=team) | Q(team_b=team)).update(version=F("version") + 1)
    extensions.after_team_change(team)


@transaction.atomic
def create_match(
    *,
    owner,
    variant: str,
    team_a: NewTeam | Team,
    team_b: NewTeam | Team,
    target: int | None = None,
    first_dealer: str = "N",
    confirmation_mode: str = ConfirmationMode.NONE,
) -> Match:
    """Start a match. The first player of team A sits North, of team B East.
    `confirmation_mode`: what the opponents confirm (scoring/confirmations.py)."""
    target = rules.target_or_usual(variant, target)
    problems = rules.validate_new_match(variant, target, first_dealer)
    for field, team in (("team_a", team_a), ("team_b", team_b)):
        if isinstance(team, NewTeam):
            problems += _validate_new_team(field, team)
    if not problems:
        problems += _one_seat_each(team_a, team_b)
    if problems:
        raise InvalidInput(problems)
    team_a = team_a if isinstance(team_a, Team) else make_team(team_a)
    team_b = team_b if isinstance(team_b, Team) else make_team(team_b)
    match = Match(owner=acting_user(owner), variant=variant, target=target,
                  first_dealer=first_dealer, team_a=team_a, team_b=team_b,
                  confirmation_mode=ConfirmationMode(confirmation_mode))
    _seat(match, team_a, team_b)
    match.save()
    return match


def _seat(match: Match, team_a: Team, team_b: Team) -> None:
    """The first player of team A sits North, the second South; team B East and West."""
    match.seat_n_id, match.seat_s_id = team_a.first_player_id, team_a.second_player_id
    match.seat_e_id, match.seat_w_id = team_b.first_player_id, team_b.second_player_id


# What a write to a match changes on its row: copied onto the caller's instance once the
# write succeeded, so that the caller answers from it without reading the match again.
WRITTEN_FIELDS = ("status", "winner", "finish_reason", "score_a", "score_b", "hand_count",
                  "version", "updated_at", "last_hand_at", "redeals", "first_dealer",
                  "hands_added_from", "hands_added_to",
                  "time_called_after", "forfeited_by", "scorekeeper_token",
                  # scoring/confirmations.py: a write may ask for the opponents' confirmation.
                  "confirmation", "confirmed_hands", "dispute_reason", "disputed_hand",
                  "disputed_values")


def _update_caller(match: Match | int, locked: Match) -> None:
    if isinstance(match, Match) and match is not locked:
        for name in WRITTEN_FIELDS:
            setattr(match, name, getattr(locked, name))


def _open(match: Match | int, by=None, *, guard=True):
    """The match locked for writing, its hands in order and its state: where every change
    that replays the match starts."""
    locked = writing.lock_for_change(match)
    if guard:
        writing.refuse_if_closed(locked, by)
    hands = writing.hands_of(locked)
    return locked, hands, locked.replay(hands)


@transaction.atomic
def record_hand(
    *, match: Match | int, number: int, hand: rules.Hand, by=None, first_dealer: str | None = None
) -> rules.Step:
    """Add hand `number`, which must be the match's next hand; return where the match
    stands after it, with the hand's line. The same hand sent again under its number raises
    AlreadySaved (nothing written).

    `first_dealer`, with hand 1, is the seat drawn to deal it: saved with the hand.

    The hand is checked against the match's row and steps it by one (rules.step): no other
    hand is read, so hand 70 costs what hand 1 does; a hand sent again under a number
    already taken reads that hand alone. When `match` is a Match, its row's fields are
    brought up to date (WRITTEN_FIELDS): the caller answers from it and the returned step,
    without reading the match again.
    """
    locked = writing.lock(match)
    summary = locked.summary()
    saved = writing.saved_hand(locked, number) if hand is not None else None
    conflict = rules.check_can_record(summary, number, hand, saved=saved)
    if conflict and conflict.code == rules.ALREADY_SAVED and first_dealer not in (
            None, locked.first_dealer):
        # Hand 1 again, with another first dealer: not what was saved.
        conflict = rules.check_can_record(summary, number)
    if conflict and conflict.code == rules.ALREADY_SAVED:
        # The same hand sent again (a retry after a lost answer) is no error, even once its
        # round is closed or its tournament over: nothing is written, so nothing to refuse.
        raise AlreadySaved([conflict], state=summary)
    writing.refuse_if_closed(locked, by)
    if conflict := conflict or confirmations.refusal_to_record(locked):
        raise Conflict([conflict], state=summary)
    if problems := rules.validate_hand(locked.variant, hand):
        raise InvalidInput(problems, state=summary)
    if first_dealer is not None and first_dealer != locked.first_dealer:
        _set_first_dealer(locked, first_dealer)  # only before hand 1 (refused after)
        summary = locked.summary()  # who deals changed with the first dealer
    row = Hand(match=locked, number=number, entered_by=acting_user(by))
    row.set_from_rules(locked.variant, hand)
    row.save(force_insert=True)
    recorded = rules.step(summary, hand, time_called_after=locked.time_called_after)
    writing.write_summary(locked, recorded, hand_added=True)
    confirmations.after_hands_change(locked, changed_from=number)
    extensions.after_result_change(locked, summary, recorded, acting_user(by))
    _update_caller(match, locked)
    return recorded


@transaction.atomic
def correct_hand(*, match: Match | int, number: int, hand: rules.Hand, by=None) -> rules.MatchState:
    """Replace hand `number` (also in a finished match) and replay the match.

    Refused when the match would then end before its last hand.
    """
    locked, hands, state = _open(match, by)
    if missing := rules.check_hand_exists(state, number):
        raise NotFound([missing], state=state)
    if problems := rules.validate_hand(locked.variant, hand):
        raise InvalidInput(problems, state=state)
    _, refusal = rules.check_correction(
        locked.variant, locked.target, locked.first_dealer,
        [h.to_rules() for h in hands], number, hand,
        time_called_after=locked.time_called_after, forfeited_by=locked.forfeited_by,
    )
    if refusal:
        raise Conflict([refusal], state=state)
    row = hands[number - 1]
    before = row.to_rules().as_dict()
    row.set_from_rules(locked.variant, hand)
    after = row.to_rules().as_dict()
    if before == after:
        return state
    row.updated_at = timezone.now()
    row.save()
    HandRevision.objects.create(
        match=locked, number=number, action=HandRevision.Action.CORRECTED,
        before=before, after=after, by=acting_user(by),
    )
    corrected = writing.write_replay(locked, hands, hand_written=False)
    confirmations.after_hands_change(locked, changed_from=number, hands=hands)
    extensions.after_result_change(locked, state, corrected, acting_user(by))
    _update_caller(match, locked)
    return corrected


@transaction.atomic
def undo_last_hand(*, match: Match | int, number: int | None = None, by=None) -> rules.MatchState:
    """Remove the last hand (when `number` is given, it must be the last one)."""
    locked, hands, state = _open(match, by)
    if refusal := rules.check_undo(state, number):
        raise Conflict([refusal], state=state)
    last = hands.pop()
    HandRevision.objects.create(
        match=locked, number=last.number, action=HandRevision.Action.UNDONE,
        before=last.to_rules().as_dict(), after=None, by=acting_user(by),
    )
    last.delete()
    undone = writing.write_replay(locked, hands, hand_written=False)
    confirmations.after_hands_change(locked, changed_from=last.number, hands=hands)
    extensions.after_result_change(locked, state, undone, acting_user(by))
    _update_caller(match, locked)
    return undone


@transaction.atomic
def note_redeal(*, match: Match | int, ordinal: int | None = None) -> rules.Summary:
    """Count a redeal: the same dealer deals again, nothing is scored.

    `ordinal`, from a phone that kept the redeal offline, says which of the match's redeals
    it is: sent again once the match counts that many, it raises AlreadySaved (nothing
    written), as a hand sent twice does."""
    locked = writing.lock(match)
    summary = locked.summary()
    if ordinal is not None and (noted := rules.check_redeal_noted(locked.redeals, ordinal)):
        # As for a hand: nothing is written, so nothing to refuse (a closed round, say).
        raise AlreadySaved([noted], state=summary)
    writing.refuse_if_closed(locked, None)
    if refusal := rules.check_redeal(locked.variant, summary, noted=locked.redeals):
        raise Conflict([refusal], state=summary)
    locked.redeals += 1
    writing.write_summary(locked, summary, hand_written=False, also=("redeals",))
    _update_caller(match, locked)
    return summary


@transaction.atomic
def call_time(*, match: Match | int) -> rules.MatchState:
    """A tournament round's time is called: the match ends after the hand being played
    (the leader wins; level scores play one more hand)."""
    locked, hands, state = _open(match, guard=False)
    if state.finished or locked.time_called_after is not None:
        return state
    locked.time_called_after = state.hand_count
    locked.save(update_fields=["time_called_after"])
    return writing.write_replay(locked, hands, hand_written=False)


@transaction.atomic
def take_back_time_call(*, match: Match | int) -> rules.MatchState:
    """Time was called by mistake: the match plays on to its target. Refused (nothing
    changes) once time has ended it."""
    locked, hands, state = _open(match, guard=False)
    if state.finish_reason == rules.FinishReason.TIME:
        raise Conflict([rules.Violation("time_ended_match", gettext_noop(
            "Time has already ended this match: the call cannot be taken back."))], state=state)
    if locked.time_called_after is None:
        return state
    locked.time_called_after = None
    return writing.write_replay(locked, hands, hand_written=False, also=("time_called_after",))


@transaction.atomic
def reissue_scorekeeper_token(*, match: Match | int) -> Match:
    """Revoke the score keeper link: the old one stops working, a new one is made."""
    locked = writing.lock(match)
    locked.scorekeeper_token = new_link_secret()
    writing.save_moved_on(locked, ["scorekeeper_token"])
    return locked


@transaction.atomic
def reissue_opponents_token(*, match: Match | int) -> Match:
    """Revoke the opponents' link (a slip left on the wrong side of the table, a link
    shared too widely): the old one stops working, a new one is made. The version moves on,
    so that an answer read through the old link is refused too."""
    locked = writing.lock(match)
    locked.opponents_token = new_link_secret()
    writing.save_moved_on(locked, ["opponents_token"])
    return locked


@transaction.atomic
def update_match_fields(*, match: Match | int, fields: dict) -> rules.MatchState:
    """Change a match's settings (the admin's edits) and replay its hands with them."""
    locked = writing.lock(match)
    if "first_dealer" in fields and fields["first_dealer"] != locked.first_dealer:
        _refuse_new_first_dealer_once_started(locked)
    for name, value in fields.items():
        setattr(locked, name, value)
    return writing.write_replay(locked, writing.hands_of(locked), hand_written=False,
                                also=tuple(fields))


@transaction.atomic
def replace_teams(*, match: Match | int, team_a: int, team_b: int) -> Match:
    """Seat other teams at a match that has not started (a tournament's swap, a knockout
    winner put through): its links are made anew, so that a team that no longer plays there
    keeps no slip that scores or confirms it."""
    locked = writing.lock(match)
    if locked.hand_count:
        raise Conflict([rules.Violation(
            "match_started", gettext_noop("This match has started: its teams cannot change."),
        )])
    teams = {team.pk: team for team in Team.objects.filter(pk__in=[team_a, team_b])}
    locked.team_a, locked.team_b = teams[team_a], teams[team_b]
    _seat(locked, locked.team_a, locked.team_b)
    locked.scorekeeper_token = new_link_secret()
    locked.opponents_token = new_link_secret()
    writing.save_moved_on(locked, ["team_a", "team_b", "seat_n", "seat_e", "seat_s", "seat_w",
                                   "scorekeeper_token", "opponents_token"])
    return locked


def _refuse_new_first_dealer_once_started(match: Match) -> None:
    if match.hand_count:
        raise Conflict([rules.Violation(
            "match_started",
            gettext_noop("The first dealer cannot change once a hand is played."),
        )])


@transaction.atomic
def set_first_dealer(*, match: Match | int, seat: str) -> rules.MatchState:
    """Record who deals first (drawn at the table) while no hand has been played."""
    locked, hands, _state = _open(match)
    _set_first_dealer(locked, seat)
    dealt = writing.write_replay(locked, hands, hand_written=False)
    _update_caller(match, locked)
    return dealt


def lock_matches(ids) -> None:
    """Lock matches that one transaction changes together (writing.lock_all)."""
    writing.lock_all(ids)


def _set_first_dealer(locked: Match, seat) -> None:
    if seat not in rules.SEATS:
        raise InvalidInput(rules.validate_new_match(locked.variant, locked.target, seat))
    _refuse_new_first_dealer_once_started(locked)
    locked.first_dealer = seat
    locked.save(update_fields=["first_dealer"])


@transaction.atomic
def take_back_forfeit(*, match: Match | int) -> rules.MatchState:
    """A withdrawal taken back (clicked by mistake): the match goes on from its hands."""
    locked, hands, state = _open(match, guard=False)
    if locked.forfeited_by is None:
        return state
    locked.forfeited_by = None
    state = writing.write_replay(locked, hands, hand_written=False, also=("forfeited_by",))
    confirmations.after_hands_change(locked, changed_from=locked.hand_count + 1, hands=hands)
    return state


@transaction.atomic
def forfeit(*, match: Match | int, team: str) -> rules.MatchState:
    """`team` withdrew mid-match: the other team wins a match the hands had not decided."""
    locked, hands, state = _open(match, guard=False)
    if state.finished:
        return state
    locked.forfeited_by = rules.Team(team)
    locked.save(update_fields=["forfeited_by"])
    state = writing.write_replay(locked, hands, hand_written=False)
    confirmations.after_hands_change(locked, changed_from=locked.hand_count + 1, hands=hands)
    return state


def _keeper_only(match: Match, by) -> None:
    if not can_keep_score(by, match):
        raise NotAllowed([rules.Violation(
            "not_your_match",
            gettext_noop("Only the match's score keepers can archive or delete it."),
        )])


@transaction.atomic
def archive_match(*, match: Match | int, by, archived: bool = True) -> Match:
    """Take a match off the keeper's home list (or put it back). It stays in the archive,
    the API and the exports."""
    locked = writing.lock(match)
    _keeper_only(locked, by)
    locked.archived_at = (locked.archived_at or timezone.now()) if archived else None
    writing.save_moved_on(locked, ["archived_at"])
    return locked


@transaction.atomic
def delete_match(*, match: Match | int, by) -> None:
    """Delete a match started by mistake: only one with no hand, and not a tournament's."""
    locked = writing.lock(match)
    _keeper_only(locked, by)
    if Hand.objects.filter(match=locked).exists():
        raise Conflict([rules.Violation(
            "match_has_hands",
            gettext_noop("This match has hands: archive it instead, it stays in the history."),
        )])
    if extensions.reference(locked) is not None:
        raise Conflict([rules.Violation(
            "tournament_match",
            gettext_noop("A tournament's match cannot be deleted."),
        )])
    locked.delete()


@transaction.atomic
def give_matches(*, matches, to) -> int:
    """Matches change hands (their owner's account is being deleted): `to` owns them from
    now on, as if they had started them. `matches` is a queryset; each match's version moves
    on. Returns how many changed hands."""
    ids = list(Match.objects.select_for_update().filter(pk__in=matches.values("pk"))
               .values_list("pk", flat=True))
    return Match.objects.filter(pk__in=ids).update(owner=to, version=F("version") + 1)


@transaction.atomic
def delete_matches(*, matches) -> int:
    """Delete matches for good (their owner's account is being deleted), with their hands,
    corrections and confirmations, and the teams and players they named that nothing else
    names (another match, a tournament's entry, a club's roster). `matches` is a queryset;
    the caller decides which may go. Returns how many were deleted."""
    rows = list(Match.objects.select_for_update().filter(pk__in=matches.values("pk"))
                .values_list("pk", "team_a_id", "team_b_id"))
    if not rows:
        return 0
    Match.objects.filter(pk__in=[pk for pk, _, _ in rows]).delete()
    teams = _unnamed(Team, {team for _, *pair in rows for team in pair})
    players = {pk for pair in Team.objects.filter(pk__in=teams).values_list(
        "first_player_id", "second_player_id") for pk in pair if pk is not None}
    Team.objects.filter(pk__in=teams).delete()
    Player.objects.filter(pk__in=_unnamed(Player, players)).delete()
    return len(rows)


def _unnamed(model, ids: set[int]) -> set[int]:
    """Those of `ids` that no row of any app points to (whatever model points to `model`,
    hidden relations included: an app built on scoring may name a team or a player)."""
    left = set(ids)
    for relation in model._meta.get_fields(include_hidden=True):
        if not left:
            break
        if relation.concrete or not (relation.one_to_many or relation.one_to_one):
            continue
        field = relation.field
        left -= set(relation.related_model.objects.filter(**{f"{field.name}__in": left})
                    .values_list(field.attname, flat=True))
    return left
