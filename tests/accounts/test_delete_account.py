"""Deleting one's account (issue 33): what one organized stays with the club, another
organizer takes it over, or the deletion is refused with every reason; one's own matches go
with the account; nobody else's data is lost."""

import html

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from accounts import services as accounts
from accounts.models import ApiToken
from clubs import services as clubs
from clubs.models import Club, ClubEvent
from scoring import confirmations, rules
from scoring import services as scoring
from scoring.errors import Conflict, InvalidInput
from scoring.models import ConfirmationStep, Hand, HandRevision, Match, Player, Team
from scoring.services import NewTeam
from tests.clubs.helpers import club_match, win
from tests.factories import UserFactory
from tests.tournaments.helpers import finish, make_tournament
from tournaments import services as tournaments
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery staple"  # tests.factories.UserFactory's
URL = reverse("account_delete")


def named_tournament(owner, name, **extra):
    tournament = make_tournament(owner, **extra)
    Tournament.objects.filter(pk=tournament.pk).update(name=name)
    tournament.refresh_from_db()
    return tournament


def exists(user) -> bool:
    return get_user_model().objects.filter(pk=user.pk).exists()


def casual_match(owner, hands=1, team_a="Les Bleus", team_b="Les Rouges"):
    match = scoring.create_match(owner=owner, variant="politaine",
                                 team_a=NewTeam(team_a, ("Anne", "Marc")),
                                 team_b=NewTeam(team_b, ("Luc", "Julie")))
    for number in range(1, hands + 1):
        scoring.record_hand(match=match, number=number, hand=rules.Hand.played(6, 5),
                            by=owner)
    return match


@pytest.fixture
def anne(client):
    """The account to delete, logged in."""
    user = UserFactory(username="anne")
    client.force_login(user)
    return user


# --- Nothing organized ---------------------------------------------------------------------


def test_an_account_with_nothing_organized_is_deleted_logged_out_and_told_so(client, anne):
    accounts.issue_token(user=anne, name="scoreboard")
    page = client.get(URL)
    assert page.status_code == 200
    body = page.content.decode()
    assert "no match is deleted" in body and "Your API token stops working." in body
    assert 'name="password"' in body and 'autocomplete="current-password"' in body

    answer = client.post(URL, {"password": PASSWORD})
    assert answer.status_code == 302 and answer["Location"] == reverse("home")
    # A shared phone forgets the pages it kept, as at a logout.
    assert answer["Clear-Site-Data"] == '"cache"'
    assert not exists(anne)
    assert not ApiToken.objects.exists()
    home = client.get(reverse("home"))
    assert "Your account anne is deleted." in home.content.decode()
    assert client.get(reverse("account")).status_code == 302  # logged out


def test_the_account_page_leads_to_the_deletion(client, anne):
    body = client.get(reverse("account")).content.decode()
    assert f'href="{URL}"' in body and "Delete my account" in body


# --- Clubs -----------------------------------------------------------------------------------


def test_a_club_goes_to_its_co_organizer_added_first_with_the_matches_its_owner_started(
        anne):
    club = clubs.create_club(owner=anne, name="Les As")
    bob, carol = UserFactory(username="bob"), UserFactory(username="carol")
    clubs.add_organizer(club=club, username="bob", by=anne)
    clubs.add_organizer(club=club, username="carol", by=anne)
    mine = club_match(club, anne, ("Anne", "Benoît"), ("Chloé", "Denis"), [win("a")])
    theirs = club_match(club, carol, ("Anne", "Chloé"), ("Benoît", "Denis"), [win("b")])

    plan = accounts.deletion_plan(anne)
    assert [(h.item, h.to) for h in plan.clubs] == [(club, bob)] and plan.possible
    accounts.delete_account(user=anne, password=PASSWORD)

    club.refresh_from_db()
    assert club.owner == bob
    assert list(club.organizers.all()) == [carol]  # the new owner is no longer listed
    assert Match.objects.get(pk=mine.pk).owner == bob
    assert Match.objects.get(pk=theirs.pk).owner == carol
    assert Hand.objects.filter(match=mine).count() == 1


