"""Matches and hands.

The database constraints mirror scoring/rules/, so that no path (admin, shell, API,
a bug) can store an impossible hand. What a single row cannot check (a hand's number
against the match's next hand, a Quadrette hand only in a Quadrette match) the services
check under the match's row lock.
"""

import re
import secrets

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring import names, rules


def _choices(enum, labels):
    return [(member.value, labels[member]) for member in enum]


VARIANT_CHOICES = _choices(
    rules.Variant, {v: _(r.label) for v, r in rules.VARIANTS.items()}
)
# A game's name by its code, in the active language: what get_variant_display() gives,
# without rebuilding the choices for each call (the scoreboard of every saved hand shows it).
VARIANT_LABELS = dict(VARIANT_CHOICES)


def variant_label(variant: str) -> str:
    label = VARIANT_LABELS.get(variant)
    return str(label) if label is not None else variant


SEAT_CHOICES = [("N", _("North")), ("E", _("East")), ("S", _("South")), ("W", _("West"))]
TEAM_CHOICES = [(rules.Team.A.value, _("Team A")), (rules.Team.B.value, _("Team B"))]
STATUS_CHOICES = [
    (rules.Status.IN_PROGRESS.value, _("In progress")),
    (rules.Status.FINISHED.value, _("Finished")),
]
# Why a match ended, worded to sit inside a result line: "Winners: Them, 36–30 (time called)."
# The admin, the pages and the exports all read these.
FINISH_REASON_CHOICES = [
    (rules.FinishReason.TARGET.value, _("target reached")),
    (rules.FinishReason.FOUR_SEVENS.value, _("four sevens")),
    (rules.FinishReason.TIME.value, _("time called")),
    (rules.FinishReason.FORFEIT.value, _("by forfeit")),
]
HAND_KIND_CHOICES = [
    (rules.HandKind.PLAYED.value, _("Played")),
    (rules.HandKind.FOUR_SEVENS.value, _("Four sevens")),
]


def _family(family):
    return [v.value for v, r in rules.VARIANTS.items() if r.family == family]


POLITAINE_FAMILY = _family(rules.Family.POLITAINE)
QUADRETTE_FAMILY = _family(rules.Family.QUADRETTE)


def target_in_range() -> Q:
    """rules.validate_target as a condition on `variant` and `target` columns."""
    return Q(
        variant__in=POLITAINE_FAMILY,
        target__gte=rules.VARIANTS[rules.Variant.POLITAINE].min_target,
        target__lte=rules.VARIANTS[rules.Variant.POLITAINE].max_target,
    ) | Q(
        variant__in=QUADRETTE_FAMILY,
        target__gte=rules.VARIANTS[rules.Variant.QUADRETTE].min_target,
        target__lte=rules.VARIANTS[rules.Variant.QUADRETTE].max_target,
    )


# Ids beyond a bigint cannot exist (and would upset PostgreSQL): URLs and the API check
# them against this before any query.
MAX_ID = 2**63 - 1


def new_link_secret() -> str:
    """The secret of a match's link, the score keeper's or the opponents': 32 random
    bytes, URL-safe."""
    return secrets.token_urlsafe(32)


SCOREKEEPER_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,64}")


def is_scorekeeper_token_shaped(value: str) -> bool:
    """Worth looking up: anything else (a NUL byte, say) cannot be a token."""
    return bool(SCOREKEEPER_TOKEN_SHAPE.fullmatch(value))


class ConfirmationMode(models.TextChoices):
    """What the team that is not keeping score confirms (a tournament's setting, copied onto
    each of its matches when its round is drawn)."""

    NONE = "none", _("None: results count as entered")
    RESULT = "result", _("The final result")
    HAND = "hand", _("Every hand")


class Confirmation(models.TextChoices):
    """Where the opponents' confirmation of a match stands."""

    NONE = "none", _("Nothing to confirm")
    WAITING = "waiting", _("Waiting for confirmation")
    CONFIRMED = "confirmed", _("Confirmed")
    DISPUTED = "disputed", _("Disputed")


DISPUTE_REASON_MAX = 300


class Player(models.Model):
    name = models.CharField(_("name"), max_length=60)

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="player_name_not_empty"),
        ]

    def __str__(self):
        return self.name


