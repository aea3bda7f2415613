"""What scoring learns from clubs (the scoring.extensions protocol), registered in
ClubsConfig.ready(): a club match's changed result moves its players' ratings, and its
end screen says by how much."""

from django.db.models import Q
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _

from clubs import rating_model
from clubs.models import ClubNight, RatingChange
from clubs.selectors import club_of_match, is_organizer
from clubs.services import ratings
from clubs.templatetags.club_tags import signed
from scoring.models import Hand


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

    def answer_refusal(self, match):
        return None

    def open_until(self, match):
        return None

    def after_result_change(self, match, before, after, user) -> None:
        ratings.after_match_change(match)

    def after_team_change(self, team) -> None:
        """A club follows its players, not team names: nothing to do."""

    def reference(self, match):
        return None

    def result_notes(self, match, token=None) -> list[str]:
        """"Club ratings: Anne +1.4, Benoît +1.4, Chloé -1.2..." (the winners first), and
        a link to say who made the politaines (by the score keeper link when the page came
        by it: no account needed). One query for a match of no club."""
        club_id = club_of_match(match)
        if club_id is None:
            return []
        changes = [(c.member.name, rating_model.shown(c.mu_after, c.sigma_after)
                    - rating_model.shown(c.mu_before, c.sigma_before))
                   for c in RatingChange.objects.filter(match_id=match.pk)
                   .select_related("member")]
        notes = []
        if changes:
            changes.sort(key=lambda change: (-change[1], change[0]))
            notes.append(_("Club ratings: %(changes)s") % {
                "changes": ", ".join(f"{name} {signed(delta)}" for name, delta in changes)})
        if match.redeals or Hand.objects.filter(match_id=match.pk).filter(
                Q(politaines_a__gt=0) | Q(politaines_b__gt=0)
                | Q(four_sevens_team__isnull=False)).exists():
            url = (reverse("club_link_attributions", kwargs={"token": token}) if token
                   else reverse("club_attributions", args=[club_id, match.pk]))
            notes.append(format_html('<a href="{}">{}</a>', url, _(
                "For the club's statistics: who made the politaines, the four sevens, the "
                "redeals?")))
        return notes


def roster_suggestions(tournament, user) -> str | None:
    """What clubs tell a tournament's teams page (tournaments.suggestions): a club night's
    organizers, who may edit the club's roster, are offered its players' names."""
    night = ClubNight.objects.filter(tournament_id=tournament.pk).select_related("club").first()
    if night is None or not is_organizer(user, night.club):
        return None
    return reverse("club_suggest", args=[night.club_id])
