"""Domain errors raised by the services; views and the API turn them into messages."""

from django.utils.translation import gettext, ngettext

from scoring import rules


class ScoringError(Exception):
    """A write the rules refuse. Carries every reason and, when known, the match's state."""

    def __init__(self, violations: list[rules.Violation], *, state: rules.MatchState | None = None):
        self.violations = list(violations)
        self.state = state
        super().__init__("; ".join(v.code for v in self.violations))

    @property
    def codes(self) -> list[str]:
        return [v.code for v in self.violations]

    def messages(self, team_label=lambda team: team) -> list[str]:
        """The reasons in the active language."""
        return [render(v, team_label) for v in self.violations]


class InvalidInput(ScoringError):
    """The hand or match itself breaks a rule: fix the input and send it again."""


class Conflict(ScoringError):
    """The match has moved on: the hand was already entered, the match is over, or the change
    would leave hands that could not have been played."""


class AlreadySaved(Conflict):
    """The hand sent is the one already saved under its number (a retry): nothing was
    written, and the caller may answer as for a save. Callers that do not look for it
    refuse it as any other conflict."""


class NotFound(ScoringError):
    """There is no such hand."""


class NotAllowed(ScoringError):
    """The user may not change this match."""


def render(violation: rules.Violation, team_label=lambda team: team) -> str:
    """A violation's message translated into the active language."""
    return violation.render(gettext, team_label, ngettext)
