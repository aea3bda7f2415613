"""Words for what the pages show: seats with their players, hands in short, who acted."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from scoring import names, rules
from scoring.models import FINISH_REASON_CHOICES, SEAT_CHOICES, ConfirmationStep, Match

SEAT_NAMES = dict(SEAT_CHOICES)
# One letter for each seat, as on a score sheet (West is "O", Ouest, in French).
SEAT_LETTERS = {
    "N": pgettext_lazy("seat letter", "N"),
    "E": pgettext_lazy("seat letter", "E"),
    "S": pgettext_lazy("seat letter", "S"),
    "W": pgettext_lazy("seat letter", "W"),
}


FINISH_REASONS = dict(FINISH_REASON_CHOICES)


def result_text(winner: str | None, score_a: int, score_b: int, reason: str | None,
                name_a: str, name_b: str) -> str:
    """A finished match in one line that reads with any team name, with or without an
    article, the winner's score first: "Winners: Them, 36-30 (target reached)." """
    if winner is None:
        return ""
    won, lost = (score_a, score_b) if winner == rules.Team.A else (score_b, score_a)
    team = name_a if winner == rules.Team.A else name_b
    text = _("Winners: %(team)s, %(won)s–%(lost)s") % {"team": team, "won": won, "lost": lost}
    if reason in FINISH_REASONS:
        text = _("%(result)s (%(reason)s)") % {"result": text, "reason": FINISH_REASONS[reason]}
    return text + "."


def match_result(match: Match, name_a: str | None = None, name_b: str | None = None) -> str:
    """result_text of a match's cached state; the names default to its teams'."""
    if match.status != rules.Status.FINISHED:
        return ""
    return result_text(
        match.winner, match.score_a, match.score_b, match.finish_reason,
        name_a if name_a is not None else match.team_name(rules.Team.A),
        name_b if name_b is not None else match.team_name(rules.Team.B),
    )


def seat_player_name(match: Match, seat: str | None) -> str:
    player = match.seat_player(seat)
    return names.shown(player.name) if player else ""


def seat_label(match: Match, seat: str | None) -> str:
    """ "South (Marc)", or "South" when nobody was named there."""
    if not seat:
        return ""
    player = match.seat_player(seat)
    name = SEAT_NAMES[seat]
    if player is None:
        return str(name)
    return _("%(seat)s (%(player)s)") % {"seat": name, "player": names.shown(player.name)}


def describe_hand(match: Match, data: dict) -> str:
    """A hand (as rules.Hand.as_dict gives it) in a few words, for the history of changes."""
    if data["kind"] == "four_sevens":
        return _("Four sevens: %(team)s") % {"team": match.team_name(data["team"])}
    if "tricks" in data:
        return _("Tricks %(a)s–%(b)s") % data["tricks"]
    text = _("Points %(a)s–%(b)s") % data["points"]
    for team, made in data.get("politaines", {}).items():
        if made:
            text += ", " + ngettext(
                "%(count)s politaine for %(team)s", "%(count)s politaines for %(team)s", made
            ) % {"count": made, "team": match.team_name(team)}
    return text


def hand_cells(match, line: rules.HandLine) -> dict:
    """What the history shows for each team's side of a hand."""
    hand = line.hand
    if hand.kind == rules.HandKind.FOUR_SEVENS:
        return {"four_sevens": match.team_name(hand.four_sevens_team)}
    cells = {}
    for team in "ab":
        if hand.tricks is not None:
            cells[team] = {"tricks": hand.tricks.of(team), "points": line.points.of(team)}
        else:
            cells[team] = {
                "points": hand.card_points().of(team),
                "politaines": hand.politaines.of(team),
            }
    return cells


def person_name(user) -> str:
    """A person as others read them: the name on their account (first and last), or ""
    when it has none. Never the login name: that is half of what signs in."""
    full_name = getattr(user, "get_full_name", None)
    return " ".join(str(full_name()).split()) if user is not None and full_name else ""


def acted_by(step: ConfirmationStep) -> str:
    """Who made a step of a match's confirmation, as the opponents' page says it: the
    person's name, else what they acted as (an organizer, or the opponents)."""
    if name := person_name(step.by):
        return name
    if step.via == ConfirmationStep.Via.ORGANIZER:
        return _("an organizer")
    return _("the opponents")
