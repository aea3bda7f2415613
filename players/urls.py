"""The player's door: their own page, invitations and requests to be linked, sign-up to
the nights ahead, the organizers' sign-up lists, and the calendars."""

from django.urls import path

from players.views import calendars

urlpatterns = [
    # -- the player's pages (players/views/me.py, players/views/signup.py)
    # -- the organizers' pages (players/views/organizer.py)
    # -- the calendars (players/views/calendars.py)
    path("clubs/<int:pk>/calendar.ics", calendars.club_calendar, name="club_calendar"),
    path("me/calendar/<str:secret>.ics", calendars.my_calendar, name="my_calendar"),
]
