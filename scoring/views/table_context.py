"""What the match page's template needs, from one read of the match."""

import json

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from scoring import display, extensions, rules
from scoring.access import TableAccess
from scoring.errors import render
from scoring.forms import FourSevensForm, HandForm, UndoForm
from scoring.links import qr_svg, scorekeeper_link
from scoring.permissions import can_keep_score
from scoring.selectors import table_page

URL_NAMES = ("table", "live", "record", "check", "four_sevens", "redeal", "undo",
             "first_dealer")


def live_etag(match, entry_number) -> str:
    """Changes with every write to the match (its version), the language and the hand the
    asking phone is entering."""
    return f'W/"{match.pk}-{match.version}-{get_language()}-{entry_number or 0}"'


def standing_text(match, state: rules.MatchState) -> str:
    """Who won or leads, in one sentence."""
    names = {"a": match.team_a.name, "b": match.team_b.name}
    score = {"a": state.score.a, "b": state.score.b}
    if state.finished:
        return display.result_text(state.winner, state.score.a, state.score.b,
                                   state.finish_reason, names["a"], names["b"])
    if state.tied_at_target:
        return _("Tied %(a)s–%(b)s at the target: another hand is played, until the totals "
                 "differ.") % score
    if state.hand_count == 0:
        return _("No hand played yet.")
    if state.leading_team is None:
        return _("Level at %(a)s–%(b)s.") % score
    lead = state.score.of(state.leading_team) - state.score.of(state.leading_team.other)
    return ngettext("Leading: %(team)s, by %(lead)s point.",
                    "Leading: %(team)s, by %(lead)s points.", lead) % {
        "team": names[state.leading_team], "lead": lead}


def table_context(
    request,
    access: TableAccess,
    *,
    form: HandForm | None = None,
    four_sevens_form: FourSevensForm | None = None,
    entry_number: int | None = None,
    flash=None,
    entry_oob=False,
    edit_form: HandForm | None = None,
    edit_number: int | None = None,
    edit_errors=None,
    preserve_number: int | None = None,
    slots=None,
    filled=None,
    correcting: int | None = None,
):
    """`form` is the entry form, or with `correcting` the form correcting that hand (the
    live check of a correction)."""
    match = access.match
    page = table_page(match)
    state = page.state
    urls = {name: access.url(name) for name in URL_NAMES}
    # A closed round's table link shows the match as it stands, and offers nothing to press.
    user = request.user if request.user.is_authenticated else None
    refusal = extensions.write_refusal(match, user)
    read_only = render(refusal) if refusal else None
    if form is None and not state.finished and not read_only:
        form = HandForm(initial={"number": state.next_hand}, match=match,
                        first_hand=state.hand_count == 0)
    if four_sevens_form is None and not state.finished:
        four_sevens_form = FourSevensForm(initial={"number": state.next_hand}, auto_id="fs-%s")
    # The hand the entry form is for; the poll tells when another phone has moved on.
    if form is not None and entry_number is None and correcting is None:
        entry_number = _int(form["number"].value())
    stale = entry_number is not None and entry_number != state.next_hand
    link = scorekeeper_link(request, match)
    rows = [
        {
            "row": row,
            "edit_url": access.url("edit_hand", number=row.line.number),
        }
        for row in page.rows
    ]
    hand = _hand_form(access, state, form, correcting, slots) if form is not None else {}
    edit = _hand_form(access, state, edit_form, edit_number, None) if edit_form else {}
    return {
        "access": access,
        "match": match,
        "page": page,
        "state": state,
        "rows": rows,
        "urls": urls,
        "poll_url": urls["live"] + (f"?number={entry_number}" if entry_number else ""),
        "poll_headers": json.dumps({"If-None-Match": live_etag(match, entry_number)}),
        "stale": stale,
        "read_only": read_only,
        **hand,
        "edit": edit,
        "filled": filled or {},
        "four_sevens_form": four_sevens_form,
        "undo_form": UndoForm(initial={"number": state.hand_count}, auto_id="undo-%s"),
        "edit_form": edit_form,
        "edit_number": edit_number,
        "preserve_number": preserve_number,
        "edit_url": access.url("edit_hand", number=edit_number) if edit_number else None,
        "entry_number": entry_number,
        "edit_errors": edit_errors or (edit_form.non_field_errors() if edit_form else []),
        "flash": flash or [],
        "entry_oob": entry_oob,
        "dealer": display.seat_label(match, state.dealer),
        "leader": display.seat_label(match, state.leader),
        "first_dealer": display.seat_label(match, match.first_dealer),
        "standing": standing_text(match, state),
        "teams": [
            {"code": "a", "name": match.team_a.name, "score": state.score.a,
             "leading": state.leading_team == "a", "winner": state.winner == "a"},
            {"code": "b", "name": match.team_b.name, "score": state.score.b,
             "leading": state.leading_team == "b", "winner": state.winner == "b"},
        ],
        "scorekeeper_link": link,
        # A callable: the template draws the QR code only on a whole page, not for fragments.
        "qr_svg": lambda: qr_svg(link),
        "can_rematch": not access.via_link and can_keep_score(request.user, match)
        and extensions.reference(match) is None,
        "can_renew_link": not access.via_link,
        "tournament": extensions.reference(match),
        "seat_choices": [(seat, display.seat_label(match, seat)) for seat in rules.SEATS],
    }


