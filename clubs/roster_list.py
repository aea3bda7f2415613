"""A roster pasted as a list, one name per line, read as the roster would take each name
(clubs.services.add_member's checks, in its order): added, already on the roster (in any
look-alike form, or under a name the player had before), listed twice, or refused, with
the reason. Nothing written; a fixed number of queries whatever the list's length."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from clubs import public_names
from clubs.models import Alias, Member
from clubs.services import names_taken_off
from scoring import names
from scoring.services import PLAYER_NAME_MAX
from tournaments.models import Format
from tournaments.services import parse_entry_list

# The longest list read at once: a club's roster, not a city's.
LIST_MAX = 200


class Outcome(StrEnum):
    NEW = "new"
    ON_ROSTER = "on_roster"
    TWICE = "twice"
    REFUSED = "refused"


class Reason(StrEnum):
    """Why a line's name cannot join the roster (the page says it in words)."""

    LENGTH = "length"
    INVISIBLE = "invisible"
    CONTROL = "control"
    NUMBER = "number"
    TAKEN_OFF = "taken_off"


@dataclass(frozen=True)
class Line:
    number: int  # the line of the text, blank lines counted
    name: str  # as stored (names.normalise), as typed when refused
    outcome: Outcome
    member: Member | None = None  # on the roster: who
    first: int | None = None  # listed twice: the line it is first on
    reason: Reason | None = None

    @property
    def looks_alike(self) -> bool:
        """On the roster under another spelling (case, accents drawn alike, a former
        name): the page says which player it is."""
        return self.member is not None and self.member.name != self.name


def _reason(typed: str) -> Reason | None:
    problem = names.problem(typed, PLAYER_NAME_MAX)
    if problem is not None:
        return Reason(problem.value)
    if public_names.reads_as_a_number(typed):
        return Reason.NUMBER
    return None


def lines_of(text: str) -> list:
    """The list's names, one a line, blank lines skipped (tournaments' pasted lists)."""
    return parse_entry_list(Format.INDIVIDUAL, text)


def read(club_id: int, text: str) -> list[Line]:
    """Each line of `text` with what adding it to the club's roster does."""
    listed = lines_of(text)
    checked = [(entry.line, entry.name, _reason(entry.name)) for entry in listed]
    keys = {names.key(typed) for _, typed, reason in checked if reason is None}
    on_roster = {alias.key: alias.member for alias in Alias.objects.filter(
        club_id=club_id, key__in=list(keys)).select_related("member")} if keys else {}
    taken_off = names_taken_off.taken_off_among(club_id, keys - set(on_roster))
    lines, first = [], {}
    for number, typed, reason in checked:
        if reason is not None:
            lines.append(Line(number, typed, Outcome.REFUSED, reason=reason))
            continue
        key, name = names.key(typed), names.normalise(typed)
        if key in first:
            lines.append(Line(number, name, Outcome.TWICE, first=first[key]))
            continue
        first[key] = number
        if key in on_roster:
            lines.append(Line(number, name, Outcome.ON_ROSTER, member=on_roster[key]))
        elif key in taken_off:
            lines.append(Line(number, name, Outcome.REFUSED, reason=Reason.TAKEN_OFF))
        else:
            lines.append(Line(number, name, Outcome.NEW))
    return lines


def adding(lines: list[Line]) -> list[str]:
    """The names the list adds, in its order."""
    return [line.name for line in lines if line.outcome == Outcome.NEW]
