"""The JSON shapes of API v1. Inputs are strict: "7" or 7.5 is not a whole number, and an
unknown key is refused; the rules themselves are checked by scoring.rules."""

from datetime import date as Date
from datetime import datetime
from typing import Annotated, Literal

from ninja import Field, Schema
from pydantic import BaseModel, ConfigDict, create_model

from players.services.signups import MAX_CAP
from scoring import rules
from scoring.models import Confirmation, ConfirmationMode
from tournaments.formats import Format as Formats
from tournaments.formats import Stage as Stages
from tournaments.metrics import COLUMNS, TIEBREAKS
from tournaments.models import FirstRound, SitOut


def one_of(values):
    """The values of a vocabulary (an enum, or a tuple), as a JSON schema's choice."""
    return Literal[tuple(str(value) for value in values)]


Seat = one_of(rules.SEATS)
TeamCode = one_of(rules.Team)
Variant = one_of(rules.Variant)
Name = Annotated[str, Field(min_length=1, max_length=60)]


class StrictIn(Schema):
    model_config = ConfigDict(extra="forbid", strict=True)


# --- In -------------------------------------------------------------------------------


class TeamIn(StrictIn):
    name: Name
    players: list[Name] = Field(default=[], max_length=2,
                                description="No name or two; the first sits N (team a) or E.")


class MatchIn(StrictIn):
    variant: Variant
    target: int | None = Field(None, description="Defaults 31, 33, 200 or 7 by variant.")
    first_dealer: Seat = "N"
    team_a: TeamIn
    team_b: TeamIn


class ByTeam(StrictIn):
    a: int
    b: int


class CountIn(StrictIn):
    aces: int
    counters: int = Field(description="10, 9, king, queen and jack won (20 in the pack).")
    last_trick: bool


class CountByTeam(StrictIn):
    a: CountIn
    b: CountIn


class HandIn(StrictIn):
    """One hand: `points` (and `politaines`), or `count`, or `four_sevens`, or `tricks`."""

    points: ByTeam | None = None
    politaines: ByTeam | None = None
    count: CountByTeam | None = None
    four_sevens: TeamCode | None = Field(None, description="The team dealt the four 7s.")
    tricks: ByTeam | None = Field(None, description="La Quadrette: tricks won (6 in all).")


class NewHandIn(HandIn):
    number: int = Field(description="Must be the match's next_hand.")


# --- Out ------------------------------------------------------------------------------
# A match's hands are plain pydantic models, not ninja Schemas: they are built from dicts
# (api/presenters.py), not read from model attributes.


class ByTeamOut(BaseModel):
    a: int
    b: int


class CountOut(BaseModel):
    aces: int
    counters: int
    last_trick: bool


class CountByTeamOut(BaseModel):
    a: CountOut
    b: CountOut


class HandOut(BaseModel):
    """Keys present depend on the hand: points and politaines (Politaine family, with
    count when the cards were counted), tricks and points (La Quadrette), team (four sevens)."""

    number: int
    dealer: Seat
    kind: one_of(rules.HandKind)
    points: ByTeamOut | None = None
    politaines: ByTeamOut | None = None
    count: CountByTeamOut | None = None
    tricks: ByTeamOut | None = None
    team: TeamCode | None = None
    score: ByTeamOut


class DisputeIn(StrictIn):
    reason: str = Field("", max_length=300, description="Why, in a few words (optional).")
    hand: int | None = Field(None, ge=1, le=9999, description="With every hand confirmed: "
                             "the waiting hand disputed (default: the last). Only a "
                             "correction of that hand settles the dispute.")
    version: int | None = Field(None, ge=0, le=2**31 - 1, description="The match's version "
                                "you read (required, or its ETag in If-Match): a score "
                                "changed since is refused (409 score_changed).")


class TeamOut(Schema):
    name: str
    players: list[str]


class TournamentRef(Schema):
    id: int
    name: str
    round: int
    table: int


