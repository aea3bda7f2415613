"""The player's own door: a user account linked to a member of a club's roster (by an
invitation or an approved request), sign-up to the club's nights ahead, what the player is
told, and the secret of their private calendar.

A member's link itself is `clubs.Member.account`; what leads to one is here.
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, ClubNight, Member
from tournaments.models import Entry

INVITATION_DAYS = 14


def new_secret() -> str:
    return secrets.token_urlsafe(24)


class Invitation(models.Model):
    """A personal link an organizer gives one member: whoever opens it logged in, once,
    within INVITATION_DAYS, becomes that member's account."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="+", verbose_name=_("club"))
    member = models.ForeignKey(Member, models.CASCADE, related_name="invitations",
                               verbose_name=_("club player"))
    token = models.CharField(_("token"), max_length=64, unique=True, default=new_secret,
                             editable=False)
    # Optional: where it was sent (the link is shown to the organizer in any case).
    email = models.EmailField(_("email"), blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True,
                                   related_name="+", verbose_name=_("by"))
    created_at = models.DateTimeField(_("created"), default=timezone.now)
    expires_at = models.DateTimeField(_("expires"))
    used_at = models.DateTimeField(_("used"), null=True, blank=True)
    used_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True,
                                blank=True, related_name="+", verbose_name=_("used by"))
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(expires_at__gt=models.F("created_at")),
                                   name="invitation_expires_after_made"),
            models.CheckConstraint(condition=Q(used_at__isnull=True) | Q(revoked_at__isnull=True),
                                   name="invitation_used_or_revoked_not_both"),
        ]

    def __str__(self):
        return f"{self.member} ({self.created_at:%Y-%m-%d})"

    def is_open(self, now=None) -> bool:
        now = now or timezone.now()
        return self.used_at is None and self.revoked_at is None and self.expires_at > now


