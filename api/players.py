"""The player's door: a club's nights with their start time and sign-up, signing up for
one (alone, with a partner who confirms, or looking for a partner), the organizers' list
and its entry into the night, the caller's own links and sign-ups (`/me`), and the
invitations that link an account to a player of a club's roster. The same services as the
pages (players.services), their refusals coded and in the caller's language.

A player reads only what is theirs and what is public: the sign-ups they are part of,
the names as their owners chose to show them; the club's organizers read every sign-up,
every name in full."""

from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.validators import validate_email
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from ninja import Field, Path, Query, Router, Schema, Status

from api import auth
from api.clubs import readable_club
from api.errors import ApiError, documented_errors, no_such_tournament, refusals
from api.schemas import ErrorOut, NightOut, StrictIn, TournamentTeamOut, one_of
from clubs import selectors as clubs
from clubs.models import Club, ClubNight, Member
from clubs.public_names import PublicNames
from players import selectors, services
from players.models import Invitation, Signup, SignupSheet
from players.services.calendars import calendar_key
from players.services.signups import HOLDING, waiting_position
from scoring import rules
from scoring.errors import InvalidInput, NotAllowed
from scoring.models import MAX_ID
from tournaments.models import Tournament
from tournaments.selectors import can_organize

router = Router(tags=["players"])

ClubId = Path(..., ge=1, le=MAX_ID, description="The club's id.")
TournamentId = Path(..., ge=1, le=MAX_ID, description="The tournament's (the night's) id.")
SignupId = Path(..., ge=1, le=MAX_ID, description="The sign-up's id.")
Token = Path(..., min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$",
             description="The invitation's token (the end of its link).")
ERRORS = documented_errors(ErrorOut)
# The years a time may name: enough for any club's calendar, and far from the ends of
# what a datetime holds (an offset there would overflow).
YEARS = (2000, 2100)


# --- Shapes -----------------------------------------------------------------------------

class Ref(Schema):
    id: int
    name: str


class NightsOut(Schema):
    club: Ref
    time_zone: str = Field(description="The club's time zone (a zoneinfo key).")
    count: int
    page: int
    page_size: int
    nights: list[NightOut]


class SignupIn(StrictIn):
    partner: int | None = Field(None, ge=1, le=MAX_ID, description=(
        "A team night: the partner's id in the club's roster (they confirm); none on an "
        "individual night."))
    looking_for_partner: bool = Field(False, description=(
        "A team night: no partner yet (the partnership desk: an organizer, or another "
        "player looking, makes the pair)."))


class SignupStateOut(Schema):
    id: int
    state: one_of(Signup.State) = Field(description=(
        "in: a place is held; waiting: past the cap, in line (a place given back goes to "
        "the first); partner_to_confirm: the pair holds no place until the partner "
        "confirms; looking: looking for a partner; withdrawn; declined (by the partner)."))
    position: int | None = Field(description="Waiting: the place in line among those who "
                                 "wait (1: the next to get a place); null otherwise.")


class SignupOut(SignupStateOut):
    member: Ref = Field(description="Who signed up.")
    partner: Ref | None
    entered: bool = Field(description="Made one of the night's entries.")
    created_at: datetime


class MemberOut(Ref):
    number: int = Field(description="The player's number in the club.")


class MemberLinkOut(Schema):
    club: Ref
    member: MemberOut


class MyNightOut(Schema):
    id: int = Field(description="The tournament's id.")
    name: str
    club: Ref
    starts_at: datetime | None
    time_zone: str
    cancelled: bool


class MySignupOut(SignupOut):
    night: MyNightOut
    to_confirm: bool = Field(description="You are the partner named: confirm or decline.")


class MeOut(Schema):
    username: str
    members: list[MemberLinkOut] = Field(description="The players of clubs' rosters your "
                                         "account is linked to.")
    signups: list[MySignupOut] = Field(description="Your sign-ups for the nights ahead "
                                       "(yours, and those naming you as partner).")
    calendar_url: str = Field(description="Your private calendar (iCalendar): the nights "
                              "you signed up for. Keep it to yourself.")


