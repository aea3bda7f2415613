"""Every page of the app, with the data to show something real and the states worth a look
(a live error, a correction open, the counting helper open): for axe-core and screenshots."""

from dataclasses import dataclass, field

from playwright.sync_api import Page, expect

from clubs import services as clubs
from clubs.services.seasons import save_season
from scoring import confirmations, rules, services
from scoring.services import NewTeam
from tests.clubs.helpers import club_match, win
from tests.factories import seen_version
from tests.tournaments.helpers import finish, make_tournament, play_round
from tournaments import services as tournaments


@dataclass
class Shot:
    name: str
    path: str
    prepare: object = None  # page -> None: what to do once the page is open
    anonymous: bool = False
    tags: list = field(default_factory=list)


def _live_error(page: Page):
    page.locator("#entry input[name=points_a]").fill("6")
    page.locator("#entry input[name=points_b]").fill("4")
    page.locator("#entry input[name=points_b]").dispatch_event("input")
    expect(page.locator("#entry p[id$='slot-points']")).not_to_be_empty()


def _correction_open(page: Page):
    page.locator("#correct-hand-1").click()
    expect(page.locator("#hand-1.editing")).to_be_visible()


def _helper_open(page: Page):
    page.locator("#entry details.helper summary").click()
    page.locator("#entry input[name=aces_a]").fill("2")
    page.locator("#entry input[name=aces_a]").dispatch_event("input")
    expect(page.locator("#entry input[name=aces_b]")).to_have_value("2")


def _four_sevens_open(page: Page):
    page.locator("#entry details.four-sevens summary").click()


def _api_docs_drawn(page: Page):
    expect(page.locator("main .opblock").first).to_be_visible(timeout=30_000)


