"""What scoring learns from clubs (the scoring.extensions protocol), registered in
ClubsConfig.ready(): a club match's changed result moves its players' ratings, and its
end screen says by how much."""

from django.db.models import Q
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _

from clubs import rating_model
from clubs.models import ClubNight, RatingChange, Seat
from clubs.public_names import PublicNames, tells
from clubs.selectors import club_of_match, is_organizer
from clubs.services import ratings
from clubs.templatetags.club_tags import signed
from scoring.models import Hand
from scoring.names import sort_key
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

    def fed_by(self, match) -> list[int]:
        return []

    def after_match_write(self, match, *, result_changed: bool) -> None:
        """A club's pages read its matches as they are: nothing kept to move on."""

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
            changes.sort(key=lambda change: (-change[1], sort_key(change[0])))
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
    named as they may be read. A team keeps its typed name unless it tells who such a player
    is (their name, first name when hidden, surname, nickname: "Anne & Marc", "Les
    Tremblay", "Nanou et Marc"); it is then named after its players, as they may be read
    ("Player 17 & Marc Roy")."""
    night = ClubNight.objects.filter(tournament_id=tournament.pk).select_related("club").first()
    if night is None:
        return {}
    names = PublicNames(night.club, full=False)
    renamed = {}
    for entry in Entry.objects.filter(tournament_id=tournament.pk).select_related(
            "team", "player__club_seat__member", "team__first_player__club_seat__member",
            "team__second_player__club_seat__member"):
        if entry.player is not None:
            member = _member(entry.player)
            if member is not None and not names.in_full(member):
                renamed[entry.pk] = names.of(member)
            continue
        players = [p for p in (entry.team.first_player, entry.team.second_player) if p]
        words = set()
        for player in players:
            if (member := _member(player)) is not None:
                words |= names.told_by(member, player.name)
        if tells(entry.team.name, words):
            renamed[entry.pk] = " & ".join(
                names.of(member) if (member := _member(player)) is not None else player.name
                for player in players)
    return renamed


def public_player_names(tournament) -> dict[int, str]:
    """What clubs tell of a club night's players one by one (tournaments.public_names, for
    a match in the public API): those whose names do not show in full, as they may be read
    (scoring.Player id -> name)."""
    night = ClubNight.objects.filter(tournament_id=tournament.pk).select_related("club").first()
    if night is None:
        return {}
    names = PublicNames(night.club, full=False)
    renamed = {}
    for seat in Seat.objects.filter(
            Q(player__entry__tournament_id=tournament.pk)
            | Q(player__in=Entry.objects.filter(tournament_id=tournament.pk).values(
                "team__first_player"))
            | Q(player__in=Entry.objects.filter(tournament_id=tournament.pk).values(
                "team__second_player"))).select_related("member"):
        if not names.in_full(seat.member):
            renamed[seat.player_id] = names.of(seat.member)
    return renamed


def _member(player):
    seat = getattr(player, "club_seat", None) if player is not None else None
    return seat.member if seat is not None else None
