"""A swap in a round robin: the circle schedule of the later rounds does not know of it."""

from collections import Counter

import pytest

from scoring.errors import Conflict
from tests.tournaments.helpers import make_tournament, play_round
from tournaments import services
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def test_a_round_robin_after_a_swap_still_has_everyone_meet_everyone_once(organizer):
    tournament = make_tournament(organizer, teams=4, format="round_robin")
    round_1 = services.draw_next_round(tournament=tournament)
    first, second = round_1.tables.order_by("number")
    # Two teams ask to swap tables (a player must leave early and wants the other table):
    # refused, with the reason, so the schedule still has everyone meet everyone once.
    with pytest.raises(Conflict) as refused:
        services.swap_teams(round=round_1, first=first.entry_b_id, second=second.entry_b_id)
    assert refused.value.codes == ["swap_round_robin"]
    warnings = []
    play_round(round_1)
    for _ in range(2):
        play_round(services.draw_next_round(tournament=tournament))
    meetings = Counter(frozenset((t.entry_a_id, t.entry_b_id))
                       for t in Table.objects.filter(round__tournament=tournament))
    twice = [sorted(pair) for pair, count in meetings.items() if count > 1]
    # Either the swap is refused or warned about, or the later rounds adapt; here a pair
    # meets twice, another never, and nobody was told.
    assert not twice or warnings, f"pairs {twice} met twice; no warning at the swap"
