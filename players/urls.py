"""The player's door: their own page, invitations and requests to be linked, sign-up to
the nights ahead, the organizers' sign-up lists, and the calendars."""

from django.urls import path

from players.views import calendars
from players.views import links as link_views
from players.views import me as me_views
from players.views import organizer as organizer_views
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
    path(NIGHT + "signup/settings/", organizer_views.night_settings,
         name="players_night_settings"),
    path(NIGHT + "cancel/", organizer_views.night_cancel, name="players_night_cancel"),
    path(NIGHT + "signups/", organizer_views.signups, name="players_signups"),
    path(NIGHT + "signups/add/", organizer_views.signup_add, name="players_signup_add"),
    path(NIGHT + "signups/pair/", organizer_views.signups_pair, name="players_signups_pair"),
    path(NIGHT + "signups/check-in/", organizer_views.signups_check_in,
         name="players_signups_check_in"),
    path(NIGHT + "signups/enter/", organizer_views.signups_enter,
         name="players_signups_enter"),
    path(NIGHT + "signups/<int:signup_id>/remove/", organizer_views.signup_remove,
         name="players_signup_remove"),
    path(NIGHT + "signups/<int:signup_id>/let-in/", organizer_views.signup_let_in,
         name="players_signup_let_in"),
    path("clubs/<int:pk>/roster/<int:member_id>/invitation/", organizer_views.member_invite,
         name="players_member_invite"),
    path("clubs/<int:pk>/roster/<int:member_id>/invitation/<int:invitation_id>/revoke/",
         organizer_views.member_invitation_revoke, name="players_invitation_revoke"),
    path("clubs/<int:pk>/roster/<int:member_id>/unlink/", organizer_views.member_unlink,
         name="players_member_unlink"),
    path("clubs/<int:pk>/link-requests/<int:request_id>/", organizer_views.link_request_decide,
         name="players_link_request_decide"),
    # -- the calendars (players/views/calendars.py)
    path("clubs/<int:pk>/calendar.ics", calendars.club_calendar, name="club_calendar"),
    path("me/calendar/<str:secret>.ics", calendars.my_calendar, name="my_calendar"),
    path("me/calendar/new/", me_views.new_calendar, name="my_calendar_new"),
]
