"""What scoring learns from clubs (the scoring.extensions protocol), registered in
ClubsConfig.ready(): a club match's changed result moves its players' ratings."""

from django.db.models import Q

from clubs.services import ratings


class ClubMatches:
    related = ()

    def off_home_list(self) -> Q:
        return Q(pk__in=[])

    def may_keep_score(self, user, match) -> bool:
        return False

    def is_public(self, match) -> bool:
        return False

    def write_refusal(self, match, user):
        return None

    def after_result_change(self, match, before, after, user) -> None:
        ratings.after_match_change(match)

    def reference(self, match):
        return None