def test_an_inactive_co_organizer_does_not_take_a_club_over(anne):
    club = clubs.create_club(owner=anne, name="Les As")
    UserFactory(username="gone", is_active=False)
    dan = UserFactory(username="dan")
    clubs.add_organizer(club=club, username="gone", by=anne)
    clubs.add_organizer(club=club, username="dan", by=anne)
    accounts.delete_account(user=anne, password=PASSWORD)
    assert Club.objects.get(pk=club.pk).owner == dan


def test_clubs_and_tournaments_without_another_organizer_refuse_with_every_reason_and_nothing_changes(  # noqa: E501
        client, anne):
    first = clubs.create_club(owner=anne, name="Les As")
    second = clubs.create_club(owner=anne, name="Club de la Baie")
    tournament = named_tournament(anne, "Open de Rimouski", teams=4)
    match = casual_match(anne)
    accounts.issue_token(user=anne)

    with pytest.raises(Conflict) as refused:
        accounts.delete_account(user=anne, password=PASSWORD)
    assert refused.value.codes == ["club_needs_organizer", "club_needs_organizer",
                                   "tournament_needs_organizer"]
    messages = refused.value.messages()
    assert "Club de la Baie has no other organizer to take it over: add a co-organizer" \
        in messages[0]
    assert "Les As" in messages[1] and "Open de Rimouski" in messages[2]
    assert exists(anne) and ApiToken.objects.filter(user=anne).exists()
    assert Match.objects.filter(pk=match.pk, owner=anne).exists()
    assert {c.owner for c in Club.objects.all()} == {anne}

    page = client.get(URL)
    body = page.content.decode()
    assert "Your account cannot be deleted yet" in body
    assert reverse("club_settings", args=[first.pk]) in body
    assert reverse("club_settings", args=[second.pk]) in body
    assert reverse("tournament_settings", args=[tournament.pk]) in body
    assert 'name="password"' not in body  # nothing to confirm until it can be done
    answer = client.post(URL, {"password": PASSWORD})
    assert answer.status_code == 409 and exists(anne)
    assert "Your account cannot be deleted yet" in answer.content.decode()


# --- Tournaments -------------------------------------------------------------------------


def test_a_tournament_goes_to_its_co_organizer_with_its_matches(anne):
    tournament = make_tournament(anne, teams=4)
    bob, carol = UserFactory(username="bob"), UserFactory(username="carol")
    tournaments.add_organizer(tournament=tournament, username="bob")
    tournaments.add_organizer(tournament=tournament, username="carol")
    round_1 = tournaments.draw_next_round(tournament=tournament)
    table = round_1.tables.order_by("number").first()
    scoring.record_hand(match=table.match, number=1, hand=rules.Hand.played(7, 4), by=anne)
    version = Tournament.objects.get(pk=tournament.pk).version

    accounts.delete_account(user=anne, password=PASSWORD)

    tournament.refresh_from_db()
    assert tournament.owner == bob and list(tournament.organizers.all()) == [carol]
    assert tournament.version > version  # its pages are drawn again
    matches = Match.objects.filter(table__round=round_1)
    assert matches.count() == 2 and {m.owner for m in matches} == {bob}
    hand = Hand.objects.get(match=table.match)
    assert hand.entered_by is None and (hand.points_a, hand.points_b) == (7, 4)


