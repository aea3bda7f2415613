"""Club tournaments: teams (entries), rounds drawn onto numbered tables, byes.

A tournament match is a normal scoring.Match; a Table says which round and table it is, and
which entries play it. Pairing and standings are plain Python (draw.py, standings.py).
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring import rules
from scoring.models import (
    SEAT_CHOICES,
    VARIANT_CHOICES,
    ConfirmationMode,
    Match,
    Player,
    Team,
    target_in_range,
    variant_label,
)
from tournaments import formats


class Format(models.TextChoices):
    """tournaments.formats.Format, with its labels."""

    ROUND_ROBIN = formats.Format.ROUND_ROBIN, _("Round robin")
    SWISS = formats.Format.SWISS, _("Swiss")
    KNOCKOUT = formats.Format.KNOCKOUT, _("Knockout")
    SWISS_KNOCKOUT = formats.Format.SWISS_KNOCKOUT, _("Swiss, then a knockout of the top teams")
    INDIVIDUAL = formats.Format.INDIVIDUAL, _("Individual: players come alone, new partners "
                                              "each round")


class Stage(models.TextChoices):
    """tournaments.formats.Stage, with its labels."""

    ROUND_ROBIN = formats.Stage.ROUND_ROBIN, _("Round robin")
    SWISS = formats.Stage.SWISS, _("Swiss")
    KNOCKOUT = formats.Stage.KNOCKOUT, _("Knockout")
    INDIVIDUAL = formats.Stage.INDIVIDUAL, _("Individual")


MAX_SWISS_ROUNDS = 20


class MissedRounds(models.TextChoices):
    """What the Swiss rounds a late team missed count for."""

    LOSS = "loss", _("A loss each (no win, no points)")
    BYE = "bye", _("A bye each (a win with no points)")


class SitOut(models.TextChoices):
    """What a round sat out counts for in an individual night (tournaments.individual)."""

    NONE = "none", _("Nothing")
    FIXED = "fixed", _("A fixed number of points")
    AVERAGE = "average", _("The player's own average of the night")


MAX_INDIVIDUAL_ROUNDS = 30


class FirstRound(models.TextChoices):
    """How round 1 of a Swiss is paired."""

    BY_SEED = "by_seed", _("By seed: the top half against the bottom half (1 v 5, 2 v 6...)")
    RANDOM = "random", _("At random")


class Tournament(models.Model):
    name = models.CharField(_("name"), max_length=100)
    date = models.DateField(_("date"), null=True, blank=True)
    # When play starts (its `date` is that day where it is played: a club night's zone).
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)
    # Called off before its first round: no round is drawn; calendars say CANCELLED.
    cancelled_at = models.DateTimeField(_("cancelled"), null=True, blank=True)
    place = models.CharField(_("place"), max_length=100, blank=True)
    variant = models.CharField(_("game"), max_length=16, choices=VARIANT_CHOICES)
    target = models.PositiveSmallIntegerField(_("target"))
    format = models.CharField(_("format"), max_length=16, choices=Format.choices)
    # Empty: what suits the field (formats.suggested_swiss_rounds), fixed at the first draw.
    swiss_rounds = models.PositiveSmallIntegerField(_("Swiss rounds"), null=True, blank=True)
    swiss_first_round = models.CharField(
        _("first Swiss round"), max_length=16, choices=FirstRound.choices,
        default=FirstRound.BY_SEED,
    )
    knockout_size = models.PositiveSmallIntegerField(
        _("teams in the knockout"), null=True, blank=True
    )
    # A team checked in after round 1 of a Swiss joins the next round; the rounds it missed
    # count as losses, or as byes written for those rounds when it is first drawn.
    missed_rounds = models.CharField(
        _("missed rounds of a late team"), max_length=8, choices=MissedRounds.choices,
        default=MissedRounds.LOSS,
    )
    # An individual night: its number of rounds (empty: what suits the field), and what a
    # round sat out scores.
    individual_rounds = models.PositiveSmallIntegerField(_("rounds"), null=True, blank=True)
    sit_out = models.CharField(_("a round sat out scores"), max_length=8,
                               choices=SitOut.choices, default=SitOut.NONE)
    sit_out_points = models.PositiveSmallIntegerField(_("points for a round sat out"),
                                                      default=0)
    public = models.BooleanField(
        _("public"), default=True,
        help_text=_("Anyone may follow the standings, draw and results without logging in."),
    )
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT,
                              related_name="tournaments", verbose_name=_("organizer"))
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="co_organized_tournaments",
        verbose_name=_("co-organizers"),
    )
    round_minutes = models.PositiveSmallIntegerField(
        _("round length (minutes)"), null=True, blank=True,
        help_text=_("Optional: when it is up, call time and each match ends after its hand."),
    )
    # Copied onto each match when its round is drawn: a round keeps the rule it was drawn
    # under. Tournaments made before the setting existed keep "none".
    confirmation = models.CharField(
        _("confirmation by the opponents"), max_length=8, choices=ConfirmationMode.choices,
        default=ConfirmationMode.RESULT,
        help_text=_("What the team that is not keeping score confirms, from its own link. "
                    "A change applies from the next round drawn."),
    )
    tiebreaks = models.JSONField(
        _("tie-breaks"), default=list, blank=True,
        help_text=_("After wins, in this order; empty for the format's usual order."),
    )
    # The entries drawn in round 1, in seed order: the field of a round robin or a knockout.
    field = models.JSONField(_("field"), default=list, blank=True)
    # Bumped by every tournament-level write (draw, teams, settings): part of the ETag.
    version = models.PositiveIntegerField(_("version"), default=1)
    # Closed by its organizers once over: its results are final (the opponents' links no
    # longer confirm or dispute; scoring.extensions.answer_refusal).
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)
    created_at = models.DateTimeField(_("created"), default=timezone.now)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-date", "-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="tournament_name_not_empty"),
            models.CheckConstraint(
                condition=Q(format__in=Format.values), name="tournament_format_known"
            ),
            models.CheckConstraint(
                condition=target_in_range(), name="tournament_target_in_range",
            ),
            models.CheckConstraint(
                condition=Q(swiss_rounds__isnull=True)
                | Q(swiss_rounds__gte=1, swiss_rounds__lte=MAX_SWISS_ROUNDS),
                name="tournament_swiss_rounds_in_range",
            ),
            models.CheckConstraint(
                condition=Q(swiss_first_round__in=FirstRound.values),
                name="tournament_swiss_first_round_known",
            ),
            models.CheckConstraint(
                condition=~Q(format=Format.SWISS_KNOCKOUT)
                | Q(knockout_size__isnull=False, knockout_size__gte=2),
                name="tournament_knockout_of_top_teams_has_a_size",
            ),
            models.CheckConstraint(
                condition=Q(individual_rounds__isnull=True)
                | Q(individual_rounds__gte=1, individual_rounds__lte=MAX_INDIVIDUAL_ROUNDS),
                name="tournament_individual_rounds_in_range",
            ),
            models.CheckConstraint(condition=Q(sit_out__in=SitOut.values),
                                   name="tournament_sit_out_known"),
            models.CheckConstraint(
                condition=Q(sit_out=SitOut.FIXED) | Q(sit_out_points=0),
                name="tournament_sit_out_points_only_when_fixed",
            ),
        ]

    def __str__(self):
        return self.name

    @property
    def variant_label(self) -> str:
        return variant_label(self.variant)

    @property
    def has_bracket(self) -> bool:
        return self.format in formats.BRACKET_FORMATS

    @property
    def is_round_robin(self) -> bool:
        return self.format == Format.ROUND_ROBIN

    @property
    def is_individual(self) -> bool:
        return self.format == Format.INDIVIDUAL


class ResultsVersion(models.Model):
    """How far a tournament's matches have moved on: part of its pages' ETags, and the key
    of the standings kept. Every write to one of its matches moves `matches` on; a change to
    a finished result (one that ends a match, changes or takes back an ended one, or its
    confirmation) moves `results` on too: the standings' ETag. Neither ever comes back.

    A row of its own, not the tournament's: a draw locks the tournament's row, then its
    matches'; a hand locks its match's row, then this one, last.
    """

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, primary_key=True,
                                      related_name="results_version")
    matches = models.PositiveBigIntegerField(default=0)
    results = models.PositiveBigIntegerField(default=0)

    class Meta:
        verbose_name = _("results version")
        verbose_name_plural = _("results versions")

    def __str__(self):
        return f"{self.tournament_id}: {self.matches}.{self.results}"


class Entry(models.Model):
    """A team in a tournament; in an individual night, a player, who has a new partner each
    round: the entry's team is then the player's name alone (no partners), and `player` is
    who sits at the tables."""

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="entries",
                                   verbose_name=_("tournament"))
    team = models.ForeignKey(Team, models.PROTECT, related_name="entries",
                             verbose_name=_("team"))
    player = models.OneToOneField(Player, models.PROTECT, null=True, blank=True,
                                  related_name="entry", verbose_name=_("player"))
    seed = models.PositiveSmallIntegerField(_("seed"))
    checked_in = models.BooleanField(_("checked in"), default=False)
    withdrawn = models.BooleanField(
        _("withdrawn"), default=False,
        help_text=_("A withdrawn team is never drawn again; its results stay."),
    )

    class Meta:
        verbose_name = _("team entry")
        verbose_name_plural = _("team entries")
        ordering = ["tournament", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "seed"], name="entry_seed_unique"),
            models.UniqueConstraint(fields=["tournament", "team"], name="entry_team_unique"),
            models.CheckConstraint(condition=Q(seed__gte=1), name="entry_seed_from_one"),
        ]

    def __str__(self):
        return self.team.name

    @property
    def name(self) -> str:
        """Its typed name; on a public page, the name its players chose to show
        (tournaments.public_names sets `shown_as`)."""
        return getattr(self, "shown_as", None) or self.team.name


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="rounds",
                                   verbose_name=_("tournament"))
    number = models.PositiveSmallIntegerField(_("number"))
    stage = models.CharField(_("stage"), max_length=16, choices=Stage.choices)
    started_at = models.DateTimeField(_("drawn"), default=timezone.now)
    time_called_at = models.DateTimeField(_("time called"), null=True, blank=True)
    # The organizer chose the draw with the fewest rematches: no other draw had none.
    with_rematches = models.BooleanField(_("drawn with rematches"), default=False)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_from_one"),
            models.CheckConstraint(condition=Q(stage__in=Stage.values), name="round_stage_known"),
        ]

    def __str__(self):
        return _("Round %(number)s") % {"number": self.number}


class Table(models.Model):
    """A match of a round, at a numbered table."""

    round = models.ForeignKey(Round, models.CASCADE, related_name="tables",
                              verbose_name=_("round"))
    number = models.PositiveSmallIntegerField(_("table"))
    # In a knockout, the slot of the bracket this match fills (byes fill the others).
    position = models.PositiveSmallIntegerField(_("bracket position"))
    match = models.OneToOneField(Match, models.CASCADE, related_name="table",
                                 verbose_name=_("match"))
    # RESTRICT: an entry cannot go while a table names it, unless its tournament goes too.
    # Empty at an individual night's table, whose four players are its seats (TableSeat).
    entry_a = models.ForeignKey(Entry, models.RESTRICT, null=True, blank=True,
                                related_name="+", verbose_name=_("team A"))
    entry_b = models.ForeignKey(Entry, models.RESTRICT, null=True, blank=True,
                                related_name="+", verbose_name=_("team B"))

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique"),
            models.UniqueConstraint(fields=["round", "position"], name="table_position_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_from_one"),
            models.CheckConstraint(condition=~Q(entry_a=F("entry_b")),
                                   name="table_entries_differ"),
            models.CheckConstraint(
                condition=Q(entry_a__isnull=True, entry_b__isnull=True)
                | Q(entry_a__isnull=False, entry_b__isnull=False),
                name="table_two_teams_or_seats",
            ),
        ]

    def __str__(self):
        return _("Table %(number)s") % {"number": self.number}

    def side_of(self, entry_id: int) -> rules.Team:
        """The side of the match (team A or B) an entry of this table plays."""
        return rules.Team.A if entry_id == self.entry_a_id else rules.Team.B

    def entry_of(self, team: str) -> int:
        """The entry on one side of the match (its winner's, say)."""
        return self.entry_a_id if team == rules.Team.A else self.entry_b_id


class TableSeat(models.Model):
    """A player of an individual night at a table of a round: North and South partner
    against East and West (the match's team A and team B)."""

    table = models.ForeignKey(Table, models.CASCADE, related_name="seats",
                              verbose_name=_("table"))
    seat = models.CharField(_("seat"), max_length=1, choices=SEAT_CHOICES)
    entry = models.ForeignKey(Entry, models.RESTRICT, related_name="seats",
                              verbose_name=_("player"))

    class Meta:
        verbose_name = _("seat at a table")
        verbose_name_plural = _("seats at tables")
        ordering = ["table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="table_seat_once"),
            models.UniqueConstraint(fields=["table", "entry"], name="table_seat_player_once"),
            models.CheckConstraint(condition=Q(seat__in=rules.SEATS),
                                   name="table_seat_is_seat"),
        ]

    def __str__(self):
        return f"{self.seat}: {self.entry}"


class Bye(models.Model):
    """A team that sits out a round: it counts as a win with no points. In an individual
    night, a player who sits out the round (it scores what the night's `sit_out` says)."""

    round = models.ForeignKey(Round, models.CASCADE, related_name="byes",
                              verbose_name=_("round"))
    entry = models.ForeignKey(Entry, models.RESTRICT, related_name="byes",
                              verbose_name=_("team"))
    position = models.PositiveSmallIntegerField(_("bracket position"))

    class Meta:
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        ordering = ["round", "position"]
        constraints = [
            models.UniqueConstraint(fields=["round", "entry"], name="bye_once_per_round"),
            models.UniqueConstraint(fields=["round", "position"], name="bye_position_unique"),
        ]

    def __str__(self):
        return str(self.entry)
