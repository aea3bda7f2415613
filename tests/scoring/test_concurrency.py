"""Two score keepers entering the same hand at once: one is stored, the other is told."""

import threading

import pytest
from django.db import connection

from scoring import rules, services
from scoring.errors import Conflict
from scoring.models import Hand
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db(transaction=True)


def outcome_of(write, done="done") -> str:
    """`done` when `write()` went through; else the code of its refusal, or its error."""
    try:
        write()
        return done
    except Conflict as refusal:
        return refusal.codes[0]
    except Exception as error:
        return repr(error)
    finally:
        connection.close()


def all_at_once(writes, done="done") -> list[str]:
    """Each write in its own thread, all released at the same moment; their outcomes."""
    barrier = threading.Barrier(len(writes))
    outcomes, lock = [], threading.Lock()

    def run(write):
        barrier.wait()
        outcome = outcome_of(write, done)
        with lock:
            outcomes.append(outcome)

    threads = [threading.Thread(target=run, args=(write,)) for write in writes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


def race(match_id, number, hands):
    """Run record_hand for each hand in its own thread, all released at the same moment."""
    return sorted(all_at_once([
        lambda hand=hand: services.record_hand(match=match_id, number=number, hand=hand)
        for hand in hands], done="stored"))


def test_two_threads_recording_the_same_hand_number_store_one_row():
    match = MatchFactory()
    outcomes = race(match.pk, 1, [rules.Hand.played(7, 4), rules.Hand.played(2, 9)])
    assert outcomes == ["hand_already_entered", "stored"]
    assert Hand.objects.filter(match=match).count() == 1
    match.refresh_from_db()
    hand = Hand.objects.get(match=match)
    assert (match.score_a, match.score_b) == (hand.points_a, hand.points_b)
    assert match.hand_count == 1


def test_many_threads_racing_for_the_next_hand_store_exactly_one():
    match = MatchFactory()
    services.record_hand(match=match, number=1, hand=rules.Hand.played(5, 6))
    outcomes = race(match.pk, 2, [rules.Hand.played(a, 11 - a) for a in range(6)])
    assert outcomes.count("stored") == 1
    assert outcomes.count("hand_already_entered") == 5
    match.refresh_from_db()
    assert match.hand_count == 2 == Hand.objects.filter(match=match).count()


def test_time_called_while_every_table_enters_a_hand_waits_and_never_deadlocks(user):
    """Calling time writes every playing match of the round, and each write moves the
    tournament's results version on: hands entered at every table meanwhile each wait their
    turn (none refused for a deadlock), and the version counts every write."""
    from tests.tournaments.helpers import make_tournament
    from tournaments import services as tournaments
    from tournaments.models import ResultsVersion

    tournament = make_tournament(user, teams=16)
    round_ = tournaments.draw_next_round(tournament=tournament)
    matches = list(round_.tables.order_by("-match_id").values_list("match_id", flat=True))
    writes = [lambda pk=pk: services.record_hand(match=pk, number=1,
                                                 hand=rules.Hand.played(6, 5))
              for pk in matches] + [lambda: tournaments.call_time(round=round_)]
    outcomes = all_at_once(writes)
    assert outcomes == ["done"] * len(writes)
    assert ResultsVersion.objects.get(pk=tournament.pk).matches == 2 * len(matches)


def _keeper_and_organizer(match_id, organizer):
    """A keeper's first hand on `match_id`, its match's row held a moment before the hand
    is written (as under load), while the organizer's write (`organizer`) starts."""
    import time

    from django.db import transaction

    from scoring.models import Match

    held = threading.Event()
    outcomes = {}

    def keeper():
        with transaction.atomic():
            Match.objects.select_for_update().get(pk=match_id)
            held.set()
            time.sleep(1)
            services.record_hand(match=match_id, number=1, hand=rules.Hand.played(6, 5))

    def organizing():
        held.wait(10)
        organizer()

    threads = [threading.Thread(target=lambda name=name, write=write: outcomes.update(
        {name: outcome_of(write)})) for name, write in (("keeper", keeper),
                                                         ("organizer", organizing))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


def test_a_swap_of_teams_while_a_table_enters_its_first_hand_is_refused_not_deadlocked(user):
    from tests.tournaments.helpers import make_tournament
    from tournaments import services as tournaments

    round_1 = tournaments.draw_next_round(tournament=make_tournament(user, teams=8))
    first, second = round_1.tables.order_by("number")[:2]
    outcomes = _keeper_and_organizer(second.match_id, lambda: tournaments.swap_teams(
        round=round_1, first=first.entry_b_id, second=second.entry_b_id))
    # Refused as the table's, or as its match's (its row read after the hand's commit).
    assert outcomes["keeper"] == "done"
    assert outcomes["organizer"] in {"swap_started", "match_started"}, outcomes


def test_a_semi_final_corrected_while_the_final_starts_waits_and_never_deadlocks(user):
    """The correction would move its new winner into the final: it waits for the final's
    first hand, then is told the winner has played on."""
    from tests.tournaments.helpers import finish, make_tournament
    from tournaments import services as tournaments

    tournament = make_tournament(user, teams=4, format="knockout", target=11)
    semis = tournaments.draw_next_round(tournament=tournament)
    for table in semis.tables.all():
        finish(table.match, winner="a", margin=5)
    final = tournaments.draw_next_round(tournament=tournament).tables.get()
    semi = semis.tables.get(number=1).match
    hand = semi.hands.get(number=1).to_rules()
    outcomes = _keeper_and_organizer(final.match_id, lambda: services.correct_hand(
        match=semi.pk, number=1, hand=rules.Hand.played(hand.points.b, hand.points.a),
        by=user))
    assert outcomes == {"keeper": "done", "organizer": "winner_played_on"}
