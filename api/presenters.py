"""Matches as the API shows them (MatchOut in api/schemas.py)."""

import json
import secrets
from functools import lru_cache

from django.http import HttpResponse
from ninja.responses import NinjaJSONEncoder

from api.schemas import HandOut, MatchOut
from lib.urls import cached_reverse
from scoring import extensions, rules
from scoring.models import Match

# The keys in the order of their schema, as ninja writes them: an answer built here reads
# like the one ninja builds for GET (a client may compare the texts).
HAND_KEYS = tuple(HandOut.model_fields)
MATCH_KEYS = tuple(MatchOut.model_fields)


def _in_order(data: dict, keys: tuple[str, ...]) -> dict:
    return {key: data[key] for key in keys if key in data}


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
    return _in_order(data, HAND_KEYS)


def match_data(match: Match, state: rules.MatchState, *, request=None,
               with_secret: bool = False, hands=None) -> dict:
    """The match object; `hands`, when given, stands in for the list of its hands."""
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
        "hands": [hand_data(line) for line in state.lines] if hands is None else hands,
        "tournament": extensions.reference(match),
        "created_at": match.created_at,
        "updated_at": match.updated_at,
        "archived": match.archived_at is not None,
        "confirmation_mode": match.confirmation_mode,
        "confirmation": match.confirmation,
        "confirmed_hands": match.confirmed_hands,
        "dispute_reason": match.dispute_reason,
        "entered_from_paper": match.from_paper,
    }
    if with_secret:
        data["scorekeeper_token"] = match.scorekeeper_token
        data["opponents_token"] = match.opponents_token
        path = cached_reverse("link:table", token=match.scorekeeper_token)
        data["url"] = request.build_absolute_uri(path) if request is not None else path
    return _in_order(data, MATCH_KEYS)


# Where the hands go in a match's JSON text: random, so that no name can imitate it.
_HANDS = f"hands-{secrets.token_hex(16)}"


@lru_cache(maxsize=50_000)
def _hand_json(line: rules.HandLine) -> str:
    """A hand's JSON, made once: a line never changes (the same line, the same text)."""
    return json.dumps(hand_data(line), cls=NinjaJSONEncoder)


def match_response(match: Match, state: rules.MatchState, *, request, with_secret: bool,
                   status: int = 200) -> HttpResponse:
    """The match object (MatchOut) as JSON, for the answers to writes to its hands: each
    hand's text made once, so that a hand posted to a long match costs about what it costs
    on a new one (tests/api/test_api_match_response.py: the same JSON as MatchOut's)."""
    data = match_data(match, state, request=request, with_secret=with_secret, hands=_HANDS)
    text = json.dumps(data, cls=NinjaJSONEncoder).replace(
        f'"{_HANDS}"', "[" + ", ".join(_hand_json(line) for line in state.lines) + "]", 1)
    return HttpResponse(text, status=status, content_type="application/json; charset=utf-8")