class Team(models.Model):
    """Two partners who sit opposite each other; the players may be left unnamed."""

    name = models.CharField(_("name"), max_length=60)
    first_player = models.ForeignKey(
        Player, models.PROTECT, null=True, blank=True, related_name="+",
        verbose_name=_("first player"),
    )
    second_player = models.ForeignKey(
        Player, models.PROTECT, null=True, blank=True, related_name="+",
        verbose_name=_("second player"),
    )

    class Meta:
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="team_name_not_empty"),
            models.CheckConstraint(
                condition=Q(first_player__isnull=True, second_player__isnull=True)
                | Q(first_player__isnull=False, second_player__isnull=False),
                name="team_two_players_or_none",
            ),
            models.CheckConstraint(
                condition=Q(first_player__isnull=True) | ~Q(first_player=F("second_player")),
                name="team_players_differ",
            ),
        ]

    def __str__(self):
        return self.name


class Match(models.Model):
    variant = models.CharField(_("game"), max_length=16, choices=VARIANT_CHOICES)
    target = models.PositiveSmallIntegerField(_("target"))
    first_dealer = models.CharField(_("first dealer"), max_length=1, choices=SEAT_CHOICES)
    team_a = models.ForeignKey(Team, models.PROTECT, related_name="+", verbose_name=_("team A"))
    team_b = models.ForeignKey(Team, models.PROTECT, related_name="+", verbose_name=_("team B"))
    # Team A sits North and South, team B East and West.
    seat_n = models.ForeignKey(Player, models.SET_NULL, null=True, blank=True, related_name="+",
                               verbose_name=_("North"))
    seat_e = models.ForeignKey(Player, models.SET_NULL, null=True, blank=True, related_name="+",
                               verbose_name=_("East"))
    seat_s = models.ForeignKey(Player, models.SET_NULL, null=True, blank=True, related_name="+",
                               verbose_name=_("South"))
    seat_w = models.ForeignKey(Player, models.SET_NULL, null=True, blank=True, related_name="+",
                               verbose_name=_("West"))
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True,
        related_name="matches", verbose_name=_("owner"),
    )
    scorekeeper_token = models.CharField(
        _("score keeper token"), max_length=64, unique=True, default=new_link_secret,
        help_text=_("The secret of the score keeper link: whoever has it can score this match."),
    )
    opponents_token = models.CharField(
        _("opponents' token"), max_length=64, unique=True, default=new_link_secret,
        help_text=_("The secret of the opponents' link: whoever has it can confirm or dispute "
                    "this match's score, never change it."),
    )
    # scoring/confirmations.py keeps these: what the opponents confirm, where that stands,
    # how many hands from the first they confirmed (every hand), and a dispute's reason.
    confirmation_mode = models.CharField(
        _("confirmation by the opponents"), max_length=8, choices=ConfirmationMode.choices,
        default=ConfirmationMode.NONE,
    )
    confirmation = models.CharField(_("confirmation"), max_length=12,
                                    choices=Confirmation.choices, default=Confirmation.NONE)
    confirmed_hands = models.PositiveSmallIntegerField(_("hands confirmed"), default=0)
    dispute_reason = models.CharField(_("reason of the dispute"), max_length=DISPUTE_REASON_MAX,
                                      blank=True)
    # The dispute held until the opponents or an organizer settle it: what it is about (the
    # hand, with every hand; the number of hands, with the final result) and a fingerprint
    # of the values disputed. While those values stand the match is disputed; a correction
    # to other values lets it rest, one back to them brings it back (a net-zero change
    # settles nothing).
    disputed_hand = models.PositiveSmallIntegerField(_("disputed hand"), null=True, blank=True)
    disputed_values = models.CharField(_("disputed values"), max_length=64, blank=True,
                                       editable=False)
    # The final result copied from the table's paper score sheet (scoring/paper.py): its
    # cached result is the one the organizer entered, after the hands kept on a phone (if
    # any) before the sheet took over.
    from_paper = models.BooleanField(_("entered from paper"), default=False)

    # Cached from a replay of the hands by scoring.rules.match_state; only services write them.
    status = models.CharField(
        _("status"), max_length=16, choices=STATUS_CHOICES, default=rules.Status.IN_PROGRESS
    )
    winner = models.CharField(_("winner"), max_length=1, choices=TEAM_CHOICES, null=True,
                              blank=True)
    finish_reason = models.CharField(
        _("finish reason"), max_length=16, choices=FINISH_REASON_CHOICES, null=True, blank=True
    )
    score_a = models.PositiveIntegerField(_("score of team A"), default=0)
    score_b = models.PositiveIntegerField(_("score of team B"), default=0)
    hand_count = models.PositiveSmallIntegerField(_("hands played"), default=0)
    # Set when a tournament round's time is called: the match ends after the next hand.
    time_called_after = models.PositiveSmallIntegerField(
        _("time called after hand"), null=True, blank=True
    )
    # A team that withdrew from a tournament mid-match: it loses what its hands left open.
    forfeited_by = models.CharField(_("forfeited by"), max_length=1, choices=TEAM_CHOICES,
                                    null=True, blank=True)
    redeals = models.PositiveSmallIntegerField(
        _("redeals"), default=0, help_text=_("Noted for statistics; a redeal scores nothing.")
    )
    # Bumped by every write: the validator of conditional GETs.
    version = models.PositiveIntegerField(_("version"), default=1)
    # Every write from version `hands_added_from` to `hands_added_to` added one hand at the
    # end (record_hand), and no other write came since when `hands_added_to` is `version`:
    # a phone whose history shows a version in between is sent the new rows alone.
    hands_added_from = models.PositiveIntegerField(default=0, editable=False)
    hands_added_to = models.PositiveIntegerField(default=0, editable=False)
    created_at = models.DateTimeField(_("created"), default=timezone.now)
    updated_at = models.DateTimeField(_("updated"), default=timezone.now)
    last_hand_at = models.DateTimeField(_("last hand"), null=True, blank=True)
    # Off the keeper's home list; still in the archive, the API and the exports.
    archived_at = models.DateTimeField(_("archived"), null=True, blank=True)

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["owner", "status", "-created_at"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(variant__in=[v.value for v in rules.Variant]),
                name="match_variant_known",
            ),
            models.CheckConstraint(
                condition=target_in_range(), name="match_target_in_range",
            ),
            models.CheckConstraint(
                condition=Q(first_dealer__in=rules.SEATS), name="match_first_dealer_is_seat"
            ),
            models.CheckConstraint(
                condition=~Q(team_a=F("team_b")), name="match_teams_differ"
            ),
            models.CheckConstraint(
                condition=Q(
                    status=rules.Status.IN_PROGRESS,
                    winner__isnull=True,
                    finish_reason__isnull=True,
                )
                | Q(
                    status=rules.Status.FINISHED,
                    winner__isnull=False,
                    winner__in=[t.value for t in rules.Team],
                    finish_reason__isnull=False,
                    finish_reason__in=[r.value for r in rules.FinishReason],
                ),
                name="match_status_winner_reason",
            ),
            models.CheckConstraint(
                condition=~Q(
                    variant__in=QUADRETTE_FAMILY, finish_reason=rules.FinishReason.FOUR_SEVENS
                ),
                name="match_no_four_sevens_in_quadrette",
            ),
            # The cached state agrees with itself (rules.match_state): a match in progress has
            # no leader at or past the target; a match won on the target or on time was won
            # by the team ahead, the former at or past the target, the latter after time was
            # called.
            models.CheckConstraint(
                condition=~Q(status=rules.Status.IN_PROGRESS)
                | Q(score_a=F("score_b"))
                | Q(score_a__lt=F("target"), score_b__lt=F("target")),
                name="match_in_progress_has_no_winner_yet",
            ),
            models.CheckConstraint(
                condition=~Q(finish_reason=rules.FinishReason.TARGET)
                | Q(winner=rules.Team.A, score_a__gt=F("score_b"), score_a__gte=F("target"))
                | Q(winner=rules.Team.B, score_b__gt=F("score_a"), score_b__gte=F("target")),
                name="match_won_on_target_by_the_leader",
            ),
            models.CheckConstraint(
                condition=~Q(finish_reason=rules.FinishReason.TIME)
                | (Q(time_called_after__isnull=False) | Q(from_paper=True))
                & (
                    Q(winner=rules.Team.A, score_a__gt=F("score_b"))
                    | Q(winner=rules.Team.B, score_b__gt=F("score_a"))
                ),
                name="match_won_on_time_by_the_leader",
            ),
            models.CheckConstraint(
                condition=~Q(finish_reason=rules.FinishReason.FORFEIT)
                | Q(forfeited_by__isnull=False, forfeited_by=rules.Team.A, winner=rules.Team.B)
                | Q(forfeited_by__isnull=False, forfeited_by=rules.Team.B, winner=rules.Team.A),
                name="match_won_by_forfeit_by_the_other_team",
            ),
            # A result from paper is a finished match, after the hands kept on a phone before
            # it if any (a phone that died: the triggers hold the result to no less than
            # their score); no hand joins it (the triggers refuse a hand in a finished match).
            models.CheckConstraint(
                condition=Q(from_paper=False)
                | Q(status=rules.Status.FINISHED, forfeited_by__isnull=True),
                name="match_paper_result_is_final",
            ),
            models.CheckConstraint(
                condition=Q(confirmation_mode__in=ConfirmationMode.values)
                & Q(confirmation__in=Confirmation.values)
                & (Q(confirmation_mode=ConfirmationMode.NONE, confirmation=Confirmation.NONE)
                   | ~Q(confirmation_mode=ConfirmationMode.NONE)),
                name="match_confirmation_known",
            ),
        ]

    def __str__(self):
        return f"{self.team_a} – {self.team_b} ({self.get_variant_display()})"

    @property
    def variant_rules(self) -> rules.VariantRules:
        return rules.variant_rules(self.variant)

    @property
    def variant_label(self) -> str:
        return variant_label(self.variant)

    @property
    def is_quadrette(self) -> bool:
        return self.variant_rules.family == rules.Family.QUADRETTE

    @property
    def is_finished(self) -> bool:
        return self.status == rules.Status.FINISHED

    def team_name(self, team: str) -> str:
        """A team's name as pages write it (a name taken off, "#17", reads "Player 17")."""
        return names.shown(self.team_a.name if team == rules.Team.A else self.team_b.name)

    def seat_player(self, seat: str | None) -> Player | None:
        return getattr(self, f"seat_{seat.lower()}") if seat else None

    def summary(self) -> rules.Summary:
        """Where the match stands, as its row says it (what every write keeps there): the
        next hand is checked and stepped from it, without reading a hand."""
        return rules.Summary(
            rules.Variant(self.variant), self.target, self.first_dealer, self.hand_count,
            rules.Pair(self.score_a, self.score_b),
            rules.Team(self.winner) if self.winner else None,
            rules.FinishReason(self.finish_reason) if self.finish_reason else None,
        )

    def hands_added_since(self, version: int | None) -> int | None:
        """How many hands were added at the end since the match's `version`, when every
        write since added one (else None: a correction, an undo, a redeal... or an unknown
        version). A result from paper is not its hands' sum: never."""
        if (version is None or self.from_paper or self.hands_added_to != self.version
                or not self.hands_added_from <= version < self.version):
            return None
        return self.version - version

    def replay(self, hands) -> rules.MatchState:
        """The match's state from its hands (model rows, in order of number); a result
        entered from paper as it was entered, after the hands kept before it (if any)."""
        if self.from_paper:
            return rules.paper_state(
                self.variant, self.target, self.first_dealer,
                rules.Pair(self.score_a, self.score_b), self.finish_reason, self.winner,
                lines=self.replay_hands(hands).lines if hands else ())
        return self.replay_hands(hands)

    def replay_hands(self, hands) -> rules.MatchState:
        """The match's state from its hands alone, whatever a paper result says."""
        return rules.match_state(
            self.variant,
            self.target,
            self.first_dealer,
            [hand.to_rules() for hand in hands],
            time_called_after=self.time_called_after,
            forfeited_by=self.forfeited_by,
        )


