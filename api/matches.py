"""Matches and their hands: the same services as the pages, so the same rules."""

import re

from django.db import transaction
from django.http import HttpResponse
from ninja import Header, Path, Query, Router, Status

from api import auth
from api.errors import (
    documented_errors,
    keeper_cannot_confirm,
    not_found,
    refusals,
    unauthorized,
    version_required,
    versions_disagree,
)
from api.presenters import match_data, written_data
from api.schemas import (
    DisputeIn,
    ErrorOut,
    HandIn,
    HandWrittenOut,
    MatchIn,
    MatchOut,
    MatchPage,
    NewHandIn,
)
from scoring import confirmations, rules, services
from scoring.errors import AlreadySaved
from scoring.models import MAX_ID
from scoring.permissions import can_keep_score, is_public
from scoring.selectors import lines_after, match_to_write, match_with_hands, matches_with_hands
from tournaments import public_names

router = Router(tags=["matches"])

MatchId = Path(..., ge=1, le=MAX_ID, description="The match's id.")
HandNumber = Path(..., ge=1, le=32767, description="The hand's number, from 1.")
ERRORS = documented_errors(ErrorOut)
# Confirm and dispute say which version of the match they answer (428 without one).
ANSWER_ERRORS = {**ERRORS, 428: ErrorOut}
VERSION = 2**31 - 1


def etag(match) -> str:
    """The match's ETag: its version, which every write to the match moves on."""
    return f'"match-{match.pk}-v{match.version}"'


def _tagged(response: HttpResponse, match) -> None:
    response["ETag"] = etag(match)


def _match(request, match_id: int, *, write: bool, hands_after: int = 0):
    """The match, if this caller may read it (with its hands, or those after hand
    `hands_after`), or write its hands (without: the write returns the new state, which
    the answer shows)."""
    caller = request.auth
    match = match_to_write(match_id) if write else match_with_hands(match_id,
                                                                   after=hands_after)
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


def _out(request, match, *, fresh=False, hands_after: int = 0):
    """The match object, with its hands (those after hand `hands_after`, when asked)."""
    if fresh:  # re-read after a write that returns no state
        match = match_with_hands(match.pk, after=hands_after)
    if hands_after:
        state = match.summary()
        lines = lines_after(match, hands_after)
    else:
        state = match.replay(match.hands.all())
        lines = state.lines
    return match_data(match, state, lines=lines, request=request,
                      with_secret=_keeper(request, match))


# RFC 7240: a write answers with what it changed (the hand and the match's summary), the
# same size at hand 70 as at hand 1, unless the caller prefers the whole match.
REPRESENTATION = re.compile(r"(?:^|,)\s*return\s*=\s*\"?representation\"?\s*(?:;|,|$)", re.I)
PREFER = Header(None, alias="Prefer", description=(
    "`return=representation`: answer with the whole match object (MatchOut) instead of the "
    "hand and the match's summary (HandWrittenOut, RFC 7240's return=minimal)."))


def _wants_whole(prefer: str | None) -> bool:
    return bool(prefer) and REPRESENTATION.search(prefer) is not None


def _written(request, response, match, summary: rules.Summary, *, prefer: str | None,
             line: rules.HandLine | None = None, status: int = 200):
    """The answer to a write to the match's hands: the hand written and where the match
    stands (from the write's summary and the row the service brought up to date: nothing
    read again), or the whole match when preferred."""
    response["Vary"] = "Prefer"
    if _wants_whole(prefer):
        response["Preference-Applied"] = "return=representation"
        match = match_with_hands(match.pk)
        _tagged(response, match)
        return Status(status, _out(request, match))
    _tagged(response, match)
    return Status(status, written_data(match, summary, line))


def hand_from(body: HandIn) -> rules.Hand:
    """The body as the rules see it; whatever does not fit is for the rules to refuse."""
    return rules.Hand.from_input(**body.model_dump(exclude={"number"}))


@router.post("/matches", response={201: MatchOut, **ERRORS}, auth=auth.PERSONAL,
             exclude_unset=True, summary="Create a match")
