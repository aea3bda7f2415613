"""What each fragment of the match page needs, and only that.

scoring/table.html is one page of fragments (`{% partialdef %}`): the scoreboard, the flash
messages, the hand entry, the history, the share box, and the live check's feedback. Each
has a method here that builds its context; the whole page is all of them. A view that
answers with a few fragments (htmx, out of band) builds just those, from one read of the
match (`selectors.table_page`).
"""

import json
from functools import cached_property
from urllib.parse import urlencode

from django.conf import settings
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring import charts, display, extensions, rules
from scoring.access import TableAccess
from scoring.errors import render
from scoring.forms import FourSevensForm, HandForm, LiveCheck
from scoring.links import qr_version, scorekeeper_link
from scoring.permissions import can_keep_score
from scoring.selectors import confirmed_by_organizer, history_row, table_page
from scoring.standing import standing_text


def live_etag(match, entry_number) -> str:
    """Changes with every write to the match (its version), the language and the hand the
    asking phone is entering."""
    return etag_of(match.pk, match.version, entry_number)


def etag_of(pk: int, version: int, entry_number, language: str | None = None) -> str:
    """live_etag from the match's id and version alone (a poll's 304 reads nothing else),
    in the active language unless told, and the release (another release draws anew)."""
    return (f'W/"{pk}-{version}-{language or get_language()}-{entry_number or 0}'
            f'-{settings.RELEASE}"')


def poll_url(live_url: str, version: int, entry_number: int | None) -> str:
    """Where a phone polls: with the version its history shows (`shown`: a poll's answer
    then adds the rows of the hands added since, when that is all that changed), and the
    hand it is entering."""
    query = {**({"number": entry_number} if entry_number else {}), "shown": version}
    return f"{live_url}?{urlencode(query)}"


