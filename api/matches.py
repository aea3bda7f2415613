"""Matches and their hands: the same services as the pages, so the same rules."""

from django.db import transaction
from ninja import Path, Query, Router, Status

from api import auth
from api.errors import (
    documented_errors,
    keeper_cannot_confirm,
    not_found,
    refusals,
    unauthorized,
)
from api.presenters import match_data
from api.schemas import DisputeIn, ErrorOut, HandIn, MatchIn, MatchOut, MatchPage, NewHandIn
from scoring import confirmations, rules, services
from scoring.errors import AlreadySaved
from scoring.models import MAX_ID
from scoring.permissions import can_keep_score, is_public
from scoring.selectors import match_to_write, match_with_hands, matches_with_hands

router = Router(tags=["matches"])

MatchId = Path(..., ge=1, le=MAX_ID, description="The match's id.")
HandNumber = Path(..., ge=1, le=32767, description="The hand's number, from 1.")
ERRORS = documented_errors(ErrorOut)


def _match(request, match_id: int, *, write: bool):
    """The match, if this caller may read it (with its hands), or write its hands (without:
    the write returns the new state, which the answer shows)."""
    caller = request.auth
    match = match_to_write(match_id) if write else match_with_hands(match_id)
    allowed = match is not None and (
        caller.match_id == match.pk
        or (caller.user is not None and can_keep_score(caller.user, match))
        or (not write and (is_public(match) or caller.opponents_of == match.pk))
    )
    if not allowed:
        raise unauthorized() if caller.anonymous else not_found()
    return match


def _keeper(request, match) -> bool:
    caller = request.auth
    return caller.user is not None and can_keep_score(caller.user, match)


def _out(request, match, state: rules.MatchState | None = None, *, fresh=False):
    """The match object. After a write to its hands, from the `match` the service brought
    up to date and the `state` it returned: nothing is read again, no hand replayed."""
    if fresh:  # re-read after a write that returns no state
        match = match_with_hands(match.pk)
    if state is None:
        state = match.replay(match.hands.all())
    return match_data(match, state, request=request, with_secret=_keeper(request, match))


def _written(request, match, state: rules.MatchState, status: int = 200):
    """The answer to a write to the match's hands, from the state the write returned."""
    return Status(status, match_data(match, state, request=request,
                                     with_secret=_keeper(request, match)))


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
            state = services.record_hand(match=match, number=payload.number,
                                         hand=hand_from(payload), by=request.auth.user)
        except AlreadySaved:  # a retry of a hand stored already: the match as it stands
            return Status(200, _out(request, match, fresh=True))
    return _written(request, match, state, 201)


@router.put("/matches/{id}/hands/{number}", response={200: MatchOut, **ERRORS},
            auth=auth.PERSONAL, exclude_unset=True, summary="Correct a hand")
def correct_hand(request, payload: HandIn, id: int = MatchId, number: int = HandNumber):
    match = _match(request, id, write=True)
    with refusals(match):
        state = services.correct_hand(match=match, number=number, hand=hand_from(payload),
                                      by=request.auth.user)
    return _written(request, match, state)


@router.delete("/matches/{id}/hands/{number}", response={200: MatchOut, **ERRORS},
               auth=auth.PERSONAL, exclude_unset=True, summary="Undo the last hand")
def undo_hand(request, id: int = MatchId, number: int = HandNumber):
    match = _match(request, id, write=True)
    with refusals(match):
        state = services.undo_last_hand(match=match, number=number, by=request.auth.user)
    return _written(request, match, state)



def _confirmer(request, match_id: int):
    """The match and the way in of who confirms it: its opponents' token, or an organizer
    (a keeper through an account) on the team's behalf; never the score keeper token."""
    caller = request.auth
    if caller.opponents_of is not None and caller.opponents_of == match_id:
        return _match(request, match_id, write=False), confirmations.Via.API
    if caller.match_id is not None:
        raise keeper_cannot_confirm()
    return _match(request, match_id, write=True), confirmations.Via.ORGANIZER


@router.post("/matches/{id}/confirm", response={200: MatchOut, **ERRORS}, auth=auth.PERSONAL,
             exclude_unset=True, summary="Confirm the score (the opponents)")
def confirm_match(request, id: int = MatchId, version: int | None = Query(
        None, ge=0, le=2**31 - 1, description="The match's version you read (optional): a "
        "score changed since is refused (409 score_changed), to be read again.")):
    """With the opponents' token: the other team agrees with the score as it stands (the
    final result, or every hand so far). With an organizer's token: on the team's behalf.
    Confirming twice is no error."""
    match, via = _confirmer(request, id)
    with refusals(match):
        confirmations.confirm(match=match, via=via, by=request.auth.user, seen_version=version)
    return _out(request, match, fresh=True)


@router.post("/matches/{id}/dispute", response={200: MatchOut, **ERRORS}, auth=auth.PERSONAL,
             exclude_unset=True, summary="Dispute the score (the opponents)")
def dispute_match(request, payload: DisputeIn, id: int = MatchId):
    """With the opponents' token: the other team does not agree, with an optional reason.
    The organizers see it; the round cannot close until it is settled."""
    match, via = _confirmer(request, id)
    with refusals(match):
        confirmations.dispute(match=match, via=via, reason=payload.reason,
                              by=request.auth.user, seen_version=payload.version)
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
