"""Names that people type (teams, players, tournaments, places): one form to store them in,
one key to compare them by, the same on every path (services, pages, API, admin).

Stored: Unicode NFC (an "é" typed as "e" and an accent is the keyboard's "é"), white space
trimmed and each run of it, no-break spaces included, one space. Refused: control characters,
and the invisible or blank characters that make two names look alike, a name look empty, or
show a name's letters in another order (zero-width characters, bidirectional controls,
fillers). Compared: by what they look like, whatever the case, the spacing, the width, the
invisible characters, or the script a letter was typed in ("Les Bleus", and the same with a
Cyrillic capital ve U+0412 for its B, or a Cyrillic ie U+0435 for an e, are one name):
Unicode's confusable skeleton (Unicode Technical Standard #39), as ICU computes it.
"""

import re
import unicodedata
from collections.abc import Iterable
from enum import Enum
from functools import lru_cache

import icu
from django.utils.translation import gettext, gettext_noop

from scoring import rules

# Zero-width characters and bidirectional controls: U+200B-U+200F, U+202A-U+202E,
# U+2066-U+2069 and U+FEFF; with them the other characters that show as nothing or as a
# blank (Unicode's default ignorables, and fillers): the soft hyphen (U+00AD), the
# combining grapheme joiner (U+034F), the Arabic letter mark (U+061C), the Hangul fillers
# (U+115F, U+1160, U+3164, U+FFA0), the Khmer vowels U+17B4 and U+17B5, the Mongolian
# selectors and separator (U+180B-U+180F), U+2060-U+206F, the braille blank (U+2800),
# U+FFF0-U+FFF8, and those of the supplementary planes.
INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f"
    "\u202a-\u202e\u2060-\u206f\u2800\u3164\ufeff\uffa0\ufff0-\ufff8"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a]")
# Variation selectors and tags shape emoji (a red heart, a flag): allowed, never compared.
SHAPING = re.compile("[\ufe00-\ufe0f\U000e0000-\U000e0fff]")

INVISIBLE_MESSAGE = gettext_noop(
    "Names cannot hold invisible or blank characters (zero-width spaces, direction marks, "
    "fillers): type the name again without them.")
INVISIBLE_LINE_MESSAGE = gettext_noop(
    "Team %(line)s: names cannot hold invisible or blank characters (zero-width spaces, "
    "direction marks, fillers): type the name again without them.")


class Problem(Enum):
    LENGTH = "length"  # not text, empty, or too long once normalised
    CONTROL = "control"
    INVISIBLE = "invisible"


def plain(text: str) -> str:
    """Text as a reader compares it by eye: whatever the case and the accents (Élise with
    the E's). Lists are ordered by `sort_key`."""
    return "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c)).casefold()


def normalise(value: str) -> str:
    """The form a name is stored in."""
    return " ".join(unicodedata.normalize("NFC", value).split())


# The longest key of a name of 60 characters: a character's skeleton is at most 18 long
# (U+FDFA's, in Arabic letters).
KEY_MAX_LENGTH = 60 * 18

# ICU's spoof checker: its skeleton is UTS #39's (the checks given no longer change it).
SPOOF_CHECKER = icu.SpoofChecker()


def skeleton(text: str) -> str:
    """UTS #39's skeleton of `text`: each character replaced by the one it is drawn like
    (Cyrillic ve U+0412 and Greek beta U+0392 by B, Cyrillic ie U+0435 by e, the digit 1
    by l), in NFD."""
    return SPOOF_CHECKER.getSkeleton(icu.USpoofChecks.ALL_CHECKS, text)


# Characters typed in names: a few thousand cover every script a club writes in, and a
# name of unseen ones cannot grow the process without bound.
@lru_cache(maxsize=4096)
def _looks(char: str) -> str:
    """What one character looks like, case aside. The skeleton is case-sensitive: a
    character drawn like a capital (Cyrillic ve U+0412 as B, Greek eta U+0397 as H, the
    digit 0 as O) counts as that capital's small letter; any other is folded to its small
    letter first, then drawn (Latin I and Ukrainian I U+0406 as i, so that case never
    matters for them)."""
    drawn = skeleton(char)
    if drawn != char and drawn.casefold() != drawn:
        return skeleton(drawn.casefold())
    return skeleton(char.casefold())


def folded(text: str) -> str:
    """What a search or a word is compared by: accents, case and look-alike letters aside
    at once (a Cyrillic capital ie, U+0415, typed for the É of "Élise")."""
    return key(plain(text))


def key(value: str) -> str:
    """What names are compared by: one key, one name, whatever the case, the spacing, the
    compatibility forms (full-width letters), invisible characters stored before, or the
    script a letter that looks the same was typed in (a skeleton: never shown)."""
    plain = unicodedata.normalize("NFKC", SHAPING.sub("", INVISIBLE.sub("", value)))
    return normalise("".join(_looks(char) for char in plain))


@lru_cache(maxsize=1)
def _collator() -> icu.Collator:
    """ICU's collation for French (Canada), made once a process: building one reads its
    rules; sorting with one only reads it."""
    return icu.Collator.createInstance(icu.Locale("fr_CA"))


def sort_key(name: str) -> bytes:
    """A name's place in an alphabetical list, as a French reader orders one: letters first,
    accents and case aside ("Élise" and "élise" with the E's, before "Normand"); then the
    accents, the last one first as French dictionaries do ("cote", "côte", "coté", "côté");
    then the case. One collation for every list of names (the roster, the ladder's ties,
    suggestions, CSVs, who sits where). Lists are sorted in Python with it: neither SQLite
    nor PostgreSQL (whose collations depend on how its server was built) orders the same."""
    return _collator().getSortKey(name or "")


# A name taken off at its person's request (clubs.services.privacy) is stored as a number,
# the same in every language: "#17", alone or as one of a team's two ("#17 & Marc Roy").
_TAKEN_OFF = re.compile(r"#(\d+)")


def shown(name: str) -> str:
    """A stored name as a page writes it: a name taken off ("#17") as "Player 17" in the
    reader's language, as the club's pages write a hidden player; any other as stored."""
    if "#" not in (name or ""):
        return name
    return " & ".join(gettext("Player %(number)s") % {"number": int(found[1])}
                      if (found := _TAKEN_OFF.fullmatch(part)) else part
                      for part in name.split(" & "))


def has_invisible(value: str) -> bool:
    return bool(INVISIBLE.search(value))


def has_control(value: str) -> bool:
    """A control character (NUL, a tab...) inside the name; around it, it is white space."""
    return any(unicodedata.category(char) == "Cc" for char in value.strip())


def problem(value, max_length: int) -> Problem | None:
    """Why `value` cannot be a name of at most `max_length` characters, or None."""
    if not isinstance(value, str):
        return Problem.LENGTH
    if has_invisible(value):
        return Problem.INVISIBLE
    if has_control(value):
        return Problem.CONTROL
    if not 0 < len(normalise(value)) <= max_length:
        return Problem.LENGTH
    return None


def refusal(values: Iterable, max_length: int, otherwise: rules.Violation
            ) -> rules.Violation | None:
    """None when each of `values` is a good name. Else the refusal of invisible characters
    (on the field, and the line of a list, of `otherwise`), or `otherwise`."""
    found = {problem(value, max_length) for value in values} - {None}
    if not found:
        return None
    if Problem.INVISIBLE in found:
        message = INVISIBLE_LINE_MESSAGE if "line" in otherwise.params else INVISIBLE_MESSAGE
        return rules.Violation("name_invisible", message, otherwise.field, otherwise.params)
    return otherwise
