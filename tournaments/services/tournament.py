"""A tournament's settings and its organizers."""

from dataclasses import dataclass, field
from zoneinfo import ZoneInfo

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from scoring import names, rules
from scoring import services as scoring
from scoring.errors import InvalidInput
from scoring.models import MAX_ID, ConfirmationMode, Match, Player
from tournaments.formats import SWISS_FORMATS, Format
from tournaments.metrics import TIEBREAKS
from tournaments.models import (
    MAX_INDIVIDUAL_ROUNDS,
    MAX_SWISS_ROUNDS,
    Entry,
    FirstRound,
    MissedRounds,
    ResultsVersion,
    SitOut,
    Tournament,
)
from tournaments.services._common import (
    MAX_ROUND_MINUTES,
    MAX_TEAMS,
    NAME_MAX,
    bump,
    conflict,
    lock,
    refuse,
    user_named,
    violation,
)
from tournaments.services.teams import create_entry, validate_new_teams


@dataclass
class Settings:
    """What an organizer chooses for a tournament."""

    name: str
    variant: str
    format: str
    target: int | None = None
    swiss_rounds: int | None = None
    knockout_size: int | None = None
    public: bool = True
    date: object = None
    place: str = ""
    round_minutes: int | None = None
    tiebreaks: list[str] = field(default_factory=list)
    swiss_first_round: str = FirstRound.BY_SEED
    missed_rounds: str = MissedRounds.LOSS
    confirmation: str = ConfirmationMode.RESULT
    individual_rounds: int | None = None
    sit_out: str = SitOut.NONE
    sit_out_points: int = 0


# A Swiss then a knockout whose organizer left "Teams in the knockout" empty: semi-finals.
DEFAULT_KNOCKOUT_SIZE = 4


def _knockout_size(settings: Settings):
    """The knockout's size as chosen, or the top 4 when left empty."""
    return DEFAULT_KNOCKOUT_SIZE if settings.knockout_size is None else settings.knockout_size


def validate_settings(settings: Settings) -> list[rules.Violation]:
    problems = [problem for problem in (
        names.refusal([settings.name], NAME_MAX, violation(
            "name", gettext_noop("A tournament name has 1 to 100 characters."), "name")),
        settings.place and names.refusal([settings.place], NAME_MAX, violation(
            "place", gettext_noop("A place has at most 100 characters."), "place")),
    ) if problem]
    problems += rules.validate_new_match(
        settings.variant, rules.target_or_usual(settings.variant, settings.target), "N")
    if settings.format not in set(Format):
        problems.append(violation(
            "format", gettext_noop("Choose a format: round robin, Swiss, knockout, Swiss "
                                   "then a knockout, or individual."), "format"))
    if settings.format == Format.INDIVIDUAL:
        problems += _individual_problems(settings)
    if settings.format in SWISS_FORMATS and settings.swiss_rounds is not None \
            and not (rules.is_whole(settings.swiss_rounds)
                     and 1 <= settings.swiss_rounds <= MAX_SWISS_ROUNDS):
        problems.append(violation(
            "swiss_rounds", gettext_noop("A Swiss has 1 to %(max)s rounds (leave it empty for "
                                         "what suits the field)."), "swiss_rounds",
            max=MAX_SWISS_ROUNDS))
    if settings.missed_rounds not in MissedRounds.values:
        problems.append(violation(
            "missed_rounds", gettext_noop("A late team's missed rounds count as losses or as "
                                          "byes."), "missed_rounds"))
    if settings.swiss_first_round not in FirstRound.values:
        problems.append(violation(
            "swiss_first_round", gettext_noop("Pair the first Swiss round by seed or at "
                                              "random."), "swiss_first_round"))
    knockout_size = _knockout_size(settings)
    if settings.format == Format.SWISS_KNOCKOUT and not (
        rules.is_whole(knockout_size) and 2 <= knockout_size <= MAX_TEAMS
    ):
        problems.append(violation(
            "knockout_size", gettext_noop("The knockout takes the top 2 to %(max)s teams."),
            "knockout_size", max=MAX_TEAMS))
    if settings.round_minutes is not None and not (
        rules.is_whole(settings.round_minutes) and 1 <= settings.round_minutes <= MAX_ROUND_MINUTES
    ):
        problems.append(violation(
            "round_minutes", gettext_noop("A round lasts 1 to 600 minutes."), "round_minutes"))
    if settings.confirmation not in ConfirmationMode.values:
        problems.append(violation(
            "confirmation", gettext_noop("Choose what the opponents confirm: nothing, the "
                                         "final result, or every hand."), "confirmation"))
    if sorted(settings.tiebreaks) not in ([], sorted(TIEBREAKS)):
        problems.append(violation(
            "tiebreaks", gettext_noop("Order the tie-breaks: Buchholz, difference and points "
                                      "for, each once."), "tiebreaks"))
    return problems