# A CHECK passes when its condition is NULL, so every comparison of a nullable column
# goes with an explicit "is not null".


def _both_null(prefix):
    return Q(**{f"{prefix}_a__isnull": True, f"{prefix}_b__isnull": True})


def _both_set(prefix):
    return Q(**{f"{prefix}_a__isnull": False, f"{prefix}_b__isnull": False})


def _politaine_floor(team):
    # rules.politaine_floor: one politaine needs 2 card points, two need 6.
    politaines, points = f"politaines_{team}", f"points_{team}"
    return (
        Q(**{politaines: 0})
        | Q(**{politaines: 1, f"{points}__gte": rules.politaine_floor(1)})
        | Q(**{politaines: 2, f"{points}__gte": rules.politaine_floor(2)})
    )


def _count_holds_politaines(team):
    # rules.has_politaine_cards: k aces, 2k counters, 12k - 8 aces and counters together.
    politaines, aces = F(f"politaines_{team}"), F(f"aces_{team}")
    return Q(**{f"aces_{team}__gte": politaines}) & Q(
        **{f"counters_{team}__gte": politaines * 2}
    ) & Q(**{
        f"counters_{team}__gte": politaines * rules.POLITAINE_CARDS - rules.WORTHLESS_IN_PACK
        - aces
    })


