from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayersConfig(AppConfig):
    name = "players"
    verbose_name = _("Players")

    def ready(self):
        # The organizer's roster pages (clubs') show a member's account and invitation, and
        # the requests to be linked; clubs never imports players.
        from clubs import organizer_parts
        from players.views.organizer import member_part, roster_part

        organizer_parts.register(organizer_parts.MEMBER, member_part)
        organizer_parts.register(organizer_parts.ROSTER, roster_part)
        # The club's page shows its nights ahead and a reader's link to the club.
        from players.views.club_part import club_part

        organizer_parts.register(organizer_parts.CLUB, club_part)
        # A club night closed tells its players that the results are in.
        from players import signals

        signals.connect()
