"""The reads compiled once (lib.compiled) give what the ORM gives, row and relations."""

import pytest
from django.core.exceptions import ImproperlyConfigured, ObjectDoesNotExist
from django.db import transaction
from django.db.transaction import TransactionManagementError

from lib.compiled import CompiledRead
from scoring import rules
from scoring import services as scoring
from scoring.models import Match
from scoring.selectors import (
    match_for_table,
    table_by_opponents_token,
    table_by_pk,
    table_by_scorekeeper_token,
    table_related,
    version_by_pk,
    version_by_token,
)
from scoring.services import NewTeam, _locked_row
from tests.factories import MatchFactory
from tournaments import services as tournaments
from tournaments.services import Settings


def fields(instance) -> dict:
    return {key: value for key, value in vars(instance).items() if key != "_state"}


def loaded(match: Match) -> dict:
    """The match's fields and those of every relation a table's page reads with it, by path
    ("team_a", "table", "table__round", ...)."""
    found = {"": fields(match)}
    for path in table_related():
        owner, names = match, path.split("__")
        for depth, name in enumerate(names, 1):
            try:
                owner = getattr(owner, name) if owner is not None else None
            except ObjectDoesNotExist:  # a match at no tournament's table
                owner = None
            found["__".join(names[:depth])] = fields(owner) if owner is not None else None
    return found


@pytest.fixture
def tournament_match(user):
    tournament = tournaments.create_tournament(
        owner=user, settings=Settings(name="Mardi", variant="politaine", format="swiss",
                                      swiss_rounds=2, target=11),
        teams=[NewTeam(f"Équipe {n}", (f"J{n}a", f"J{n}b")) for n in range(1, 5)])
    round_ = tournaments.draw_next_round(tournament=tournament)
    return Match.objects.get(pk=round_.tables.first().match_id)


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["own", "tournament"])
def test_the_table_reads_give_the_orms_match_with_its_teams_seats_and_table(
        kind, user, tournament_match, django_assert_num_queries):
    match = MatchFactory(owner=user) if kind == "own" else tournament_match
    for read, value in ((table_by_pk, match.pk),
                        (table_by_scorekeeper_token, match.scorekeeper_token),
                        (table_by_opponents_token, match.opponents_token)):
        with django_assert_num_queries(1):  # the relations come with the match
            compiled = loaded(read(value))
        assert compiled == loaded(read.queryset(value).get())
    assert (loaded(match_for_table(pk=match.pk))["table__round__tournament"] is not None) == (
        kind == "tournament")


@pytest.mark.django_db
def test_a_compiled_read_finds_nothing_where_the_orm_finds_nothing(match):
    assert table_by_pk(match.pk + 1000) is None
    assert table_by_scorekeeper_token("x" * len(match.scorekeeper_token)) is None
    assert version_by_token("nothing") is None


@pytest.mark.django_db
def test_the_polls_version_is_the_orms(match):
    scoring.record_hand(match=match.pk, number=1, hand=rules.Hand.played(6, 5))
    expected = Match.objects.values_list("pk", "version", "owner_id").get(pk=match.pk)
    assert version_by_pk(match.pk) == expected == version_by_token(match.scorekeeper_token)
    assert expected[1] > 0


@pytest.mark.django_db(transaction=True)
def test_the_writes_lock_needs_a_transaction_as_the_orms_does(match):
    with transaction.atomic():
        locked = _locked_row(match.pk)
        assert fields(locked) == fields(Match.objects.get(pk=match.pk))
    with pytest.raises(TransactionManagementError):
        _locked_row(match.pk)


@pytest.mark.django_db
def test_a_compiled_read_refuses_what_it_cannot_compile_faithfully(match):
    from django.db.models import F

    for build in (lambda pk: Match.objects.values("pk").filter(pk=pk).union(
                      Match.objects.values("pk").filter(pk=pk)),
                  lambda pk: Match.objects.prefetch_related("hands").filter(pk=pk),
                  lambda pk: Match.objects.filter(pk=pk, target__gte=F("pk") * 0 + pk),
                  lambda pk: Match.objects.values("pk").filter(pk=pk)):
        with pytest.raises(ImproperlyConfigured):
            CompiledRead(Match, build)(match.pk)


@pytest.mark.django_db
def test_an_instances_annotations_are_the_orms(match):
    from django.db.models import Count, Max

    scoring.record_hand(match=match.pk, number=1, hand=rules.Hand.played(6, 5))
    scoring.record_hand(match=match.pk, number=2, hand=rules.Hand.played(4, 7))
    read = CompiledRead(Match, lambda pk: Match.objects.filter(pk=pk).select_related(
        "team_a").annotate(played=Count("hands"), last=Max("hands__number")))
    found, expected = read(match.pk), read.queryset(match.pk).get()
    assert (found.played, found.last) == (expected.played, expected.last) == (2, 2)
    assert fields(found) == fields(expected)
    assert fields(found.team_a) == fields(expected.team_a)
    assert read(match.pk + 1000) is None


@pytest.mark.django_db
def test_an_api_token_finds_its_active_user_only(user):
    from accounts.services import issue_token, user_for_token

    token = issue_token(user=user)
    assert user_for_token(token) == user
    user.is_active = False
    user.save()
    assert user_for_token(token) is None
    assert user_for_token(token[:-1] + "x") is None


@pytest.mark.django_db
def test_a_matchs_revisions_are_the_orms_in_its_order_with_who_made_them(user, match):
    from scoring.models import HandRevision
    from scoring.selectors import revisions_of

    assert revisions_of(match.pk) == []
    for number in (1, 2, 3):
        scoring.record_hand(match=match.pk, number=number, hand=rules.Hand.played(6, 5))
    scoring.correct_hand(match=match.pk, number=2, hand=rules.Hand.played(7, 4), by=user)
    scoring.undo_last_hand(match=match.pk)
    scoring.correct_hand(match=match.pk, number=1, hand=rules.Hand.played(0, 11), by=user)
    expected = list(HandRevision.objects.filter(match=match).select_related("by")
                    .order_by("-at", "-id"))
    found = revisions_of(match.pk)
    assert [fields(revision) for revision in found] == [fields(r) for r in expected]
    assert [r.number for r in found] == [1, 3, 2]
    assert [r.by and fields(r.by) for r in found] == [r.by and fields(r.by) for r in expected]
    assert found[0].by == user and found[1].by is None
    assert revisions_of(match.pk + 1000) == []
