"""Matches as the API shows them (MatchOut in api/schemas.py)."""

from django.urls import reverse

from scoring import extensions, rules
from scoring.models import Match


def _team(match: Match, team: str) -> dict:
    seats = rules.SEATS_OF_TEAM[rules.Team(team)]
    players = [match.seat_player(seat) for seat in seats]
    return {
        "name": match.team_name(team),
        "players": [p.name for p in players] if all(players) else [],
    }


def hand_data(line: rules.HandLine) -> dict:
    hand = line.hand
    data = {"number": line.number, "dealer": line.dealer, "kind": hand.kind.value}
    if hand.kind == rules.HandKind.FOUR_SEVENS:
        data["team"] = hand.four_sevens_team.value
    elif hand.tricks is not None:
        data["tricks"] = hand.tricks._asdict()
        data["points"] = line.points._asdict()
    else:
        data.update(hand.as_dict())  # points (card points), politaines and any count
    data["score"] = line.score._asdict()
    return data


def summary_data(match: Match, summary: rules.Summary) -> dict:
    """Where the match stands (MatchSummaryOut), from its row and a write's summary."""
    return {
        "id": match.pk,
        "status": summary.status.value,
        "winner": summary.winner.value if summary.winner else None,
        "finish_reason": summary.finish_reason.value if summary.finish_reason else None,
        "score": summary.score._asdict(),
        "hand_count": summary.hand_count,
        "next_hand": summary.next_hand,
        "dealer": summary.dealer,
        "leader": summary.leader,
        "version": match.version,
        "updated_at": match.updated_at,
        "confirmation": match.confirmation,
        "confirmed_hands": match.confirmed_hands,
        "dispute_reason": match.dispute_reason,
        "entered_from_paper": match.from_paper,
    }


def written_data(match: Match, summary: rules.Summary, line: rules.HandLine | None) -> dict:
    """The minimal answer to a write to the match's hands (HandWrittenOut)."""
    return {"hand": hand_data(line) if line is not None else None,
            "match": summary_data(match, summary)}


def match_data(match: Match, state: rules.Summary, *, lines, request=None,
               with_secret: bool = False) -> dict:
    """The match object, from the match's row, where it stands (`state`) and the `lines`
    of the hands it shows: all of them, or the last ones asked for."""
    data = {
        "id": match.pk,
        "variant": match.variant,
        "target": match.target,
        "first_dealer": match.first_dealer,
        "status": state.status.value,
        "winner": state.winner.value if state.winner else None,
        "finish_reason": state.finish_reason.value if state.finish_reason else None,
        "team_a": _team(match, "a"),
        "team_b": _team(match, "b"),
        "score": state.score._asdict(),
        "next_hand": state.next_hand,
        "dealer": state.dealer,
        "hands": [hand_data(line) for line in lines],
        "tournament": extensions.reference(match),
        "created_at": match.created_at,
        "updated_at": match.updated_at,
        "archived": match.archived_at is not None,
        "version": match.version,
        "confirmation_mode": match.confirmation_mode,
        "confirmation": match.confirmation,
        "confirmed_hands": match.confirmed_hands,
        "dispute_reason": match.dispute_reason,
        "entered_from_paper": match.from_paper,
    }
    if with_secret:
        data["scorekeeper_token"] = match.scorekeeper_token
        data["opponents_token"] = match.opponents_token
        path = reverse("link:table", kwargs={"token": match.scorekeeper_token})
        data["url"] = request.build_absolute_uri(path) if request is not None else path
    return data