def build(user) -> list[Shot]:
    """Matches and tournaments of `user`, and the pages that show them."""
    politaine = services.create_match(
        owner=user, variant="politaine",
        team_a=NewTeam("Les Bleus de Rimouski", ("Anne", "Marc")),
        team_b=NewTeam("Les Rouges", ("Luc", "Julie")))
    for number, (a, politaine_b) in enumerate(((7, 0), (3, 1), (9, 0)), start=1):
        services.record_hand(match=politaine, number=number,
                             hand=rules.Hand.played(a, 11 - a, 0, politaine_b))
    services.correct_hand(match=politaine, number=1, hand=rules.Hand.played(6, 5), by=user)
    first_hand = services.create_match(owner=user, variant="quatre_sept", team_a=NewTeam("Nous"),
                                       team_b=NewTeam("Eux"), first_dealer="E")
    finished = services.create_match(owner=user, variant="politaine", team_a=NewTeam("Them"),
                                     team_b=NewTeam("Les Verts"))
    for number in (1, 2, 3, 4):
        services.record_hand(match=finished, number=number, hand=rules.Hand.played(2, 9))
    quadrette = services.create_match(owner=user, variant="quadrette", team_a=NewTeam("Nous"),
                                      team_b=NewTeam("Eux"))
    services.record_hand(match=quadrette, number=1, hand=rules.Hand.quadrette(4, 2))
    archived = services.create_match(owner=user, variant="poule", team_a=NewTeam("Anciens"),
                                     team_b=NewTeam("Autres"))
    services.archive_match(match=archived, by=user)

    swiss = make_tournament(user, teams=9, round_minutes=45, place="Salle paroissiale")
    first = tournaments.draw_next_round(tournament=swiss)
    play_round(first)
    second = tournaments.draw_next_round(tournament=swiss)
    finish(second.tables.order_by("number").first().match, winner="b")
    disputed = second.tables.order_by("number").first().match
    confirmations.dispute(match=disputed, seen_version=seen_version(disputed),
                          via=confirmations.Via.OPPONENTS_LINK,
                          reason="Hand 2 was 6–5, not 7–4")
    closed = first.tables.order_by("number").first().match
    # A table whose phone died after a hand: its result from paper over the hand kept.
    services.record_hand(match=second.tables.get(number=3).match, number=1,
                         hand=rules.Hand.played(7, 4))
    knockout = make_tournament(user, teams=6, format="knockout")
    play_round(tournaments.draw_next_round(tournament=knockout))
    tournaments.draw_next_round(tournament=knockout)

    club = clubs.create_club(owner=user, name="Club de la Baie", place="Rimouski")
    club_match(club, user, ("Anne", "Marc"), ("Luc", "Julie"),
               [rules.Hand.played(1, 10), rules.Hand.played(9, 2, 1, 0)])
    club_match(club, user, ("Anne", "Luc"), ("Marc", "Julie"), [win("b")])
    attributable = club.club_matches.order_by("pk").first().match_id
    attributable_token = club.club_matches.order_by("pk").first().match.scorekeeper_token
    night = clubs.add_night(club=club, tournament=swiss)
    season = save_season(club=club, name="Automne", points_table=[10, 8, 6, 5, 4, 3, 2, 1],
                         best_of=None, nights=[night.pk])
    anne = club.members.get(name="Anne").pk

    # Entered, not drawn: a team the organizer can still remove (asked first).
    late = tournaments.add_teams(tournament=swiss, teams=[NewTeam("Tard")])[0].pk
    m, t, k, c = politaine.pk, swiss.pk, knockout.pk, club.pk
    i, player = individual_night(user)
    return [
        Shot("home", "/"),
        Shot("home-archive", "/?archived=1"),
        Shot("home-anonymous", "/", anonymous=True),
        Shot("login", "/accounts/login/", anonymous=True),
        Shot("signup", "/accounts/signup/", anonymous=True),
        Shot("rules", "/rules/", anonymous=True),
        Shot("account", "/accounts/"),
        Shot("password", "/accounts/password/"),
        Shot("account-delete", "/accounts/delete/"),
        Shot("match-new", "/matches/new/"),
        Shot("match", f"/matches/{m}/"),
        Shot("match-live-error", f"/matches/{m}/", _live_error),
        Shot("match-correction", f"/matches/{m}/", _correction_open),
        Shot("match-counting-helper", f"/matches/{m}/", _helper_open),
        Shot("match-four-sevens", f"/matches/{m}/", _four_sevens_open),
        Shot("match-first-hand", f"/matches/{first_hand.pk}/"),
        Shot("match-finished", f"/matches/{finished.pk}/"),
        Shot("match-quadrette", f"/matches/{quadrette.pk}/"),
        Shot("match-correction-page", f"/matches/{m}/hands/1/"),
        Shot("match-closed-round-link", f"/k/{closed.scorekeeper_token}/", anonymous=True),
        Shot("tournaments", "/tournaments/"),
        Shot("tournament-new", "/tournaments/new/"),
        Shot("tournament-dashboard", f"/tournaments/{t}/"),
        Shot("tournament-settings", f"/tournaments/{t}/settings/"),
        Shot("tournament-teams", f"/tournaments/{t}/teams/"),
        Shot("tournament-team-remove", f"/tournaments/{t}/teams/{late}/remove/"),
        Shot("tournament-call-time", f"/tournaments/{t}/rounds/2/time/"),
        Shot("tournament-round", f"/tournaments/{t}/rounds/2/"),
        Shot("tournament-cards", f"/tournaments/{t}/rounds/2/cards/"),
        Shot("tournament-sheets", f"/tournaments/{t}/rounds/2/sheets/"),
        Shot("tournament-paper", f"/tournaments/{t}/rounds/2/tables/2/paper/"),
        Shot("tournament-paper-over-hands", f"/tournaments/{t}/rounds/2/tables/3/paper/"),
        Shot("opponents-disputed", f"/o/{disputed.opponents_token}/", anonymous=True),
        Shot("opponents-playing",
             f"/o/{second.tables.order_by('number')[1].match.opponents_token}/",
             anonymous=True),
        Shot("public-standings", f"/t/{t}/", anonymous=True),
        Shot("public-draw", f"/t/{t}/draw/", anonymous=True),
        Shot("public-results", f"/t/{t}/results/", anonymous=True),
        Shot("public-bracket", f"/t/{k}/bracket/", anonymous=True),
        Shot("projector", f"/t/{t}/projector/", anonymous=True),
        Shot("projector-knockout", f"/t/{k}/projector/", anonymous=True),
        Shot("clubs", "/clubs/"),
        Shot("club-new", "/clubs/new/"),
        Shot("club", f"/clubs/{c}/", anonymous=True),
        Shot("club-player", f"/clubs/{c}/players/{anne}/", anonymous=True),
        Shot("club-roster", f"/clubs/{c}/roster/"),
        Shot("club-member-edit", f"/clubs/{c}/roster/{anne}/"),
        Shot("club-match-new", f"/clubs/{c}/matches/new/"),
        Shot("club-nights", f"/clubs/{c}/nights/"),
        Shot("club-attributions", f"/clubs/{c}/matches/{attributable}/attributions/"),
        Shot("club-link-attributions", f"/clubs/k/{attributable_token}/attributions/",
             anonymous=True),
        Shot("club-season-new", f"/clubs/{c}/seasons/new/"),
        Shot("season", f"/seasons/{season.pk}/", anonymous=True),
        Shot("season-projector", f"/seasons/{season.pk}/projector/", anonymous=True),
        Shot("api-docs", "/api/v1/docs", prepare=_api_docs_drawn, anonymous=True),
        Shot("individual-dashboard", f"/tournaments/{i}/"),
        Shot("individual-players", f"/tournaments/{i}/teams/"),
        Shot("individual-round", f"/tournaments/{i}/rounds/2/"),
        Shot("individual-cards", f"/tournaments/{i}/rounds/2/cards/"),
        Shot("individual-name-cards", f"/tournaments/{i}/teams/name-cards/"),
        Shot("individual-public-draw", f"/t/{i}/draw/", anonymous=True),
        Shot("individual-public-standings", f"/t/{i}/", anonymous=True),
        Shot("individual-projector", f"/t/{i}/projector/", anonymous=True),
        Shot("individual-player", f"/t/{i}/players/{player}/", anonymous=True),
    ]


INDIVIDUAL_PLAYERS = (
    "Anne Tremblay", "Bruno Gagnon", "Carole Roy", "Denis Côté", "Élise Bouchard",
    "François Gauthier", "Gisèle Morin", "Hugo Lavoie", "Isabelle Fortin", "Jacques Gagné",
    "Karine Ouellet", "Luc Pelletier", "Marie-Josée Bélanger-Desrosiers", "Nicolas Lévesque")


def individual_night(user) -> tuple[int, int]:
    """A 14-player individual night: round 1 played, a late arrival, round 2 under way."""
    night = make_tournament(user, teams=0, format="individual", sit_out="fixed",
                            sit_out_points=6, place="Salle des Chevaliers")
    tournaments.add_teams(tournament=night, teams=[NewTeam(n) for n in INDIVIDUAL_PLAYERS])
    play_round(tournaments.draw_next_round(tournament=night))
    tournaments.add_teams(tournament=night, teams=[NewTeam("Raymond Caron")])
    second = tournaments.draw_next_round(tournament=night)
    services.record_hand(match=second.tables.order_by("number").first().match, number=1,
                         hand=rules.Hand.played(7, 4))
    seated = second.tables.order_by("number").first().seats.get(seat="N").entry_id
    return night.pk, seated
