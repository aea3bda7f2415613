"""A small club whose numbers are worked out by hand.

    M1  Anne & Benoît  v Chloé & Denis   7-4 with a politaine to A: 18-4, A wins (1 hand)
    M2  Anne & Chloé   v Benoît & Denis  3-8, 2-9: 5-17, B wins (2 hands)
    M3  Anne & Benoît  v Émile & Fanny   1-10, 9-2 with a politaine to A: 21-12, A wins
                                         after trailing by 9 (2 hands)
    M4  Chloé & Denis  v Anne & Benoît   a redeal, then four sevens to B: B wins (1 hand)
"""

from datetime import date

import pytest
from django.urls import reverse

from clubs import selectors, services, stats
from clubs.models import Member
from scoring import rules
from scoring.errors import Conflict
from tests.clubs.helpers import club_match
from tests.tournaments.helpers import finish, make_tournament
from tournaments import services as tournaments
from tournaments.models import Tournament


@pytest.fixture
def club(user):
    club = services.create_club(owner=user, name="  Les   As ", place="Lévis")
    played = rules.Hand.played
    club_match(club, user, ("Anne", "Benoît"), ("Chloé", "Denis"), [played(7, 4, 1, 0)])
    club_match(club, user, ("Anne", "Chloé"), ("Benoît", "Denis"),
               [played(3, 8), played(2, 9)])
    club_match(club, user, ("Anne", "Benoît"), ("Émile", "Fanny"),
               [played(1, 10), played(9, 2, 1, 0)])
    club_match(club, user, ("Chloé", "Denis"), ("anne", "BENOÎT"),
               [rules.Hand.four_sevens("b")], redeals=1)
    return club


def ids(club):
    return {m.name: m.pk for m in Member.objects.filter(club=club)}


def test_names_are_normalised_and_typed_names_find_the_roster(club):
    assert club.name == "Les As"
    # "anne" and "BENOÎT" of match 4 are Anne and Benoît: six players, no more.
    assert set(ids(club)) == {"Anne", "Benoît", "Chloé", "Denis", "Émile", "Fanny"}


def test_a_players_statistics(club):
    players = ids(club)
    anne = players["Anne"]
    found = stats.player_stats(anne, selectors.match_records(club.pk, member=anne))
    assert (found.matches, found.wins, found.losses) == (4, 3, 1)
    assert found.hands == 6
    assert found.points == 18 + 5 + 21 + 0
    assert found.points_per_hand == 7.33
    assert found.team_politaines == 2
    assert found.team_four_sevens == 1
    assert found.redeals == 1
    assert found.favourite_partner.member == players["Benoît"]
    assert (found.favourite_partner.played, found.favourite_partner.wins) == (3, 3)
    # Benoît beat her in their one match against each other; Denis beat her once in three,
    # which makes him no tough opponent of hers.
    assert [r.member for r in found.toughest_opponents] == [players["Benoît"]]
    assert [r.won for r in found.last_results] == [True, True, False, True]


def test_the_clubs_leaders_and_records(club):
    players = ids(club)
    records = selectors.match_records(club.pk, with_comebacks=True)
    totals = stats.club_totals(records)
    top = stats.leaders(totals)
    assert [(x.member, x.value) for x in top["wins"]] == [
        (players["Benoît"], 4), (players["Anne"], 3), (players["Denis"], 1)]
    # Chloé lost her three matches: no win, not among the leaders.
    assert top["team_politaines"][0].value == 2
    found = stats.club_records(records)
    assert found.biggest_comeback.comeback == 9
    assert found.biggest_comeback.score == (21, 12)
    assert found.longest_match.score == (5, 17)  # two hands, the first such match
    assert found.most_politaines.score == (18, 4)


def test_the_club_page_reads_in_a_fixed_number_of_queries(club, django_assert_max_num_queries):
    with django_assert_max_num_queries(2):
        selectors.match_records(club.pk, with_comebacks=True)


