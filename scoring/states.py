"""Each match's state (rules.MatchState: totals, winner, every hand's line) kept in Django's
cache, shared by the app servers when the cache is Redis (settings, REDIS_URL), so that
recording a hand steps the state by one hand instead of reading and replaying them all.

A state is stored under the match's version, which every write bumps, and only once the
write is committed; one that does not agree with the match's row (its totals, its count of
hands) is not used. The cache is never the truth: a miss costs one read of the hands and
a replay, as before.

A state kept by an earlier release may no longer fit this release's classes: the key holds
the state's schema (STATE_VERSION, and the shape of the rules' classes a state is made of),
so a new release reads none of the old ones, and any error reading or checking a kept state
is a miss, never an error for the keeper.

Each process also keeps the states it saw last as they are: a state under a given key never
changes, and taking it from there costs no pickling. The shared cache is asked only when it
is shared (Redis), not when it is the process's own memory anyway.
"""

import dataclasses
import hashlib
import logging
import threading
from collections import OrderedDict

from django.core.cache import cache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.db import transaction

from scoring import rules
from scoring.models import Match

log = logging.getLogger(__name__)

# Bump when what a kept state means changes without its classes' fields changing.
STATE_VERSION = 1


def _shape() -> str:
    """The fields of the classes a state is made of: changes when any of them does."""
    classes = (rules.MatchState, rules.HandLine, rules.Hand, rules.CardCount)
    fields = [f"{cls.__name__}:{','.join(f.name for f in dataclasses.fields(cls))}"
              for cls in classes] + [f"Pair:{','.join(rules.Pair._fields)}"]
    return hashlib.sha256(";".join(fields).encode()).hexdigest()[:8]


SCHEMA = f"{STATE_VERSION}.{_shape()}"

# A match is scored over an evening; its state is worth keeping for that long.
STATE_SECONDS = 6 * 3600
# The states a process keeps as they are: a club's evening of tables, and then some.
LOCAL_STATES = 500

_local: OrderedDict[str, rules.MatchState] = OrderedDict()
_local_lock = threading.Lock()


def _shared() -> bool:
    """Whether the cache is shared by the app servers (Redis), not this process's memory."""
    return not isinstance(caches["default"], LocMemCache)


def _keep_here(key: str, state: rules.MatchState) -> None:
    with _local_lock:
        _local[key] = state
        _local.move_to_end(key)
        while len(_local) > LOCAL_STATES:
            _local.popitem(last=False)


def forget_all() -> None:
    """This process's states forgotten (the tests' fresh start; the shared cache is
    emptied with cache.clear())."""
    with _local_lock:
        _local.clear()


def _key(match: Match) -> str:
    # The creation time tells apart two matches that got the same id (a restored backup,
    # a database emptied and filled again) while the cache kept the first one's state.
    return (f"match-state:{SCHEMA}:{match.pk}:{match.version}:"
            f"{match.created_at.timestamp():.6f}")


def _agrees(match: Match, state: rules.MatchState) -> bool:
    """The state says what the match's row says it is."""
    return (
        state.hand_count == match.hand_count
        and tuple(state.score) == (match.score_a, match.score_b)
        and state.status == match.status
        and (state.winner or None) == (match.winner or None)
        and (state.finish_reason or None) == (match.finish_reason or None)
        and (state.variant, state.target, state.first_dealer)
        == (match.variant, match.target, match.first_dealer)
    )


def cached(match: Match) -> rules.MatchState | None:
    """The state of the match as of its version, when this process or the shared cache
    has it."""
    key = _key(match)
    with _local_lock:
        state = _local.get(key)
    try:
        if state is None and _shared():
            state = cache.get(key)
            if state is not None:
                _keep_here(key, state)
        if state is None or not _agrees(match, state):
            return None
    except Exception as error:  # a state that no longer unpickles or fits: replay the hands
        log.warning("Match state %s not usable (%s: %s): replayed", key,
                    type(error).__name__, error)
        return None
    return state


def of(match: Match, hands=None) -> rules.MatchState:
    """The match's state: the cached one, or a replay of `hands` (model rows in order of
    number; read when not given)."""
    if match.hand_count == 0:  # nothing to read or replay
        return match.replay([])
    state = cached(match)
    if state is None:
        if hands is None:
            hands = match.hands.order_by("number")
        state = match.replay(hands)
    return state


def remember(match: Match, state: rules.MatchState) -> None:
    """Keep `state` as the match's, once the write that made it is committed (a write
    rolled back leaves nothing behind)."""
    key = _key(match)

    def keep():
        _keep_here(key, state)
        if _shared():
            cache.set(key, state, STATE_SECONDS)

    transaction.on_commit(keep)