class CalendarOut(Schema):
    calendar_url: str = Field(description="Your private calendar's new address; the old "
                              "one no longer works.")


class InvitationIn(StrictIn):
    member: int = Field(ge=1, le=MAX_ID, description="The club player's id.")
    email: str | None = Field(None, max_length=254, description=(
        "Where it is sent (optional): the link is in the answer in any case."))


class InvitationOut(Schema):
    token: str
    url: str = Field(description="The personal link: whoever opens it logged in, once, "
                     "becomes the player's account.")
    member: Ref
    email: str
    expires_at: datetime
    used: bool
    revoked: bool


# --- Refusals and access ----------------------------------------------------------------

def refuse(kind, code: str, message: str, on: str | None = None, **params):
    """A refusal in the services' shape, about the input `on` (inside `refusals()`, it
    answers as theirs)."""
    raise kind([rules.Violation(code, message, on, params)])


def not_a_club_night():
    return ApiError(409, "not_a_club_night", _(
        "This tournament is not a club night: only a club's nights take sign-up."))


def no_such_signup():
    return ApiError(404, "not_found", _("There is no such sign-up on this night."))


def no_such_invitation():
    return ApiError(404, "not_found", _("There is no such invitation."))


def checked_time(value: datetime | None, field: str) -> datetime | None:
    """A time as the API takes it: with its offset, in YEARS."""
    if value is None:
        return None
    if timezone.is_naive(value):
        refuse(InvalidInput, "time_zone", gettext_noop(
            "%(field)s: give the time with its offset (like 2025-06-03T19:00:00-04:00)."),
            field, field=field)
    if not YEARS[0] <= value.year <= YEARS[1]:
        refuse(InvalidInput, "time_range", gettext_noop(
            "%(field)s: give a time between the years %(first)s and %(last)s."),
            field, field=field, first=YEARS[0], last=YEARS[1])
    return value


@dataclass(frozen=True)
class Door:
    """A club night as one caller may use its sign-up."""

    user: object
    night: ClubNight
    sheet: SignupSheet | None
    organizer: bool  # of the club: every sign-up, every name
    member: Member | None  # the caller's, in the club's roster


def names_for(club: Club, *, full: bool, own: Member | None):
    """A member's name as this reader may read it: their own in full, the others as each
    chose (clubs.public_names), all in full for the club's organizers."""
    shown, whole = PublicNames(club, full=full), PublicNames(club, full=True)

    def name(member: Member | None) -> str:
        if member is not None and own is not None and member.pk == own.pk:
            return whole.of(member)
        return shown.of(member)
    return name


def door(request, pk: int) -> Door:
    """The night `pk` for a caller with a personal token: its organizers, its club's
    players linked to an account (a public night, or one that takes sign-ups), and anyone
    for a public club's public night (the service then says who may sign up). Others are
    told there is no such tournament."""
    user = auth.personal_user(request)
    tournament = Tournament.objects.filter(pk=pk).select_related(
        "club_night__club", "club_night__signup_sheet").first()
    if tournament is None:
        raise no_such_tournament()
    night = getattr(tournament, "club_night", None)
    if night is None:
        if tournament.public or can_organize(user, tournament):
            raise not_a_club_night()
        raise no_such_tournament()
    club, sheet = night.club, getattr(night, "signup_sheet", None)
    organizer = clubs.is_organizer(user, club)
    member = selectors.member_of(user, club)
    # As the night's sign-up page decides: its club's linked players see it when it is
    # public or takes sign-ups; anyone, a public club's public night.
    if not organizer and not (tournament.public and club.public) and not (
            member is not None and (tournament.public or sheet is not None)):
        raise no_such_tournament()
    return Door(user=user, night=night, sheet=sheet, organizer=organizer, member=member)


