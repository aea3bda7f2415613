"""The club's matches and nights: a match started for the club, a tournament made one of its
nights; the players of both join the roster."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext_noop

from clubs.models import Club, ClubMatch, ClubNight, Season
from clubs.services import one_seat, ratings
from clubs.services._common import conflict, lock, refuse
from clubs.services.roster import member_found, members_of, players_of_teams, seat_players
from scoring import services as scoring
from tournaments import services as tournaments
from tournaments.models import Entry, Tournament


@transaction.atomic
def start_match(*, club: Club | int, owner, variant: str, team_a: scoring.NewTeam,
                team_b: scoring.NewTeam, target: int | None = None,
                first_dealer: str = "N"):
    """A match of the club's: its four players found on the roster by name (new names join
    it); refused, before anything is written, when two names are one person of the roster
    (one_seat)."""
    locked = lock(club)
    one_seat.refuse_match(
        (member_found(locked.pk, name), name, field)
        for team, fields in ((team_a, ("seat_n", "seat_s")), (team_b, ("seat_e", "seat_w")))
        for name, field in zip(team.players, fields, strict=False))
    match = scoring.create_match(owner=owner, variant=variant, team_a=team_a, team_b=team_b,
                                 target=target, first_dealer=first_dealer)
    ClubMatch.objects.create(match=match, club=locked)
    seat_players(locked.pk, players_of_teams([match.team_a, match.team_b]))
    return match


@transaction.atomic
def add_night(*, club: Club | int, tournament: Tournament,
              season: Season | None = None) -> ClubNight:
    """A tournament becomes one of the club's nights: its teams' players join the roster and
    its matches count for the club's statistics and ratings (and for `season`, one of the
    club's seasons, when given)."""
    locked = lock(club)
    if ClubNight.objects.filter(tournament=tournament).exists():
        conflict("night_taken", gettext_noop("This tournament is already a club night."),
                 "tournament")
    if season is not None and season.club_id != locked.pk:
        refuse("season_nights", gettext_noop("Choose a season of this club."), "season")
    night = ClubNight.objects.create(tournament=tournament, club=locked)
    if season is not None:
        season.nights.add(night)
    entries = list(Entry.objects.filter(tournament=tournament).select_related("team",
                                                                               "player"))
    players = players_of_entries(entries)
    one_seat.refuse_night(members_of(locked.pk, players))
    seat_players(locked.pk, players)
    ratings.rerate(club=locked.pk)
    # Its public pages, kept in the cache, are drawn anew: its players now show as they
    # chose to be named in the club.
    Tournament.objects.filter(pk=tournament.pk).update(version=F("version") + 1)
    return night


@transaction.atomic
def create_night(*, club: Club | int, owner, settings: tournaments.Settings, teams=(),
                 season: Season | None = None) -> ClubNight:
    """A new tournament made one of the club's nights at once (add_night): both, or
    neither when either is refused."""
    locked = lock(club)
    tournament = tournaments.create_tournament(owner=owner, settings=settings, teams=teams)
    return add_night(club=locked, tournament=tournament, season=season)


def seat_entry(entry: Entry) -> None:
    """A team added to a club night: its players join the roster (tournaments' signal, in
    the transaction that adds it, which a refusal rolls back): refused when one of them is
    a person of the roster who plays the night already (one_seat)."""
    club_id = ClubNight.objects.filter(tournament_id=entry.tournament_id).values_list(
        "club_id", flat=True).first()
    if club_id is not None:
        lock(club_id)
        others = Entry.objects.filter(tournament_id=entry.tournament_id).exclude(
            pk=entry.pk).select_related("team", "player")
        players = players_of_entries([entry])
        one_seat.refuse_night(members_of(club_id, players_of_entries(others) + players))
        seat_players(club_id, players)


def players_of_entries(entries) -> list:
    """Who plays for the entries: a team's two players, or an individual night's player."""
    return players_of_teams([e.team for e in entries]) + [e.player for e in entries
                                                          if e.player_id is not None]