def test_attributions_count_for_the_player_while_their_hand_holds_them(club):
    from clubs.models import Attribution, ClubMatch
    from scoring import services as scoring
    from scoring.errors import InvalidInput

    players = ids(club)
    members = {m.name: m for m in Member.objects.filter(club=club)}
    first, *_, fourth = [c.match for c in ClubMatch.objects.filter(club=club).order_by("pk")]
    services.attribute(match=first, kind="politaine", hand_number=1, slot=0, team="a",
                       member=members["Anne"])
    services.attribute(match=fourth, kind="four_sevens", hand_number=1, slot=0, team="b",
                       member=members["Benoît"])
    services.attribute(match=fourth, kind="redeal", hand_number=0, slot=0, team="a",
                       member=members["Chloé"])  # of team A, as it happens
    with pytest.raises(InvalidInput):  # Chloé was not on the team that made it
        services.attribute(match=first, kind="politaine", hand_number=1, slot=0, team="a",
                           member=members["Chloé"])
    with pytest.raises(InvalidInput):  # there is no second politaine
        services.attribute(match=first, kind="politaine", hand_number=1, slot=1, team="a",
                           member=members["Anne"])
    counts = selectors.attribution_counts(club.pk)
    assert counts[players["Anne"]] == {"politaine": 1}
    assert counts[players["Benoît"]] == {"four_sevens": 1}
    assert counts[players["Chloé"]] == {"redeal": 1}
    anne = stats.player_stats(players["Anne"], selectors.match_records(club.pk),
                              counts[players["Anne"]])
    assert (anne.team_politaines, anne.own_politaines) == (2, 1)
    # Corrected: the politaine was not one. Anne's no longer counts.
    scoring.correct_hand(match=first, number=1, hand=rules.Hand.played(7, 4))
    assert players["Anne"] not in selectors.attribution_counts(club.pk)
    # Another tap changes who; Nobody takes it back.
    services.attribute(match=fourth, kind="four_sevens", hand_number=1, slot=0, team="b",
                       member=members["Anne"])
    services.attribute(match=fourth, kind="four_sevens", hand_number=1, slot=0, team="b",
                       member=None)
    assert not Attribution.objects.filter(kind="four_sevens").exists()


def test_a_name_typed_with_letters_of_another_script_finds_the_roster_player(club, user):
    # "Аnne" with a Cyrillic А, "Вenoît" with a Cyrillic В: Anne and Benoît again.
    club_match(club, user, ("\u0410nne", "\u0412eno\u00eet"), ("Chlo\u0435\u0301", "Denis"))
    assert set(ids(club)) == {"Anne", "Benoît", "Chloé", "Denis", "Émile", "Fanny"}
    with pytest.raises(Conflict) as refused:
        services.add_member(club=club, name="D\u0435nis")
    assert refused.value.codes == ["player_on_roster"]


@pytest.mark.parametrize(("running", "target", "comeback"), [
    ([(0, 2), (11, 2)], 31, 0),     # two points behind is no comeback
    ([(0, 9), (20, 9), (31, 9)], 31, 0),
    ([(0, 10), (20, 10), (31, 10)], 31, 10),
    ([(0, 4), (11, 4)], 11, 4),     # a short match: a third of its target
    ([(0, 3), (11, 3)], 11, 0),
])
def test_a_comeback_is_won_from_a_real_deficit(running, target, comeback):
    assert stats.comeback(running, "a", target) == comeback


def test_recent_results_show_the_nights_date_and_the_csv_its_times_to_the_second(
        client, organizer):
    club = services.create_club(owner=organizer, name="Les As")
    night = make_tournament(organizer, teams=2, format="round_robin")
    Tournament.objects.filter(pk=night.pk).update(date=date(2026, 11, 20))
    services.add_night(club=club, tournament=night)
    table = tournaments.draw_next_round(tournament=night).tables.get()
    finish(table.match, winner="a")  # typed in today, from the night's paper
    member = Member.objects.get(club=club, seats__player=table.match.seat_n)
    page = client.get(reverse("club_player", args=[club.pk, member.pk])).content.decode()
    assert 'data-label="Date">11/20/2026</td>' in page
    csv = client.get(reverse("club_member_data", args=[club.pk, member.pk, "csv"]))
    match_line = next(line for line in csv.content.decode().splitlines()
                      if line.startswith("match,"))
    when = match_line.split(",")[2]
    assert len(when) == len("2026-12-07T16:22:15-05:00") and when[10] == "T", when
