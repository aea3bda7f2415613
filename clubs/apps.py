from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = _("Clubs")

    def ready(self):
        # What scoring learns from clubs (a finished club match moves its players' ratings),
        # and the players of a club's tournament teams joining its roster.
        from clubs import signals
        from clubs.extension import (
            ClubMatches,
            public_entry_names,
            public_player_names,
            roster_suggestions,
        )
        from scoring import extensions
        from tournaments import public_names, suggestions

        extensions.register(ClubMatches())
        suggestions.register(roster_suggestions)
        # A club night's public pages name its players as they chose.
        public_names.register(public_entry_names)
        public_names.register_players(public_player_names)
        signals.connect()
