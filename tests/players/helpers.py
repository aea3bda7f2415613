"""Building a club's nights ahead for tests: a club, members linked to accounts, a night
with its sign-up sheet."""

from datetime import timedelta

from django.utils import timezone

from clubs import services as clubs
from clubs.models import Member
from players import services
from tests.factories import UserFactory
from tournaments import services as tournaments

NAMES = ["Anne Roy", "Luc Côté", "Élise Bouchard", "Marc Gagnon", "Julie Fortin",
         "Denis Pelletier", "Sylvie Lavoie", "Rémi Caron", "Nathalie Morin", "Guy Bélanger",
         "Lise Ouellet", "Paul Tremblay", "Carole Roy", "Yves Dubé", "Hélène Girard",
         "Serge Leblanc", "Manon Cloutier", "André Lévesque", "Diane Poirier", "Michel Roy",
         "Chantal Simard", "Pierre Bédard", "Josée Nadeau", "Claude Boucher"]


def club_with_members(owner, count: int, *, name="Club du mardi"):
    """A club and `count` members, each linked to an account of their own (users[i] is
    members[i]'s)."""
    club = clubs.create_club(owner=owner, name=name)
    members, users = [], []
    for number in range(1, count + 1):
        member = clubs.add_member(club=club, name=NAMES[number - 1])
        user = UserFactory(username=f"player{number:02d}")
        member.account = user
        member.save(update_fields=["account"])
        members.append(member)
        users.append(user)
    return club, members, users


def night_ahead(club, owner, *, individual=False, cap=None, days=7, opens_in=None,
                closes_in=None, name="Soirée du mardi"):
    """A club night starting in `days` days, with a sign-up sheet open now (or as told)."""
    settings = tournaments.Settings(
        name=name, variant="politaine", target=21,
        format="individual" if individual else "swiss")
    night = clubs.create_night(club=club, owner=owner, settings=settings)
    now = timezone.now()
    tournaments.schedule(tournament=night.tournament, starts_at=now + timedelta(days=days),
                         zone=club.time_zone)
    night.tournament.refresh_from_db()
    services.set_sheet(night=night, by=owner, settings=services.SheetSettings(
        opens_at=now + opens_in if opens_in is not None else None,
        closes_at=now + closes_in if closes_in is not None else None,
        cap=cap))
    return night


def member(club, name: str) -> Member:
    """The roster's player of that name."""
    return Member.objects.get(club=club, name=name)
