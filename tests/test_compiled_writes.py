"""The writes compiled once (lib.compiled_writes) store what the ORM's save() stores."""

import pytest
from django.db import DatabaseError, IntegrityError, transaction
from django.db.models import F
from django.db.models.signals import post_save
from django.utils import timezone

from lib.compiled_writes import CompiledInsert, CompiledUpdate
from scoring import rules
from scoring.models import Hand, Match

pytestmark = pytest.mark.django_db


def row(model, pk) -> dict:
    return model.objects.filter(pk=pk).values().get()


def new_hand(match, number, **values) -> Hand:
    hand = Hand(match=match, number=number, **values)
    hand.set_from_rules(match.variant, rules.Hand.played(7, 4, 1, 0))
    return hand


def test_an_inserted_hand_is_the_row_save_would_store(match):
    by_save, compiled = new_hand(match, 1), new_hand(match, 2)
    by_save.save()
    CompiledInsert(Hand)(compiled)
    assert compiled.pk is not None and compiled.pk != by_save.pk
    assert not compiled._state.adding and compiled._state.db == "default"
    stored, expected = row(Hand, compiled.pk), row(Hand, by_save.pk)
    for name in ("id", "number", "entered_at", "updated_at", "follows_id"):
        stored.pop(name), expected.pop(name)
    assert stored == expected
    assert Hand.objects.get(pk=compiled.pk).points_a == 7


def test_the_databases_refusal_comes_through_and_marks_the_transaction(match):
    CompiledInsert(Hand)(new_hand(match, 1))
    with pytest.raises(IntegrityError), transaction.atomic():
        CompiledInsert(Hand)(new_hand(match, 1))  # the same number twice
    assert Hand.objects.filter(match=match).count() == 1


def test_an_updated_match_is_the_row_save_would_store(match):
    other = Match.objects.get(pk=match.pk)
    now = timezone.now()
    for instance, write in ((match, lambda m, f: m.save(update_fields=f)),
                            (other, CompiledUpdate(Match))):
        instance.score_a, instance.score_b, instance.version = 12, 3, 7
        instance.winner, instance.updated_at = None, now
        instance.target = 999  # not among the fields: not written
        write(instance, ["score_a", "score_b", "version", "winner", "updated_at"])
        stored = row(Match, match.pk)
        assert (stored["score_a"], stored["score_b"], stored["version"]) == (12, 3, 7)
        assert stored["winner"] is None and stored["updated_at"] == now
        assert stored["target"] != 999


def test_an_update_of_a_row_that_is_gone_fails_as_save_does(match):
    gone = Match.objects.get(pk=match.pk)
    Match.objects.filter(pk=match.pk).delete()
    with pytest.raises(DatabaseError, match="did not affect any rows"):
        CompiledUpdate(Match)(gone, ["version"])


def test_expressions_and_receivers_are_left_to_save(match):
    before = row(Match, match.pk)["version"]
    match.version = F("version") + 5
    CompiledUpdate(Match)(match, ["version"])
    assert row(Match, match.pk)["version"] == before + 5

    heard = []

    def receiver(sender, instance, **kwargs):
        heard.append(instance.number)

    post_save.connect(receiver, sender=Hand)
    try:
        CompiledInsert(Hand)(new_hand(match, 1))
    finally:
        post_save.disconnect(receiver, sender=Hand)
    assert heard == [1]
