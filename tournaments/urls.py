from django.urls import path

from tournaments.views import exports, manage, public, rounds, tables

urlpatterns = [
    path("tournaments/", manage.tournament_list, name="tournament_list"),
    path("tournaments/new/", manage.tournament_new, name="tournament_new"),
    path("tournaments/<int:pk>/", manage.dashboard, name="tournament_dashboard"),
    path("tournaments/<int:pk>/settings/", manage.tournament_settings,
         name="tournament_settings"),
    path("tournaments/<int:pk>/organizers/", manage.organizer_add, name="tournament_organizer_add"),
    path("tournaments/<int:pk>/organizers/<int:user_id>/remove/", manage.organizer_remove,
         name="tournament_organizer_remove"),
    path("tournaments/<int:pk>/teams/", manage.teams, name="tournament_teams"),
    path("tournaments/<int:pk>/teams/seeds/", manage.team_seeds, name="tournament_team_seeds"),
    path("tournaments/<int:pk>/teams/<int:entry_id>/remove/", manage.team_remove,
         name="tournament_team_remove"),
    path("tournaments/<int:pk>/teams/<int:entry_id>/<str:flag>/", manage.team_flag,
         name="tournament_team_flag"),
    path("tournaments/<int:pk>/rounds/", rounds.draw_round, name="tournament_draw"),
    path("tournaments/<int:pk>/rounds/<int:number>/", rounds.round_detail,
         name="tournament_round"),
    path("tournaments/<int:pk>/rounds/<int:number>/swap/", rounds.round_swap,
         name="tournament_round_swap"),
    path("tournaments/<int:pk>/rounds/<int:number>/time/", rounds.round_call_time,
         name="tournament_round_time"),
    path("tournaments/<int:pk>/rounds/<int:number>/cards/", rounds.round_cards,
         name="tournament_round_cards"),
    path("tournaments/<int:pk>/rounds/<int:number>/tables/<int:table>/reissue/",
         rounds.table_reissue, name="tournament_table_reissue"),
    path("tournaments/<int:pk>/rounds/<int:number>/sheets/", tables.score_sheets,
         name="tournament_round_sheets"),
    path("tournaments/<int:pk>/rounds/<int:number>/confirm-all/", tables.confirm_all,
         name="tournament_round_confirm_all"),
    path("tournaments/<int:pk>/rounds/<int:number>/tables/<int:table>/confirm/",
         tables.confirm_for_team, name="tournament_table_confirm"),
    path("tournaments/<int:pk>/rounds/<int:number>/tables/<int:table>/paper/",
         tables.paper_result, name="tournament_table_paper"),
    path("tournaments/<int:pk>/rounds/<int:number>/tables/<int:table>/paper/take-back/",
         tables.paper_take_back, name="tournament_table_paper_take_back"),
    path("tournaments/<int:pk>/standings.csv", exports.standings_csv,
         name="tournament_standings_csv"),
    path("tournaments/<int:pk>/results.csv", exports.results_csv,
         name="tournament_results_csv"),
    path("tournaments/<int:pk>/tournament.json", exports.tournament_json,
         name="tournament_json"),
]

# The spectators' pages, which every projector and phone in the room polls: config/urls.py
# matches them under "t/" before the other apps' patterns.
public_patterns = [
    path("<int:pk>/", public.standings, name="public_standings"),
    path("<int:pk>/draw/", public.draw, name="public_draw"),
    path("<int:pk>/results/", public.results, name="public_results"),
    path("<int:pk>/bracket/", public.bracket, name="public_bracket"),
    path("<int:pk>/projector/", public.projector, name="public_projector"),
]
