"""How a member's name reads on the club's public pages, projectors, CSVs and public API:
in full, as first name and initial, or hidden ("Player 17"), as the member chose (or the
club, for members who chose nothing). The club's organizers read every name in full; a
name taken off (anonymized) reads "Player 17" for everyone."""

import re
import unicodedata

from django.utils.translation import gettext

from clubs.models import Club, Member, PublicName
from scoring import names


def choice_label(choice: str, club: Club, number: int | None = None) -> str:
    """A member's choice in words; "" is the club's own choice. With the member's `number`,
    hidden reads as their own name ("Hidden (“Player 33”)"), not as the example."""
    if not choice:
        return gettext("as the club chooses (%(choice)s)") % {
            "choice": choice_label(club.public_name, club, number)}
    if choice not in PublicName.values:  # a history written elsewhere: said as it is
        return str(choice)
    if choice == PublicName.HIDDEN and isinstance(number, int):
        return hidden_choice_label(number)
    return str(PublicName(choice).label)


def hidden_choice_label(number: int) -> str:
    return gettext("Hidden (“%(name)s”)") % {"name": hidden_name(number)}


def hidden_name(number: int) -> str:
    """A member's name hidden or taken off: their number in the club (Member.number)."""
    return gettext("Player %(number)s") % {"number": number}


# How a hidden player's number may be written, in either language: "Player 3", "Joueur 3",
# "#3" (a name taken off), whatever the case, the spacing, the letters drawn alike, and
# whatever is written between the word and the number ("Player-3", "Joueur nº 3", "Player
# #3", "Player ³") or after it ("Player 3."). Compared as names.key writes them.
_NUMBER_WORDS = frozenset(names.key(word) for word in ("player", "joueur", "joueuse"))
# Words that say "number" before one ("No. 3", "nº 3", "n° 3", "№ 3", "numéro 3").
_NUMBER_SIGNS = tuple(names.key(sign) for sign in ("no", "nr", "num", "number", "numero"))
# A digit of any script, or a letter a digit is drawn like in a key ("1" as "l", "0" as
# "o"): "Player 1O" reads as "Player 10".
_DIGIT = r"(?:\d|[" + "".join(sorted(set(names.key("0123456789")) - set("0123456789"))) + "])"
# The number last, after anything (the word, signs) and before nothing but punctuation.
_NUMBER_LAST = re.compile(rf"(?P<before>.*?){_DIGIT}+[\W_]*", re.DOTALL)


def reads_as_a_number(name: str) -> bool:
    """Whether a typed name reads as a hidden player's (or a name taken off): no roster
    player may be named so, or they would pass for that hidden one. A name that merely
    holds a number ("Anne 3", "Louis 14", "Joueur 3 Roy") or a word for one ("Player One")
    does not; nor does a bare number ("3"), which reads as no one's."""
    typed = "".join(char for char in unicodedata.normalize(
        "NFD", names.key(name or "").replace("°", "o")) if not unicodedata.combining(char))
    found = _NUMBER_LAST.fullmatch(typed)
    if found is None:
        return False
    before = found["before"]
    word = re.sub(r"[\W_]+", "", before)
    for sign in _NUMBER_SIGNS:
        if word.endswith(sign) and word[:-len(sign)] in _NUMBER_WORDS | {""}:
            return True
    return word in _NUMBER_WORDS or (not word and "#" in before)


def first_name_and_initial(name: str) -> str:
    """ "Marie-Josée Bélanger-Desrosiers" → "Marie-Josée B."; a single name stays whole."""
    words = name.split()
    if len(words) < 2:
        return name
    return f"{words[0]} {words[-1][0]}."


# Words too common in names to tell anyone by ("Marie de la Fontaine", "Anne et Marc").
PARTICLES = frozenset({"de", "du", "des", "la", "le", "les", "van", "von", "der", "den", "di",
                       "da", "del", "dos", "et", "and", "y"})
# A word of a name: letters and digits, and a number taken off ("#17") whole.
_WORD = re.compile(r"#?\w+")


def words_of(*written: str, but_first: bool = False) -> set[str]:
    """The words a person is told by in their names (a single letter, an initial, tells
    nobody; nor do particles). With `but_first`, each name's first word (the first name,
    which "Anne T." shows) is left out."""
    found = set()
    for name in written:
        if but_first:  # as first_name_and_initial splits it
            name = (name or "").split(maxsplit=1)[1] if len((name or "").split()) > 1 else ""
        for word in _WORD.findall(name or ""):
            plain = names.plain(word)
            if len(plain) > 1 and plain not in PARTICLES:
                # A look-alike letter from another script ("Gagnon" typed with a Cyrillic
                # a) makes the same word.
                found.add(names.folded(word))
    return found


def tells(typed: str, words: set[str]) -> bool:
    """Whether a typed name (a team's) holds one of `words` (words_of) as a whole word."""
    return bool(words) and not words.isdisjoint(words_of(typed))


class PublicNames:
    """The names one reader sees: the organizers' (`full`), or the public's."""

    def __init__(self, club: Club, *, full: bool):
        self.club_choice = club.public_name
        self.full = full

    def choice(self, member: Member) -> str:
        return member.public_name or self.club_choice

    def of(self, member: Member | None, *, nickname: bool = False) -> str:
        """The member's name for this reader; with `nickname`, followed by it when the
        name shows in full."""
        if member is None:
            return ""
        if member.anonymized_at is not None:
            return hidden_name(member.number)
        choice = PublicName.FULL if self.full else self.choice(member)
        if choice == PublicName.HIDDEN:
            return hidden_name(member.number)
        if choice == PublicName.INITIAL:
            return first_name_and_initial(member.name)
        return f"{member.name} ({member.nickname})" if nickname and member.nickname \
            else member.name

    def told_by(self, member: Member, *typed: str) -> set[str]:
        """The words that would tell who the member is where their name does not show in
        full (words_of): their name's, the names typed for them (`typed`) and their
        nickname's; but for the first name, which "Anne T." shows. None in full."""
        if self.in_full(member):
            return set()
        initial = member.anonymized_at is None and self.choice(member) == PublicName.INITIAL
        return words_of(member.name, *typed, but_first=initial) | words_of(member.nickname)

    def in_full(self, member: Member) -> bool:
        """Whether this reader sees the member's name as typed (its nickname, its typed
        team names)."""
        return member.anonymized_at is None and (
            self.full or self.choice(member) == PublicName.FULL)
