"""What scoring learns from clubs (the scoring.extensions protocol), registered in
ClubsConfig.ready(): a club match's changed result moves its players' ratings, and its
end screen says by how much."""

import re

from django.db.models import Q
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _

from clubs import rating_model
from clubs.models import ClubNight, RatingChange
from clubs.public_names import PublicNames, hidden_name
from clubs.selectors import club_of_match, is_organizer
from clubs.services import ratings
from clubs.templatetags.club_tags import signed
from scoring.models import Hand
from tournaments.models import Entry


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


def public_entry_names(tournament) -> dict[int, str]:
    """What clubs tell a club night's public pages (tournaments.public_names): the entries
    whose players asked for their names not to show in full. An individual night's player is
    named as they may be read; a team keeps its name, but where it holds a player's typed
    name, that name gives way to the player's as they may be read ("Anne & Marc" becomes
    "Player 17 & Marc")."""
    night = ClubNight.objects.filter(tournament_id=tournament.pk).select_related("club").first()
    if night is None:
        return {}
    names = PublicNames(night.club, full=False)
    renamed = {}
    for entry in Entry.objects.filter(tournament_id=tournament.pk).select_related(
            "player__club_seat__member", "team__first_player__club_seat__member",
            "team__second_player__club_seat__member"):
        if entry.player is not None:
            member = _member(entry.player)
            if member is not None and not names.in_full(member):
                renamed[entry.pk] = names.of(member)
            continue
        name = entry.team.name
        for player in (entry.team.first_player, entry.team.second_player):
            member = _member(player)
            if member is not None and not names.in_full(member):
                name = _without(name, player.name, names.of(member),
                                first_name_too=names.of(member) == hidden_name(member.pk))
        if name != entry.team.name:
            renamed[entry.pk] = name
    return renamed


def _without(team_name: str, typed: str, shown: str, *, first_name_too: bool) -> str:
    """A team's name with a player's typed name (or, hidden, their first name alone) in
    it, as a whole word, given way to the name they may be read by."""
    words = [typed] + ([typed.split()[0]] if first_name_too and " " in typed else [])
    for word in words:
        team_name = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", lambda _found: shown,
                           team_name)
    return team_name


def _member(player):
    seat = getattr(player, "club_seat", None) if player is not None else None
    return seat.member if seat is not None else None