def _count_gives_points(team):
    # rules.card_points without division: points - aces - steck == floor(counters / 3).
    other = rules.Team(team).other.value
    base = F(f"points_{team}") - F(f"aces_{team}")
    return Q(
        last_trick=team,
        **{
            f"counters_{team}__gte": (base - 1) * 3,
            f"counters_{team}__lte": (base - 1) * 3 + 2,
        },
    ) | Q(
        last_trick=other,
        **{f"counters_{team}__gte": base * 3, f"counters_{team}__lte": base * 3 + 2},
    )


def _quadrette_points_match_tricks():
    # rules.quadrette_points: la vole 2-0, four or five tricks 1-0, three each 1-1.
    return (
        Q(tricks_a=6, points_a=2, points_b=0)
        | Q(tricks_a__in=[4, 5], points_a=1, points_b=0)
        | Q(tricks_a=3, points_a=1, points_b=1)
        | Q(tricks_a__in=[1, 2], points_a=0, points_b=1)
        | Q(tricks_a=0, points_a=0, points_b=2)
    )


class Hand(models.Model):
    """One hand of a match, as the score keeper entered it.

    Politaine family: card points (adding up to 11) and politaines, with the counted
    cards when the counting helper was used. La Quadrette: tricks (adding up to 6) and the
    points they give. Four sevens: only the team that was dealt them.
    """

    match = models.ForeignKey(Match, models.CASCADE, related_name="hands",
                              verbose_name=_("match"))
    number = models.PositiveSmallIntegerField(_("number"))
    kind = models.CharField(_("kind"), max_length=16, choices=HAND_KIND_CHOICES,
                            default=rules.HandKind.PLAYED)
    points_a = models.PositiveSmallIntegerField(_("points of team A"), null=True, blank=True)
    points_b = models.PositiveSmallIntegerField(_("points of team B"), null=True, blank=True)
    politaines_a = models.PositiveSmallIntegerField(_("politaines of team A"), default=0)
    politaines_b = models.PositiveSmallIntegerField(_("politaines of team B"), default=0)
    tricks_a = models.PositiveSmallIntegerField(_("tricks of team A"), null=True, blank=True)
    tricks_b = models.PositiveSmallIntegerField(_("tricks of team B"), null=True, blank=True)
    four_sevens_team = models.CharField(_("four sevens to"), max_length=1, choices=TEAM_CHOICES,
                                        null=True, blank=True)
    aces_a = models.PositiveSmallIntegerField(_("aces of team A"), null=True, blank=True)
    aces_b = models.PositiveSmallIntegerField(_("aces of team B"), null=True, blank=True)
    counters_a = models.PositiveSmallIntegerField(_("counters of team A"), null=True, blank=True)
    counters_b = models.PositiveSmallIntegerField(_("counters of team B"), null=True, blank=True)
    last_trick = models.CharField(_("last trick (steck) to"), max_length=1, choices=TEAM_CHOICES,
                                  null=True, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+",
        verbose_name=_("entered by"),
        help_text=_("Empty when entered through the score keeper link."),
    )
    entered_at = models.DateTimeField(_("entered"), default=timezone.now)
    updated_at = models.DateTimeField(_("updated"), default=timezone.now)
    # The hand before this one (none for hand 1), kept by the database (db_triggers). A
    # foreign key checked at commit: a hand goes only with every hand after it, so the last
    # hand may go, and a whole match in any order, never a hand in the middle.
    follows = models.ForeignKey("self", models.DO_NOTHING, null=True, blank=True,
                                editable=False, related_name="+", verbose_name=_("follows"))

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="hand_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_from_one"),
            # What kind of hand it is decides which fields it has.
            models.CheckConstraint(
                condition=Q(
                    kind=rules.HandKind.FOUR_SEVENS,
                    four_sevens_team__isnull=False,
                    four_sevens_team__in=[t.value for t in rules.Team],
                    politaines_a=0,
                    politaines_b=0,
                    last_trick__isnull=True,
                )
                & _both_null("points")
                & _both_null("tricks")
                & _both_null("aces")
                & _both_null("counters")
                | Q(kind=rules.HandKind.PLAYED, four_sevens_team__isnull=True)
                & _both_set("points"),
                name="hand_kind_shape",
            ),
            # Politaine family: card points are whole numbers from 0 to 11 adding up to 11.
            models.CheckConstraint(
                condition=~Q(tricks_a__isnull=True, kind=rules.HandKind.PLAYED)
                | _both_set("points")
                & Q(
                    points_a__lte=rules.HAND_CARD_POINTS,
                    points_b__lte=rules.HAND_CARD_POINTS,
                    points_a=rules.HAND_CARD_POINTS - F("points_b"),
                ),
                name="hand_points_add_up_to_11",
            ),
            # At most two politaines a hand, each needing its own cards' points.
            models.CheckConstraint(
                condition=Q(
                    politaines_a__lte=rules.MAX_POLITAINES_PER_HAND,
                    politaines_b__lte=rules.MAX_POLITAINES_PER_HAND,
                )
                & Q(politaines_a__lte=rules.MAX_POLITAINES_PER_HAND - F("politaines_b")),
                name="hand_at_most_two_politaines",
            ),
            models.CheckConstraint(
                condition=Q(politaines_a=0, politaines_b=0)
                | Q(tricks_a__isnull=True)
                & _both_set("points")
                & _politaine_floor("a")
                & _politaine_floor("b"),
                name="hand_politaines_have_their_points",
            ),
            # La Quadrette: six tricks, scored by the table of RULES.md section 2.
            models.CheckConstraint(
                condition=_both_null("tricks")
                | _both_set("tricks")
                & _both_set("points")
                & Q(
                    tricks_a__lte=rules.QUADRETTE_TRICKS,
                    tricks_b__lte=rules.QUADRETTE_TRICKS,
                    tricks_a=rules.QUADRETTE_TRICKS - F("tricks_b"),
                )
                & _quadrette_points_match_tricks(),
                name="hand_tricks_add_up_to_6",
            ),
            # The counting helper's cards, when given, fit the pack and give the points.
            models.CheckConstraint(
                condition=_both_null("aces") & _both_null("counters") & Q(last_trick__isnull=True)
                | _both_set("aces")
                & _both_set("counters")
                & Q(
                    tricks_a__isnull=True,
                    kind=rules.HandKind.PLAYED,
                    last_trick__isnull=False,
                    last_trick__in=[t.value for t in rules.Team],
                    aces_a__lte=rules.ACES_IN_PACK,
                    aces_a=rules.ACES_IN_PACK - F("aces_b"),
                    counters_a__lte=rules.COUNTERS_IN_PACK,
                    counters_a=rules.COUNTERS_IN_PACK - F("counters_b"),
                )
                & _count_holds_politaines("a")
                & _count_holds_politaines("b")
                & _count_gives_points("a")
                & _count_gives_points("b"),
                name="hand_count_fits_pack_and_points",
            ),
        ]

    def __str__(self):
        return _("Hand %(number)s") % {"number": self.number}

    @property
    def dealer(self) -> str:
        return rules.dealer_of_hand(self.match.variant, self.match.first_dealer, self.number)

    def to_rules(self) -> rules.Hand:
        """This row as the rules engine sees it."""
        if self.kind == rules.HandKind.FOUR_SEVENS:
            return rules.Hand.four_sevens(self.four_sevens_team)
        if self.tricks_a is not None:
            return rules.Hand.quadrette(self.tricks_a, self.tricks_b)
        count = None
        if self.aces_a is not None:
            count = rules.Pair(
                rules.CardCount(self.aces_a, self.counters_a, self.last_trick == rules.Team.A),
                rules.CardCount(self.aces_b, self.counters_b, self.last_trick == rules.Team.B),
            )
        return rules.Hand(
            points=rules.Pair(self.points_a, self.points_b),
            politaines=rules.Pair(self.politaines_a, self.politaines_b),
            count=count,
        )

    def set_from_rules(self, variant: str, hand: rules.Hand) -> None:
        """Copy a valid rules.Hand of `variant` onto this row's fields."""
        self.kind = hand.kind
        self.four_sevens_team = hand.four_sevens_team
        self.politaines_a, self.politaines_b = hand.politaines
        self.tricks_a = self.tricks_b = None
        self.aces_a = self.aces_b = self.counters_a = self.counters_b = None
        self.last_trick = None
        self.points_a = self.points_b = None
        if hand.kind == rules.HandKind.FOUR_SEVENS:
            return
        if hand.tricks is not None:
            self.tricks_a, self.tricks_b = hand.tricks
            self.points_a, self.points_b = rules.hand_points(variant, hand)
            return
        self.points_a, self.points_b = hand.card_points()
        if hand.count is not None:
            self.aces_a, self.aces_b = (c.aces for c in hand.count)
            self.counters_a, self.counters_b = (c.counters for c in hand.count)
            self.last_trick = rules.Team.A if hand.count.a.last_trick else rules.Team.B


