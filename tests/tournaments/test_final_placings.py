"""After a Swiss with a knockout, the final placings follow the knockout (the champion, the
finalist, the semi-finalists...), then the Swiss standings: on every page, CSV and the API."""

from django.urls import reverse

from tests.tournaments.helpers import make_tournament, play_round, play_rounds
from tournaments import services
from tournaments.overview import overview
from tournaments.standings import Standing, final_placings


def line(team, rank):
    return Standing(rank=rank, team_id=team, name=f"T{team}", seed=team, withdrawn=False,
                    difference=0, buchholz=0, wins=0, losses=0, byes=0, played=0,
                    points_for=0, points_against=0)


def test_the_placings_follow_the_knockout_then_the_swiss():
    swiss = [line(team, rank) for rank, team in enumerate([1, 2, 3, 4, 5, 6], start=1)]
    semis = [(1, 4, 4), (2, 3, 2)]
    final = [(4, 2, 2)]
    placed = final_placings(swiss, [semis, final])
    assert [(s.team_id, s.rank) for s in placed] == [(2, 1), (4, 2), (1, 3), (3, 3),
                                                      (5, 5), (6, 6)]
    # Until the final is decided, the standings stay as they are.
    assert final_placings(swiss, [semis, [(4, 2, None)]]) == swiss
    assert final_placings(swiss, [[(1, 4, 4), (2, 3, None)]]) == swiss


def finished_swiss_knockout(organizer):
    tournament = make_tournament(organizer, teams=6, format="swiss_knockout", swiss_rounds=3,
                                 knockout_size=4)
    play_rounds(tournament, 3)
    swiss = [s.team_id for s in overview(tournament).standings]
    semis = services.draw_next_round(tournament=tournament)
    # The lower seeds win both semi-finals, and the fourth seed the final.
    play_round(semis, winners={t.number: "b" for t in semis.tables.all()})
    final = services.draw_next_round(tournament=tournament)
    table = final.tables.get()
    play_round(final, winners={1: "a" if table.entry_a_id == swiss[3] else "b"})
    return tournament, swiss


def test_every_page_csv_and_the_api_give_the_final_placings(client, organizer):
    tournament, swiss = finished_swiss_knockout(organizer)
    view = overview(tournament)
    assert view.finished and view.champion.pk == swiss[3]
    placed = [(s.team_id, s.rank) for s in view.standings]
    assert placed[0] == (swiss[3], 1)
    assert placed[1] == (swiss[2], 2)
    assert {placed[2], placed[3]} == {(swiss[0], 3), (swiss[1], 3)}
    assert placed[4:] == [(swiss[4], 5), (swiss[5], 6)]
    names = {e.pk: e.team.name for e in view.entries}
    public = client.get(reverse("public_standings", args=[tournament.pk])).content.decode()
    assert public.index(names[swiss[3]]) < public.index(names[swiss[2]]) < public.index(
        names[swiss[0]])
    csv = client.get(reverse("tournament_standings_csv", args=[tournament.pk])).content.decode()
    assert csv.splitlines()[1].split(",")[:2] == ["1", names[swiss[3]]]
    api = client.get(f"/api/v1/tournaments/{tournament.pk}/standings").json()
    assert [(row["team"]["id"], row["rank"]) for row in api["standings"]][:2] == [
        (swiss[3], 1), (swiss[2], 2)]
    projector = client.get(reverse("public_projector", args=[tournament.pk])).content.decode()
    assert projector.index(names[swiss[3]]) < projector.index(names[swiss[0]])
