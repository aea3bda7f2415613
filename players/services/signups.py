"""Sign-up to a club night: alone (an individual night), as a pair whose partner confirms
(a team night), or looking for a partner (the partnership desk). A whole claim takes the
next place in line under the sheet's lock: `in` while the cap allows, `waiting` after; a
place given back before the close goes to the first who waits. On the night the organizer
makes the `in` claims the night's entries, once.

Every write locks the night's sheet (a write that touches the tournament too, setting the
sign-up, cancelling, entering, checking in, locks the tournament before it): twenty people
pressing at once are put in the order the server took them, and nobody holds two places.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_noop

from clubs.models import ClubNight, Member
from clubs.public_names import PublicNames
from players.models import Notice, Signup, SignupSheet
from players.services._common import (
    conflict,
    lock_sheet,
    may_act_for,
    not_allowed,
    refuse,
    refuse_unless_organizer,
)
from players.services.notices import notify
from scoring.services import NewTeam
from tournaments import services as tournaments
from tournaments.models import Tournament
from tournaments.services._common import lock as lock_tournament
from tournaments.services._common import partnership_name

State = Signup.State
WHOLE = (State.IN, State.WAITING)
HOLDING = (State.IN, State.WAITING, State.PARTNER_TO_CONFIRM)


# -- the sheet ------------------------------------------------------------------------

def unit(tournament: Tournament) -> str:
    """What a place is: a player on an individual night, a pair on a team night."""
    return "player" if tournament.is_individual else "pair"


def closes_at(sheet: SignupSheet) -> datetime | None:
    return sheet.closes_at or sheet.night.tournament.starts_at


def window(sheet: SignupSheet, now: datetime | None = None, *,
           drawn: bool | None = None) -> str:
    """"not_open", "open" or "closed": closed once its close (or the night's start) is
    past, the night cancelled, or its first round drawn (`drawn`, when the caller knows;
    else asked of the database)."""
    now = now or timezone.now()
    tournament = sheet.night.tournament
    if drawn is None:
        drawn = tournament.rounds.exists()
    if tournament.cancelled_at or tournament.closed_at or drawn:
        return "closed"
    if (end := closes_at(sheet)) is not None and now >= end:
        return "closed"
    if sheet.opens_at is not None and now < sheet.opens_at:
        return "not_open"
    return "open"


def _refuse_unless_open(sheet: SignupSheet) -> None:
    state = window(sheet)
    if state == "not_open":
        conflict("signup_not_open", gettext_noop("Sign-up for this night is not open yet."))
    if state == "closed":
        conflict("signup_closed", gettext_noop("Sign-up for this night is closed."))


@dataclass(frozen=True)
class SheetSettings:
    opens_at: datetime | None = None
    closes_at: datetime | None = None
    cap: int | None = None


MAX_CAP = 512


def _validate(settings: SheetSettings, tournament: Tournament) -> None:
    if settings.cap is not None and not 1 <= settings.cap <= MAX_CAP:
        refuse("cap", gettext_noop("Places: a number from 1 to %(max)s, or none for no cap."),
               "cap", max=MAX_CAP)
    if settings.opens_at and settings.closes_at and settings.closes_at <= settings.opens_at:
        refuse("signup_dates", gettext_noop("Sign-up must close after it opens."), "closes_at")
    end = settings.closes_at or tournament.starts_at
    if settings.opens_at and end and end <= settings.opens_at:
        refuse("signup_dates", gettext_noop("Sign-up must open before the night starts."),
               "opens_at")


@transaction.atomic
def set_sheet(*, night: ClubNight, settings: SheetSettings | None, by) -> SignupSheet | None:
    """Open the night's sign-up, change it, or (`settings` None) take no more: with no
    sign-up yet the sheet goes; with some, it closes now and they stay."""
    refuse_unless_organizer(by, night.club)
    lock_tournament(night.tournament_id)
    sheet = SignupSheet.objects.filter(night=night).first()
    if settings is None:
        if sheet is None:
            return None
        sheet = lock_sheet(sheet)
        if not sheet.signups.exists():
            sheet.delete()
            return None
        now = timezone.now()
        if sheet.opens_at is not None and sheet.opens_at >= now:
            sheet.opens_at = None  # it never opened: closed from now on, not opening later
        sheet.closes_at = now
        sheet.save(update_fields=["opens_at", "closes_at"])
        return sheet
    _validate(settings, night.tournament)
    if sheet is None:
        sheet = SignupSheet.objects.create(night=night)
    sheet = lock_sheet(sheet)
    sheet.opens_at, sheet.closes_at, sheet.cap = (settings.opens_at, settings.closes_at,
                                                  settings.cap)
    sheet.save(update_fields=["opens_at", "closes_at", "cap"])
    # More places: those who wait get them, in order.
    if window(sheet) != "closed":
        _fill_places(sheet)
    return sheet


@transaction.atomic
def open_check_in(*, night: ClubNight, by, open_: bool = True) -> SignupSheet:
    refuse_unless_organizer(by, night.club)
    sheet = lock_sheet(SignupSheet.objects.get(night=night))
    sheet.check_in_open = open_
    sheet.save(update_fields=["check_in_open"])
    return sheet


# -- who holds what -------------------------------------------------------------------

def _holding(sheet: SignupSheet, member: Member) -> Signup | None:
    """The claim a member holds on the night: their own, or one that names them as partner
    (a looking-for-a-partner claim is held only by its own member)."""
    return sheet.signups.filter(
        Q(member=member, state__in=Signup.ACTIVE) | Q(partner=member, state__in=HOLDING),
    ).first()


def _taken(sheet: SignupSheet) -> int:
    return sheet.signups.filter(state=State.IN).count()


def _claim(sheet: SignupSheet, signup: Signup, *, force_in: bool = False) -> Signup:
    """A whole claim takes the next place in line: in while places last."""
    sheet.last_position += 1
    sheet.save(update_fields=["last_position"])
    signup.position = sheet.last_position
    has_room = sheet.cap is None or _taken(sheet) < sheet.cap
    signup.state = State.IN if force_in or has_room else State.WAITING
    signup.changed_at = timezone.now()
    signup.save()
    kind = Notice.Kind.SIGNED_UP if signup.state == State.IN else Notice.Kind.WAITING
    for member in _members(signup):
        notify(member, kind, night=sheet.night, position=waiting_position(signup))
    return signup


def waiting_position(signup: Signup) -> int | None:
    """1 for the first who waits, and so on; None when not waiting."""
    if signup.state != State.WAITING:
        return None
    return Signup.objects.filter(sheet_id=signup.sheet_id, state=State.WAITING,
                                 position__lte=signup.position).count()


def _members(signup: Signup) -> list[Member]:
    return [signup.member] + ([signup.partner] if signup.partner_id else [])


def _fill_places(sheet: SignupSheet) -> None:
    """Places free go to those who wait, first in line first."""
    while sheet.cap is None or _taken(sheet) < sheet.cap:
        first = sheet.signups.filter(state=State.WAITING).order_by("position").select_related(
            "member", "partner").first()
        if first is None:
            return
        first.state = State.IN
        first.changed_at = timezone.now()
        first.save(update_fields=["state", "changed_at"])
        for member in _members(first):
            notify(member, Notice.Kind.PLACE_GIVEN, night=sheet.night)


def _public(member: Member) -> str:
    """A member's name as a player (not an organizer) may read it in a message."""
    return PublicNames(member.club, full=False).of(member)


def _linked_member(sheet: SignupSheet, user) -> Member:
    member = Member.objects.filter(club_id=sheet.night.club_id, account=user).first() \
        if getattr(user, "is_authenticated", False) else None
    if member is None:
        not_allowed("not_linked", gettext_noop(
            "Your account is not linked to a player of this club: accept the club's "
            "invitation, or ask to be linked from the club's page."))
    return member


def _refuse_partner(sheet: SignupSheet, member: Member, partner: Member | None, *,
                    to_confirm: bool = True) -> None:
    if partner is None:
        return
    # A partner confirms from their own page: one with no account never could, and the
    # pair would hold no place for ever (an organizer signs such a pair up whole).
    if to_confirm and partner.account_id is None and partner.club_id == sheet.night.club_id:
        refuse("partner_not_linked", gettext_noop(
            "%(name)s has no account linked to the club, so cannot confirm: ask an "
            "organizer to sign you up together."), "partner", name=_public(partner))
    if partner.club_id != sheet.night.club_id:
        refuse("partner_not_member", gettext_noop(
            "Your partner must be a player of the club's roster."), "partner")
    if partner.pk == member.pk:
        refuse("partner_not_member", gettext_noop("Name someone else as your partner."),
               "partner")
    # Free: no claim names them, and their own, if any, is looking for a partner.
    if sheet.signups.filter(Q(partner=partner, state__in=HOLDING)
                            | Q(member=partner, state__in=HOLDING)).exists():
        conflict("partner_taken", gettext_noop(
            "%(name)s is already signed up for this night."), "partner",
            name=_public(partner))


def _end_looking(sheet: SignupSheet, member: Member) -> None:
    """A player who looked for a partner and now has one looks no more."""
    sheet.signups.filter(member=member, state=State.LOOKING).update(
        state=State.WITHDRAWN, changed_at=timezone.now())


# -- the player's steps ---------------------------------------------------------------

def _sign_up(sheet: SignupSheet, member: Member, *, partner: Member | None,
             looking: bool, by, force_in: bool = False) -> Signup:
    tournament = sheet.night.tournament
    if partner is not None and looking:
        refuse("partner_or_looking", gettext_noop(
            "Name your partner, or ask for one: not both."), "partner")
    if unit(tournament) == "player":
        if partner is not None or looking:
            refuse("signup_alone", gettext_noop(
                "This is an individual night: players sign up alone and change partners "
                "each round."), "partner")
    elif partner is None and not looking:
        refuse("partner_needed", gettext_noop(
            "This night is played in pairs: name your partner, or ask for one."), "partner")
    if (held := _holding(sheet, member)) is not None:
        if held.member_id != member.pk and held.state == State.PARTNER_TO_CONFIRM:
            conflict("already_signed_up", gettext_noop(
                "%(name)s named you as partner for this night: confirm it on your page."),
                name=_public(held.member))
        conflict("already_signed_up", gettext_noop(
            "%(name)s is already signed up for this night."), name=_public(member))
    _refuse_partner(sheet, member, partner, to_confirm=not force_in)
    signup = Signup(sheet=sheet, member=member, partner=partner, by=by)
    if looking:
        signup.state = State.LOOKING
        signup.save()
        return signup
    if partner is not None and not force_in:
        signup.state = State.PARTNER_TO_CONFIRM
        signup.save()
        notify(partner, Notice.Kind.PARTNER_ASKED, night=sheet.night, by=member.pk)
        return signup
    if partner is not None:
        _end_looking(sheet, partner)
    return _claim(sheet, signup, force_in=force_in)


@transaction.atomic
def sign_up(*, night: ClubNight, user, partner: Member | None = None,
            looking_for_partner: bool = False) -> Signup:
    """The user's own sign-up: alone, with a partner (who confirms), or looking for one."""
    sheet = lock_sheet(_sheet_of(night))
    member = _linked_member(sheet, user)
    _refuse_unless_open(sheet)
    return _sign_up(sheet, member, partner=partner, looking=looking_for_partner, by=user)


def _sheet_of(night: ClubNight) -> SignupSheet:
    sheet = SignupSheet.objects.filter(night=night).first()
    if sheet is None:
        conflict("signup_closed", gettext_noop("This night takes no sign-up."))
    return sheet


def _locked_signup(signup: Signup | int) -> tuple[SignupSheet, Signup]:
    pk = signup.pk if isinstance(signup, Signup) else signup
    sheet_id = Signup.objects.filter(pk=pk).values_list("sheet_id", flat=True).first()
    if sheet_id is None:
        conflict("not_signed_up", gettext_noop("This sign-up is gone."))
    sheet = lock_sheet(sheet_id)
    return sheet, Signup.objects.select_related("member", "partner").get(pk=pk)


@transaction.atomic
def ask_partner(*, signup: Signup, partner: Member, user) -> Signup:
    """From the desk: a player looking for a partner asks one (who confirms)."""
    sheet, signup = _locked_signup(signup)
    if signup.member.account_id != user.pk or signup.state != State.LOOKING:
        not_allowed("not_yours", gettext_noop("This sign-up is someone else's."))
    _refuse_unless_open(sheet)
    # Asked by someone meanwhile: that request is answered first.
    if asked := sheet.signups.filter(partner=signup.member,
                                     state=State.PARTNER_TO_CONFIRM).first():
        conflict("already_signed_up", gettext_noop(
            "%(name)s named you as partner for this night: confirm it on your page."),
            name=_public(asked.member))
    _refuse_partner(sheet, signup.member, partner)
    signup.partner, signup.state, signup.changed_at = partner, State.PARTNER_TO_CONFIRM, \
        timezone.now()
    signup.save()
    notify(partner, Notice.Kind.PARTNER_ASKED, night=sheet.night, by=signup.member_id)
    return signup


@transaction.atomic
def confirm_partner(*, signup: Signup, user) -> Signup:
    """The partner named says yes: the pair is whole and takes its place in line; the
    partner's own looking-for-a-partner claim, if any, is done."""
    sheet, signup = _locked_signup(signup)
    if signup.partner is None or signup.partner.account_id != user.pk:
        not_allowed("not_yours", gettext_noop("Only the partner named may confirm."))
    if signup.state != State.PARTNER_TO_CONFIRM:
        conflict("not_to_confirm", gettext_noop("There is nothing to confirm."))
    _refuse_unless_open(sheet)
    _end_looking(sheet, signup.partner)
    return _claim(sheet, signup)


@transaction.atomic
def decline_partner(*, signup: Signup, user) -> Signup:
    sheet, signup = _locked_signup(signup)
    if signup.partner is None or signup.partner.account_id != user.pk:
        not_allowed("not_yours", gettext_noop("Only the partner named may decline."))
    if signup.state != State.PARTNER_TO_CONFIRM:
        conflict("not_to_confirm", gettext_noop("There is nothing to confirm."))
    signup.state, signup.changed_at = State.DECLINED, timezone.now()
    signup.save(update_fields=["state", "changed_at"])
    notify(signup.member, Notice.Kind.PARTNER_DECLINED, night=sheet.night,
           by=signup.partner_id)
    return signup


@transaction.atomic
def withdraw(*, signup: Signup, by) -> Signup:
    """The player (or their partner, for the pair) or an organizer takes the claim back;
    its place, before the close, goes to the first who waits."""
    sheet, signup = _locked_signup(signup)
    club = sheet.night.club
    if not any(may_act_for(by, member, club) for member in _members(signup)):
        not_allowed("not_yours", gettext_noop("This sign-up is someone else's."))
    if signup.state not in Signup.ACTIVE:
        conflict("not_signed_up", gettext_noop("This sign-up was withdrawn already."))
    if signup.entry_id is not None:
        conflict("already_entered", gettext_noop(
            "This sign-up is already one of the night's entries: the organizers withdraw "
            "it from the night's teams."))
    # The partner named, taking back what they never confirmed, says no: the player who
    # asked is told, as when they decline.
    by_pk = getattr(by, "pk", None)
    declined = by_pk is not None and signup.state == State.PARTNER_TO_CONFIRM \
        and signup.partner.account_id == by_pk and signup.member.account_id != by_pk
    was_in = signup.state == State.IN
    was_whole = signup.state in WHOLE
    signup.state, signup.changed_at = State.WITHDRAWN, timezone.now()
    signup.save(update_fields=["state", "changed_at"])
    if by is not None and signup.member.account_id != getattr(by, "pk", None) and not (
            signup.partner_id and signup.partner.account_id == getattr(by, "pk", None)):
        for member in _members(signup):
            notify(member, Notice.Kind.REMOVED, night=sheet.night)
    elif declined:
        notify(signup.member, Notice.Kind.PARTNER_DECLINED, night=sheet.night,
               by=signup.partner_id)
    elif signup.partner_id is not None and was_whole:
        # One of a whole pair took it back: the other has lost their place too.
        mover = signup.member if signup.member.account_id == by_pk else signup.partner
        other = signup.partner if mover.pk == signup.member_id else signup.member
        notify(other, Notice.Kind.PARTNER_WITHDREW, night=sheet.night, by=mover.pk)
    if was_in and window(sheet) != "closed":
        _fill_places(sheet)
    return signup


# -- the organizer's steps ------------------------------------------------------------

@transaction.atomic
def add_signup(*, night: ClubNight, member: Member, partner: Member | None = None,
               by) -> Signup:
    """The organizer signs someone up (a pair needs no confirmation): a place even past
    the cap, open or closed."""
    refuse_unless_organizer(by, night.club)
    sheet = lock_sheet(_sheet_of(night))
    if member.club_id != night.club_id:
        refuse("partner_not_member", gettext_noop(
            "Choose a player of the club's roster."), "member")
    return _sign_up(sheet, member, partner=partner, looking=False, by=by, force_in=True)


@transaction.atomic
def pair_lookers(*, first: Signup, second: Signup, by) -> Signup:
    """The partnership desk: two players looking for a partner made a pair by an
    organizer; it takes its place in line."""
    sheet, first = _locked_signup(first)
    refuse_unless_organizer(by, sheet.night.club)
    second = Signup.objects.select_related("member").filter(pk=second.pk, sheet=sheet).first()
    if second is None or first.pk == second.pk or first.state != State.LOOKING \
            or second.state != State.LOOKING:
        conflict("not_looking", gettext_noop(
            "Pair two players who are both looking for a partner."))
    for member in (first.member, second.member):
        if sheet.signups.filter(partner=member, state=State.PARTNER_TO_CONFIRM).exists():
            conflict("partner_taken", gettext_noop(
                "%(name)s is asked to partner another player: they answer first."),
                name=_public(member))
    second.state, second.changed_at = State.WITHDRAWN, timezone.now()
    second.save(update_fields=["state", "changed_at"])
    first.partner = second.member
    return _claim(sheet, first)


@transaction.atomic
def give_place(*, signup: Signup, by) -> Signup:
    """The organizer lets one who waits in, past the cap."""
    sheet, signup = _locked_signup(signup)
    refuse_unless_organizer(by, sheet.night.club)
    if signup.state != State.WAITING:
        conflict("not_waiting", gettext_noop("Only a sign-up that waits can be let in."))
    signup.state, signup.changed_at = State.IN, timezone.now()
    signup.save(update_fields=["state", "changed_at"])
    for member in _members(signup):
        notify(member, Notice.Kind.PLACE_GIVEN, night=sheet.night)
    return signup


def entry_name(signup: Signup) -> str:
    """The team a pair becomes: its two names (editable before entering)."""
    if signup.partner_id is None:
        return signup.member.name
    return partnership_name(signup.member.name, signup.partner.name)


def _refuse_unit_changed(tournament: Tournament, signups: list[Signup]) -> None:
    """A night whose format changed after sign-up (a team night made individual, or the
    other way): a pair is not one player, nor one player a team."""
    pairs = unit(tournament) == "pair"
    if odd := next((s for s in signups if bool(s.partner_id) != pairs), None):
        name = " & ".join(PublicNames(odd.member.club, full=True).of(member)
                          for member in _members(odd))
        if pairs:
            conflict("signup_unit_changed", gettext_noop(
                "%(name)s signed up alone, and this night is now played in pairs: remove "
                "the sign-up, or sign them up with a partner."), name=name)
        conflict("signup_unit_changed", gettext_noop(
            "%(name)s signed up as a pair, and this night is now individual: remove the "
            "pair's sign-up and sign each of them up alone."), name=name)


@transaction.atomic
def enter_signups(*, night: ClubNight, by, names: dict[int, str] | None = None) -> list:
    """The `in` claims not yet entered become the night's entries, in the order of their
    places (their team names from `names` by sign-up id, else the pair's): doing it again
    adds nobody."""
    refuse_unless_organizer(by, night.club)
    # The tournament before the sheet, as set_sheet and cancel_night lock them: two
    # organizers entering and changing the sign-up at once wait, never deadlock.
    lock_tournament(night.tournament_id)
    sheet = lock_sheet(_sheet_of(night))
    signups = list(sheet.signups.filter(state=State.IN, entry__isnull=True).select_related(
        "member", "partner").order_by("position"))
    if not signups:
        return []
    _refuse_unit_changed(sheet.night.tournament, signups)
    names = names or {}
    # Teams of no pasted list: a refusal names the team by its place ("Team 2"), not by
    # a line of text the organizer never typed.
    teams = [NewTeam((names.get(s.pk) or "").strip() or entry_name(s),
                     (s.member.name, s.partner.name) if s.partner_id else ())
             for s in signups]
    entries = tournaments.add_teams(tournament=night.tournament, teams=teams)
    for signup, entry in zip(signups, entries, strict=True):
        signup.entry = entry
    Signup.objects.bulk_update(signups, ["entry"])
    return entries


@transaction.atomic
def check_in_self(*, signup: Signup, user):
    """A player signed up (and entered) checks in from their own page once the organizer
    opened check-in."""
    # The tournament before the sheet (enter_signups' order): checking in locks it too.
    if tournament_id := Tournament.objects.filter(
            club_night__signup_sheet__signups=signup).values_list("pk", flat=True).first():
        lock_tournament(tournament_id)
    sheet, signup = _locked_signup(signup)
    if user.pk not in (signup.member.account_id,
                       signup.partner.account_id if signup.partner_id else None):
        not_allowed("not_yours", gettext_noop("This sign-up is someone else's."))
    if not sheet.check_in_open or signup.entry_id is None:
        conflict("check_in_not_open", gettext_noop(
            "Check-in from your page is not open: check in at the door."))
    return tournaments.set_entry_flags(entry=signup.entry, checked_in=True)


def before_merge(*, keep: Member, absorb: Member) -> None:
    """Two members about to be merged (clubs.roster.merge_members, in its transaction):
    `absorb` goes, and with it each sign-up it holds or is named in. A place it holds or
    seeks on a night not yet entered is refused (an organizer withdraws it first, else the
    partner would lose the pair's place untold); what it was told becomes `keep`'s."""
    held = Signup.objects.filter(
        Q(member=absorb, state__in=Signup.ACTIVE) | Q(partner=absorb, state__in=HOLDING),
        entry__isnull=True, sheet__night__tournament__closed_at__isnull=True,
    ).select_related("sheet__night__tournament").first()
    if held is not None:
        conflict("merge_signed_up", gettext_noop(
            "%(name)s is signed up for %(night)s: withdraw that sign-up first, then merge."),
            "other", name=PublicNames(absorb.club, full=True).of(absorb),
            night=held.sheet.night.tournament.name)
    Notice.objects.filter(member=absorb).update(member=keep)


@transaction.atomic
def cancel_night(*, night: ClubNight, by, cancelled: bool = True) -> Tournament:
    """Call the night off before its first round (or take that back): those who signed up
    are told; calendars show it cancelled."""
    refuse_unless_organizer(by, night.club)
    tournament = lock_tournament(night.tournament_id)
    if tournament.rounds.exists():
        conflict("night_started", gettext_noop(
            "Its first round is drawn: the night can no longer be cancelled."))
    if bool(tournament.cancelled_at) == cancelled:
        return tournament
    tournament.cancelled_at = timezone.now() if cancelled else None
    tournament.version = F("version") + 1
    tournament.save(update_fields=["cancelled_at", "version"])
    tournament.refresh_from_db()
    sheet = SignupSheet.objects.filter(night=night).first()
    if cancelled and sheet is not None:
        for signup in sheet.signups.filter(state__in=Signup.ACTIVE).select_related(
                "member", "partner"):
            for member in _members(signup):
                notify(member, Notice.Kind.CANCELLED, night=night)
    elif sheet is not None:
        # On again: places given back while it was off go to those who wait, before any
        # newcomer.
        sheet = lock_sheet(sheet)
        if window(sheet) != "closed":
            _fill_places(sheet)
    return tournament
