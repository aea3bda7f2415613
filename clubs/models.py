"""A club's memory: its roster of players, the matches and tournaments (club nights) that
belong to it, its players' ratings and its seasons.

Scoring and tournaments know nothing of clubs: a club says which of their rows are its own
(ClubMatch, ClubNight) and which roster player sat on a scoring.Player's seat (Seat).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring import names
from scoring.models import TEAM_CHOICES, Match, Player
from tournaments.models import Tournament

# Points per night by final rank, first place first: what a new season counts by default.
DEFAULT_POINTS_TABLE = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]


class PublicName(models.TextChoices):
    """How a member's name shows on the public pages, projectors, CSVs and the public API
    (organizers always see it in full)."""

    FULL = "full", _("Full name")
    INITIAL = "initial", _("First name and initial")
    HIDDEN = "hidden", _("Hidden (“Player 17”)")


def default_time_zone() -> str:
    return settings.TIME_ZONE


class Club(models.Model):
    name = models.CharField(_("name"), max_length=100)
    place = models.CharField(_("place"), max_length=100, blank=True)
    public = models.BooleanField(
        _("public"), default=True,
        help_text=_("Anyone may read the club's ladder, seasons and player pages."),
    )
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, related_name="clubs",
                              verbose_name=_("organizer"))
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="co_organized_clubs",
        verbose_name=_("co-organizers"),
    )
    # The members' name on public pages, unless a member chose otherwise.
    public_name = models.CharField(_("players' names in public"), max_length=8,
                                   choices=PublicName.choices, default=PublicName.FULL)
    # The number the last member to join was given ("Player 26"): stepped on the locked row,
    # never given twice, even once that member is merged into another.
    last_member_number = models.PositiveIntegerField(_("last player's number"), default=0)
    # The key of the one-way keys names taken off are kept by (TakenOffName): drawn at the
    # first name taken off, and moved with the club (its export), so that a night attached
    # after a move still finds the player. Never shown.
    name_salt = models.CharField(_("key of the names taken off"), max_length=64, blank=True,
                                 editable=False)
    # The zone its nights' start times are told in (and its CSVs' times): a zoneinfo key.
    time_zone = models.CharField(_("time zone"), max_length=64, default=default_time_zone)
    created_at = models.DateTimeField(_("created"), default=timezone.now)

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name", "id"]
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="club_name_not_empty"),
            models.CheckConstraint(condition=Q(public_name__in=PublicName.values),
                                   name="club_public_name_known"),
        ]

    def __str__(self):
        return self.name


class Member(models.Model):
    """A player of the club's roster: one person, whatever the matches typed their name as."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="members",
                             verbose_name=_("club"))
    name = models.CharField(_("name"), max_length=60)
    nickname = models.CharField(_("nickname"), max_length=60, blank=True)
    # The club's number for the player, 1, 2, 3... in the order they joined: what a hidden
    # or taken-off name reads ("Player 26"), kept when the club moves (its export).
    number = models.PositiveIntegerField(_("number"))
    # The club rating (OpenSkill): kept by clubs.ratings from the club's finished matches.
    mu = models.FloatField(_("rating mu"), null=True, blank=True)
    sigma = models.FloatField(_("rating sigma"), null=True, blank=True)
    rated_matches = models.PositiveIntegerField(_("rated matches"), default=0)
    # How the name shows in public; empty: the club's choice.
    public_name = models.CharField(_("name in public"), max_length=8, blank=True,
                                   choices=PublicName.choices)
    # Anonymized at the member's request: the name is gone for good, the results stay.
    anonymized_at = models.DateTimeField(_("name taken off"), null=True, blank=True)
    # The user account of the person, linked by an invitation or an approved request
    # (players.services.links): one account per member, one member per club per account.
    account = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True,
                                blank=True, related_name="club_members",
                                verbose_name=_("account"))

    class Meta:
        verbose_name = _("club player")
        verbose_name_plural = _("club players")
        ordering = ["club", "name", "id"]
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="member_name_not_empty"),
            models.CheckConstraint(
                condition=Q(mu__isnull=True, sigma__isnull=True, rated_matches=0)
                | Q(mu__isnull=False, sigma__isnull=False, rated_matches__gte=1),
                name="member_rating_whole",
            ),
            models.CheckConstraint(condition=Q(public_name="") | Q(
                public_name__in=PublicName.values), name="member_public_name_known"),
            models.UniqueConstraint(fields=["club", "number"], name="member_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="member_number_from_one"),
            models.UniqueConstraint(fields=["club", "account"],
                                    condition=Q(account__isnull=False),
                                    name="member_one_account_per_club"),
        ]

    def __str__(self):
        return f"{self.name} ({self.nickname})" if self.nickname else self.name


