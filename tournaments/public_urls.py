"""The spectators' pages, which every projector and phone in the room polls: config/urls.py
matches them under "t/" before the other apps' patterns."""

from django.urls import path

from tournaments.views import public

urlpatterns = [
    path("<int:pk>/", public.standings, name="public_standings"),
    path("<int:pk>/draw/", public.draw, name="public_draw"),
    path("<int:pk>/results/", public.results, name="public_results"),
    path("<int:pk>/bracket/", public.bracket, name="public_bracket"),
    path("<int:pk>/projector/", public.projector, name="public_projector"),
]
