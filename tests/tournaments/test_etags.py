"""A tournament's ETags move with every write to one of its matches (the standings' only with
a finished result), in the write's transaction, and never come back to an earlier value: a
page or the standings kept under one are never older than it."""

import pytest
from django.utils import translation

from scoring import confirmations, rules
from scoring import services as scoring
from scoring.models import Match
from tests.factories import MatchFactory
from tests.tournaments.helpers import make_tournament
from tournaments import etags, services
from tournaments.models import ResultsVersion, Tournament
from tournaments.selectors import tournament_for_public

pytestmark = pytest.mark.django_db


def tags(tournament) -> tuple[str, str]:
    """The pages' ETag and the standings', as a spectator's request reads them."""
    with translation.override("en"):
        read = tournament_for_public(tournament.pk, None)
        return etags.etag(read, "x"), etags.etag(read, "x", finished_only=True)


@pytest.fixture
def drawn(user):
    tournament = make_tournament(user, teams=4)
    tournament.public = True
    tournament.save()
    first, _second = services.draw_next_round(tournament=tournament).tables.order_by("number")
    return tournament, first.match_id


def test_a_hand_played_moves_the_pages_tag_and_not_the_standings(drawn):
    tournament, match = drawn
    page, standings = tags(tournament)
    scoring.record_hand(match=match, number=1, hand=rules.Hand.played(6, 5))
    assert tags(tournament)[0] != page and tags(tournament)[1] == standings


def test_a_match_ended_then_taken_back_moves_both_tags_and_neither_comes_back(drawn):
    tournament, match = drawn
    seen = {tags(tournament)}
    scoring.record_hand(match=match, number=1, hand=rules.Hand.played(11, 0, 2))
    ended = tags(tournament)
    scoring.undo_last_hand(match=match, number=1)
    taken_back = tags(tournament)
    assert len({*seen, ended, taken_back}) == 3
    assert len({page for page, _ in (*seen, ended, taken_back)}) == 3
    assert len({standings for _, standings in (*seen, ended, taken_back)}) == 3


def test_the_opponents_confirming_a_finished_result_moves_the_standings_tag(drawn):
    tournament, match = drawn
    confirmations.set_mode(match=match, mode="result")
    scoring.record_hand(match=match, number=1, hand=rules.Hand.played(11, 0, 2))
    before = tags(tournament)
    seen = Match.objects.get(pk=match).version
    confirmations.confirm(match=match, via="opponents_link", seen_version=seen)
    after = tags(tournament)
    assert after[0] != before[0] and after[1] != before[1]


def test_a_new_table_link_moves_the_pages_tag(drawn):
    tournament, match = drawn
    page, standings = tags(tournament)
    scoring.reissue_scorekeeper_token(match=match)
    assert tags(tournament) == (tags(tournament)[0], standings) and tags(tournament)[0] != page


def test_a_friendly_match_moves_no_tournament(drawn, user):
    tournament, _match = drawn
    before = tags(tournament)
    scoring.record_hand(match=MatchFactory(owner=user), number=1,
                        hand=rules.Hand.played(11, 0, 2))
    assert tags(tournament) == before


def test_a_tournament_without_its_version_row_gets_one_at_its_first_write(drawn):
    tournament, match = drawn
    ResultsVersion.objects.filter(pk=tournament.pk).delete()
    before = tags(tournament)
    scoring.record_hand(match=match, number=1, hand=rules.Hand.played(11, 0, 2))
    assert ResultsVersion.objects.get(pk=tournament.pk).results == 1
    assert tags(tournament)[1] != before[1]


def test_the_tag_read_alone_is_the_one_read_with_the_tournament(drawn):
    """The API reads the tournament its way, a spectator's page its own: the same tag."""
    tournament, match = drawn
    scoring.record_hand(match=match, number=1, hand=rules.Hand.played(6, 5))
    with translation.override("en"):
        alone = etags.etag(Tournament.objects.get(pk=tournament.pk), "x")
    assert alone == tags(tournament)[0]
