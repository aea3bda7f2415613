"""A tournament's ETag totals are the same however they are read: alone, with the tournament
(a spectator's request), both kinds at once (the dashboard), or counted in Python from the
finished matches the standings' read found; so the standings kept under an ETag are those of
its matches, and the API and the public pages change together."""

import pytest
from django.utils import translation

from scoring import rules
from scoring import services as scoring
from scoring.models import Match
from tests.tournaments.helpers import make_tournament, round_two_drawn
from tournaments import etags, services
from tournaments.models import Tournament
from tournaments.selectors import read_standings, tournament_for_public

pytestmark = pytest.mark.django_db


def mixed(match_id, version, prime, factor):
    x = ((match_id % prime) * 1_000_003 + version) % prime
    return (x * x + x * factor) % prime


def test_the_totals_are_the_matches_counted_in_python(user):
    tournament = make_tournament(user, teams=4)
    first, _second = services.draw_next_round(tournament=tournament).tables.order_by("number")
    scoring.record_hand(match=first.match_id, number=1, hand=rules.Hand.played(11, 0))
    expected = {}
    for finished_only in (False, True):
        matches = Match.objects.filter(table__round__tournament=tournament)
        if finished_only:
            matches = matches.filter(status="finished")
        pairs = list(matches.values_list("id", "version"))
        expected[finished_only] = (
            len(pairs), sum(version for _id, version in pairs),
            *(sum(mixed(*pair, *mixing) for pair in pairs) for mixing in etags.MIXINGS))
        assert etags.counted_totals(tournament, finished_only=finished_only) == \
            expected[finished_only]
        assert tournament_for_public(tournament.pk, None, finished_only=finished_only)[1] == \
            expected[finished_only]
    assert expected[True][0] == 1 and expected[False][0] == 2
    assert etags.both_totals(tournament) == (expected[False], expected[True])
    # What the standings' read counts, to check it against an ETag's totals.
    assert read_standings(Tournament.objects.get(pk=tournament.pk)).counted == expected[True]


def test_a_tournament_with_no_match_has_totals_of_nothing(user):
    tournament = make_tournament(user, teams=4)
    assert etags.counted_totals(tournament) == (0, 0, 0, 0)
    assert etags.both_totals(tournament) == ((0, 0, 0, 0), (0, 0, 0, 0))


def test_the_api_standings_and_the_page_change_together(user):
    """The ETag read with the tournament (a spectator's page) is the ETag read alone (the
    API): the same totals, so the same tag for the same version."""
    tournament = round_two_drawn(user)
    tournament.refresh_from_db()
    for finished_only in (False, True):
        with translation.override("en"):
            read_with, totals = tournament_for_public(tournament.pk, None,
                                                      finished_only=finished_only)
            assert etags.etag(read_with, "x", totals=totals) == etags.etag(
                tournament, "x", finished_only=finished_only)


def test_a_tournament_deleted_meanwhile_has_totals_of_nothing(user):
    tournament = make_tournament(user, teams=4)
    Tournament.objects.filter(pk=tournament.pk).delete()
    assert etags.counted_totals(tournament, finished_only=True) == (0, 0, 0, 0)
    assert etags.both_totals(tournament) == ((0, 0, 0, 0), (0, 0, 0, 0))