def test_a_club_night_without_co_organizer_goes_to_the_club_s_owner(anne):
    bob, dana = UserFactory(username="bob"), UserFactory(username="dana")
    own_club = clubs.create_club(owner=anne, name="Les As")
    clubs.add_organizer(club=own_club, username="bob", by=anne)
    own_night = named_tournament(anne, "Soirée des As", teams=4)
    clubs.add_night(club=own_club, tournament=own_night)
    tournaments.draw_next_round(tournament=own_night)
    # A night Anne runs for someone else's club, where she co-organizes.
    dana_club = clubs.create_club(owner=dana, name="Club de la Baie")
    clubs.add_organizer(club=dana_club, username="anne", by=dana)
    dana_night = named_tournament(anne, "Soirée de la Baie", teams=4)
    clubs.add_night(club=dana_club, tournament=dana_night)

    plan = accounts.deletion_plan(anne)
    assert {(h.item.name, h.to.username, h.club_night) for h in plan.tournaments} == {
        ("Soirée des As", "bob", True), ("Soirée de la Baie", "dana", True)}
    accounts.delete_account(user=anne, password=PASSWORD)

    assert Tournament.objects.get(pk=own_night.pk).owner == bob  # the club's new owner
    assert Tournament.objects.get(pk=dana_night.pk).owner == dana
    assert not Match.objects.filter(table__round__tournament=own_night).exclude(
        owner=bob).exists()
    assert not dana_club.organizers.exists()


def test_a_club_night_of_a_club_with_nobody_is_refused_by_the_club_s_reason(anne):
    club = clubs.create_club(owner=anne, name="Les As")
    clubs.add_night(club=club, tournament=make_tournament(anne, teams=4))
    with pytest.raises(Conflict) as refused:
        accounts.delete_account(user=anne, password=PASSWORD)
    assert refused.value.codes == ["club_needs_organizer"]  # one thing to do, said once


# --- Matches -----------------------------------------------------------------------------


def test_own_matches_outside_clubs_and_tournaments_are_deleted_and_others_kept(client, anne):
    mine = [casual_match(anne, hands=3), casual_match(anne, hands=0, team_a="Nous")]
    scoring.correct_hand(match=mine[0], number=1, hand=rules.Hand.played(7, 4), by=anne)
    again = scoring.create_match(owner=anne, variant="politaine", team_a=mine[0].team_a,
                                 team_b=mine[0].team_b)  # a rematch: the same teams
    bob = UserFactory(username="bob")
    bobs = casual_match(bob, hands=2, team_a="Les Verts")
    # A team of Anne's that Bob's match plays too stays, with its players.
    shared = scoring.create_match(owner=bob, variant="politaine", team_a=mine[1].team_a,
                                  team_b=NewTeam("Eux"))

    body = client.get(URL).content.decode()
    assert "Your 3 matches outside any club or tournament are deleted" in body
    client.post(URL, {"password": PASSWORD})

    assert not Match.objects.filter(pk__in=[m.pk for m in (*mine, again)]).exists()
    assert not Hand.objects.filter(match_id__in=[m.pk for m in mine]).exists()
    assert not HandRevision.objects.filter(match_id=mine[0].pk).exists()
    assert not Team.objects.filter(pk__in=[mine[0].team_a_id, mine[0].team_b_id,
                                           mine[1].team_b_id]).exists()
    assert Team.objects.filter(pk=mine[1].team_a_id).exists()
    assert Player.objects.filter(pk=mine[1].team_a.first_player_id).exists()
    assert Match.objects.filter(pk__in=[bobs.pk, shared.pk], owner=bob).count() == 2
    assert Hand.objects.filter(match=bobs).count() == 2
    assert set(Player.objects.values_list("name", flat=True)) == {"Anne", "Marc", "Luc",
                                                                  "Julie"}
    # Bob's four, and the two of the team his match shares: Anne's other players are gone.
    assert Player.objects.count() == 6


def test_a_club_match_started_in_someone_else_s_club_stays_with_that_club(anne):
    dana = UserFactory(username="dana")
    club = clubs.create_club(owner=dana, name="Club de la Baie")
    clubs.add_organizer(club=club, username="anne", by=dana)
    match = club_match(club, anne, ("Anne", "Benoît"), ("Chloé", "Denis"), [win("a")])
    accounts.delete_account(user=anne, password=PASSWORD)
    match.refresh_from_db()
    assert match.owner == dana and match.status == rules.Status.FINISHED
    assert not club.organizers.exists()


