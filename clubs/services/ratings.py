"""Keeping the club's ratings: a function of its rated matches in the order they ended.

A change to one match (finished, corrected, undone, a player merged...) replays the club's
rated matches from that match's place in the order onwards: the ratings before that point
are those the first change of each player after it started from. Live and recomputed
ratings are the same floats (clubs.rating_model).
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.db.models import F, Q
from django.db.models.functions import Coalesce

from clubs import rating_model
from clubs.models import Club, Member, RatingChange
from clubs.selectors import SEATS, club_matches, club_of_match
from scoring import rules

Point = tuple[datetime, int]  # (rated_at, match id): a place in the order of rated matches


def _rated_matches(club_id: int, since: Point | None) -> list[rating_model.RatedMatch]:
    """The club's matches that are rated: finished on the cards (not by forfeit), between
    four different roster players. From `since` on, when given."""
    matches = club_matches(club_id).filter(status=rules.Status.FINISHED).exclude(
        finish_reason=rules.FinishReason.FORFEIT).annotate(
        ended=Coalesce("last_hand_at", "created_at"),
        **{f"member_{seat}": F(f"seat_{seat}__club_seat__member_id") for seat in SEATS})
    if since is not None:
        matches = matches.filter(Q(ended__gt=since[0]) | Q(ended=since[0], pk__gte=since[1]))
    found = []
    for row in matches.values("pk", "ended", "winner", *(f"member_{s}" for s in SEATS)):
        pair_a, pair_b = (row["member_n"], row["member_s"]), (row["member_e"], row["member_w"])
        seated = [*pair_a, *pair_b]
        if None not in seated and len(set(seated)) == 4:
            found.append(rating_model.RatedMatch(row["pk"], row["ended"], pair_a, pair_b,
                                                 row["winner"]))
    return found


def _from(club_id: int, since: Point | None):
    changes = RatingChange.objects.filter(club_id=club_id)
    if since is not None:
        changes = changes.filter(Q(rated_at__gt=since[0])
                                 | Q(rated_at=since[0], match_id__gte=since[1]))
    return changes


@transaction.atomic
def rerate(*, club: Club | int, since: Point | None = None) -> int:
    """Replay the club's rated matches from `since` (all of them when None); return how
    many matches were rated."""
    club_id = club.pk if isinstance(club, Club) else club
    # One writer of a club's ratings at a time (SQLite: the IMMEDIATE transaction).
    Club.objects.select_for_update().filter(pk=club_id).first()
    members = {m.pk: m for m in Member.objects.filter(club_id=club_id)}
    start = {pk: (m.mu, m.sigma) for pk, m in members.items() if m.mu is not None}
    counts = {pk: m.rated_matches for pk, m in members.items()}
    seen = set()
    undone = _from(club_id, since)
    # Plain values, not a model per change: a correction early in a long season undoes
    # thousands of them.
    for member_id, mu_before, sigma_before in undone.order_by(
            "rated_at", "match_id", "member_id").values_list(
            "member_id", "mu_before", "sigma_before"):
        counts[member_id] -= 1
        if member_id not in seen:  # the rating it had before the point
            seen.add(member_id)
            start[member_id] = (mu_before, sigma_before)
    if since is None:
        start, counts = {}, dict.fromkeys(members, 0)
    undone.delete()
    matches = _rated_matches(club_id, since)
    changes, ratings = rating_model.rate(start, matches)
    RatingChange.objects.bulk_create(RatingChange(
        club_id=club_id, match_id=c.match_id, member_id=c.member, rated_at=c.rated_at,
        mu_before=c.before[0], sigma_before=c.before[1], mu_after=c.after[0],
        sigma_after=c.after[1]) for c in changes)
    for change in changes:
        counts[change.member] += 1
    touched = []
    for pk, member in members.items():
        mu, sigma = ratings.get(pk, (None, None)) if counts[pk] else (None, None)
        if (member.mu, member.sigma, member.rated_matches) != (mu, sigma, counts[pk]):
            member.mu, member.sigma, member.rated_matches = mu, sigma, counts[pk]
            touched.append(member)
    Member.objects.bulk_update(touched, ["mu", "sigma", "rated_matches"], batch_size=500)
    return len(matches)


def after_match_change(match) -> None:
    """A club match's result changed: replay from its old place in the order, or its new
    one, whichever comes first (in the caller's transaction)."""
    club_id = club_of_match(match)
    if club_id is None:
        return
    points = []
    old = RatingChange.objects.filter(match_id=match.pk).values_list("rated_at",
                                                                      flat=True).first()
    if old is not None:
        points.append((old, match.pk))
    if match.status == rules.Status.FINISHED:
        points.append((match.last_hand_at or match.created_at, match.pk))
    if points:
        rerate(club=club_id, since=min(points))
