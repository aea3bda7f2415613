"""What deleting an account would do, read without writing: the confirmation page shows it,
and accounts.services.delete_account carries it out (read again under its locks).

Who takes over what the account organized:
- a club it owns: the club's co-organizer added first (the oldest membership still there)
  whose account is active;
- a tournament it owns: likewise its co-organizer added first; a club night without
  co-organizer goes to its club's owner (the club's new owner when the club is the
  account's own);
- the matches go with them: a tournament's tables to its new owner, a club's matches (those
  of the account's own clubs and those it started in other clubs) to the club's owner;
- the account's own matches, outside any tournament or club, are deleted with it.
What has nobody to go to (a club without another organizer, a tournament without
co-organizer that is no club night) holds the deletion back until a co-organizer is added.
"""

from dataclasses import dataclass, field

from django.db.models import Count, Q

from clubs.models import Club, Member
from scoring.models import Match
from tournaments.models import Tournament


@dataclass(frozen=True)
class Handover:
    """A club or a tournament, and who takes it over."""

    item: Club | Tournament
    to: object  # the user who takes it over
    # A club night without co-organizer, which goes to its club's owner.
    club_night: bool = False


@dataclass(frozen=True)
class DeletionPlan:
    clubs: list[Handover] = field(default_factory=list)
    tournaments: list[Handover] = field(default_factory=list)
    # What nobody can take over: the deletion waits for a co-organizer.
    stuck_clubs: list[Club] = field(default_factory=list)
    stuck_tournaments: list[Tournament] = field(default_factory=list)
    own_matches: int = 0  # deleted with the account
    club_matches: int = 0  # in others' clubs: to their club's owner
    tournament_matches: int = 0  # in others' tournaments: to their owner
    co_organized_clubs: list[Club] = field(default_factory=list)
    co_organized_tournaments: list[Tournament] = field(default_factory=list)
    tokens: int = 0
    # Its places on clubs' rosters (Member.account): the links end, the members stay.
    linked_members: list[Member] = field(default_factory=list)

    @property
    def possible(self) -> bool:
        return not (self.stuck_clubs or self.stuck_tournaments)


def own_matches(user):
    """The user's matches of no tournament and no club: theirs alone."""
    return Match.objects.filter(owner=user, table__isnull=True, club_match__isnull=True)


def _first_co_organizers(through, key: str, ids: list[int], user) -> dict:
    """For each club or tournament of `ids`, its co-organizer added first (the lowest
    membership id), active and not `user`."""
    firsts = {}
    for membership in (through.objects.filter(**{f"{key}__in": ids}, user__is_active=True)
                       .exclude(user=user).select_related("user").order_by("pk")):
        firsts.setdefault(getattr(membership, f"{key}_id"), membership.user)
    return firsts


def deletion_plan(user) -> DeletionPlan:
    """What deleting `user`'s account would do, in a fixed handful of queries."""
    clubs = list(Club.objects.filter(owner=user).order_by("name", "pk"))
    club_heirs = _first_co_organizers(Club.organizers.through, "club",
                                      [club.pk for club in clubs], user)
    tournaments = list(Tournament.objects.filter(owner=user)
                       .select_related("club_night__club__owner")
                       .order_by("-date", "name", "pk"))
    tournament_heirs = _first_co_organizers(Tournament.organizers.through, "tournament",
                                            [t.pk for t in tournaments], user)
    handed_clubs, stuck_clubs = [], []
    for club in clubs:
        if club.pk in club_heirs:
            handed_clubs.append(Handover(club, club_heirs[club.pk]))
        else:
            stuck_clubs.append(club)
    handed_tournaments, stuck_tournaments = [], []
    for tournament in tournaments:
        if tournament.pk in tournament_heirs:
            handed_tournaments.append(Handover(tournament, tournament_heirs[tournament.pk]))
            continue
        night = getattr(tournament, "club_night", None)
        if night is None:
            stuck_tournaments.append(tournament)
        elif night.club.owner_id != user.pk:
            handed_tournaments.append(Handover(tournament, night.club.owner, club_night=True))
        elif night.club_id in club_heirs:
            handed_tournaments.append(Handover(tournament, club_heirs[night.club_id],
                                               club_night=True))
        # Else the club itself has nobody: its refusal says what to do for both.
    counts = Match.objects.filter(owner=user).aggregate(
        own=Count("pk", filter=Q(table__isnull=True, club_match__isnull=True)),
        # Matches in others' clubs and tournaments: those of its own go with them.
        club=Count("pk", filter=Q(club_match__isnull=False)
                   & ~Q(club_match__club__owner=user)),
        tournament=Count("pk", filter=Q(table__isnull=False)
                         & ~Q(table__round__tournament__owner=user)),
    )
    return DeletionPlan(
        clubs=handed_clubs, tournaments=handed_tournaments,
        stuck_clubs=stuck_clubs, stuck_tournaments=stuck_tournaments,
        own_matches=counts["own"], club_matches=counts["club"],
        tournament_matches=counts["tournament"],
        co_organized_clubs=list(Club.objects.filter(organizers=user).exclude(owner=user)
                                .order_by("name", "pk")),
        co_organized_tournaments=list(Tournament.objects.filter(organizers=user)
                                      .exclude(owner=user).order_by("-date", "name", "pk")),
        tokens=user.api_tokens.count(),
        linked_members=list(Member.objects.filter(account=user).select_related("club")
                            .order_by("club__name", "club_id")),
    )
