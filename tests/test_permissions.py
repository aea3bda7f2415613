"""Every view and endpoint, for every kind of visitor: each may do only what is theirs.

Roles: the owner (of a match, the creator of a tournament), a co-organizer of the tournament,
a score keeper link (no account), another user, and an anonymous visitor.
"""

import json

import pytest
from django.test import Client
from django.urls import get_resolver, reverse

from accounts.services import issue_token
from clubs import services as clubs
from clubs.services.seasons import save_season
from players import services as players
from scoring import rules
from scoring import services as scoring
from scoring.services import NewTeam
from tests.conftest import built_once
from tests.factories import UserFactory
from tests.tournaments.helpers import make_tournament
from tournaments import services

pytestmark = pytest.mark.django_db

ROLES = ("owner", "organizer", "other", "anonymous")
DENIED = {302, 401, 403, 404, 405}


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """One world for the module's few hundred cases: built once, each test's changes rolled
    back at its end (tests/conftest.py, built_once)."""
    with built_once(django_db_blocker):
        yield build_world()


def build_world():
    owner = UserFactory(username="owner")
    organizer = UserFactory(username="coorg")
    other = UserFactory(username="other")
    tournament = make_tournament(owner, teams=4, public=False)
    services.add_organizer(tournament=tournament, username="coorg")
    table = services.draw_next_round(tournament=tournament).tables.order_by("number").first()
    scoring.record_hand(match=table.match, number=1, hand=rules.Hand.played(7, 4))
    own_match = scoring.create_match(owner=owner, variant="politaine", team_a=NewTeam("A"),
                                     team_b=NewTeam("B"))
    scoring.record_hand(match=own_match, number=1, hand=rules.Hand.played(7, 4))
    entry = tournament.entries.order_by("seed").last()
    club = clubs.create_club(owner=owner, name="Club privé", public=False)
    club.organizers.add(organizer)
    member = clubs.add_member(club=club, name="Anne")
    season = save_season(club=club, name="Automne", points_table=[3, 2, 1], best_of=None,
                         nights=[])
    club_match = clubs.start_match(club=club, owner=owner, variant="politaine",
                                   team_a=NewTeam("A", ("Anne", "Marc")),
                                   team_b=NewTeam("B", ("Luc", "Julie")))
    # The player's door: a club night taking sign-ups (a pair signed up), a member's
    # invitation, a request to be linked.
    club_night = clubs.create_night(club=club, owner=owner, settings=services.Settings(
        name="Mardi", variant="politaine", target=21, format="swiss"))
    players.set_sheet(night=club_night, settings=players.SheetSettings(), by=owner)
    partner = clubs.add_member(club=club, name="Béatrice")
    signup = players.add_signup(night=club_night, member=member, partner=partner, by=owner)
    invitation = players.invite(club=club, member=partner, by=owner)
    link_request = players.ask_to_link(club=club, member=partner,
                                       user=UserFactory(username="asking"))
    # A private individual night: its players' pages and name cards.
    night = make_tournament(owner, teams=0, format="individual", public=False)
    services.add_organizer(tournament=night, username="coorg")
    services.add_teams(tournament=night, teams=[NewTeam(name) for name in "ABCD"])
    services.draw_next_round(tournament=night)
    return {"users": {"owner": owner, "organizer": organizer, "other": other},
            "tournament": tournament, "night": night, "table": table, "match": own_match,
            "entry": entry,
            "club": club, "member": member, "season": season, "club_match": club_match,
            "club_night": club_night, "signup": signup, "invitation": invitation,
            "link_request": link_request}


def client_for(world, role):
    client = Client()
    if role in world["users"]:
        client.force_login(world["users"][role])
    return client


# (url name, method, kwargs from the world, roles allowed). A match view is tried on a
# tournament's match (its organizers may keep score) and on a match of one's own.
MATCH_VIEWS = [("table", "get"), ("live", "get"), ("record", "post"), ("check", "post"),
               ("four_sevens", "post"), ("undo", "post"), ("edit_hand", "get"),
               ("redeal", "post"), ("first_dealer", "post"), ("check_correction", "post"),
               ("manifest", "get"), ("send", "post"), ("qr_code", "get")]


def match_cases():
    for name, method in MATCH_VIEWS:
        extra = {"number": 1} if name in ("edit_hand", "check_correction") else {}
        yield (f"owned:{name}", method, lambda w, e=extra: {"pk": w["table"].match_id, **e},
               {"owner", "organizer"})
        yield (f"owned:{name}", method, lambda w, e=extra: {"pk": w["match"].pk, **e},
               {"owner"})