def signup_of(place: Door, pk: int) -> Signup:
    """A sign-up of the night that the caller is part of, or any for its organizers."""
    signup = Signup.objects.select_related("member", "partner").filter(
        pk=pk, sheet__night=place.night).first()
    mine = place.member is not None and signup is not None and place.member.pk in (
        signup.member_id, signup.partner_id)
    if signup is None or not (place.organizer or mine):
        raise no_such_signup()
    return signup


# --- Nights -----------------------------------------------------------------------------

def _local(moment: datetime | None, zone) -> datetime | None:
    return timezone.localtime(moment, zone) if moment is not None else None


def night_data(ahead: selectors.NightAhead) -> dict:
    tournament, sheet = ahead.tournament, ahead.sheet
    zone = selectors.zone(ahead.night.club)
    return {
        "id": tournament.pk, "name": tournament.name,
        "starts_at": _local(tournament.starts_at, zone),
        "time_zone": ahead.night.club.time_zone, "place": tournament.place,
        "format": tournament.format, "variant": tournament.variant,
        "public": tournament.public, "cancelled": ahead.cancelled,
        "signup": None if sheet is None else {
            "opens_at": _local(sheet.opens_at, zone),
            "closes_at": _local(ahead.closes_at, zone), "cap": sheet.cap,
            "unit": ahead.unit, "taken": ahead.taken, "waiting": ahead.waiting,
            "places_left": ahead.places_left, "state": ahead.window,
        },
    }


def tournament_night_data(tournament: Tournament) -> dict:
    """A tournament as the nights list shows it: a club night's with its sign-up, any
    other's in the site's time zone, with no sign-up."""
    night = selectors.nights_with_counts().filter(tournament_id=tournament.pk).first()
    if night is not None:
        return night_data(selectors.night_ahead(night))
    tournament = Tournament.objects.get(pk=tournament.pk)
    return {
        "id": tournament.pk, "name": tournament.name,
        "starts_at": _local(tournament.starts_at, timezone.get_default_timezone()),
        "time_zone": settings.TIME_ZONE, "place": tournament.place,
        "format": tournament.format, "variant": tournament.variant,
        "public": tournament.public, "cancelled": tournament.cancelled_at is not None,
        "signup": None,
    }


@router.get("/clubs/{id}/nights", response={200: NightsOut, **ERRORS}, auth=auth.PUBLIC,
            summary="A club's nights: start time and sign-up",
            openapi_extra=auth.PUBLIC_SECURITY)
def club_nights(request, id: int = ClubId,
                upcoming: bool = Query(False, description=(
                    "true: the nights ahead (tonight's included), soonest first; false: "
                    "every night with a start time, newest first.")),
                page: int = Query(1, ge=1, le=100_000),
                page_size: int = Query(20, ge=1, le=100)):
    """Anyone may read a public club's public nights; its players linked to an account
    those that take sign-ups too (as the club's page shows them); its organizers every
    night (and a private club's). Times are in the club's time zone, with its offset."""
    club = Club.objects.filter(pk=id).first()
    member = selectors.member_of(request.auth.user, club) if club is not None else None
    if member is None:
        club = readable_club(request, club)
    organizer = clubs.is_organizer(request.auth.user, club)
    seen = {"public_only": not organizer, "with_signup": member is not None}
    window = slice((page - 1) * page_size, page * page_size)
    if upcoming:
        ahead = selectors.upcoming_nights(club, **seen)
        count, shown = len(ahead), ahead[window]
    else:
        nights = selectors.scheduled_nights(club, **seen)
        count, now = nights.count(), timezone.now()
        shown = [selectors.night_ahead(night, now) for night in nights[window]]
    return {"club": {"id": club.pk, "name": club.name}, "time_zone": club.time_zone,
            "count": count, "page": page, "page_size": page_size,
            "nights": [night_data(ahead) for ahead in shown]}


# --- Sign-up ----------------------------------------------------------------------------

def _state(signup: Signup) -> dict:
    return {"id": signup.pk, "state": signup.state, "position": waiting_position(signup)}


