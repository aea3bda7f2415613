"""Club ratings: the live path (a match at a time, corrections, undos) equals the
recomputation from history."""

import random

import pytest
from django.core.management import CommandError, call_command

from clubs import rating_model, services
from clubs.models import Member, RatingChange
from scoring import paper, rules
from scoring import services as scoring
from scoring.services import NewTeam
from tests.clubs.helpers import club_match, win

NAMES = ["Anne", "Benoît", "Chloé", "Denis", "Émile", "Fanny", "Gaston", "Hélène"]


def snapshot(club):
    members = sorted(Member.objects.filter(club=club).values_list(
        "name", "mu", "sigma", "rated_matches"))
    changes = sorted(RatingChange.objects.filter(club=club).values_list(
        "match_id", "member__name", "rated_at", "mu_before", "sigma_before", "mu_after",
        "sigma_after"))
    return members, changes


@pytest.fixture
def club(user):
    return services.create_club(owner=user, name="Les As")


def test_a_finished_match_rates_its_four_players(club, user):
    club_match(club, user, ("Anne", "Benoît"), ("Chloé", "Denis"), [win("a")])
    anne = Member.objects.get(club=club, name="Anne")
    chloe = Member.objects.get(club=club, name="Chloé")
    assert anne.rated_matches == chloe.rated_matches == 1
    assert rating_model.shown(anne.mu, anne.sigma) > rating_model.shown(chloe.mu, chloe.sigma)
    assert anne.mu > rating_model.START[0] > chloe.mu


def test_a_match_in_progress_is_not_rated(club, user):
    # (A match with one player on two seats, which the ratings also leave out, can no longer
    # be started: tests/scoring/test_one_seat_each.py.)
    club_match(club, user, ("Anne", "Benoît"), ("Chloé", "Denis"), [rules.Hand.played(6, 5)])
    assert not RatingChange.objects.exists()
    assert set(Member.objects.values_list("rated_matches", flat=True)) == {0}


def test_a_corrected_result_and_an_undone_one_move_the_ratings(club, user):
    first = club_match(club, user, ("Anne", "Benoît"), ("Chloé", "Denis"), [win("a")])
    club_match(club, user, ("Anne", "Chloé"), ("Benoît", "Denis"), [win("b")])
    before = snapshot(club)
    scoring.correct_hand(match=first, number=1, hand=win("b"))
    after = snapshot(club)
    assert after != before
    anne = Member.objects.get(club=club, name="Anne")
    assert anne.mu < rating_model.START[0]  # she lost both now
    services.rerate(club=club)
    assert snapshot(club) == after
    scoring.undo_last_hand(match=first)
    assert Member.objects.get(club=club, name="Anne").rated_matches == 1
    assert not RatingChange.objects.filter(match=first).exists()
    undone = snapshot(club)
    call_command("recompute_ratings", str(club.pk))
    assert snapshot(club) == undone


@pytest.mark.parametrize("typed", ["²", "⑤", "9" * 30, "\x00", "Les As\x00"])
def test_recompute_ratings_of_a_club_no_one_can_name_says_so(club, typed):
    with pytest.raises(CommandError, match="No single club is"):
        call_command("recompute_ratings", typed)


def test_recompute_ratings_finds_a_club_by_its_id_or_its_name(club, capsys):
    call_command("recompute_ratings", str(club.pk))
    call_command("recompute_ratings", club.name)
    assert capsys.readouterr().out.count(f"{club.name}: ") == 2


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_live_ratings_equal_the_recomputation_over_random_histories(club, user, seed):
    """About a hundred random matches per seed, with corrections and undos among them."""
    chooser = random.Random(seed)
    finished = []
    for _ in range(100):
        roll = chooser.random()
        if finished and roll < 0.1:
            match = chooser.choice(finished)
            match.refresh_from_db()
            scoring.correct_hand(match=match, number=1,
                                 hand=win("b" if match.winner == "a" else "a"))
        elif finished and roll < 0.2:
            match = finished.pop(chooser.randrange(len(finished)))
            scoring.undo_last_hand(match=match)
            if chooser.random() < 0.5:  # played again later, with the other winner perhaps
                scoring.record_hand(match=match, number=1, hand=win(chooser.choice("ab")))
                finished.append(match)
        else:
            four = chooser.sample(NAMES, 4)
            finished.append(club_match(club, user, four[:2], four[2:],
                                       [win(chooser.choice("ab"))]))
    live = snapshot(club)
    assert sum(m[3] for m in live[0]) == 4 * len(finished)
    services.rerate(club=club)
    assert snapshot(club) == live


def test_merging_two_players_rates_them_as_one(club, user):
    club_match(club, user, ("Anne", "Benoît"), ("Chloé", "Denis"), [win("a")])
    club_match(club, user, ("Anne B.", "Chloé"), ("Benoît", "Denis"), [win("a")])
    anne = Member.objects.get(club=club, name="Anne")
    services.merge_members(keep=anne, absorb=Member.objects.get(club=club, name="Anne B."))
    anne.refresh_from_db()
    assert anne.rated_matches == 2
    assert not Member.objects.filter(name="Anne B.").exists()
    # A name typed as the merged player's now finds Anne.
    club_match(club, user, ("anne b.", "Chloé"), ("Benoît", "Denis"), [win("a")])
    anne.refresh_from_db()
    assert anne.rated_matches == 3


def test_a_paper_result_entered_again_keeps_the_ratings_equal_to_a_recompute(club, user):
    def start(pair_a, pair_b):
        return services.start_match(club=club, owner=user, variant="politaine", target=11,
                                    team_a=NewTeam(" & ".join(pair_a), pair_a),
                                    team_b=NewTeam(" & ".join(pair_b), pair_b))

    first = start(("Anne", "Benoît"), ("Chloé", "Denis"))
    paper.enter_paper_result(match=first.pk, by=user, score_a=12, score_b=10,
                             finish_reason="target")
    second = start(("Anne", "Chloé"), ("Benoît", "Denis"))
    scoring.record_hand(match=second.pk, number=1, hand=rules.Hand.played(11, 0))
    paper.enter_paper_result(match=first.pk, by=user, score_a=13, score_b=9,
                             finish_reason="target")
    live = sorted(Member.objects.filter(club=club).values_list("name", "mu", "sigma"))
    services.rerate(club=club)
    assert live == sorted(Member.objects.filter(club=club).values_list("name", "mu", "sigma"))