def create_match(request, response: HttpResponse, payload: MatchIn):
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
    _tagged(response, match)
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
def get_match(request, response: HttpResponse, id: int = MatchId,
              hands_after: int = Query(0, ge=0, le=32767, description=(
                  "Only the hands after this one (`hands_after=68`: hands 69 on), each with "
                  "its running totals: what a reader that has the first 68 needs."))):
    """The match object carries its `version`, and the answer the same in its `ETag`: what
    a confirmation or a dispute says it read (`version`, or `If-Match: <ETag>`)."""
    match = _match(request, id, write=False, hands_after=hands_after)
    _tagged(response, match)
    data = _out(request, match, hands_after=hands_after)
    if not _at_the_table(request, match):
        # The public reads a club night's players as they chose to be named.
        for side, shown in public_names.for_the_public_match(match).items():
            data[f"team_{side}"] = shown
    return data


def _at_the_table(request, match) -> bool:
    """Who reads the names as typed: the match's keepers and its links' holders."""
    caller = request.auth
    return caller.match_id == match.pk or caller.opponents_of == match.pk or _keeper(
        request, match)


WRITE_ANSWERS = {200: HandWrittenOut | MatchOut, **ERRORS}


@router.post("/matches/{id}/hands", response={201: HandWrittenOut | MatchOut, **WRITE_ANSWERS},
             auth=auth.PERSONAL, exclude_unset=True, summary="Add the next hand")
def add_hand(request, response: HttpResponse, payload: NewHandIn, id: int = MatchId,
             prefer: str | None = PREFER):
    """201 with the hand stored and where the match stands now (`match`: score, next_hand,
    dealer, leader, status, winner, version...); 200 when this very hand was already stored
    under this number (a retry: nothing is entered twice). `Prefer: return=representation`
    answers with the whole match object instead."""
    match = _match(request, id, write=True)
    with refusals(match):
        try:
            step = services.record_hand(match=match, number=payload.number,
                                        hand=hand_from(payload), by=request.auth.user)
        except AlreadySaved:  # a retry of a hand stored already: that hand, as it stands
            match = match_with_hands(match.pk, after=payload.number - 1)
            line = next(iter(lines_after(match, payload.number - 1)), None)
            return _written(request, response, match, match.summary(), line=line,
                            prefer=prefer)
    return _written(request, response, match, step, line=step.line, prefer=prefer,
                    status=201)


@router.put("/matches/{id}/hands/{number}", response=WRITE_ANSWERS,
            auth=auth.PERSONAL, exclude_unset=True, summary="Correct a hand")
def correct_hand(request, response: HttpResponse, payload: HandIn, id: int = MatchId,
                 number: int = HandNumber, prefer: str | None = PREFER):
    """200 with the corrected hand and where the match stands now; the hands after it have
    new running totals (`GET /matches/{id}?hands_after=N`), or ask for the whole match with
    `Prefer: return=representation`."""
    match = _match(request, id, write=True)
    with refusals(match):
        state = services.correct_hand(match=match, number=number, hand=hand_from(payload),
                                      by=request.auth.user)
    return _written(request, response, match, state, line=state.lines[number - 1],
                    prefer=prefer)


@router.delete("/matches/{id}/hands/{number}", response=WRITE_ANSWERS,
               auth=auth.PERSONAL, exclude_unset=True, summary="Undo the last hand")
def undo_hand(request, response: HttpResponse, id: int = MatchId, number: int = HandNumber,
              prefer: str | None = PREFER):
    """200 with where the match stands without its last hand (`hand` is null)."""
    match = _match(request, id, write=True)
    with refusals(match):
        state = services.undo_last_hand(match=match, number=number, by=request.auth.user)
    return _written(request, response, match, state, prefer=prefer)


def _confirmer(request, match_id: int):
    """The match and the way in of who confirms it: its opponents' token, or an organizer
    (a keeper through an account) on the team's behalf; never the score keeper token."""
    caller = request.auth
    if caller.opponents_of is not None and caller.opponents_of == match_id:
        return _match(request, match_id, write=False), confirmations.Via.API
    if caller.match_id is not None:
        raise keeper_cannot_confirm()
    return _match(request, match_id, write=True), confirmations.Via.ORGANIZER


IF_MATCH = re.compile(r'"match-([0-9]{1,19})-v([0-9]{1,10})"')
IfMatch = Header(None, alias="If-Match", max_length=200, description=(
    "The ETag of the match as you read it (GET /matches/{id}): the score you answer. "
    "Instead of, or with, `version`."))


