"""The names a tournament's public pages, projector and public API give its entries.

An entry shows its typed name, unless an app that knows who the players are (clubs, for a
club night) says otherwise: a player who asked for their name not to show in full is shown
as they chose ("Anne T.", "Player 17"), and so is a team whose players did (its players'
names as they may be read, in place of its typed name). Such an app registers a provider
from its `AppConfig.ready()`, as with tournaments.suggestions; tournaments never imports it.
A provider answers, for a tournament, {entry id: public name} for the entries to rename.
"""

from collections.abc import Callable
from dataclasses import replace

Provider = Callable[[object], dict[int, str]]

_providers: list[Provider] = []


def register(provider: Provider) -> None:
    if provider not in _providers:
        _providers.append(provider)


def renamed(tournament) -> dict[int, str]:
    """The entries whose public name is not their typed name (none for most tournaments)."""
    found: dict[int, str] = {}
    for provider in _providers:
        found.update(provider(tournament))
    return found


def for_the_public(view, tournament):
    """An Overview (or StandingsOnly) as the public reads it: the entries and standings
    renamed where their players asked, and an individual night's partnerships named after
    the renamed players. The organizers' pages never call it."""
    names = renamed(tournament)
    if not names:
        return view
    standings = [replace(s, name=names.get(s.team_id, s.name)) for s in view.standings]
    if not hasattr(view, "rounds"):  # standings only
        return replace(view, standings=standings)
    for entry in view.entries:
        if entry.pk in names:
            entry.shown_as = names[entry.pk]
    for round_view in view.rounds:
        for table in round_view.tables:
            for side in ("entry_a", "entry_b"):
                partnership = getattr(table, side)
                if getattr(partnership, "players", None) and any(
                        player.pk in names for player in partnership.players):
                    setattr(table, side, replace(partnership, name=" & ".join(
                        player.name for player in partnership.players)))
            table.__dict__.pop("winner", None)  # drawn again from the renamed sides
    return replace(view, standings=standings)