def _individual_problems(settings: Settings) -> list[rules.Violation]:
    problems = []
    if settings.individual_rounds is not None and not (
            rules.is_whole(settings.individual_rounds)
            and 1 <= settings.individual_rounds <= MAX_INDIVIDUAL_ROUNDS):
        problems.append(violation(
            "individual_rounds", gettext_noop("An individual night has 1 to %(max)s rounds "
                                              "(leave it empty for what suits the field)."),
            "individual_rounds", max=MAX_INDIVIDUAL_ROUNDS))
    if settings.sit_out not in SitOut.values:
        problems.append(violation("sit_out", gettext_noop(
            "A round sat out scores nothing, a fixed number of points, or the player's own "
            "average."), "sit_out"))
    elif settings.sit_out == SitOut.FIXED and not (
            rules.is_whole(settings.sit_out_points)
            and 0 <= settings.sit_out_points <= MAX_SIT_OUT_POINTS):
        problems.append(violation("sit_out_points", gettext_noop(
            "A round sat out scores 0 to %(max)s points."), "sit_out_points",
            max=MAX_SIT_OUT_POINTS))
    return problems


# What the organizer chooses, as the tournament holds it (the name and place normalised).
CHOSEN = ("variant", "target", "format", "swiss_rounds", "knockout_size", "public", "date",
          "round_minutes", "tiebreaks", "swiss_first_round", "confirmation", "missed_rounds",
          "individual_rounds", "sit_out", "sit_out_points")
# What cannot change once a round is drawn.
FIXED = ("variant", "target", "format", "swiss_rounds", "knockout_size", "swiss_first_round",
         "individual_rounds", "sit_out", "sit_out_points")
# The most a round sat out may score: more than any match can.
MAX_SIT_OUT_POINTS = 500


def _chosen(settings: Settings) -> dict:
    """The settings' values for the tournament's fields: the usual target when none was
    given, no Swiss rounds or knockout size for the formats that have none."""
    values = {name: getattr(settings, name) for name in CHOSEN}
    values["target"] = rules.target_or_usual(settings.variant, settings.target)
    if settings.format not in SWISS_FORMATS:
        values["swiss_rounds"] = None
    values["knockout_size"] = _knockout_size(settings) \
        if settings.format == Format.SWISS_KNOCKOUT else None
    if settings.format != Format.INDIVIDUAL:
        values.update(individual_rounds=None, sit_out=SitOut.NONE)
    if values["sit_out"] != SitOut.FIXED:
        values["sit_out_points"] = 0
    return values


def _apply(tournament: Tournament, settings: Settings) -> None:
    for name, value in _chosen(settings).items():
        setattr(tournament, name, value)
    tournament.name = names.normalise(settings.name)
    tournament.place = names.normalise(settings.place or "")


@transaction.atomic
def create_tournament(*, owner, settings: Settings, teams=()) -> Tournament:
    """A new tournament, with its teams in seed order (the first is seed 1)."""
    problems = validate_settings(settings) + validate_new_teams(
        teams, individual=settings.format == Format.INDIVIDUAL)
    if problems:
        raise InvalidInput(problems)
    tournament = Tournament(owner=owner)
    _apply(tournament, settings)
    tournament.save()
    # Made with it: a write to a match only updates it (an insert would wait for a draw's
    # lock of the tournament while holding its match's).
    ResultsVersion.objects.create(tournament=tournament)
    for seed, team in enumerate(teams, start=1):
        create_entry(tournament, team, seed)
    return tournament


