from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self):
        # Before any connection: an integer its column cannot hold is refused, not wrapped.
        from scoring import db_integers

        db_integers.install()
