"""What other apps tell about a match: its tournament, round and table (registered by the
tournaments app at start-up; None for a match of its own)."""

_tournament_ref = None


def register_tournament_ref(function):
    global _tournament_ref
    _tournament_ref = function
    return function


def tournament_ref(match) -> dict | None:
    return _tournament_ref(match) if _tournament_ref else None