@transaction.atomic
def update_tournament(*, tournament: Tournament, settings: Settings) -> Tournament:
    """Change the settings; the game, target and format only before the first draw."""
    locked = lock(tournament)
    if problems := validate_settings(settings):
        raise InvalidInput(problems)
    chosen = _chosen(settings)
    if locked.rounds.exists() and any(chosen[name] != getattr(locked, name)
                                      for name in FIXED):
        conflict("settings_fixed", gettext_noop(
            "The game, target and format cannot change once a round is drawn (nor an "
            "individual night's rounds and what a round sat out scores)."))
    was_individual = locked.is_individual
    _apply(locked, settings)
    if locked.is_individual != was_individual:
        _entries_as_the_format_takes_them(locked)
    locked.version += 1
    locked.save()
    return locked


@transaction.atomic
def schedule(*, tournament: Tournament, starts_at, zone: str | None = None) -> Tournament:
    """When play starts (None: not said); its `date` becomes that day in `zone` (a zoneinfo
    key: a club night's club's), or in the site's."""
    locked = lock(tournament)
    if starts_at is not None and timezone.is_naive(starts_at):
        refuse("starts_at", gettext_noop("Give the start time with its time zone."),
               "starts_at")
    locked.starts_at = starts_at
    if starts_at is not None:
        locked.date = timezone.localtime(starts_at, ZoneInfo(zone) if zone else None).date()
    locked.version += 1
    locked.save(update_fields=["starts_at", "date", "version"])
    return locked


def _entries_as_the_format_takes_them(tournament: Tournament) -> None:
    """The entries made before the format changed to or from an individual night (before
    the first draw, as any change of format): an individual night's entry is a player who
    sits at the tables, a team format's a team. A team of no named players (a name per line
    pasted) becomes a player of its name; a player, a team of their name alone. A team of
    two cannot become one player: refused."""
    entries = list(tournament.entries.select_related("team", "player"))
    if tournament.is_individual:
        if pairs := [e.team.name for e in entries if e.team.first_player_id is not None]:
            conflict("teams_of_two", gettext_noop(
                "%(team)s is a team of two players, and an individual night takes players one "
                "by one: remove its teams first."), team=pairs[0])
        for entry in entries:
            if entry.player_id is None:
                entry.player = Player.objects.create(name=entry.team.name)
                entry.save(update_fields=["player"])
        return
    players = [entry.player_id for entry in entries if entry.player_id is not None]
    Entry.objects.filter(pk__in=[entry.pk for entry in entries]).update(player=None)
    Player.objects.filter(pk__in=players).delete()


@transaction.atomic
def add_organizer(*, tournament: Tournament, username: str):
    locked = lock(tournament)
    user = user_named(username)
    if user.pk != locked.owner_id:
        locked.organizers.add(user)
    bump(locked)
    return user


@transaction.atomic
def hand_over_tournament(*, tournament: Tournament | int, to) -> Tournament:
    """Another organizer takes the tournament over (its owner's account is being deleted):
    `to` owns it from now on, with the matches of its tables its owner held, and is no
    longer listed among its co-organizers."""
    locked = lock(tournament)
    before = locked.owner_id
    locked.owner = to
    locked.save(update_fields=["owner"])
    locked.organizers.remove(to)
    scoring.give_matches(matches=Match.objects.filter(table__round__tournament=locked,
                                                      owner_id=before), to=to)
    bump(locked)
    return locked


@transaction.atomic
def remove_organizer(*, tournament: Tournament, user_id: int) -> None:
    locked = lock(tournament)
    gone = locked.organizers.filter(pk=user_id).first() if 1 <= user_id <= MAX_ID else None
    if gone is not None:
        locked.organizers.remove(gone)
        bump(locked)