class Alias(models.Model):
    """A name (its names.key) the club's matches may type for a roster player: the player's
    own, their former names, and those of players merged into them."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="+", verbose_name=_("club"))
    key = models.CharField(_("name key"), max_length=names.KEY_MAX_LENGTH)
    member = models.ForeignKey(Member, models.CASCADE, related_name="aliases",
                               verbose_name=_("club player"))

    class Meta:
        verbose_name = _("name of a club player")
        verbose_name_plural = _("names of club players")
        constraints = [
            models.UniqueConstraint(fields=["club", "key"], name="alias_key_unique_in_club"),
        ]

    def __str__(self):
        return self.key


class TakenOffName(models.Model):
    """A name a member was known by before theirs was taken off, kept only as a one-way key
    (clubs.services.names_taken_off): a later match or night that types it counts for the
    member, under their number, and nothing the club holds reads the name back."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="+", verbose_name=_("club"))
    key = models.CharField(_("one-way key"), max_length=64)
    member = models.ForeignKey(Member, models.CASCADE, related_name="taken_off_names",
                               verbose_name=_("club player"))

    class Meta:
        verbose_name = _("name taken off")
        verbose_name_plural = _("names taken off")
        constraints = [
            models.UniqueConstraint(fields=["club", "key"],
                                    name="taken_off_name_unique_in_club"),
        ]

    def __str__(self):
        return self.key[:12]


class Seat(models.Model):
    """Which roster player a scoring.Player (a name on a team of a club match) is."""

    player = models.OneToOneField(Player, models.CASCADE, related_name="club_seat",
                                  verbose_name=_("player"))
    member = models.ForeignKey(Member, models.CASCADE, related_name="seats",
                               verbose_name=_("club player"))

    class Meta:
        verbose_name = _("club player's seat")
        verbose_name_plural = _("club players' seats")

    def __str__(self):
        return str(self.member)


class ClubMatch(models.Model):
    """A match of the club's, outside any tournament."""

    match = models.OneToOneField(Match, models.CASCADE, related_name="club_match",
                                 verbose_name=_("match"))
    club = models.ForeignKey(Club, models.CASCADE, related_name="club_matches",
                             verbose_name=_("club"))

    class Meta:
        verbose_name = _("club match")
        verbose_name_plural = _("club matches")

    def __str__(self):
        return str(self.match)


class ClubNight(models.Model):
    """A tournament of the club's: a club night. Its matches are the club's."""

    tournament = models.OneToOneField(Tournament, models.CASCADE, related_name="club_night",
                                      verbose_name=_("tournament"))
    club = models.ForeignKey(Club, models.CASCADE, related_name="nights",
                             verbose_name=_("club"))

    class Meta:
        verbose_name = _("club night")
        verbose_name_plural = _("club nights")

    def __str__(self):
        return str(self.tournament)


class RatingChange(models.Model):
    """What one rated match did to one player's rating. Rated matches are the club's finished
    matches between four roster players, in the order they ended (`rated_at`, then the
    match's id); the ratings are a function of that sequence (clubs.ratings)."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="+", verbose_name=_("club"))
    match = models.ForeignKey(Match, models.CASCADE, related_name="+", verbose_name=_("match"))
    member = models.ForeignKey(Member, models.CASCADE, related_name="rating_changes",
                               verbose_name=_("club player"))
    rated_at = models.DateTimeField(_("rated at"))
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        ordering = ["rated_at", "match_id", "member_id"]
        indexes = [models.Index(fields=["club", "rated_at", "match"])]
        constraints = [
            models.UniqueConstraint(fields=["match", "member"], name="rating_change_once"),
        ]

    def __str__(self):
        return f"{self.member} {self.match_id}"


class Season(models.Model):
    """A named series of the club's nights, scored by final rank."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="seasons",
                             verbose_name=_("club"))
    name = models.CharField(_("name"), max_length=100)
    # Points for 1st, 2nd, 3rd... place of a night; lower places score nothing.
    points_table = models.JSONField(_("points by rank"), default=list)
    # Only a player's best N nights count; empty: all of them.
    best_of = models.PositiveSmallIntegerField(_("nights counted"), null=True, blank=True)
    nights = models.ManyToManyField(ClubNight, blank=True, related_name="seasons",
                                    verbose_name=_("club nights"))
    created_at = models.DateTimeField(_("created"), default=timezone.now)

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["club", "-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="season_name_not_empty"),
            models.CheckConstraint(condition=Q(best_of__isnull=True) | Q(best_of__gte=1),
                                   name="season_best_of_positive"),
        ]

    def __str__(self):
        return self.name


