from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        # What scoring learns from tournaments: every extension point in one object.
        from scoring import extensions
        from tournaments.extension import TournamentMatches

        extensions.register(TournamentMatches())