class LinkRequest(models.Model):
    """A user asking, from the club's page, to be linked to a member of its roster: an
    organizer approves (the link is made) or declines."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="+", verbose_name=_("club"))
    member = models.ForeignKey(Member, models.CASCADE, related_name="link_requests",
                               verbose_name=_("club player"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE,
                             related_name="link_requests", verbose_name=_("user"))
    created_at = models.DateTimeField(_("asked"), default=timezone.now)
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True,
                                   blank=True, related_name="+", verbose_name=_("decided by"))
    approved = models.BooleanField(_("approved"), null=True, blank=True)

    class Meta:
        verbose_name = _("request to be linked")
        verbose_name_plural = _("requests to be linked")
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], condition=Q(decided_at__isnull=True),
                                    name="link_request_one_pending_per_club"),
            models.CheckConstraint(
                condition=Q(decided_at__isnull=True, approved__isnull=True)
                | Q(decided_at__isnull=False, approved__isnull=False),
                name="link_request_decided_whole"),
        ]

    def __str__(self):
        return f"{self.user} → {self.member}"


class SignupSheet(models.Model):
    """A club night's sign-up: when it opens and closes, its cap (players on an individual
    night, pairs on a team night), and the counter that orders who claimed a place. Its row
    is what every sign-up locks, so that twenty people pressing at once are put in one
    order."""

    night = models.OneToOneField(ClubNight, models.CASCADE, related_name="signup_sheet",
                                 verbose_name=_("club night"))
    opens_at = models.DateTimeField(_("sign-up opens"), null=True, blank=True)
    # Empty: when the night starts.
    closes_at = models.DateTimeField(_("sign-up closes"), null=True, blank=True)
    # Empty: no cap.
    cap = models.PositiveSmallIntegerField(_("places"), null=True, blank=True)
    # Players who signed up check in from their own page once the organizer opens it.
    check_in_open = models.BooleanField(_("players check in from their page"), default=False)
    # The last place in line given: a claim's `position`.
    last_position = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        verbose_name = _("sign-up sheet")
        verbose_name_plural = _("sign-up sheets")
        constraints = [
            models.CheckConstraint(condition=Q(cap__isnull=True) | Q(cap__gte=1),
                                   name="signup_cap_positive"),
            models.CheckConstraint(
                condition=Q(opens_at__isnull=True) | Q(closes_at__isnull=True)
                | Q(closes_at__gt=models.F("opens_at")),
                name="signup_closes_after_it_opens"),
        ]

    def __str__(self):
        return str(self.night)


class Signup(models.Model):
    """One claim on a night: a player alone, a pair (the partner confirms), or a player
    looking for a partner. A claim that is whole (alone, or the pair confirmed) gets its
    place in line (`position`) and is `in` while places last, `waiting` after."""

    class State(models.TextChoices):
        IN = "in", _("Signed up")
        WAITING = "waiting", _("Waiting")
        PARTNER_TO_CONFIRM = "partner_to_confirm", _("Partner to confirm")
        LOOKING = "looking", _("Looking for a partner")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        DECLINED = "declined", _("Declined by the partner")

    ACTIVE = (State.IN, State.WAITING, State.PARTNER_TO_CONFIRM, State.LOOKING)

    sheet = models.ForeignKey(SignupSheet, models.CASCADE, related_name="signups",
                              verbose_name=_("sign-up sheet"))
    member = models.ForeignKey(Member, models.CASCADE, related_name="signups",
                               verbose_name=_("club player"))
    partner = models.ForeignKey(Member, models.CASCADE, null=True, blank=True,
                                related_name="partner_signups", verbose_name=_("partner"))
    state = models.CharField(_("state"), max_length=20, choices=State.choices)
    position = models.PositiveIntegerField(_("place in line"), null=True, blank=True)
    # The night's entry it became (signups.enter_signups): entering again adds nobody.
    entry = models.OneToOneField(Entry, models.SET_NULL, null=True, blank=True,
                                 related_name="signup", verbose_name=_("entry"))
    by = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True,
                           related_name="+", verbose_name=_("by"))
    created_at = models.DateTimeField(_("created"), default=timezone.now)
    changed_at = models.DateTimeField(_("changed"), default=timezone.now)

    class Meta:
        verbose_name = _("sign-up")
        verbose_name_plural = _("sign-ups")
        ordering = ["sheet", "position", "created_at", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(state__in=[
                "in", "waiting", "partner_to_confirm", "looking", "withdrawn", "declined"]),
                name="signup_state_known"),
            models.CheckConstraint(condition=~Q(partner=models.F("member")),
                                   name="signup_partner_is_someone_else"),
            # A place in line is a whole claim's: alone, or a pair whose partner confirmed.
            models.CheckConstraint(
                condition=~Q(state__in=["in", "waiting"]) | Q(position__isnull=False),
                name="signup_in_line_has_a_position"),
            models.CheckConstraint(
                condition=~Q(state__in=["partner_to_confirm", "looking"])
                | Q(position__isnull=True),
                name="signup_not_whole_has_no_position"),
            models.CheckConstraint(
                condition=~Q(state="partner_to_confirm") | Q(partner__isnull=False),
                name="signup_to_confirm_names_a_partner"),
            models.CheckConstraint(condition=~Q(state="looking") | Q(partner__isnull=True),
                                   name="signup_looking_has_no_partner"),
            models.UniqueConstraint(
                fields=["sheet", "member"],
                condition=Q(state__in=["in", "waiting", "partner_to_confirm", "looking"]),
                name="signup_member_once_per_night"),
            models.UniqueConstraint(
                fields=["sheet", "partner"],
                condition=Q(state__in=["in", "waiting", "partner_to_confirm"]),
                name="signup_partner_once_per_night"),
            models.UniqueConstraint(fields=["sheet", "position"], name="signup_position_once"),
        ]

    def __str__(self):
        return f"{self.member} & {self.partner}" if self.partner_id else str(self.member)


class Notice(models.Model):
    """What a player is told (also emailed when they have an address and the site an email
    server): shown on their page, newest first. Its words are the kind's, in the reader's
    language, with `params`."""

    class Kind(models.TextChoices):
        SIGNED_UP = "signed_up", _("Signed up")
        WAITING = "waiting", _("On the waiting list")
        PLACE_GIVEN = "place_given", _("A place from the waiting list")
        PARTNER_ASKED = "partner_asked", _("Asked to partner")
        PARTNER_DECLINED = "partner_declined", _("Partner declined")
        PARTNER_WITHDREW = "partner_withdrew", _("Partner withdrew the pair")
        REMOVED = "removed", _("Sign-up removed")
        CANCELLED = "cancelled", _("Night cancelled")
        RESULTS = "results", _("Results")
        LINKED = "linked", _("Account linked")

    member = models.ForeignKey(Member, models.CASCADE, related_name="notices",
                               verbose_name=_("club player"))
    night = models.ForeignKey(ClubNight, models.CASCADE, null=True, blank=True,
                              related_name="+", verbose_name=_("club night"))
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    params = models.JSONField(_("details"), default=dict, blank=True)
    at = models.DateTimeField(_("when"), default=timezone.now)

    class Meta:
        verbose_name = _("notice")
        verbose_name_plural = _("notices")
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["member", "-at"])]

    def __str__(self):
        return f"{self.get_kind_display()} ({self.at:%Y-%m-%d})"


class CalendarKey(models.Model):
    """The secret in a player's private calendar address: a new one ends the old address."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, models.CASCADE,
                                related_name="calendar_key", verbose_name=_("user"))
    secret = models.CharField(_("secret"), max_length=64, unique=True, default=new_secret)
    created_at = models.DateTimeField(_("created"), default=timezone.now)

    class Meta:
        verbose_name = _("calendar address")
        verbose_name_plural = _("calendar addresses")

    def __str__(self):
        return str(self.user)
