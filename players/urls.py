"""The player's door: their own page, invitations and requests to be linked, sign-up to
the nights ahead, the organizers' sign-up lists, and the calendars."""

from django.urls import path

from players.views import calendars
from players.views import links as link_views
from players.views import me as me_views
from players.views import signup as signup_views

NIGHT = "clubs/<int:pk>/nights/<int:night_id>/"  # a club night's pages

urlpatterns = [
    # -- the player's pages (players/views/me.py, players/views/signup.py)
    path("me/", me_views.my_page, name="me"),
    path("me/clubs/<int:member_id>/public-name/", me_views.public_name,
         name="me_public_name"),
    path("me/clubs/<int:member_id>/data.<str:kind>", me_views.data, name="me_data"),
    path("me/clubs/<int:member_id>/take-name-off/", me_views.take_name_off,
         name="me_take_name_off"),
    path("me/clubs/<int:member_id>/unlink/", me_views.unlink, name="me_unlink"),
    path("invitations/<str:token>/", link_views.invitation, name="invitation"),
    path("clubs/<int:pk>/link/", link_views.ask, name="link_ask"),
    path("clubs/<int:pk>/link/withdraw/", link_views.withdraw_request, name="link_withdraw"),
    path(NIGHT + "signup/", signup_views.night_signup, name="night_signup"),
    path(NIGHT + "signup/<int:signup_id>/confirm/", signup_views.confirm,
         name="signup_confirm"),
    path(NIGHT + "signup/<int:signup_id>/decline/", signup_views.decline,
         name="signup_decline"),
    path(NIGHT + "signup/<int:signup_id>/ask/", signup_views.ask_partner,
         name="signup_ask_partner"),
    path(NIGHT + "signup/<int:signup_id>/withdraw/", signup_views.withdraw,
         name="signup_withdraw"),
    path(NIGHT + "signup/<int:signup_id>/check-in/", signup_views.check_in,
         name="signup_check_in"),
    # -- the organizers' pages (players/views/organizer.py)
    # -- the calendars (players/views/calendars.py)
    path("clubs/<int:pk>/calendar.ics", calendars.club_calendar, name="club_calendar"),
    path("me/calendar/<str:secret>.ics", calendars.my_calendar, name="my_calendar"),
]
