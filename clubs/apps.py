from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = _("Clubs")

    def ready(self):
        # What scoring learns from clubs (a finished club match moves its players' ratings),
        # and the players of a club's tournament teams joining its roster.
        from clubs import signals
        from clubs.extension import ClubMatches
        from scoring import extensions

        extensions.register(ClubMatches())
        signals.connect()
