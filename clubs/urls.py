from django.urls import path

from clubs.views import manage, public

urlpatterns = [
    path("clubs/", manage.club_list, name="club_list"),
    path("clubs/new/", manage.club_new, name="club_new"),
    path("clubs/<int:pk>/", public.club_page, name="club_page"),
    path("clubs/<int:pk>/settings/", manage.club_settings, name="club_settings"),
    path("clubs/<int:pk>/club.json", manage.club_json, name="club_json"),
    path("clubs/<int:pk>/organizers/", manage.organizer_add, name="club_organizer_add"),
    path("clubs/<int:pk>/roster/", manage.roster, name="club_roster"),
    path("clubs/<int:pk>/roster/suggest/", manage.suggest, name="club_suggest"),
    path("clubs/<int:pk>/roster/<int:member_id>/", manage.member_edit, name="club_member_edit"),
    path("clubs/<int:pk>/players/<int:member_id>/", public.player_page, name="club_player"),
    path("clubs/<int:pk>/matches/new/", manage.match_new, name="club_match_new"),
    path("clubs/<int:pk>/matches/<int:match_id>/attributions/", manage.attributions,
         name="club_attributions"),
    path("clubs/k/<str:token>/attributions/", manage.link_attributions,
         name="club_link_attributions"),
    path("clubs/<int:pk>/nights/", manage.nights, name="club_nights"),
    path("clubs/<int:pk>/seasons/new/", manage.season_new, name="club_season_new"),
    path("clubs/<int:pk>/seasons/<int:season_id>/settings/", manage.season_edit,
         name="club_season_edit"),
    path("clubs/<int:pk>/ladder.csv", public.ladder_csv, name="club_ladder_csv"),
    path("seasons/<int:pk>/", public.season_page, name="season_page"),
    path("seasons/<int:pk>/projector/", public.season_projector, name="season_projector"),
    path("seasons/<int:pk>/standings.csv", public.season_csv, name="season_csv"),
]
