"""Whole club evenings through the services, at random: fields of 2 to 16 teams, every
number of rounds a format allows, random results, teams that check in late and teams that
withdraw between rounds or in the middle of a match.

Every round draws; no pair meets twice unless the organizer chose the draw with the fewest
rematches (and then only because no other draw existed); byes are fair; each round places
every team still in exactly once; and the evening ends with a champion who did not
withdraw. `make test-long` plays ten times as many evenings.
"""

import random
from collections import Counter

import networkx as nx
import pytest

from scoring import rules
from scoring import services as scoring
from scoring.errors import Conflict
from scoring.services import NewTeam
from tests.conftest import SCALE
from tests.tournaments.helpers import team_list
from tournaments import services
from tournaments.formats import swiss_rounds_played
from tournaments.models import Bye, Entry, Format, Stage, Table
from tournaments.overview import overview
from tournaments.selectors import draw_candidates, field_size, is_over
from tournaments.services import Settings

pytestmark = pytest.mark.django_db

EVENINGS = {Format.SWISS: 30, Format.ROUND_ROBIN: 5, Format.KNOCKOUT: 8,
            Format.SWISS_KNOCKOUT: 5}


def pair(a, b):
    return frozenset((a, b))


class Evening:
    """One tournament, run the way an organizer with an unruly room would."""

    def __init__(self, organizer, rng: random.Random, format: str):
        self.rng = rng
        size = rng.randint(2, 16)
        most = size - 1 if size % 2 == 0 else size
        swiss_rounds = rng.choice([None, rng.randint(1, most)])
        knockout_size = rng.randint(2, size) if format == Format.SWISS_KNOCKOUT else None
        self.tournament = services.create_tournament(owner=organizer, settings=Settings(
            name="Soirée", variant="politaine", format=format, target=11,
            swiss_rounds=swiss_rounds if format in (Format.SWISS, Format.SWISS_KNOCKOUT)
            else None, knockout_size=knockout_size,
            swiss_first_round=rng.choice(["by_seed", "random"]),
        ), teams=team_list(size))
        self.late: list[Entry] = []
        entries = list(self.tournament.entries.all())
        if size > 2 and rng.random() < 0.5:  # check-in: some teams are not there yet
            here = rng.sample(entries, rng.randint(2, size))
            for entry in here:
                services.set_entry_flags(entry=entry, checked_in=True)
            self.late = [e for e in entries if e not in here]

    def entries(self):
        return list(self.tournament.entries.all())

    def active(self):
        """Who the next draw takes: round 1's rule, then round 1's field and late arrivals."""
        return {e.pk for e in draw_candidates(self.entries(), self.tournament.field or None)}

    def between_rounds(self):
        """Late teams arrive (a Swiss takes them in), a team goes home now and then."""
        if self.late and self.rng.random() < 0.5:
            late = self.late.pop()
            self.tournament.refresh_from_db()
            drawn = self.tournament.rounds.count()
            swiss_left = self.tournament.format == Format.SWISS or (
                self.tournament.format == Format.SWISS_KNOCKOUT and drawn < swiss_rounds_played(
                    self.tournament.swiss_rounds, len(self.tournament.field)))
            if not swiss_left:
                # A round robin or a bracket is made from round 1's field, and a Swiss then
                # a knockout's from its Swiss rounds: too late.
                with pytest.raises(Conflict) as refused:
                    services.set_entry_flags(entry=late, checked_in=True)
                assert refused.value.codes == ["field_closed"]
            else:
                services.set_entry_flags(entry=late, checked_in=True)
        if self.tournament.format == Format.SWISS and self.rng.random() < 0.1:
            # A team nobody expected: added on the spot, it joins the next round.
            services.add_teams(tournament=self.tournament, teams=[
                NewTeam(f"Surprise {self.tournament.entries.count() + 1}", ())])
        active = [e for e in self.entries() if e.pk in self.active()]
        if active and self.rng.random() < 0.2:
            # A check-in click on a team already playing changes nothing.
            services.set_entry_flags(entry=self.rng.choice(active), checked_in=True)
        if len(active) > 3 and self.rng.random() < 0.15:
            services.set_entry_flags(entry=self.rng.choice(active), withdrawn=True)

    def draw(self):
        """The next round, or None when the tournament is complete."""
        before = {"active": self.active(), "played": self.played(), "byes": self.byes()}
        try:
            new_round = services.draw_next_round(tournament=self.tournament)
        except Conflict as refusal:
            if refusal.codes[0] == "no_round_left":
                return None
            assert refusal.codes[0] == "rematch_unavoidable", refusal.codes
            self.check_rematch_was_unavoidable(before)
            new_round = services.draw_next_round(tournament=self.tournament,
                                                 allow_rematches=True)
            assert new_round.with_rematches
        self.tournament.refresh_from_db()  # its field and rounds are fixed at the first draw
        self.check_round(new_round, before)
        return new_round

    def played(self):
        return Counter(pair(t.entry_a_id, t.entry_b_id)
                       for t in Table.objects.filter(round__tournament=self.tournament))

    def byes(self):
        return Counter(Bye.objects.filter(round__tournament=self.tournament,
                                          round__stage=Stage.SWISS)
                       .values_list("entry_id", flat=True))

    def check_rematch_was_unavoidable(self, before):
        """No way to pair this round without a rematch, whoever of the fair candidates sat
        out."""
        teams = sorted(before["active"])
        fewest = min(before["byes"].get(t, 0) for t in teams)
        sitting_out = [t for t in teams if before["byes"].get(t, 0) == fewest] \
            if len(teams) % 2 else [None]
        for bye in sitting_out:
            graph = nx.Graph()
            rest = [t for t in teams if t != bye]
            graph.add_nodes_from(rest)
            graph.add_edges_from((a, b) for a in rest for b in rest
                                 if a < b and pair(a, b) not in before["played"])
            assert 2 * len(nx.max_weight_matching(graph, maxcardinality=True)) < len(rest)

    def check_round(self, new_round, before):
        tables = list(new_round.tables.select_related("match"))
        byes = list(new_round.byes.all())
        placed = Counter([e for t in tables for e in (t.entry_a_id, t.entry_b_id)]
                         + [b.entry_id for b in byes])
        withdrawn = {e.pk for e in self.entries() if e.withdrawn}
        if new_round.stage == Stage.ROUND_ROBIN:
            # The field of round 1, every round; a withdrawn team's games won by forfeit.
            assert set(placed) - withdrawn == set(self.tournament.field) - withdrawn
            for t in tables:
                if {t.entry_a_id, t.entry_b_id} & withdrawn:
                    assert t.match.finish_reason == rules.FinishReason.FORFEIT
        elif new_round.stage == Stage.SWISS:
            assert set(placed) == before["active"]
        else:
            assert not set(placed) & withdrawn
        assert set(placed.values()) <= {1}  # nobody twice in a round
        if new_round.stage == Stage.SWISS:
            rematches = [t for t in tables if before["played"][pair(t.entry_a_id, t.entry_b_id)]]
            assert bool(rematches) == new_round.with_rematches
            for bye in byes:  # never a second bye while someone in play has had none
                assert before["byes"][bye.entry_id] == min(
                    before["byes"].get(t, 0) for t in before["active"])

    def play(self, new_round):
        """Each table plays one decisive hand; now and then a team leaves mid-match."""
        for table in new_round.tables.select_related("match").order_by("number"):
            match = table.match
            if match.is_finished:
                continue
            active = self.active()
            if len(active) > 3 and self.rng.random() < 0.03:
                leaving = self.rng.choice([table.entry_a, table.entry_b])
                services.set_entry_flags(entry=leaving, withdrawn=True)
                match.refresh_from_db()
                assert match.finish_reason == rules.FinishReason.FORFEIT
                continue
            hand = rules.Hand.played(11, 0) if self.rng.random() < 0.5 \
                else rules.Hand.played(0, 11)
            scoring.record_hand(match=match, number=1, hand=hand)

    def run(self):
        rounds = 0
        while True:
            if rounds and not is_over(self.tournament):
                self.between_rounds()
            new_round = self.draw()
            if new_round is None:
                break
            rounds += 1
            self.play(new_round)
        view = overview(self.tournament)
        assert view.finished and is_over(self.tournament)
        assert len(view.rounds) == view.total_rounds
        champion = view.champion
        assert champion is not None and not champion.withdrawn
        if self.tournament.format == Format.SWISS:
            expected = swiss_rounds_played(self.tournament.swiss_rounds,
                                           field_size(self.tournament, self.entries()))
            assert rounds == expected
        if view.rounds[-1].round.stage == Stage.KNOCKOUT:
            final = view.rounds[-1]
            assert champion == (final.tables[0].winner if final.tables else final.byes[0])
        else:
            assert champion.pk == next(s.team_id for s in view.standings if not s.withdrawn)
        if self.tournament.format == Format.ROUND_ROBIN:
            # Everybody still in played the same number of games, forfeits included.
            games = {s.played + s.byes for s in view.standings
                     if not s.withdrawn and s.team_id in self.tournament.field}
            assert len(games) == 1


# Ten evenings a test (a hundred under `make test-long`), so that the workers of `make test`
# share them out evenly.
BATCHES = [(format, batch) for format, count in EVENINGS.items()
           for batch in range(-(-count // 10))]


@pytest.mark.parametrize(("format", "batch"), BATCHES)
def test_random_evenings_always_finish_with_a_champion(format, batch):
    from tests.factories import UserFactory

    organizer = UserFactory()
    rng = random.Random(f"evenings-{format}-{batch}")
    for _ in range(min(10, EVENINGS[format] - 10 * batch) * SCALE):
        Evening(organizer, rng, format).run()