class MatchOut(Schema):
    id: int
    variant: Variant
    target: int
    first_dealer: Seat
    status: one_of(rules.Status)
    winner: TeamCode | None
    finish_reason: one_of(rules.FinishReason) | None
    team_a: TeamOut
    team_b: TeamOut
    score: ByTeamOut
    next_hand: int
    dealer: Seat | None
    hands: list[HandOut]
    tournament: TournamentRef | None
    created_at: datetime
    updated_at: datetime
    archived: bool = Field(False, description="Off the keeper's home list (archived there).")
    version: int = Field(description="Moves on with every write to the match (also the answer's "
                         "ETag): a confirmation or a dispute says which version it answers.")
    scorekeeper_token: str | None = Field(
        None, description="The secret of the score keeper link; shown to the match's keepers.")
    url: str | None = Field(None, description="The score keeper page.")
    confirmation_mode: one_of(ConfirmationMode) = Field(
        description="What the opponents confirm: none, the final result, or every hand.")
    confirmation: one_of(Confirmation) = Field(
        description="none (nothing to confirm), waiting, confirmed or disputed.")
    confirmed_hands: int = Field(description="Every hand: how many, from the first, are "
                                 "confirmed.")
    dispute_reason: str = Field(description="The opponents' reason, while disputed.")
    entered_from_paper: bool = Field(description="The final result was copied from the "
                                     "table's paper score sheet: the match has no hand.")
    opponents_token: str | None = Field(
        None, description="The secret of the opponents' link (confirm and dispute only); "
        "shown to the match's keepers.")


class MatchSummaryOut(Schema):
    """Where a match stands after a write: the same size at hand 70 as at hand 1."""

    id: int
    status: one_of(rules.Status)
    winner: TeamCode | None
    finish_reason: one_of(rules.FinishReason) | None
    score: ByTeamOut
    hand_count: int
    next_hand: int
    dealer: Seat | None = Field(description="Who deals the next hand (none once finished).")
    leader: Seat | None = Field(description="Who leads the next hand (none once finished).")
    version: int = Field(description="As in the match object (also the answer's ETag).")
    updated_at: datetime
    confirmation: one_of(Confirmation)
    confirmed_hands: int
    dispute_reason: str
    entered_from_paper: bool


class HandWrittenOut(Schema):
    """The answer to a write to a match's hands, unless `Prefer: return=representation`
    asks for the whole match: the hand added or corrected (none for an undo or an answer
    of the opponents) and where the match stands now. Later hands' running totals change
    with a correction: read them with `GET /matches/{id}?hands_after=N`."""

    hand: HandOut | None
    match: MatchSummaryOut


class MatchPage(Schema):
    count: int
    page: int
    page_size: int
    items: list[MatchOut]


class ErrorItem(Schema):
    code: str
    field: str | None
    message: str


class ErrorOut(Schema):
    detail: str = Field(description="What is wrong, in the caller's language.")
    code: str
    errors: list[ErrorItem] = []


# --- Tournaments ---------------------------------------------------------------------------

Format = one_of(Formats)


class TournamentTeamIn(StrictIn):
    name: Name
    players: list[Name] = Field(default=[], max_length=2,
                                description="No name or two.")


class TournamentPlayerIn(StrictIn):
    name: Name


class SitOutIn(StrictIn):
    """What a round sat out scores at an individual night."""

    kind: one_of(SitOut) = Field(description="none: nothing; fixed: `points` points for; "
                                 "average: the player's own average per round played of "
                                 "the night (points for and against).")
    points: int = Field(0, description="fixed only: the points a round sat out scores.")


