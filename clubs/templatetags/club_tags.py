from django import template
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from clubs import rating_model
from clubs.public_names import choice_label, tells

register = template.Library()

# The club page's leader boards, in the order shown.
LEADER_LABELS = {
    "wins": _("Most wins"),
    "matches": _("Most matches"),
    "win_rate": _("Best win rate"),
    "team_politaines": _("Most politaines (with the team)"),
    "own_politaines": _("Most politaines (made by the player)"),
    "team_four_sevens": _("Most four sevens"),
    "points_per_hand": _("Most points per hand"),
}


@register.simple_tag
def leader_label(key):
    return LEADER_LABELS[key]


@register.simple_tag(takes_context=True)
def name_of(context, member, nickname=False):
    """A member's name as the page's reader may read it (the view's `names`, a
    clubs.public_names.PublicNames): in full for the organizers, else as the member chose."""
    return context["names"].of(member, nickname=nickname)


@register.simple_tag(takes_context=True)
def team_name(context, typed: str, pair, seated=("", "")):
    """A team of a club's match as the reader may read it: its typed name ("Les
    Politaineux"), unless that name tells who one of its players is whose name does not
    show in full (their name, a word of it, the name typed on their seat, `seated`, their
    nickname: public_names.PublicNames.told_by); then its players' names as they may be
    read ("Carole Roy & Denis C.")."""
    names, members = context["names"], context["members"]
    players = [(members.get(member), seat) for member, seat in zip(pair, seated, strict=True)
               if member is not None]
    words = set().union(*(names.told_by(player, seat) for player, seat in players
                          if player is not None))
    if not tells(typed, words):
        return typed
    return " & ".join(names.of(player) for player, _seat in players if player is not None)


@register.filter
def public_name_label(choice: str, club) -> str:
    """A name-in-public choice in words; "" is the club's own choice."""
    return choice_label(choice, club)


@register.filter
def history_choice(event, club) -> str:
    """A member's name-in-public change (a ClubEvent) in words: hidden, as the member's own
    number, the one recorded (else theirs now: a member's number never changes)."""
    number = event.params.get("number")
    if number is None and event.member is not None:
        number = event.member.number
    return choice_label(event.params.get("choice", ""), club,
                        number if type(number) is int else None)


@register.filter
def in_full(names, member) -> bool:
    """`names|in_full:member`: whether the reader sees the member's name as typed."""
    return names.in_full(member)


@register.filter
def of(mapping, key):
    """`members|of:id`: a dict's value (None when missing)."""
    return mapping.get(key) if mapping is not None else None


def one_decimal(value: float) -> str:
    """Rounded to one decimal (number_format alone cuts a float), the page's language."""
    return number_format(round(value, 1), 1)


@register.filter
def rating(member):
    """A player's shown rating (the ladder's scale), one decimal in the page's language."""
    if member is None or member.mu is None:
        return ""
    return one_decimal(rating_model.shown(member.mu, member.sigma))


@register.filter
def provisional(member) -> bool:
    """Rated after too few matches for the rating to say much yet."""
    return member is not None and rating_model.is_provisional(member.rated_matches)


@register.filter
def signed(value):
    """+1.4, -0.3 (one decimal, rounded, the page's language)."""
    text = one_decimal(abs(value))
    return f"+{text}" if round(value, 1) >= 0 else f"−{text}"


@register.filter
def rating_change(change):
    """What a rated match did to the player's shown rating."""
    return (rating_model.shown(change.mu_after, change.sigma_after)
            - rating_model.shown(change.mu_before, change.sigma_before))


@register.filter
def percent(value):
    return f"{round(value * 100)} %"


@register.filter
def of_index(sequence, index):
    return sequence[index]