def test_what_the_account_entered_in_someone_else_s_matches_stays_without_its_name(anne):
    dana = UserFactory(username="dana")
    tournament = make_tournament(dana, teams=4)
    tournaments.add_organizer(tournament=tournament, username="anne")
    table = tournaments.draw_next_round(tournament=tournament).tables.order_by(
        "number").first()
    scoring.record_hand(match=table.match, number=1, hand=rules.Hand.played(7, 4), by=anne)
    scoring.correct_hand(match=table.match, number=1, hand=rules.Hand.played(8, 3), by=anne)
    finish(table.match)
    table.match.refresh_from_db()
    confirmations.confirm(match=table.match.pk, via=confirmations.Via.ORGANIZER, by=anne,
                          seen_version=table.match.version)
    club = clubs.create_club(owner=dana, name="Club de la Baie")
    clubs.add_organizer(club=club, username="anne", by=dana)
    event = ClubEvent.objects.create(club=club, kind=ClubEvent.Kind.CLUB_PUBLIC_NAME, by=anne)

    accounts.delete_account(user=anne, password=PASSWORD)

    hands = Hand.objects.filter(match=table.match).order_by("number")
    assert hands[0].entered_by is None and (hands[0].points_a, hands[0].points_b) == (8, 3)
    assert HandRevision.objects.get(match=table.match).by is None
    step = ConfirmationStep.objects.get(match=table.match)
    assert step.by is None and step.action == ConfirmationStep.Action.CONFIRMED_FOR_TEAM
    assert Match.objects.get(pk=table.match.pk).owner == dana
    ClubEvent.objects.get(pk=event.pk, by=None)
    tournament.refresh_from_db()
    assert tournament.owner == dana and not tournament.organizers.exists()


# --- Refusals ------------------------------------------------------------------------------


def test_a_wrong_password_is_refused_beside_the_field_and_nothing_changes(client, anne):
    match = casual_match(anne)
    answer = client.post(URL, {"password": "tr0ub4dor&3"})
    assert answer.status_code == 422
    body = answer.content.decode()
    start = body.index('name="password"')
    field = body[start:body.index("<button", start)]
    assert '<p class="field-error">This is not your password. Nothing was deleted.</p>' \
        in field
    assert exists(anne) and Match.objects.filter(pk=match.pk).exists()
    assert client.get(reverse("account")).status_code == 200  # still logged in
    with pytest.raises(InvalidInput) as refused:
        accounts.delete_account(user=anne, password="")
    assert refused.value.codes == ["wrong_password"]


def test_nobody_deletes_someone_else_s_account_even_with_their_password(client, anne):
    bob = UserFactory(username="bob", password="Bob's own secret")
    client.force_login(bob)
    answer = client.post(URL, {"password": PASSWORD})  # Anne's
    assert answer.status_code == 422 and exists(anne) and exists(bob)
    client.logout()
    assert client.post(URL, {"password": PASSWORD}).status_code == 302
    assert exists(anne) and exists(bob)


@pytest.mark.parametrize("data", [
    {}, {"password": ""}, {"password": "\x00"}, {"password": "x" * 5000},
    {"password": ["a", "b"]}, {"password": "é" * 50}, {"other": PASSWORD},
])
def test_any_post_gets_an_answer_never_a_500(client, anne, data):
    answer = client.post(URL, data)
    assert answer.status_code == 422 and exists(anne)


def test_other_methods_are_refused(client, anne):
    assert client.put(URL).status_code == 405
    assert client.delete(URL).status_code == 405


# --- The page --------------------------------------------------------------------------------


