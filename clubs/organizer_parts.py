"""What an app built on clubs adds to the organizer's roster pages: the roster (the players'
door: the requests to be linked) and a member's page (the member's account and invitation).

Such an app registers a provider from its `AppConfig.ready()`, as clubs registers its
provider of tournaments.suggestions; clubs never imports it. A provider answers, for the
page's request and club (and, on a member's page, the member), a `Part`: a template the
page includes where its parts go, with its context, or None.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

ROSTER = "roster"
MEMBER = "member"
# The club's own page, which anyone who may read the club reads (not only organizers): the
# players' door (the nights ahead, a reader's link to the club).
CLUB = "club"


@dataclass(frozen=True)
class Part:
    template: str
    context: dict = field(default_factory=dict)


Provider = Callable[..., Part | None]

_providers: dict[str, list[Provider]] = {ROSTER: [], MEMBER: [], CLUB: []}


def register(page: str, provider: Provider) -> None:
    if provider not in _providers[page]:
        _providers[page].append(provider)


def parts(page: str, request, club, **kwargs) -> list[Part]:
    """Each registered provider's part of the page, in the order they were registered."""
    return [part for provider in _providers[page]
            if (part := provider(request, club, **kwargs)) is not None]
