import factory
from django.contrib.auth import get_user_model

from scoring.models import Match, Player, Team


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"keeper{n}")
    password = factory.django.Password("correct horse battery staple")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    name = factory.Faker("first_name")


class TeamFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Team

    name = factory.Sequence(lambda n: f"Team {n}")
    first_player = factory.SubFactory(PlayerFactory)
    second_player = factory.SubFactory(PlayerFactory)


class MatchFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Match

    variant = "politaine"
    target = 33
    first_dealer = "N"
    team_a = factory.SubFactory(TeamFactory, name="Les Bleus")
    team_b = factory.SubFactory(TeamFactory, name="Les Rouges")
    owner = factory.SubFactory(UserFactory)
    seat_n = factory.SelfAttribute("team_a.first_player")
    seat_s = factory.SelfAttribute("team_a.second_player")
    seat_e = factory.SelfAttribute("team_b.first_player")
    seat_w = factory.SelfAttribute("team_b.second_player")


def seen_version(match) -> int:
    """The match's version as its page or the API shows it now: what a confirmation or a
    dispute says it saw (scoring.confirmations)."""
    pk = match if isinstance(match, int) else match.pk
    return Match.objects.values_list("version", flat=True).get(pk=pk)