class ConfirmationStep(models.Model):
    """One step of the opponents' confirmation, in the match's history: who, when, and
    through which way in."""

    class Action(models.TextChoices):
        CONFIRMED = "confirmed", _("Confirmed")
        DISPUTED = "disputed", _("Disputed")
        CONFIRMED_FOR_TEAM = "confirmed_for_team", _("Confirmed by an organizer for the team")
        PAPER_RESULT = "paper_result", _("Final result entered from paper")
        PAPER_TAKEN_BACK = "paper_taken_back", _("Result from paper taken back")

    class Via(models.TextChoices):
        OPPONENTS_LINK = "opponents_link", _("the opponents' link")
        ORGANIZER = "organizer", _("an organizer's account")
        API = "api", _("the API, with the opponents' token")

    match = models.ForeignKey(Match, models.CASCADE, related_name="confirmation_steps",
                              verbose_name=_("match"))
    action = models.CharField(_("action"), max_length=20, choices=Action.choices)
    via = models.CharField(_("through"), max_length=16, choices=Via.choices)
    # The hands (and, from paper, the totals) as they stood: what was confirmed or disputed.
    hands = models.PositiveSmallIntegerField(_("hands"), default=0)
    score_a = models.PositiveIntegerField(_("score of team A"), default=0)
    score_b = models.PositiveIntegerField(_("score of team B"), default=0)
    reason = models.CharField(_("reason"), max_length=DISPUTE_REASON_MAX, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+",
        verbose_name=_("by"), help_text=_("Empty when made through the opponents' link."),
    )
    at = models.DateTimeField(_("at"), default=timezone.now)
    # The match's version the step left: a same answer again is a repeat only while nothing
    # was written since (scoring.confirmations._repeat).
    version = models.PositiveIntegerField(_("version"), null=True, blank=True, editable=False)

    class Meta:
        verbose_name = _("confirmation step")
        verbose_name_plural = _("confirmation steps")
        ordering = ["match", "at", "id"]

    def __str__(self):
        return f"{self.get_action_display()} ({self.hands})"


class HandRevision(models.Model):
    """A correction or an undo, kept so that the table can see who changed what."""

    class Action(models.TextChoices):
        CORRECTED = "corrected", _("Corrected")
        UNDONE = "undone", _("Undone")

    match = models.ForeignKey(Match, models.CASCADE, related_name="revisions",
                              verbose_name=_("match"))
    number = models.PositiveSmallIntegerField(_("hand number"))
    action = models.CharField(_("action"), max_length=16, choices=Action.choices)
    before = models.JSONField(_("before"))
    after = models.JSONField(_("after"), null=True, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+",
        verbose_name=_("by"), help_text=_("Empty when made through the score keeper link."),
    )
    at = models.DateTimeField(_("at"), default=timezone.now)

    class Meta:
        verbose_name = _("hand revision")
        verbose_name_plural = _("hand revisions")
        ordering = ["match", "at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(action="corrected", after__isnull=False)
                | Q(action="undone", after__isnull=True),
                name="revision_after_matches_action",
            ),
        ]

    def __str__(self):
        return f"{self.get_action_display()} {self.number}"
