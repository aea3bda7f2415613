"""A number too large for its column is refused by the database layer, not stored wrapped
(issue 42, item 6): with server_side_binding, psycopg's C dumpers narrowed Django's Int2 and
Int4 silently (70000 -> 4464 on a smallint, 2**32 + 5 -> 5), past every `>= 0` check."""

import pytest
from django.db import DataError, connection, transaction

from scoring.models import Match
from tests.factories import MatchFactory
from tests.tournaments.helpers import make_tournament
from tournaments.models import Tournament

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="the wrap was psycopg's binary parameters to PostgreSQL (run "
                              "with DATABASE_URL=postgres://...)"),
    pytest.mark.django_db,
]


@pytest.mark.parametrize("value", [70_000, 65_541, 10**12, -40_000])
def test_a_redeal_count_too_large_for_its_column_is_refused_not_wrapped(user, value):
    match = MatchFactory(owner=user)
    match.redeals = value
    with pytest.raises(DataError, match="out of range"), transaction.atomic():
        match.save(update_fields=["redeals"])
    with pytest.raises(DataError, match="out of range"), transaction.atomic():
        Match.objects.filter(pk=match.pk).update(time_called_after=value)
    match.refresh_from_db()
    assert (match.redeals, match.time_called_after) == (0, None)


def test_a_tournament_version_past_its_integer_column_is_refused_not_wrapped(user):
    tournament = make_tournament(user, teams=2, format="round_robin")
    with pytest.raises(DataError, match="out of range"), transaction.atomic():
        Tournament.objects.filter(pk=tournament.pk).update(version=2**32 + 5)
    assert Tournament.objects.get(pk=tournament.pk).version == tournament.version
