"""Matches and their hands: the same services as the pages, so the same rules."""

from django.db import transaction
from ninja import Path, Query, Router, Status

from api import auth
from api.errors import documented_errors, not_found, refusals, unauthorized
from api.presenters import match_data
from api.schemas import ErrorOut, HandIn, MatchIn, MatchOut, MatchPage, NewHandIn
from scoring import rules, services
from scoring.errors import AlreadySaved
from scoring.models import MAX_ID
from scoring.permissions import can_keep_score, is_public
from scoring.selectors import match_with_hands, matches_with_hands

router = Router(tags=["matches"])

MatchId = Path(..., ge=1, le=MAX_ID, description="The match's id.")
HandNumber = Path(..., ge=1, le=32767, description="The hand's number, from 1.")
ERRORS = documented_errors(ErrorOut)


def _match(request, match_id: int, *, write: bool):
    """The match, if this caller may read it (or write its hands)."""
    caller = request.auth
    match = match_with_hands(match_id)
    allowed = match is not None and (
        caller.match_id == match.pk
        or (caller.user is not None and can_keep_score(caller.user, match))
        or (not write and is_public(match))
    )
    if not allowed:
        raise unauthorized() if caller.anonymous else not_found()
    return match


def _out(request, match, *, fresh=False):
    if fresh:  # re-read after a write
        match = match_with_hands(match.pk)
    caller = request.auth
    keeper = caller.user is not None and can_keep_score(caller.user, match)
    state = match.replay(match.hands.all())
    return match_data(match, state, request=request, with_secret=keeper)


def hand_from(body: HandIn) -> rules.Hand:
    """The body as the rules see it; whatever does not fit is for the rules to refuse."""
    return rules.Hand.from_input(**body.model_dump(exclude={"number"}))


@router.post("/matches", response={201: MatchOut, **ERRORS}, auth=auth.PERSONAL,
             exclude_unset=True, summary="Create a match")
def create_match(request, payload: MatchIn):
    user = auth.personal_user(request)
    with refusals(), transaction.atomic():
        match = services.create_match(
            owner=user,
            variant=payload.variant,
            target=payload.target,
            first_dealer=payload.first_dealer,
            team_a=services.NewTeam(payload.team_a.name, tuple(payload.team_a.players)),
            team_b=services.NewTeam(payload.team_b.name, tuple(payload.team_b.players)),
        )
    return Status(201, _out(request, match, fresh=True))


@router.get("/matches", response={200: MatchPage, **ERRORS}, auth=auth.PERSONAL,
            exclude_unset=True, summary="The caller's matches, newest first")
def list_matches(request, page: int = Query(1, ge=1, le=100_000),
                 page_size: int = Query(20, ge=1, le=100)):
    user = auth.personal_user(request)
    matches = matches_with_hands(user)
    count = matches.count()
    items = matches[(page - 1) * page_size: page * page_size]
    return {
        "count": count,
        "page": page,
        "page_size": page_size,
        "items": [_out(request, match) for match in items],
    }


@router.get("/matches/{id}", response={200: MatchOut, **ERRORS}, auth=auth.PUBLIC,
            exclude_unset=True, summary="A match with its hands",
            openapi_extra=auth.PUBLIC_SECURITY)
def get_match(request, id: int = MatchId):
    return _out(request, _match(request, id, write=False))


@router.post("/matches/{id}/hands", response={201: MatchOut, 200: MatchOut, **ERRORS},
             auth=auth.PERSONAL, exclude_unset=True, summary="Add the next hand")
def add_hand(request, payload: NewHandIn, id: int = MatchId):
    """201 with the match once the hand is stored; 200 when this very hand was already
    stored under this number (a retry: nothing is entered twice)."""
    match = _match(request, id, write=True)
    with refusals(match):
        try:
            services.record_hand(match=match, number=payload.number, hand=hand_from(payload),
                                 by=request.auth.user)
        except AlreadySaved:
            return Status(200, _out(request, match, fresh=True))
    return Status(201, _out(request, match, fresh=True))


@router.put("/matches/{id}/hands/{number}", response={200: MatchOut, **ERRORS},
            auth=auth.PERSONAL, exclude_unset=True, summary="Correct a hand")
def correct_hand(request, payload: HandIn, id: int = MatchId, number: int = HandNumber):
    match = _match(request, id, write=True)
    with refusals(match):
        services.correct_hand(match=match, number=number, hand=hand_from(payload),
                              by=request.auth.user)
    return _out(request, match, fresh=True)


@router.delete("/matches/{id}/hands/{number}", response={200: MatchOut, **ERRORS},
               auth=auth.PERSONAL, exclude_unset=True, summary="Undo the last hand")
def undo_hand(request, id: int = MatchId, number: int = HandNumber):
    match = _match(request, id, write=True)
    with refusals(match):
        services.undo_last_hand(match=match, number=number, by=request.auth.user)
    return _out(request, match, fresh=True)




@router.post("/matches/{id}/scorekeeper-token", response={200: MatchOut, **ERRORS},
             auth=auth.PERSONAL, exclude_unset=True,
             summary="Revoke the score keeper link and make a new one")
def renew_scorekeeper_token(request, id: int = MatchId):
    """The old token (and link) stops working at once; the match object carries the new
    one. A personal token or session of the match's keepers only."""
    auth.personal_user(request)
    match = _match(request, id, write=True)
    services.reissue_scorekeeper_token(match=match)
    return _out(request, match, fresh=True)
