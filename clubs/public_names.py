"""How a member's name reads on the club's public pages, projectors, CSVs and public API:
in full, as first name and initial, or hidden ("Player 17"), as the member chose (or the
club, for members who chose nothing). The club's organizers read every name in full; a
name taken off (anonymized) reads "Player 17" for everyone."""

from django.utils.translation import gettext

from clubs.models import Club, Member, PublicName


def choice_label(choice: str, club: Club) -> str:
    """A member's choice in words; "" is the club's own choice."""
    if not choice:
        return gettext("as the club chooses (%(choice)s)") % {
            "choice": PublicName(club.public_name).label}
    return str(PublicName(choice).label)


def hidden_name(member_id: int) -> str:
    return gettext("Player %(number)s") % {"number": member_id}


def first_name_and_initial(name: str) -> str:
    """ "Marie-Josée Bélanger-Desrosiers" → "Marie-Josée B."; a single name stays whole."""
    words = name.split()
    if len(words) < 2:
        return name
    return f"{words[0]} {words[-1][0]}."


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
            return hidden_name(member.pk)
        choice = PublicName.FULL if self.full else self.choice(member)
        if choice == PublicName.HIDDEN:
            return hidden_name(member.pk)
        if choice == PublicName.INITIAL:
            return first_name_and_initial(member.name)
        return f"{member.name} ({member.nickname})" if nickname and member.nickname \
            else member.name

    def in_full(self, member: Member) -> bool:
        """Whether this reader sees the member's name as typed (its nickname, its typed
        team names)."""
        return member.anonymized_at is None and (
            self.full or self.choice(member) == PublicName.FULL)
