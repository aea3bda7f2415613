"""Where a tournament's teams page finds the players' names to offer as they are typed.

An app that keeps rosters of players (clubs) registers a provider from its
`AppConfig.ready()`, as it registers its scoring extension; tournaments never imports it.
A provider answers, for a tournament and the organizer on its teams page, the URL of a
<datalist> of names (it is given the typed name and the list's id), or None.
"""

from collections.abc import Callable

Provider = Callable[[object, object], str | None]

_providers: list[Provider] = []


def register(provider: Provider) -> None:
    if provider not in _providers:
        _providers.append(provider)


def players_url(tournament, user) -> str | None:
    """The first registered provider's URL for this tournament, if any offers one."""
    for provider in _providers:
        if url := provider(tournament, user):
            return url
    return None