TOURNAMENT = lambda w: {"pk": w["tournament"].pk}  # noqa: E731
CLUB = lambda w: {"pk": w["club"].pk}  # noqa: E731
MEMBER = lambda w: {"pk": w["club"].pk, "member_id": w["member"].pk}  # noqa: E731
CLUB_NIGHT = lambda w: {"pk": w["club"].pk, "night_id": w["club_night"].pk}  # noqa: E731
SIGNUP = lambda w: {**CLUB_NIGHT(w), "signup_id": w["signup"].pk}  # noqa: E731
ORGANIZERS = {"owner", "organizer"}
CASES = [
    *match_cases(),
    ("match_rematch", "post", lambda w: {"pk": w["match"].pk}, {"owner"}),
    ("match_new_link", "post", lambda w: {"pk": w["match"].pk}, {"owner"}),
    ("match_archive", "post", lambda w: {"pk": w["match"].pk}, {"owner"}),
    ("match_delete", "post", lambda w: {"pk": w["match"].pk}, {"owner"}),
    ("tournament_dashboard", "get", TOURNAMENT, ORGANIZERS),
    ("tournament_settings", "get", TOURNAMENT, ORGANIZERS),
    # Only the creator chooses the co-organizers.
    ("tournament_organizer_add", "post", TOURNAMENT, {"owner"}),
    ("tournament_organizer_remove", "post",
     lambda w: {"pk": w["tournament"].pk, "user_id": w["users"]["other"].pk}, {"owner"}),
    ("tournament_teams", "get", TOURNAMENT, ORGANIZERS),
    ("tournament_team_seeds", "post", TOURNAMENT, ORGANIZERS),
    ("tournament_team_remove", "post",
     lambda w: {"pk": w["tournament"].pk, "entry_id": w["entry"].pk}, ORGANIZERS),
    ("tournament_team_remove", "get",
     lambda w: {"pk": w["tournament"].pk, "entry_id": w["entry"].pk}, ORGANIZERS),
    ("tournament_team_restore", "post", TOURNAMENT, ORGANIZERS),
    ("tournament_team_check_in_all", "post", TOURNAMENT, ORGANIZERS),
    ("tournament_team_flag", "post",
     lambda w: {"pk": w["tournament"].pk, "entry_id": w["entry"].pk, "flag": "checked_in"},
     ORGANIZERS),
    ("tournament_draw", "post", TOURNAMENT, ORGANIZERS),
    ("tournament_close", "post", TOURNAMENT, ORGANIZERS),
    ("tournament_reopen", "post", TOURNAMENT, ORGANIZERS),
    ("tournament_round", "get", lambda w: {"pk": w["tournament"].pk, "number": 1}, ORGANIZERS),
    ("tournament_round_swap", "post", lambda w: {"pk": w["tournament"].pk, "number": 1},
     ORGANIZERS),
    ("tournament_round_time", "post", lambda w: {"pk": w["tournament"].pk, "number": 1},
     ORGANIZERS),
    ("tournament_round_time", "get", lambda w: {"pk": w["tournament"].pk, "number": 1},
     ORGANIZERS),
    ("tournament_round_time_take_back", "post",
     lambda w: {"pk": w["tournament"].pk, "number": 1}, ORGANIZERS),
    ("tournament_round_cards", "get", lambda w: {"pk": w["tournament"].pk, "number": 1},
     ORGANIZERS),
    ("tournament_table_reissue", "post",
     lambda w: {"pk": w["tournament"].pk, "number": 1, "table": 1}, ORGANIZERS),
    ("tournament_table_reissue_opponents", "post",
     lambda w: {"pk": w["tournament"].pk, "number": 1, "table": 1}, ORGANIZERS),
    ("tournament_round_sheets", "get", lambda w: {"pk": w["tournament"].pk, "number": 1},
     ORGANIZERS),
    ("tournament_round_confirm_all", "post",
     lambda w: {"pk": w["tournament"].pk, "number": 1}, ORGANIZERS),
    *[(name, method, lambda w: {"pk": w["tournament"].pk, "number": 1, "table": 2},
       ORGANIZERS)
      for name, method in (("tournament_table_confirm", "post"),
                           ("tournament_table_paper", "get"),
                           ("tournament_table_paper_take_back", "post"))],
    ("tournament_standings_csv", "get", TOURNAMENT, ORGANIZERS),
    ("tournament_results_csv", "get", TOURNAMENT, ORGANIZERS),
    ("tournament_json", "get", TOURNAMENT, ORGANIZERS),
    # A private tournament's public pages are for its organizers only.
    *[(f"public_{page}", "get", TOURNAMENT, ORGANIZERS)
      for page in ("standings", "draw", "results", "bracket", "projector")],
    ("public_player", "get", lambda w: {"pk": w["night"].pk,
                                        "entry_id": w["night"].entries.first().pk}, ORGANIZERS),
    ("tournament_name_cards", "get", lambda w: {"pk": w["night"].pk}, ORGANIZERS),
    ("account", "get", lambda w: {}, {"owner", "organizer", "other"}),
    ("token_revoke", "post", lambda w: {"token_id": 1}, {"owner", "organizer", "other"}),
    ("token_create", "post", lambda w: {}, {"owner", "organizer", "other"}),
    # One's own account only: the URL names nobody, and a POST needs one's own password.
    ("account_delete", "get", lambda w: {}, {"owner", "organizer", "other"}),
    ("account_delete", "post", lambda w: {}, {"owner", "organizer", "other"}),
    ("tournament_list", "get", lambda w: {}, {"owner", "organizer", "other"}),
    ("tournament_new", "get", lambda w: {}, {"owner", "organizer", "other"}),
    ("match_new", "get", lambda w: {}, {"owner", "organizer", "other"}),
    ("password_change", "get", lambda w: {}, {"owner", "organizer", "other"}),
    ("club_list", "get", lambda w: {}, {"owner", "organizer", "other"}),
    ("club_new", "get", lambda w: {}, {"owner", "organizer", "other"}),
    # A private club's pages, public or not, are for its organizers only.
    *[(name, "get", CLUB, ORGANIZERS) for name in (
        "club_page", "club_settings", "club_roster", "club_suggest", "club_match_new",
        "club_nights", "club_season_new", "club_ladder_csv", "club_json")],
    *[(name, method, MEMBER, ORGANIZERS) for name, method in (
        ("club_member_edit", "get"), ("club_member_edit", "post"), ("club_player", "get"))],
    ("club_roster", "post", CLUB, ORGANIZERS),
    ("club_roster_list", "get", CLUB, ORGANIZERS),
    ("club_roster_list", "post", CLUB, ORGANIZERS),
    ("club_night_new", "get", CLUB, ORGANIZERS),
    ("club_night_new", "post", CLUB, ORGANIZERS),
    # What a member asks of the club: answered by its organizers.
    ("club_member_public_name", "post", MEMBER, ORGANIZERS),
    ("club_member_anonymize", "get", MEMBER, ORGANIZERS),
    ("club_member_split", "get", MEMBER, ORGANIZERS),
    ("club_member_split", "post", MEMBER, ORGANIZERS),
    ("club_member_anonymize", "post", MEMBER, ORGANIZERS),
    ("club_member_data", "get", lambda w: {"pk": w["club"].pk, "member_id": w["member"].pk,
                                           "kind": "json"}, ORGANIZERS),
    ("club_public_name", "get", CLUB, ORGANIZERS),
    ("club_public_name", "post", CLUB, ORGANIZERS),
    ("club_organizer_add", "post", CLUB, ORGANIZERS),
    ("club_attributions", "get", lambda w: {"pk": w["club"].pk, "match_id": w["club_match"].pk},
     ORGANIZERS),
    ("club_season_edit", "get", lambda w: {"pk": w["club"].pk, "season_id": w["season"].pk},
     ORGANIZERS),
    *[(name, "get", lambda w: {"pk": w["season"].pk}, ORGANIZERS)
      for name in ("season_page", "season_projector", "season_csv")],
    # The player's door, the organizers' side: a club night's sign-up and its list, a
    # member's account and invitation, the requests to be linked.
    *[(name, method, CLUB_NIGHT, ORGANIZERS) for name, method in (
        ("players_night_settings", "get"), ("players_night_settings", "post"),
        ("players_night_cancel", "get"), ("players_night_cancel", "post"),
        ("players_signups", "get"), ("players_signup_add", "post"),
        ("players_signups_pair", "post"), ("players_signups_check_in", "post"),
        ("players_signups_enter", "get"), ("players_signups_enter", "post"))],
    *[(name, method, SIGNUP, ORGANIZERS) for name, method in (
        ("players_signup_remove", "get"), ("players_signup_remove", "post"),
        ("players_signup_let_in", "post"))],
    ("players_member_invite", "post", MEMBER, ORGANIZERS),
    ("players_invitation_revoke", "post",
     lambda w: {"pk": w["club"].pk, "member_id": w["invitation"].member_id,
                "invitation_id": w["invitation"].pk}, ORGANIZERS),
    ("players_member_unlink", "get", MEMBER, ORGANIZERS),
    ("players_member_unlink", "post", MEMBER, ORGANIZERS),
    ("players_link_request_decide", "post",
     lambda w: {"pk": w["club"].pk, "request_id": w["link_request"].pk}, ORGANIZERS),
    # The player's door, the players' side: my page is every account's own; a member's
    # privacy steps are their own account's only (the world's members have none); a
    # private club's night is its organizers' (and linked members'); a sign-up, its players'.
    ("me", "get", lambda w: {}, {"owner", "organizer", "other"}),
    *[(name, method, lambda w: {"member_id": w["member"].pk}, set()) for name, method in (
        ("me_public_name", "post"), ("me_take_name_off", "get"),
        ("me_take_name_off", "post"), ("me_unlink", "get"), ("me_unlink", "post"))],
    ("me_data", "get", lambda w: {"member_id": w["member"].pk, "kind": "json"}, set()),
    ("invitation", "get", lambda w: {"token": w["invitation"].token}, set(ROLES)),
    ("invitation", "post", lambda w: {"token": w["invitation"].token},
     {"owner", "organizer", "other"}),
    ("link_ask", "post", CLUB, ORGANIZERS),
    ("link_withdraw", "post", CLUB, {"owner", "organizer", "other"}),
    ("night_signup", "get", CLUB_NIGHT, ORGANIZERS),
    ("night_signup", "post", CLUB_NIGHT, ORGANIZERS),
    *[(name, "post", SIGNUP, set()) for name in (
        "signup_confirm", "signup_decline", "signup_ask_partner", "signup_withdraw",
        "signup_check_in")],
    ("signup_withdraw", "get", SIGNUP, set()),
    # A calendar is read with no login: a private club has none for anyone, and a player's
    # is found by its secret alone (tests/players/test_calendars.py).
    ("club_calendar", "get", CLUB, set()),
    ("my_calendar", "get", lambda w: {"secret": "not-the-secret"}, set()),
    ("my_calendar_new", "post", lambda w: {}, {"owner", "organizer", "other"}),
]
# Open to all: what anyone may see or do without an account.
PUBLIC = {"home", "rules", "match_new_target", "login", "signup", "logout", "password_change_done",
          "set_language", "service_worker"}