def _signup_data(signup: Signup, places: dict[int, int], name) -> dict:
    return {"id": signup.pk, "state": signup.state, "position": places.get(signup.pk),
            "member": {"id": signup.member_id, "name": name(signup.member)},
            "partner": {"id": signup.partner_id, "name": name(signup.partner)}
            if signup.partner_id else None,
            "entered": signup.entry_id is not None, "created_at": signup.created_at}


def _waiting_places(sheet_ids) -> dict[int, int]:
    """Each waiting sign-up's place in line among those who wait on its night, in one
    query."""
    places, counts = {}, {}
    for pk, sheet_id in Signup.objects.filter(
            sheet_id__in=sheet_ids, state=Signup.State.WAITING).order_by(
            "sheet_id", "position").values_list("pk", "sheet_id"):
        counts[sheet_id] = counts.get(sheet_id, 0) + 1
        places[pk] = counts[sheet_id]
    return places


@router.post("/tournaments/{id}/signups", response={201: SignupStateOut, **ERRORS},
             auth=auth.PERSONAL, summary="Sign up for a club night")
def sign_up(request, payload: SignupIn, id: int = TournamentId):
    """For the caller's own player of the club's roster (403 `not_linked` when the account
    is linked to none): alone on an individual night; on a team night with a partner (who
    confirms: until then the pair holds no place) or looking for one. Past the cap a
    sign-up waits in line (never refused for being full). Refusals: `signup_not_open`,
    `signup_closed`, `already_signed_up`, `partner_not_member`, `partner_taken`,
    `partner_needed`, `signup_alone`."""
    place = door(request, id)
    partner = None
    with refusals():
        if payload.partner is not None:
            partner = Member.objects.filter(pk=payload.partner).first()
            if partner is None:
                refuse(InvalidInput, "partner_not_member", gettext_noop(
                    "Your partner must be a player of the club's roster."), "partner")
        signup = services.sign_up(night=place.night, user=place.user, partner=partner,
                                  looking_for_partner=payload.looking_for_partner)
    return Status(201, _state(signup))


@router.get("/tournaments/{id}/signups", response={200: list[SignupOut], **ERRORS},
            auth=auth.PERSONAL, summary="A club night's sign-ups")
def list_signups(request, id: int = TournamentId):
    """The club's organizers: every sign-up, names in full. A player: only the sign-ups
    they are part of (theirs, or naming them as partner), the others' names as they
    chose to show them. In line first (by place), then the others as they came."""
    place = door(request, id)
    if place.sheet is None or not (place.organizer or place.member is not None):
        return []
    signups = Signup.objects.filter(sheet=place.sheet).select_related("member", "partner")
    if not place.organizer:
        signups = signups.filter(Q(member=place.member) | Q(partner=place.member))
    signups = signups.order_by(F("position").asc(nulls_last=True), "created_at", "pk")
    places = _waiting_places([place.sheet.pk])
    name = names_for(place.night.club, full=place.organizer, own=place.member)
    return [_signup_data(signup, places, name) for signup in signups]


# Before the paths of one sign-up, whose id would take "enter".
@router.post("/tournaments/{id}/signups/enter", response={200: list[TournamentTeamOut],
                                                           **ERRORS},
             auth=auth.PERSONAL, summary="Make the sign-ups the night's entries")
def enter(request, id: int = TournamentId):
    """The club's organizers: the sign-ups holding a place (`in`) not yet entered become
    the night's entries (players, or teams named after the pair), in the order of their
    places. The entries added are answered; doing it again adds nobody."""
    place = door(request, id)
    with refusals():
        entries = services.enter_signups(night=place.night, by=place.user)
    return [{"id": entry.pk, "name": entry.name, "seed": entry.seed,
             "checked_in": entry.checked_in, "withdrawn": entry.withdrawn}
            for entry in entries]


@router.delete("/tournaments/{id}/signups/{signup_id}",
               response={200: SignupStateOut, **ERRORS}, auth=auth.PERSONAL,
               summary="Withdraw a sign-up")