class TournamentIn(StrictIn):
    name: Annotated[str, Field(min_length=1, max_length=100)]
    variant: Variant
    target: int | None = Field(None, description="Defaults 31, 33, 200 or 7 by variant.")
    format: Format
    rounds: int | None = Field(
        None, description="Swiss rounds (Swiss formats only), or an individual night's rounds; "
        "empty for what suits the field (a Swiss: ceil(log2 teams), at least 3 when the field "
        "allows; an individual night: a full turn of partners, at most 7), fixed at the first "
        "draw.")
    players: list[TournamentPlayerIn] = Field(
        default=[], max_length=512,
        description="individual only: the players, in seed order (no teams then).")
    sit_out_score: SitOutIn | None = Field(
        None, description="individual only: what a round sat out scores (nothing when left "
        "out).")
    swiss_first_round: one_of(FirstRound) = Field(
        "by_seed", description="Round 1 of a Swiss: the top half of the seeds against the "
        "bottom half (1 v 5, 2 v 6...), or at random.")
    knockout_size: int | None = Field(
        None, description="swiss_knockout: how many of the top teams play the knockout (4 when "
                          "left out).")
    public: bool = True
    date: Date | None = Field(None, strict=False, description="YYYY-MM-DD")
    place: Annotated[str, Field(max_length=100)] = ""
    round_minutes: int | None = None
    confirmation: one_of(ConfirmationMode) = Field(
        "result", description="What the team that is not keeping score confirms with its "
        "opponents' token: none, the final result, or every hand.")
    teams: list[TournamentTeamIn] = Field(default=[], max_length=512,
                                          description="In seed order: the first is seed 1.")


class TournamentTeamOut(Schema):
    id: int
    name: str
    seed: int
    checked_in: bool
    withdrawn: bool


class TeamFlagsIn(StrictIn):
    """What to change; a key left out stays as it is."""

    checked_in: bool | None = None
    withdrawn: bool | None = Field(
        None, description="true withdraws the team: a match it is playing is forfeited, and "
        "in a round robin each remaining opponent wins by forfeit.")


class RoundMatchOut(Schema):
    id: int
    table: int
    team_a: int
    team_b: int
    status: one_of(rules.Status)
    score: ByTeamOut
    winner: int | None = Field(description="The winning team's id, once finished.")
    scorekeeper_token: str | None = Field(None, description="Shown to the organizers.")


class SeatsOut(Schema):
    """The player (id) in each seat: North and South partner against East and West."""

    N: int
    E: int
    S: int
    W: int


class IndividualTableOut(Schema):
    table: int
    match: int = Field(description="The match's id: scored through the match API.")
    seats: SeatsOut
    status: one_of(rules.Status)
    score: dict[Literal["NS", "EW"], int]
    winner: Literal["NS", "EW"] | None = Field(description="The winning partnership, once "
                                               "finished.")
    scorekeeper_token: str | None = Field(None, description="Shown to the organizers.")


class RoundOut(Schema):
    number: int
    stage: one_of(Stages)
    matches: list[RoundMatchOut] = Field(description="A team format's matches (an "
                                         "individual night's are its `tables`).")
    byes: list[int]
    tables: list[IndividualTableOut] = Field(
        default=[], description="individual only: each table's players by seat.")
    sitting_out: list[int] = Field(default=[], description="individual only: the players "
                                   "who sit this round out.")
    with_rematches: bool = Field(description="Drawn with the fewest rematches, at the "
                                 "organizer's request.")


class TournamentOut(Schema):
    id: int
    name: str
    variant: Variant
    target: int
    format: Format
    public: bool
    date: Date | None
    place: str
    starts_at: datetime | None = Field(None, description="When play starts (set by PATCH); a "
                                       "club night's, in its club's time zone: "
                                       "GET /clubs/{id}/nights.")
    cancelled: bool = Field(False, description="A club night called off.")
    swiss_rounds: int | None
    swiss_first_round: one_of(FirstRound)
    knockout_size: int | None
    confirmation: one_of(ConfirmationMode)
    total_rounds: int
    finished: bool
    closed: bool = Field(
        description="Closed by its organizers once over: its results are final (the "
        "opponents' tokens no longer confirm or dispute, 409 `tournament_closed`). Until "
        "then the last round's results stay open to a dispute.")
    champion: int | None = Field(
        description="The winning team's id once the tournament is over: the winner of the "
        "final in a knockout, the top of the standings otherwise; never a withdrawn team.")
    teams: list[TournamentTeamOut]
    players: list[TournamentTeamOut] = Field(
        default=[], description="individual only: the players (no teams then).")
    sit_out_score: dict[str, str | int] | None = Field(
        None, description="individual only: what a round sat out scores (kind, points).")
    rounds: list[RoundOut]


