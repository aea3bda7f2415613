from django.urls import path

from scoring.views import pages

urlpatterns = [
    path("", pages.home, name="home"),
]