def _seen(match_id: int, version: int | None, if_match: str | None) -> int:
    """The match's version the caller read, from `version` or If-Match (one of them is
    required: nobody confirms a score they did not see)."""
    seen = None
    if if_match is not None:
        found = IF_MATCH.fullmatch(if_match.strip())
        if found is None or int(found.group(1)) != match_id:
            raise version_required()
        seen = int(found.group(2))
    if version is not None and seen is not None and version != seen:
        raise versions_disagree()
    seen = version if version is not None else seen
    if seen is None:
        raise version_required()
    return seen


def _answered(request, response, match, prefer: str | None):
    """The answer to a confirmation or a dispute: where the match stands, or the whole
    match when preferred."""
    match = match_to_write(match.pk)
    return _written(request, response, match, match.summary(), prefer=prefer)


def _renewed(request, response, match):
    """The whole match object, with its new secret (a link made anew)."""
    match = match_with_hands(match.pk)
    _tagged(response, match)
    return _out(request, match)


@router.post("/matches/{id}/confirm", response={200: HandWrittenOut | MatchOut, **ANSWER_ERRORS},
             auth=auth.PERSONAL, exclude_unset=True, summary="Confirm the score (the opponents)")
def confirm_match(request, response: HttpResponse, id: int = MatchId,
                  version: int | None = Query(None, ge=0, le=VERSION, description=(
                      "The match's `version` you read (required, or If-Match): a score changed "
                      "since is refused (409 score_changed), to be read again.")),
                  if_match: str | None = IfMatch, prefer: str | None = PREFER):
    """With the opponents' token: the other team agrees with the score as it stands (the
    final result, or every hand so far). With an organizer's token: on the team's behalf.

    Say which score you confirm: the match's `version` as you read it (`?version=12`), or
    its ETag in an `If-Match` header. Without either: 428 `version_required`. The score
    changed since (any write to the match moves its version on): 409 `score_changed`, with
    the score as it is now; read the match again. Confirming twice is no error."""
    match, via = _confirmer(request, id)
    seen = _seen(match.pk, version, if_match)
    with refusals(match):
        confirmations.confirm(match=match, via=via, by=request.auth.user, seen_version=seen)
    return _answered(request, response, match, prefer)


@router.post("/matches/{id}/dispute", response={200: HandWrittenOut | MatchOut, **ANSWER_ERRORS},
             auth=auth.PERSONAL, exclude_unset=True, summary="Dispute the score (the opponents)")
def dispute_match(request, response: HttpResponse, payload: DisputeIn, id: int = MatchId,
                  if_match: str | None = IfMatch, prefer: str | None = PREFER):
    """With the opponents' token: the other team does not agree, with an optional reason.
    The organizers see it; the round cannot close until it is settled.

    As for a confirmation, say which score you dispute: `version` in the body, or the
    match's ETag in `If-Match` (428 `version_required` without; 409 `score_changed` when
    the score moved on since)."""
    match, via = _confirmer(request, id)
    seen = _seen(match.pk, payload.version, if_match)
    with refusals(match):
        confirmations.dispute(match=match, via=via, reason=payload.reason, hand=payload.hand,
                              by=request.auth.user, seen_version=seen)
    return _answered(request, response, match, prefer)


@router.post("/matches/{id}/scorekeeper-token", response={200: MatchOut, **ERRORS},
             auth=auth.PERSONAL, exclude_unset=True,
             summary="Revoke the score keeper link and make a new one")
def renew_link_secret(request, response: HttpResponse, id: int = MatchId):
    """The old token (and link) stops working at once; the match object carries the new
    one. A personal token or session of the match's keepers only."""
    auth.personal_user(request)
    match = _match(request, id, write=True)
    services.reissue_scorekeeper_token(match=match)
    return _renewed(request, response, match)


@router.post("/matches/{id}/opponents-token", response={200: MatchOut, **ERRORS},
             auth=auth.PERSONAL, exclude_unset=True,
             summary="Revoke the opponents' link and make a new one")
def renew_opponents_token(request, response: HttpResponse, id: int = MatchId):
    """The old opponents' token (and its link, /o/<secret>/) stops working at once: the
    page answers 404, the API 401 as for any unknown token. The match object carries the
    new one (`opponents_token`). A personal token or session of the match's keepers
    (a tournament's organizers) only."""
    auth.personal_user(request)
    match = _match(request, id, write=True)
    services.reissue_opponents_token(match=match)
    return _renewed(request, response, match)