def withdraw(request, id: int = TournamentId, signup_id: int = SignupId):
    """The player, their partner, or an organizer. A place given back before the close
    goes to the first who waits. 409 `already_entered` once it is one of the night's
    entries (the organizers withdraw it from the night's teams)."""
    place = door(request, id)
    signup = signup_of(place, signup_id)
    with refusals():
        signup = services.withdraw(signup=signup, by=place.user)
    return _state(signup)


@router.post("/tournaments/{id}/signups/{signup_id}/confirm",
             response={200: SignupStateOut, **ERRORS}, auth=auth.PERSONAL,
             summary="Confirm a pair, as the partner named")
def confirm(request, id: int = TournamentId, signup_id: int = SignupId):
    """The pair is whole and takes its place in line (in, or waiting past the cap)."""
    place = door(request, id)
    signup = signup_of(place, signup_id)
    with refusals():
        signup = services.confirm_partner(signup=signup, user=place.user)
    return _state(signup)


@router.post("/tournaments/{id}/signups/{signup_id}/decline",
             response={200: SignupStateOut, **ERRORS}, auth=auth.PERSONAL,
             summary="Decline a pair, as the partner named")
def decline(request, id: int = TournamentId, signup_id: int = SignupId):
    place = door(request, id)
    signup = signup_of(place, signup_id)
    with refusals():
        signup = services.decline_partner(signup=signup, user=place.user)
    return _state(signup)


# --- The caller's own -------------------------------------------------------------------

@router.get("/me", response={200: MeOut, **ERRORS}, auth=auth.PERSONAL,
            summary="Your clubs, your sign-ups, your calendar")
def me(request):
    """Yours alone (a personal token or the session; a score keeper token is refused):
    the players of clubs' rosters your account is linked to, your sign-ups for the nights
    ahead with their state and place in line, and your private calendar's address."""
    user = auth.personal_user(request)
    members = list(Member.objects.filter(account=user).select_related("club").order_by(
        "club__name", "club_id"))
    own = {member.club_id: member for member in members}
    signups, organized = [], set()
    if members:
        organized = set(clubs.clubs_of(user).values_list("pk", flat=True))
        signups = list(Signup.objects.filter(
            Q(member__in=members, state__in=Signup.ACTIVE)
            | Q(partner__in=members, state__in=HOLDING),
            sheet__night__tournament__closed_at__isnull=True,
        ).filter(
            Q(sheet__night__tournament__starts_at__isnull=True)
            | Q(sheet__night__tournament__starts_at__gte=timezone.now() - selectors.STILL_AHEAD),
        ).select_related("member", "partner", "sheet__night__tournament",
                         "sheet__night__club").order_by(
            F("sheet__night__tournament__starts_at").asc(nulls_last=True), "pk"))
    places = _waiting_places({signup.sheet_id for signup in signups
                              if signup.state == Signup.State.WAITING})
    key = calendar_key(user)
    return {
        "username": user.get_username(),
        "members": [{"club": {"id": m.club_id, "name": m.club.name},
                     "member": {"id": m.pk, "number": m.number,
                                "name": PublicNames(m.club, full=True).of(m)}}
                    for m in members],
        "signups": [_my_signup(signup, places, own, organized) for signup in signups],
        "calendar_url": request.build_absolute_uri(
            reverse("my_calendar", kwargs={"secret": key.secret})),
    }


@router.post("/me/calendar", response={200: CalendarOut, **ERRORS}, auth=auth.PERSONAL,
             summary="A new address for your private calendar")
def new_calendar(request):
    """The old address (shared or leaked) stops working at once (404)."""
    user = auth.personal_user(request)
    key = services.new_calendar_key(user)
    return {"calendar_url": request.build_absolute_uri(
        reverse("my_calendar", kwargs={"secret": key.secret}))}