class TeamName(Schema):
    id: int
    name: str


# One field per column of tournaments/metrics.py, described by its title.
StandingOut = create_model(
    "StandingOut", __base__=Schema,
    rank=(int, ...), team=(TeamName, ...),
    **{metric.key: (int, Field(description=metric.title if isinstance(metric.title, str)
                               else metric.title[1])) for metric in COLUMNS},
    withdrawn=(bool, Field(description="Withdrawn teams come after the teams still in.")),
)


class PlayerStandingOut(Schema):
    rank: int
    player: TeamName
    wins: int
    losses: int
    rounds_played: int
    sat_out: int
    points_for: int = Field(description="With what the rounds sat out scored.")
    points_against: int
    difference: int
    withdrawn: bool


class StandingsOut(Schema):
    tiebreaks: list[one_of(TIEBREAKS)] = Field(
        description="After wins, what breaks ties, in order (then the seed).")
    standings: list[StandingOut] | list[PlayerStandingOut] = Field(
        description="A team per line; at an individual night, a player per line.")


# --- The player's door: nights ahead, sign-up, the player's own links -------------------

SignupUnit = Literal["player", "pair"]
# A time in ISO 8601 with its offset ("2025-06-03T19:00:00-04:00"); one without an offset is
# refused (a night's time is said in the club's zone, answered with its offset).
Time = Annotated[datetime, Field(strict=False)]


class SignupSheetIn(StrictIn):
    """A night's whole sign-up: a key left out is none."""

    opens_at: Time | None = Field(None, description="Empty: open now.")
    closes_at: Time | None = Field(None, description="Empty: when the night starts.")
    cap: int | None = Field(None, ge=1, le=MAX_CAP, description="Places (players on an "
                            "individual night, pairs on a team night); empty: no cap. "
                            "Past the cap, sign-ups wait in line.")
    unit: SignupUnit | None = Field(None, description="What a place is, as the format says "
                                    "(player: an individual night; pair: a team night); "
                                    "another is refused (422 `signup_unit`).")


class TournamentChangeIn(StrictIn):
    """What to change; a key left out stays as it is."""

    starts_at: Time | None = Field(
        None, description="When play starts, with its offset (null: not said); the "
        "tournament's date becomes that day in the club's time zone.")
    signup: SignupSheetIn | None = Field(
        None, description="Club nights only: open or change the sign-up; null takes no more "
        "(the sign-ups made stay).")
    cancelled: bool | None = Field(
        None, description="Club nights only, before the first round: call the night off "
        "(those signed up are told), or take that back.")


class SignupSheetOut(Schema):
    opens_at: datetime | None
    closes_at: datetime | None = Field(description="When sign-up closes (at the latest, "
                                       "when the night starts).")
    cap: int | None
    unit: SignupUnit
    taken: int = Field(description="Places held.")
    waiting: int = Field(description="Sign-ups waiting for a place, in line.")
    places_left: int | None
    state: Literal["not_open", "open", "closed"]


class NightOut(Schema):
    id: int = Field(description="The tournament's id.")
    name: str
    starts_at: datetime | None = Field(description="In the club's time zone, with its "
                                       "offset.")
    time_zone: str = Field(description="The club's time zone (a zoneinfo key).")
    place: str
    format: Format
    variant: Variant
    public: bool
    cancelled: bool
    signup: SignupSheetOut | None = Field(description="None: the night takes no sign-up.")