class Attribution(models.Model):
    """Who, on a team of a club match, made a politaine, was dealt the four sevens or asked
    for a redeal: optional, one tap each. A politaine is the `slot`-th (0 or 1) of its
    team's in hand `hand_number`; a redeal is the match's `slot`-th (hand_number 0). One
    whose hand was corrected away no longer counts (clubs.selectors)."""

    class Kind(models.TextChoices):
        POLITAINE = "politaine", _("Politaine")
        FOUR_SEVENS = "four_sevens", _("Four sevens")
        REDEAL = "redeal", _("Redeal")

    match = models.ForeignKey(Match, models.CASCADE, related_name="+", verbose_name=_("match"))
    hand_number = models.PositiveSmallIntegerField(_("hand"))
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    team = models.CharField(_("team"), max_length=1, choices=TEAM_CHOICES)
    slot = models.PositiveSmallIntegerField(_("which one"), default=0)
    member = models.ForeignKey(Member, models.CASCADE, related_name="attributions",
                               verbose_name=_("club player"))
    created_at = models.DateTimeField(_("created"), default=timezone.now)

    class Meta:
        verbose_name = _("attribution")
        verbose_name_plural = _("attributions")
        constraints = [
            models.CheckConstraint(condition=Q(kind__in=["politaine", "four_sevens", "redeal"]),
                                   name="attribution_kind_known"),
            models.CheckConstraint(condition=Q(team__in=["a", "b"]),
                                   name="attribution_team_known"),
            models.UniqueConstraint(fields=["match", "hand_number", "kind", "team", "slot"],
                                    name="attribution_once"),
        ]

    def __str__(self):
        return f"{self.get_kind_display()} {self.member}"


class ClubEvent(models.Model):
    """A step of the club's history that a member asked for (their name in public, their
    name taken off, a copy of their data, a member split in two): who did it, when, and its
    words' parameters (the words themselves are the kind's, in the reader's language)."""

    class Kind(models.TextChoices):
        PUBLIC_NAME = "public_name", _("Name in public changed")
        ANONYMIZED = "anonymized", _("Name taken off")
        DATA_COPY = "data_copy", _("Copy of a member's data")
        SPLIT = "split", _("Member split in two")
        CLUB_PUBLIC_NAME = "club_public_name", _("Club's names in public changed")
        ACCOUNT_LINKED = "account_linked", _("Account linked")
        ACCOUNT_UNLINKED = "account_unlinked", _("Account unlinked")

    club = models.ForeignKey(Club, models.CASCADE, related_name="events",
                             verbose_name=_("club"))
    kind = models.CharField(_("kind"), max_length=24, choices=Kind.choices)
    # The member concerned; kept as a number once gone (an anonymized member stays).
    member = models.ForeignKey(Member, models.SET_NULL, null=True, blank=True,
                               related_name="events", verbose_name=_("club player"))
    by = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True,
                           related_name="+", verbose_name=_("by"))
    params = models.JSONField(_("details"), default=dict, blank=True)
    at = models.DateTimeField(_("when"), default=timezone.now)

    class Meta:
        verbose_name = _("club history entry")
        verbose_name_plural = _("club history")
        ordering = ["club", "-at", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(kind__in=[
                "public_name", "anonymized", "data_copy", "split", "club_public_name",
                "account_linked", "account_unlinked"]),
                name="club_event_kind_known"),
        ]

    def __str__(self):
        return f"{self.get_kind_display()} ({self.at:%Y-%m-%d})"