class MatchPage:
    """One request's view of the match page: the match read once, each fragment's context
    built from it on demand."""

    def __init__(self, request, access: TableAccess, state: rules.Summary | None = None):
        self.request = request
        self.access = access
        self.match = access.match
        self._state = state  # a write's: where the match stands now, and its new hand

    @cached_property
    def page(self):
        """The whole history: the one fragment that reads (and replays) the hands, unless
        the write replayed them already (a correction, an undo)."""
        replayed = self._state if isinstance(self._state, rules.MatchState) else None
        return table_page(self.match, replayed)

    @cached_property
    def state(self) -> rules.Summary:
        """Where the match stands: the write's, or the match's row; every fragment but the
        history needs nothing more, at hand 70 as at hand 1."""
        return self._state if self._state is not None else self.match.summary()

    @property
    def urls(self) -> dict:
        return self.access.page_urls

    @cached_property
    def read_only(self) -> str | None:
        """Why the link may only look (a closed round's table), or None."""
        user = self.request.user if self.request.user.is_authenticated else None
        refusal = extensions.write_refusal(self.match, user)
        return render(refusal) if refusal else None

    @cached_property
    def teams(self) -> list[dict]:
        state = self.state
        return [
            {"code": code, "name": self.match.team_name(code), "score": state.score.of(code),
             "leading": state.leading_team == code, "winner": state.winner == code}
            for code in ("a", "b")
        ]

    def _common(self) -> dict:
        return {"match": self.match, "state": self.state, "urls": self.urls,
                "read_only": self.read_only, "teams": self.teams}

    # --- The fragments ---------------------------------------------------------------------

    def scoreboard(self, *, entry_number: int | None = None) -> dict:
        """The score, who deals, and the poll that keeps every phone up to date."""
        state, match = self.state, self.match
        return {
            **self._common(),
            "entry_number": entry_number,
            "stale": entry_number is not None and entry_number != state.next_hand,
            "poll_url": poll_url(self.urls["live"], match.version, entry_number),
            "poll_headers": json.dumps({"If-None-Match": live_etag(match, entry_number)}),
            "standing": standing_text(match, state),
            "dealer": display.seat_label(match, state.dealer),
            "leader": display.seat_label(match, state.leader),
            "tournament": extensions.reference(match),
            "result_notes": (extensions.result_notes(match, token=self.access.token)
                             if state.finished else []),
            "confirmed_by_organizer": match.confirmation == "confirmed"
            and confirmed_by_organizer(match),
        }

    def flash(self, flash=None) -> dict:
        return {"flash": flash or []}

    def entry_form(self, form: HandForm | None = None) -> HandForm | None:
        """The form of the hand to enter (None when the match is over or only looked at);
        the first hand's asks who deals it."""
        if form is None and not self.state.finished and not self.read_only:
            return self.hand_form(initial={"number": self.state.next_hand},
                                  first_hand=self.state.hand_count == 0)
        return form

    def hand_form(self, data=None, *, correcting: int | None = None, **kwargs) -> HandForm:
        """A hand's form wired to its live check: the entry's, or a correction's."""
        check = LiveCheck(self.access.url("check_correction", number=correcting),
                          "edit-feedback") if correcting is not None else LiveCheck(
            self.urls["check"], "entry-feedback")
        return HandForm(data, match=self.match, correcting=correcting is not None,
                        live_check=check, first_dealer_url=self.urls["first_dealer"],
                        **kwargs)

    def entry(self, *, form: HandForm | None = None,
              four_sevens_form: FourSevensForm | None = None, slots=None,
              seen: str | None = None) -> dict:
        """The hand to enter, four sevens and the redeal; the end of the match once over.

        `seen` is the version of the match the phone's history shows, which the form hands
        on to the next save (views/table.py: one new row, or the whole history): the
        match's own when the history is drawn with the form; what the phone sent when the
        form is drawn again alone (a refused save), or nothing when unknown.
        """
        state = self.state
        form = self.entry_form(form)
        if four_sevens_form is None and not state.finished:
            four_sevens_form = FourSevensForm(initial={"number": state.next_hand})
        return {
            **self._common(),
            **(self.hand_fields(form, slots=slots) if form is not None else {}),
            **self.entry_dealer(),
            "standing": standing_text(self.match, state),
            "seen": self.match.version if seen is None else seen,
            "four_sevens_form": four_sevens_form,
            "can_rematch": not self.access.via_link
            and can_keep_score(self.request.user, self.match)
            and extensions.reference(self.match) is None,
        }

    def entry_dealer(self) -> dict:
        """Who deals and who leads the hand being entered, said in its form: the keeper
        sees it where she types, with the scoreboard scrolled away."""
        state = self.state
        return {"entry_dealer": display.seat_label(self.match, state.dealer),
                "entry_leader": display.seat_label(self.match, state.leader)}

    def hand_fields(self, form: HandForm, *, slots=None, correcting: int | None = None) -> dict:
        """What a hand's fields show: the form, its messages by slot, what it would give."""
        return {
            "form": form,
            "slots": form.slots() if slots is None and form.is_bound else slots or {},
            "preview": _preview(self.match, self.page.state if correcting is not None
                            else self.state, form, correcting),
        }

    def history(self, *, edit_form: HandForm | None = None, edit_number: int | None = None,
                edit_errors=None, preserve_number: int | None = None) -> dict:
        """The hands played, with the one being corrected open; the chart; the changes."""
        state = self.state
        return {
            **self._common(),
            "rows": [{"row": row, "edit_url": self.access.url("edit_hand",
                                                               number=row.line.number)}
                     for row in self.page.rows],
            "revisions": self.page.revisions,
            "chart": self.page.chart,
            "first_dealer": display.seat_label(self.match, self.match.first_dealer),
            "preserve_number": preserve_number,
            "edit_number": edit_number,
            "edit_url": self.access.url("edit_hand", number=edit_number)
            if edit_number else None,
            "edit_errors": edit_errors or (edit_form.non_field_errors() if edit_form else []),
            "edit": self.hand_fields(edit_form, correcting=edit_number) if edit_form else {},
            # Leaving a correction refreshes the page as a poll does.
            "cancel_url": self.urls["live"] + ("" if state.finished
                                               else f"?number={state.next_hand}"),
        }

    def new_hand(self) -> dict:
        """What the hand a write added changes in the history (added_rows)."""
        return self.added_rows([self.state.line])

    def added_rows(self, lines) -> dict:
        """What hands added at the end change in the history, for a phone that showed every
        hand before them: their rows, the undo button, the chart's new segments (the whole
        chart when they changed its scale). The other rows, and the changes (a new hand
        makes none), stay as they are. The first hand opens the empty history instead: its
        table, undo button and chart."""
        state = self.state
        rows = [{"row": history_row(self.match, line),
                 "edit_url": self.access.url("edit_hand", number=line.number)}
                for line in lines]
        opening = lines[0].number == 1
        segments = None if opening else charts.added(state, lines)
        return {
            **self._common(),
            "rows": rows,
            "opening": opening,
            "segments": segments,
            "chart": (charts.progression(state, lines) if opening
                      else None if segments is not None else self.page.chart),
        }

    def share(self) -> dict:
        """The score keeper link for another phone, and the address of its QR code: an image
        the phone loads after the page (the page's answer never waits for the code to be
        drawn), named by the link so the browser keeps it until the link changes."""
        link = scorekeeper_link(self.request, self.match)
        return {"match": self.match, "scorekeeper_link": link,
                "qr_url": f"{self.access.url('qr_code')}?v={qr_version(link)}",
                "can_renew_link": not self.access.via_link}

    def feedback(self, form: HandForm, *, slots, filled, correcting: int | None) -> dict:
        """The live check's answer: what the hand would give, the messages by slot, and the
        other team's share the app filled in."""
        return {
            "match": self.match,
            **self.hand_fields(form, slots=slots, correcting=correcting),
            "filled_fields": [form[name] for name in filled if name in form.fields],
        }

    def whole(self, *, form=None, four_sevens_form=None, entry_number=None, flash=None,
              edit_form=None, edit_number=None, edit_errors=None) -> dict:
        """The whole page: every fragment."""
        form = self.entry_form(form)
        if form is not None and entry_number is None:
            entry_number = form.entry_number
        return {
            **self.scoreboard(entry_number=entry_number),
            **self.flash(flash),
            **self.entry(form=form, four_sevens_form=four_sevens_form),
            **self.history(edit_form=edit_form, edit_number=edit_number,
                           edit_errors=edit_errors),
            **({} if self.read_only else self.share()),
        }