# Reached only by the secret of a match's opponents' link (tested below).
OPPONENTS_VIEWS = [("opponents", "get"), ("opponents_live", "get"),
                   ("opponents_confirm", "post"), ("opponents_dispute", "post")]


@pytest.mark.parametrize(("name", "method", "kwargs", "allowed"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
@pytest.mark.parametrize("role", ROLES)
def test_each_role_may_do_only_its_own(world, name, method, kwargs, allowed, role):
    url = reverse(name, kwargs=kwargs(world))
    response = getattr(client_for(world, role), method)(url)
    if role in allowed:
        assert response.status_code not in DENIED or (
            response.status_code == 302 and "/accounts/login/" not in response["Location"]
        ), (role, url, response.status_code)
    else:
        assert response.status_code in DENIED, (role, url, response.status_code)
        if response.status_code == 302:
            assert "/accounts/login/" in response["Location"]


@pytest.mark.parametrize(("name", "method"), MATCH_VIEWS)
def test_the_score_keeper_link_reaches_its_match_only(world, name, method):
    extra = {"number": 1} if name in ("edit_hand", "check_correction") else {}
    link = Client()
    own = reverse(f"link:{name}", kwargs={"token": world["table"].match.scorekeeper_token,
                                           **extra})
    assert getattr(link, method)(own).status_code not in {401, 403, 404}
    wrong = reverse(f"link:{name}", kwargs={"token": "x" * 43, **extra})
    assert getattr(link, method)(wrong).status_code == 404


@pytest.mark.parametrize(("name", "method"), OPPONENTS_VIEWS)
def test_the_opponents_link_reaches_its_match_only_and_never_its_hands(world, name, method):
    token = world["table"].match.opponents_token
    link = Client()
    response = getattr(link, method)(reverse(name, kwargs={"token": token}))
    assert response.status_code not in {401, 403, 404}
    assert getattr(link, method)(reverse(name, kwargs={"token": "x" * 43})).status_code == 404
    # The opponents' secret is no score keeper link.
    assert link.post(reverse("link:record", kwargs={"token": token})).status_code == 404


# Reached only by the secret of a club match's score keeper link (tested below).
KEEPER_LINK_VIEWS = ["club_link_attributions"]


@pytest.mark.parametrize("method", ["get", "post"])
def test_the_keepers_link_reaches_its_club_matchs_attributions_only(world, method):
    link = Client()
    own = reverse("club_link_attributions",
                  kwargs={"token": world["club_match"].scorekeeper_token})
    assert getattr(link, method)(own).status_code not in {401, 403, 404}
    for token in ("x" * 43, world["club_match"].opponents_token,
                  world["match"].scorekeeper_token):  # a match of no club
        url = reverse("club_link_attributions", kwargs={"token": token})
        assert getattr(link, method)(url).status_code == 404


def test_every_url_is_in_this_matrix():
    covered = {case[0] for case in CASES} | PUBLIC | {f"link:{n}" for n, _ in MATCH_VIEWS} | {
        n for n, _ in OPPONENTS_VIEWS} | set(KEEPER_LINK_VIEWS)
    names = set()
    resolver = get_resolver()
    for name in resolver.reverse_dict:
        if isinstance(name, str):
            names.add(name)
    for namespace in ("owned", "link"):
        names |= {f"{namespace}:{n}" for n in
                  get_resolver().namespace_dict[namespace][1].reverse_dict if isinstance(n, str)}
    ours = {n for n in names if not n.startswith(("admin", "api-v1"))}
    assert ours - covered == set()


HAND = {"number": 2, "points": {"a": 6, "b": 5}}
NEW_MATCH = {"variant": "politaine", "team_a": {"name": "A"}, "team_b": {"name": "B"}}
# Valid bodies: what is tested is who may send them.
API_CASES = [
    ("get", "/matches/{match}", None, {"owner"}),
    ("post", "/matches/{match}/hands", HAND, {"owner"}),
    ("put", "/matches/{match}/hands/1", {"points": {"a": 5, "b": 6}}, {"owner"}),
    ("delete", "/matches/{match}/hands/1", None, {"owner"}),
    ("get", "/matches/{table_match}", None, {"owner", "organizer", "link", "opponents"}),
    ("post", "/matches/{table_match}/hands", HAND, {"owner", "organizer", "link"}),
    ("delete", "/matches/{table_match}/hands/1", None, {"owner", "organizer", "link"}),
    ("get", "/tournaments/{tournament}", None, {"owner", "organizer"}),
    ("get", "/tournaments/{tournament}/standings", None, {"owner", "organizer"}),
    ("post", "/tournaments/{tournament}/rounds", None, {"owner", "organizer"}),
    ("post", "/tournaments", {"name": "T", "variant": "politaine", "format": "knockout"},
     {"owner", "organizer", "other"}),
    ("post", "/matches", NEW_MATCH, {"owner", "organizer", "other"}),
    ("get", "/matches", None, {"owner", "organizer", "other"}),
    ("get", "/clubs/{club}", None, {"owner", "organizer"}),
    ("get", "/clubs/{club}/players", None, {"owner", "organizer"}),
    ("get", "/clubs/{club}/ladder", None, {"owner", "organizer"}),
    ("get", "/players/{member}", None, {"owner", "organizer"}),
    ("get", "/seasons/{season}/standings", None, {"owner", "organizer"}),
    # The organizers confirm on the team's behalf, the opponents with their own token.
    ("post", "/matches/{table_match}/confirm", None, {"owner", "organizer", "opponents"}),
    ("post", "/matches/{table_match}/dispute", {}, {"owner", "organizer", "opponents"}),
    # A new opponents' link: the match's keepers through an account, never a link's token.
    ("post", "/matches/{table_match}/opponents-token", None, {"owner", "organizer"}),
    ("post", "/matches/{match}/opponents-token", None, {"owner"}),
]


@pytest.mark.parametrize(("method", "path", "body", "allowed"), API_CASES)
@pytest.mark.parametrize("role", (*ROLES, "link", "opponents"))
def test_each_api_caller_may_do_only_its_own(world, method, path, body, allowed, role):
    headers = {}
    if role in world["users"]:
        headers["HTTP_AUTHORIZATION"] = f"Bearer {issue_token(user=world['users'][role])}"
    elif role == "link":
        headers["HTTP_AUTHORIZATION"] = f"Bearer {world['table'].match.scorekeeper_token}"
    elif role == "opponents":
        headers["HTTP_AUTHORIZATION"] = f"Bearer {world['table'].match.opponents_token}"
    url = "/api/v1" + path.format(match=world["match"].pk, table_match=world["table"].match_id,
                                  tournament=world["tournament"].pk, club=world["club"].pk,
                                  member=world["member"].pk, season=world["season"].pk)
    data = json.dumps(body) if body is not None else ""
    response = getattr(Client(), method)(url, data, content_type="application/json", **headers)
    if role in allowed:
        assert response.status_code not in {401, 403, 404}, (role, url, response.content)
    else:
        assert response.status_code in {401, 403, 404}, (role, url, response.status_code)
