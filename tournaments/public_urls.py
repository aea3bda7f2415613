"""The spectators' pages, under "t/" (config/urls.py): one view, the page named here."""

from django.urls import path

from tournaments.views.public import player_page, public_page

urlpatterns = [
    path("<int:pk>/", public_page, {"page": "standings"}, name="public_standings"),
    path("<int:pk>/draw/", public_page, {"page": "draw"}, name="public_draw"),
    path("<int:pk>/results/", public_page, {"page": "results"}, name="public_results"),
    path("<int:pk>/bracket/", public_page, {"page": "bracket"}, name="public_bracket"),
    path("<int:pk>/projector/", public_page, {"page": "projector"}, name="public_projector"),
    path("<int:pk>/players/<int:entry_id>/", player_page, name="public_player"),
]