def number_from(value) -> int | None:
    """A whole number from a query or a form's text, or None."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _preview(match, state: rules.Summary, form: HandForm, correcting=None) -> dict | None:
    """What the hand being typed would give, and the totals after it (after the whole match
    replayed, for a correction)."""
    if not form.is_bound:
        return None
    form.is_valid()
    if form.preview is None:
        return _count_so_far(match, form)
    hand = form.rules_hand
    gained = form.preview
    ends = None
    if correcting is None:
        after = rules.Pair(state.score.a + gained.a, state.score.b + gained.b)
        if not state.finished:
            # Whether this hand would end the match is the rules' to say.
            played = rules.step(state, hand, time_called_after=match.time_called_after)
            if played.finished:
                ends = _ending_words(match, played)
    elif rules.check_hand_exists(state, correcting) is None:
        after, _refusal = rules.check_correction(
            match.variant, match.target, match.first_dealer,
            [line.hand for line in state.lines], correcting, hand,
            time_called_after=match.time_called_after, forfeited_by=match.forfeited_by,
        )
        after = after.score
    else:
        return None
    preview = {"gained": gained, "after": after, "count": None, "correcting": correcting,
               "ends": ends}
    if hand.tricks is not None:
        preview["quadrette"] = _quadrette_words(match, hand.tricks, gained)
    return preview


def _ending_words(match, played: rules.Summary) -> str:
    """What the preview says of a hand that would end the match, before it is saved."""
    winner = played.winner
    won, lost = played.score.of(winner), played.score.of(winner.other)
    return _("This hand ends the match: %(team)s win %(won)s–%(lost)s.") % {
        "team": match.team_name(winner), "won": won, "lost": lost}


def _count_so_far(match, form: HandForm) -> dict | None:
    """The counting helper's points for each team, as far as the keeper has counted."""
    if match.is_quadrette or not form.has_count:
        return None
    data = form.data
    so_far = {}
    for team in "ab":
        aces = number_from(data.get(f"aces_{team}")) or 0
        counters = number_from(data.get(f"counters_{team}"))
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