def test_the_page_says_exactly_what_happens(client, anne):
    bob = UserFactory(username="bob")
    club = clubs.create_club(owner=anne, name="Les As")
    clubs.add_organizer(club=club, username="bob", by=anne)
    club_match(club, anne, ("Anne", "Benoît"), ("Chloé", "Denis"), [win("a")])
    tournament = named_tournament(anne, "Open de Rimouski", teams=4)
    tournaments.add_organizer(tournament=tournament, username="bob")
    tournaments.draw_next_round(tournament=tournament)
    other = named_tournament(bob, "Tournoi de Bob", teams=4)
    tournaments.add_organizer(tournament=other, username="anne")
    casual_match(anne)
    body = client.get(URL).content.decode()
    assert "The club Les As goes to bob, its co-organizer" in body
    assert "The tournament Open de Rimouski goes to bob, its co-organizer, with its " \
        "matches." in body
    assert "Your match outside any club or tournament is deleted, with its hands." in body
    # Her own club's and tournament's matches go with them, as said above, not twice.
    assert "stays with its club" not in body and "stay with their tournament" not in body
    assert "You are no longer a co-organizer of:" in body and "Tournoi de Bob" in body
    assert "without your name" in body


def test_the_page_in_french(client, anne):
    club = clubs.create_club(owner=anne, name="Les As")
    named_tournament(anne, "Open de Rimouski", teams=4)
    casual_match(anne)
    casual_match(anne)
    client.cookies["django_language"] = "fr"
    body = html.unescape(client.get(URL, HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert "Supprimer votre compte" in body
    assert "Votre compte ne peut pas encore être supprimé" in body
    assert "Les As n'a pas d'autre organisateur pour le reprendre" in body
    assert "Open de Rimouski n'a pas de coorganisateur pour le reprendre" in body
    assert "Vos 2 parties hors club et hors tournoi sont supprimées" in body
    clubs.add_organizer(club=club, username=UserFactory(username="bob").username, by=anne)
    answer = client.post(URL, {"password": "non"}, HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 409
    account = client.get(reverse("account"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Supprimer mon compte" in account


def test_the_page_reads_a_fixed_number_of_queries_however_much_was_organized(
        client, anne, django_assert_max_num_queries):
    def organize(count):
        for number in range(count):
            club = clubs.create_club(owner=anne, name=f"Club {number}")
            clubs.add_organizer(club=club, username=UserFactory().username, by=anne)
            tournament = named_tournament(anne, f"Tournoi {number}", teams=0)
            tournaments.add_organizer(tournament=tournament,
                                      username=UserFactory().username)
            clubs.add_night(club=club, tournament=make_tournament(anne, teams=0))

    organize(1)
    with django_assert_max_num_queries(20) as few:
        assert client.get(URL).status_code == 200
    organize(4)
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert client.get(URL).status_code == 200


def test_a_deletion_held_back_neither_says_you_are_logged_out_nor_that_an_organizer_keeps_your_own_tables(  # noqa: E501
        client, anne):
    tournament = named_tournament(anne, "Open de Rimouski", teams=4)
    tournaments.draw_next_round(tournament=tournament)  # its tables are Anne's matches
    text = html.unescape(client.get(URL).content.decode())
    assert "Your account cannot be deleted yet" in text
    assert "You are logged out." not in text
    assert "its organizer keeps" not in text


def test_tables_held_in_someone_else_s_tournament_are_said_to_stay_with_its_organizer(
        client, anne):
    bob = UserFactory(username="bob")
    tournament = named_tournament(bob, "Open de Rimouski", teams=4)
    table = tournaments.draw_next_round(tournament=tournament).tables.first()
    Match.objects.filter(pk=table.match_id).update(owner=anne)
    text = html.unescape(client.get(URL).content.decode())
    assert "The tournament match you hold stays with its tournament: its organizer keeps it." \
        in text
    assert "You are logged out." in text
