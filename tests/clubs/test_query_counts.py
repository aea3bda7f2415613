"""The club's pages read a fixed number of queries: the same for a club of 200 players and
2,000 matches as for a club of four."""

import random

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs import services
from clubs.models import ClubMatch, Member, Seat
from scoring import rules
from scoring.models import Match, Player, Team
from tests.clubs.helpers import club_match, win


def big_club(owner, players=200, matches=2000):
    """Rows made directly (the services would take minutes): finished matches on the target
    between random pairs of the roster, then the ratings replayed once."""
    club = services.create_club(owner=owner, name="Grand club")
    people = Player.objects.bulk_create(Player(name=f"Joueur {i}") for i in range(players))
    members = Member.objects.bulk_create(Member(club=club, name=p.name, number=number)
                                         for number, p in enumerate(people, start=1))
    Seat.objects.bulk_create(Seat(player=p, member=m) for p, m in zip(people, members,
                                                                       strict=True))
    teams = Team.objects.bulk_create(Team(name=f"Équipe {i}", first_player=people[2 * i],
                                          second_player=people[2 * i + 1])
                                     for i in range(players // 2))
    chooser = random.Random(7)
    rows = []
    for _ in range(matches):
        a, b = chooser.sample(teams, 2)
        rows.append(Match(variant="politaine", target=11, first_dealer="N", team_a=a, team_b=b,
                          seat_n=a.first_player, seat_s=a.second_player, seat_e=b.first_player,
                          seat_w=b.second_player, owner=owner, status=rules.Status.FINISHED,
                          winner="a", finish_reason=rules.FinishReason.TARGET, score_a=12,
                          score_b=chooser.randint(0, 10), hand_count=chooser.randint(1, 5)))
    created = Match.objects.bulk_create(rows)
    ClubMatch.objects.bulk_create(ClubMatch(match=m, club=club) for m in created)
    services.rerate(club=club)
    return club


def small_club(owner):
    club = services.create_club(owner=owner, name="Petit club")
    club_match(club, owner, ("Anne", "Benoît"), ("Chloé", "Denis"), [win("a")])
    return club


def queries(client, url) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured.captured_queries)


def pages(club):
    member = Member.objects.filter(club=club).order_by("pk").first()
    return [reverse("club_page", args=[club.pk]),
            reverse("club_player", args=[club.pk, member.pk]),
            reverse("club_ladder_csv", args=[club.pk])]


def test_the_club_pages_read_as_many_queries_for_a_big_club_as_for_a_small_one(
        client, organizer, django_assert_max_num_queries):
    small = [queries(client, url) for url in pages(small_club(organizer))]
    big = big_club(organizer)
    assert Member.objects.get(club=big, name="Joueur 0").rated_matches > 0
    for url, count in zip(pages(big), small, strict=True):
        with django_assert_max_num_queries(count):
            client.get(url)
