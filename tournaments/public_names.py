"""The names a tournament's public pages, projector and public API give its entries.

An entry shows its typed name, unless an app that knows who the players are (clubs, for a
club night) says otherwise: a player who asked for their name not to show in full is shown
as they chose ("Anne T.", "Player 17"), and so is a team whose players did (its players'
names as they may be read, in place of its typed name). Such an app registers a provider
from its `AppConfig.ready()`, as with tournaments.suggestions; tournaments never imports it.
A provider answers, for a tournament, {entry id: public name} for the entries to rename;
a players' provider (register_players), {scoring.Player id: public name} for the players
to rename, for what names players one by one (a match in the public API).
"""

from collections.abc import Callable
from dataclasses import replace

from tournaments.models import Table

Provider = Callable[[object], dict[int, str]]

_providers: list[Provider] = []
_player_providers: list[Provider] = []


def register(provider: Provider) -> None:
    if provider not in _providers:
        _providers.append(provider)


def register_players(provider: Provider) -> None:
    if provider not in _player_providers:
        _player_providers.append(provider)


def renamed_players(tournament) -> dict[int, str]:
    """The players (scoring.Player ids) whose public name is not their typed name."""
    found: dict[int, str] = {}
    for provider in _player_providers:
        found.update(provider(tournament))
    return found


def for_the_public_match(match) -> dict[str, dict]:
    """A tournament match's teams as the public reads them, for those to rename: {"a" or
    "b": {"name": ..., "players": [...]}} (nothing for most matches). A team's entry is
    named as on the tournament's pages; an individual night's partnership after its two
    players, as they may be read."""
    table = (Table.objects.filter(match_id=match.pk).select_related("round__tournament")
             .first())
    if table is None:
        return {}
    tournament = table.round.tournament
    players = renamed_players(tournament)
    if not players:
        return {}
    entries = renamed(tournament)
    shown = {}
    for side, team, entry_id in (("a", match.team_a, table.entry_a_id),
                                 ("b", match.team_b, table.entry_b_id)):
        seated = [p for p in (team.first_player, team.second_player) if p is not None]
        if not any(p.pk in players for p in seated) and entry_id not in entries:
            continue
        names = [players.get(p.pk, p.name) for p in seated]
        shown[side] = {"name": entries.get(entry_id, team.name) if entry_id is not None
                       else " & ".join(names), "players": names}
    return shown


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