def _my_signup(signup: Signup, places, own: dict[int, Member], organized: set[int]) -> dict:
    night = signup.sheet.night
    club, tournament = night.club, night.tournament
    me_member = own.get(club.pk)
    name = names_for(club, full=club.pk in organized, own=me_member)
    return {
        **_signup_data(signup, places, name),
        "night": {"id": tournament.pk, "name": tournament.name,
                  "club": {"id": club.pk, "name": club.name},
                  "starts_at": _local(tournament.starts_at, selectors.zone(club)),
                  "time_zone": club.time_zone,
                  "cancelled": tournament.cancelled_at is not None},
        "to_confirm": signup.state == Signup.State.PARTNER_TO_CONFIRM
        and me_member is not None and signup.partner_id == me_member.pk,
    }


# --- Invitations ------------------------------------------------------------------------

def _invitation_data(request, invitation: Invitation) -> dict:
    return {
        "token": invitation.token,
        # The page that takes it (players.urls): opened logged in, it links the account.
        "url": request.build_absolute_uri(f"/invitations/{invitation.token}/"),
        "member": {"id": invitation.member_id,
                   "name": PublicNames(invitation.club, full=True).of(invitation.member)},
        "email": invitation.email, "expires_at": invitation.expires_at,
        "used": invitation.used_at is not None, "revoked": invitation.revoked_at is not None,
    }


@router.post("/clubs/{id}/invitations", response={201: InvitationOut, **ERRORS},
             auth=auth.PERSONAL, summary="Invite a player of the roster to link an account")
def invite(request, payload: InvitationIn, id: int = ClubId):
    """The club's organizers: a personal link for one player of the roster (single use,
    for 14 days; a new one ends the previous). 409 `member_linked` when the player has an
    account already."""
    user = auth.personal_user(request)
    club = readable_club(request, Club.objects.filter(pk=id).first())
    with refusals():
        if not clubs.is_organizer(user, club):
            refuse(NotAllowed, "not_organizer", gettext_noop(
                "Only the club's organizers may do this."))
        member = Member.objects.filter(pk=payload.member, club=club).first()
        if member is None:
            refuse(InvalidInput, "not_a_member", gettext_noop(
                "Choose a player of the club's roster."), "member")
        email = (payload.email or "").strip()
        if email:
            try:
                validate_email(email)
            except DjangoValidationError:
                refuse(InvalidInput, "email", gettext_noop(
                    "Give a valid email address, or none."), "email")
        invitation = services.invite(club=club, member=member, by=user, email=email)
    invitation.club, invitation.member = club, member
    return Status(201, _invitation_data(request, invitation))


@router.delete("/invitations/{token}", response={200: InvitationOut, **ERRORS},
               auth=auth.PERSONAL, summary="Revoke an invitation")
def revoke(request, token: str = Token):
    """The club's organizers: the link stops working (409 `invitation_used` once used).
    Revoking twice is no error."""
    user = auth.personal_user(request)
    invitation = Invitation.objects.select_related("club", "member").filter(
        token=token).first()
    if invitation is None:
        raise no_such_invitation()
    with refusals():
        revoked = services.revoke_invitation(invitation=invitation, by=user)
    revoked.club, revoked.member = invitation.club, invitation.member
    return _invitation_data(request, revoked)


@router.post("/invitations/{token}/accept", response={200: MemberLinkOut, **ERRORS},
             auth=auth.PERSONAL, summary="Accept an invitation: link your account")
def accept(request, token: str = Token):
    """Your account becomes the invited player's in the club's roster. Refusals (409):
    `invitation_unknown`, `invitation_used`, `invitation_revoked`, `invitation_expired`,
    `member_linked`, `already_linked` (your account has a player in this club)."""
    user = auth.personal_user(request)
    with refusals():
        member = services.accept_invitation(token=token, user=user)
    club = Club.objects.get(pk=member.club_id)
    return {"club": {"id": club.pk, "name": club.name},
            "member": {"id": member.pk, "number": member.number,
                       "name": PublicNames(club, full=True).of(member)}}
