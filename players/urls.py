"""The player's door: their own page, invitations and requests to be linked, sign-up to
the nights ahead, the organizers' sign-up lists, and the calendars."""

from django.urls import path  # noqa: F401  (each part below adds its paths)

urlpatterns = [
    # -- the player's pages (players/views/me.py, players/views/signup.py)
    # -- the organizers' pages (players/views/organizer.py)
    # -- the calendars (players/views/calendars.py)
]
