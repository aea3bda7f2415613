"""What a standings table counts for each team, and which of it breaks ties: every column's
key, words and number in one registry. Plain Python (like Tabbycat's standings/metrics.py,
without its class hierarchy).

The standings (tournaments/standings.py) compute each column with its `value`; the
organizer's settings form offers the tie-breaks by their `label`; the pages head their
columns with the `abbreviation` and its `title` (tournaments/templatetags); the API and the
CSV export name them by `key`. Words are English templates marked with `_`, translated by
the Django layer (one-letter abbreviations carry a context for the translators).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields, replace

from tournaments.formats import SWISS_FORMATS, Format


def _(message: str) -> str:
    """Mark a message for translation without translating it (like gettext_noop)."""
    return message


def pgettext(context: str, message: str) -> tuple[str, str]:
    """Mark a message and its context for translation (makemessages reads it as Django's
    pgettext); the Django layer translates the pair."""
    return context, message


Words = str | tuple[str, str]  # a message, or (context, message)


@dataclass(frozen=True)
class Counts:
    """What is counted for a team from its results, before any metric is computed."""

    played: int  # finished matches; byes are not matches
    wins: int  # match wins + byes
    losses: int
    byes: int
    points_for: int
    points_against: int


COUNTED = tuple(field.name for field in fields(Counts))


@dataclass(frozen=True)
class Tally(Counts):
    """One team's results: what every metric is computed from."""

    opponents: tuple[int, ...]  # every opponent met, once per meeting


@dataclass(frozen=True)
class Metric:
    key: str
    abbreviation: Words  # a column's head
    title: Words  # what the abbreviation stands for
    value: Callable[[Tally, Mapping[int, Tally]], int]  # the team's tally, everyone's
    label: Words = ""  # a tie-break's name in the organizer's choice
    wide: bool = False  # a column left out on a phone's narrow screen
    signed: bool = False  # shown with its sign: +3


COLUMNS: tuple[Metric, ...] = (
    Metric("wins", pgettext("wins", "W"), _("Wins (a bye counts as a win)"),
           lambda t, _all: t.wins),
    Metric("losses", pgettext("losses", "L"), _("Losses"), lambda t, _all: t.losses),
    Metric("byes", _("Byes"), _("Byes"), lambda t, _all: t.byes, wide=True),
    Metric("played", pgettext("played", "P"), _("Matches played (byes not counted)"),
           lambda t, _all: t.played, wide=True),
    Metric("points_for", _("For"), _("Points for"), lambda t, _all: t.points_for,
           label=_("Points scored"), wide=True),
    Metric("points_against", pgettext("points against", "Ag."), _("Points against"),
           lambda t, _all: t.points_against, wide=True),
    Metric("difference", _("Diff."), _("Points difference"),
           lambda t, _all: t.points_for - t.points_against, label=_("Points difference"),
           signed=True),
    # A bye has no opponent, so it adds nothing here.
    Metric("buchholz", _("Buch."), _("Buchholz: the wins of the opponents met"),
           lambda t, everyone: sum(everyone[o].wins for o in t.opponents),
           label=_("Buchholz (opponents' wins)")),
)
METRICS: dict[str, Metric] = {metric.key: metric for metric in COLUMNS}

# What an organizer may order after wins (the seed breaks whatever is left).
TIEBREAKS: tuple[str, ...] = ("buchholz", "difference", "points_for")


def default_tiebreaks(format: str) -> tuple[str, ...]:
    """Buchholz only means something when opponents differ, as they do in Swiss rounds."""
    if Format(format) in SWISS_FORMATS:
        return TIEBREAKS
    return tuple(key for key in TIEBREAKS if key != "buchholz")


def check_tiebreaks(tiebreaks: Sequence[str]) -> None:
    unknown = [name for name in tiebreaks if name not in TIEBREAKS]
    if unknown:
        raise ValueError(f"Unknown tie-break(s): {', '.join(map(repr, unknown))}")


# An individual night's standings have a player per line: a round sat out is no win, and
# its columns say so (tournaments.individual).
INDIVIDUAL_WORDS: dict[str, tuple[Words, Words]] = {
    "wins": (pgettext("wins", "W"), _("Wins")),
    "byes": (pgettext("rounds sat out", "Out"), _("Rounds sat out")),
    "played": (pgettext("played", "P"), _("Rounds played")),
    "points_for": (_("For"), _("Points for (with what the rounds sat out scored)")),
}


def columns(*, buchholz: bool = True, individual: bool = False) -> tuple[Metric, ...]:
    """The standings' columns, Buchholz left out where it means nothing (an individual
    night's partners and opponents change every round: it has none)."""
    chosen = [metric for metric in COLUMNS
              if (buchholz and not individual) or metric.key != "buchholz"]
    if individual:
        return tuple(replace(metric, abbreviation=INDIVIDUAL_WORDS[metric.key][0],
                             title=INDIVIDUAL_WORDS[metric.key][1])
                     if metric.key in INDIVIDUAL_WORDS else metric for metric in chosen)
    return tuple(chosen)
