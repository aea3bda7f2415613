"""How another app extends scoring: every extension point, in one place.

Scoring keeps matches and hands and never imports the apps built on it. An app whose matches
are scored here (tournaments: a round's tables are matches) says what it knows of them by
registering one `MatchExtension` from its `AppConfig.ready()`, as Django's contrib apps
register their checks and signals:

    class TournamentsConfig(AppConfig):
        def ready(self):
            from scoring import extensions
            from tournaments.extension import TournamentMatches
            extensions.register(TournamentMatches())

Scoring asks every registered extension, through the functions below, and nowhere else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from django.db.models import Q

if TYPE_CHECKING:
    from scoring import rules
    from scoring.models import Match, Team


class MatchExtension(Protocol):
    """What an app may say about the matches it owns."""

    # Relations read with a match on every page of the table (select_related paths), so
    # that the methods below find them without a query.
    related: tuple[str, ...]

    def off_home_list(self) -> Q:
        """The matches that stay off a keeper's home list (followed elsewhere)."""

    def may_keep_score(self, user, match: Match) -> bool:
        """More users who keep a match's score through their account (its organizers)."""

    def is_public(self, match: Match) -> bool:
        """Whether anyone may read the match (a public tournament's)."""

    def write_refusal(self, match: Match, user) -> rules.Violation | None:
        """Why a change to the match's hands is refused now (a closed round), or None."""

    def answer_refusal(self, match: Match) -> rules.Violation | None:
        """Why the opponents may no longer confirm or dispute the match's score (its round
        or its tournament is closed: the result is final), or None."""

    def open_until(self, match: Match) -> str | None:
        """Until when the match's score stays open to the opponents' dispute, in the active
        language; None when nothing closes it."""

    def after_result_change(self, match: Match, before: rules.MatchState,
                            after: rules.MatchState, user) -> None:
        """A write changed the match's result: follow it (a knockout winner moves on), or
        raise a scoring.errors.Conflict, which takes the change back (same transaction)."""

    def fed_by(self, match: Match) -> list[int]:
        """Other matches a change to this one's result may write (a knockout's next
        match): locked with it, before the write (scoring.writing.lock_for_change)."""

    def after_match_write(self, match: Match, *, result_changed: bool) -> None:
        """A write moved the match's version on (`result_changed`: it changed a finished
        result, or ended the match): the pages that show it follow, in the same
        transaction."""

    def after_team_change(self, team: Team) -> None:
        """A team's name or players changed (the admin): the pages that show it follow."""

    def reference(self, match: Match) -> dict | None:
        """Where the match belongs, for its page and the API (tournament, round, table)."""

    def result_notes(self, match: Match, token: str | None = None) -> list[str]:
        """Lines the end screen of a finished match adds under its result (what it did to
        its players' club ratings), in the active language. `token`: the score keeper
        link's secret when the page came by the link (its links then need no account)."""


_registered: list[MatchExtension] = []


def register(extension: MatchExtension) -> MatchExtension:
    """Called once per app, from its AppConfig.ready()."""
    if extension not in _registered:
        _registered.append(extension)
    return extension


def related() -> list[str]:
    return [path for extension in _registered for path in extension.related]


def off_home_list() -> Q:
    condition = Q(pk__in=[])
    for extension in _registered:
        condition |= extension.off_home_list()
    return condition


def may_keep_score(user, match: Match) -> bool:
    return any(extension.may_keep_score(user, match) for extension in _registered)


def is_public(match: Match) -> bool:
    return any(extension.is_public(match) for extension in _registered)


def write_refusal(match: Match, user) -> rules.Violation | None:
    return next((refusal for extension in _registered
                 if (refusal := extension.write_refusal(match, user))), None)


def answer_refusal(match: Match) -> rules.Violation | None:
    return next((refusal for extension in _registered
                 if (refusal := extension.answer_refusal(match))), None)


def open_until(match: Match) -> str | None:
    return next((until for extension in _registered
                 if (until := extension.open_until(match))), None)


def after_result_change(match: Match, before: rules.MatchState, after: rules.MatchState,
                        user) -> None:
    if (before.winner, before.finish_reason) == (after.winner, after.finish_reason):
        return
    for extension in _registered:
        extension.after_result_change(match, before, after, user)


def fed_by(match: Match) -> list[int]:
    return [pk for extension in _registered for pk in extension.fed_by(match)]


def after_match_write(match: Match, *, result_changed: bool) -> None:
    for extension in _registered:
        extension.after_match_write(match, result_changed=result_changed)


def after_team_change(team: Team) -> None:
    for extension in _registered:
        extension.after_team_change(team)


def reference(match: Match) -> dict | None:
    return next((found for extension in _registered
                 if (found := extension.reference(match)) is not None), None)


def result_notes(match: Match, token: str | None = None) -> list[str]:
    return [note for extension in _registered
            for note in extension.result_notes(match, token=token)]