def _hand_form(access, state, form: HandForm, correcting: int | None, slots) -> dict:
    """What the template's hand fields need for one form: the entry form, or a correction's
    (with its own live check and its own ids)."""
    if slots is None:
        slots = form.slots() if form.is_bound else {}
    return {
        "form": form,
        "form_key": form.key,
        "slots": slots,
        "check_url": access.url("check_correction", number=correcting)
        if correcting is not None else access.url("check"),
        "feedback_id": "edit-feedback" if correcting is not None else "entry-feedback",
        "preview": _preview(access.match, state, form, correcting),
    }


def _int(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _preview(match, state: rules.MatchState, form: HandForm, correcting=None) -> dict | None:
    """What the hand being typed would give, and the totals after it (after the whole match
    replayed, for a correction)."""
    if not form.is_bound:
        return None
    form.is_valid()
    if form.preview is None:
        return _count_so_far(match, form)
    hand = form.rules_hand
    gained = form.preview
    if correcting is None:
        after = rules.Pair(state.score.a + gained.a, state.score.b + gained.b)
    elif rules.check_hand_exists(state, correcting) is None:
        after, _refusal = rules.check_correction(
            match.variant, match.target, match.first_dealer,
            [line.hand for line in state.lines], correcting, hand,
            time_called_after=match.time_called_after, forfeited_by=match.forfeited_by,
        )
        after = after.score
    else:
        return None
    preview = {"gained": gained, "after": after, "count": None, "correcting": correcting}
    if hand.tricks is not None:
        preview["quadrette"] = _quadrette_words(match, hand.tricks, gained)
    return preview


def _count_so_far(match, form: HandForm) -> dict | None:
    """The counting helper's points for each team, as far as the keeper has counted."""
    if match.is_quadrette or not form.has_count:
        return None
    data = form.data
    so_far = {}
    for team in "ab":
        aces, counters = _int(data.get(f"aces_{team}")) or 0, _int(data.get(f"counters_{team}"))
        so_far[team] = rules.card_points(
            max(aces, 0), max(counters or 0, 0), data.get("last_trick") == team
        )
    return {"count": so_far, "gained": None}


def _quadrette_words(match, tricks: rules.Pair, gained: rules.Pair) -> str:
    if tricks.a == tricks.b:
        return _("3–3: one point each.")
    winner = "a" if gained.a > gained.b else "b"
    if max(tricks) == rules.QUADRETTE_TRICKS:
        return _("La vole! 2 points for %(team)s.") % {"team": match.team_name(winner)}
    return _("%(a)s–%(b)s: 1 point for %(team)s.") % {
        "a": tricks.a, "b": tricks.b, "team": match.team_name(winner),
    }
