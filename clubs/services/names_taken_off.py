"""The names of a member whose name was taken off, kept only as one-way keys, so that a
later match or night that types one of them counts for the member (under their number)
instead of adding the name to the roster again; and the club's history rewritten where it
named them.

A key is HMAC-SHA256 of the name's names.key (the look-alike form the roster compares names
by: "BRUNO  gagnon" is "Bruno Gagnon"), keyed by a secret drawn for the club
(Club.name_salt). The salt is the club's, not derived from SECRET_KEY and the club's id:
both change when the club moves to another server (export and import) or the server's key
is rotated, and every key would silently stop matching; the club's salt moves with it.
What that costs: whoever holds the club's data (or its file) can confirm a guessed name,
as the server itself must be able to; no one can read a name back or compare clubs."""

import hashlib
import hmac
import secrets

from django.utils.translation import gettext_noop

from clubs.models import Alias, Club, ClubEvent, Member, TakenOffName
from clubs.services._common import refuse
from scoring import names

# The skeletons of the digits ("1" is drawn like "l"): a number taken off ("#17") is no
# name of the person's and is never kept as one (another member may have it).
_DIGITS = frozenset(names.key("0123456789"))


def one_way_key(salt: str, key: str) -> str:
    return hmac.new(salt.encode(), key.encode(), hashlib.sha256).hexdigest()


def _salt(club_id: int, *, draw: bool) -> str:
    salt = Club.objects.filter(pk=club_id).values_list("name_salt", flat=True).first() or ""
    if not salt and draw:
        salt = secrets.token_hex(32)
        Club.objects.filter(pk=club_id).update(name_salt=salt)
    return salt


def _is_a_number(key: str) -> bool:
    return key.startswith("#") and len(key) > 1 and set(key[1:]) <= _DIGITS


def remember(member: Member, *, keys) -> None:
    """Keep `keys` (names.key of the member's names) as one-way keys of the member: in the
    caller's transaction, the club locked (privacy.take_names_off). A key another member's
    already (two people once typed alike) stays theirs."""
    keys = {key for key in keys if key and not _is_a_number(key)}
    # A name typed for them that is another member's (seats moved by a split) is not theirs.
    keys -= set(Alias.objects.filter(club_id=member.club_id, key__in=keys).exclude(
        member=member).values_list("key", flat=True))
    if not keys:
        return
    salt = _salt(member.club_id, draw=True)
    TakenOffName.objects.bulk_create(
        [TakenOffName(club_id=member.club_id, key=one_way_key(salt, key), member=member)
         for key in sorted(keys)], ignore_conflicts=True)


def member_once_named(club_id: int, key: str) -> Member | None:
    """The member whose name taken off was `key` (a names.key), or None."""
    salt = _salt(club_id, draw=False)
    if not salt:  # no name taken off yet
        return None
    found = TakenOffName.objects.filter(club_id=club_id, key=one_way_key(salt, key)
                                        ).select_related("member").first()
    return found.member if found else None


def taken_off_among(club_id: int, keys) -> set[str]:
    """Which of `keys` (names.key of typed names) were taken off a member: one query
    whatever their number (a pasted roster's preview)."""
    salt = _salt(club_id, draw=False)
    if not salt or not keys:
        return set()
    hashed = {one_way_key(salt, key): key for key in keys}
    return {hashed[found] for found in TakenOffName.objects.filter(
        club_id=club_id, key__in=list(hashed)).values_list("key", flat=True)}


# The roster's answer to a name taken off: the name as typed, nothing of whose it was.
TAKEN_OFF_MESSAGE = gettext_noop(
    "%(name)s is a name taken off the club's roster at its player's request: no player can "
    "be given it again.")


def refuse_if_taken_off(club_id: int, name: str, *, member: Member | None = None,
                        field: str = "name") -> None:
    """Refused: `name` (in any look-alike form) was taken off a member, whom it finds from
    now on (a roster player added, renamed or split off under it, or nicknamed it, would
    show it again); unless it is still `member`'s own name (one of their aliases)."""
    if not name:
        return
    key = names.key(name)
    if member is not None and Alias.objects.filter(club_id=club_id, key=key,
                                                   member=member).exists():
        return
    if member_once_named(club_id, key) is not None:
        refuse("name_taken_off", TAKEN_OFF_MESSAGE, field, name=names.normalise(name))


def rewrite_history(member: Member, *, keys, label: str) -> None:
    """The club's history entries that name the member (a split's second person, by their
    id or by one of their names, `keys`) name them by `label` instead."""
    for event in ClubEvent.objects.filter(club_id=member.club_id).exclude(params={}):
        params = _without(event.params, member, keys, label)
        if params != event.params:
            event.params = params
            event.save(update_fields=["params"])


def _without(params: dict, member: Member, keys, label: str) -> dict:
    named = params.get("new_member") == member.pk
    return {name: label if isinstance(value, str) and name != "choice" and (
                (named and name == "name") or names.key(value) in keys) else value
            for name, value in params.items()}
