from dataclasses import dataclass

from django import template
from django.template.defaulttags import CsrfTokenNode
from django.utils.safestring import mark_safe
from django.utils.timesince import timesince
from django.utils.translation import get_language, gettext_noop, ngettext
from django.utils.translation import gettext as _

from lib.html import escape
from lib.urls import cached_reverse
from scoring import display
from tournaments import metrics
from tournaments.words import translate

register = template.Library()


@dataclass(frozen=True)
class Column:
    key: str
    abbreviation: str
    title: str
    wide: bool
    signed: bool


@register.simple_tag
def standings_columns(*keys, buchholz=True) -> list[Column]:
    """The standings' columns (all of them, or those named), in the active language."""
    chosen = [metrics.METRICS[key] for key in keys] if keys else metrics.columns(
        buchholz=buchholz)
    return [Column(m.key, translate(m.abbreviation), translate(m.title), m.wide, m.signed)
            for m in chosen]


@register.filter
def metric(standing, key: str):
    return getattr(standing, key)


# The fixed words of the tags below, translated once per language rather than at each of a
# field's 512 rows or 256 tables: a translation looked up costs as much as a row's cells.
_WORDS = {
    "why_provisional": gettext_noop("Counts a result that waits for the opponents’ "
                                    "confirmation"),
    "withdrawn": gettext_noop("withdrawn"),
    "provisional": gettext_noop("provisional"),
    "table": gettext_noop("Table %(number)s"),
    "last_hand": gettext_noop("last hand %(since)s"),
    "not_started": gettext_noop("not started"),
    "time_called": gettext_noop("time called"),
    "from_paper": gettext_noop("from paper"),
    "waiting": gettext_noop("waiting for confirmation"),
    "confirmed": gettext_noop("confirmed"),
    "disputed_why": gettext_noop("disputed: “%(reason)s”"),
    "disputed": gettext_noop("disputed"),
    "no_confirmation": gettext_noop("no confirmation needed"),
    "playing": gettext_noop("playing"),
    "open": gettext_noop("Open"),
    "opponents_view": gettext_noop("Opponents' view"),
    "paper": gettext_noop("Result from paper"),
    "correct_paper": gettext_noop("Correct the result from paper"),
    "confirm": gettext_noop("Confirm for the opponents"),
    "over": gettext_noop("over"),
}
_words_by_language: dict[str | None, dict[str, str]] = {}


def _words() -> dict[str, str]:
    """_WORDS in the active language."""
    language = get_language()
    words = _words_by_language.get(language)
    if words is None:
        words = _words_by_language[language] = {
            key: _(message) for key, message in _WORDS.items()}
    return words


@register.simple_tag
def standing_row(standing, columns: list[Column], provisional_teams):
    """A team's row in the standings: rank, name (withdrawn, provisional) and a cell per
    column. One tag per row rather than a dozen: a field of 512 teams is 512 rows and 4,000
    cells (tests/tournaments/test_table_card_tag.py checks it against the template it
    replaced)."""
    name = escape(standing.name)
    if standing.withdrawn or standing.team_id in provisional_teams:
        withdrawn_mark, provisional_mark = _row_marks()
        if standing.withdrawn:
            name += withdrawn_mark
        if standing.team_id in provisional_teams:
            name += provisional_mark
    withdrawn = ' class="withdrawn"' if standing.withdrawn else ""
    cells = _cells(standing, columns)
    return mark_safe(
        f"\n    <tr{withdrawn}>\n"
        f'      <th scope="row">{standing.rank}</th>\n'
        f'      <td class="name">{name}</td>\n'
        f"      {cells}\n    </tr>\n    ")


def _row_marks() -> tuple[str, str]:
    """The "withdrawn" and "provisional" marks after a team's name."""
    text = _words()
    return (" <small>({})</small>".format(text["withdrawn"]),
            ' <small class="provisional" title="{}">({})</small>'.format(
                text["why_provisional"], text["provisional"]))


def _cells(standing, columns: list[Column]) -> str:
    """A standings row's cells, one per column: the first (wins) strong, the wide ones
    marked for narrow screens, signed values with their sign."""
    cells = []
    for index, column in enumerate(columns):
        value = int(getattr(standing, column.key))  # a count: nothing to escape
        css = ' class="strong"' if index == 0 else ' class="wide"' if column.wide else ""
        cells.append(f"<td{css}>{'+' if column.signed and value > 0 else ''}{value}</td>")
    return "".join(cells)


@register.filter
def ago(moment, now):
    """ "just now" under a minute, else "5 minutes ago" (for the dashboard's tables)."""
    if moment is None:
        return ""
    if (now - moment).total_seconds() < 60:
        return _("just now")
    return _("%(time)s ago") % {"time": timesince(moment, now)}


@register.filter
def pages(items, size):
    """`items` in pages of `size` (the projector shows one page at a time)."""
    items, size = list(items), int(size)
    return [items[start:start + size] for start in range(0, len(items), size)]


# --- A round's table cards ---------------------------------------------------------------
# The organizer's dashboard and the public page draw a card per table: 256 for a field of
# 512 teams. Drawn by the template language, a card was a dozen tags and three links, three
# quarters of the dashboard's time (docs/performance.md); here it is one call that writes
# the same HTML (tests/tournaments/test_table_card_tag.py compares it with the template's).


def _sides(t) -> str:
    """Both teams and their scores, the winner first once the match is over."""
    a, b = (t.entry_a, t.match.score_a), (t.entry_b, t.match.score_b)
    winner = t.winner
    swapped = winner == t.entry_b
    if swapped:
        a, b = b, a
    return "".join(
        f'\n<span class="side{" won" if winner == entry else ""}"><span class="who">'
        f"{escape(entry.name)}</span> <strong>{score}</strong></span>"
        for entry, score in (a, b)) + ("\n\n      " if swapped else "\n")


def _hands(count: int) -> str:
    """How far a match is: "3 hands"."""
    return ngettext("%(hands)s hand", "%(hands)s hands", count) % {"hands": count}


def _state(t, show_times: bool, now) -> str:
    text = _words()
    match = t.match
    if t.finished:
        return (f'<span class="done">✓</span> '
                f"{escape(display.match_result(match, t.entry_a.name, t.entry_b.name))}\n      ")
    words = [_hands(match.hand_count)]
    if show_times:
        if match.last_hand_at:
            words.append(text["last_hand"] % {"since": escape(ago(match.last_hand_at,
                                                                          now))})
        else:
            words.append(text["not_started"])
    if match.time_called_after is not None:
        words.append(text["time_called"])
    return " · ".join(words)


def _confirmation_state(t, show_links: bool) -> str:
    text = _words()
    match = t.match
    html = ""
    if match.from_paper:
        said = text["from_paper"]
        html = f'<span class="muted">{said}</span> · '
    state = match.confirmation
    if state == "waiting":
        said = text["waiting"]
        html += f'<span class="waiting">{said}</span>'
    elif state == "confirmed":
        said = text["confirmed"]
        html += f'<span class="confirmed">{said}</span>'
    elif state == "disputed":
        words = (text["disputed_why"] % {"reason": escape(match.dispute_reason)}
                 if match.dispute_reason and show_links else text["disputed"])
        html += f'<span class="disputed">{words}</span>'
    elif match.confirmation_mode != "none":
        html += text["no_confirmation"] if t.finished else text["playing"]
    return html


def _table_actions(context, t, tournament, round_number: int) -> str:
    text = _words()
    match, table = t.match, t.table.number
    open_words = text["open"]
    html = [f'<span class="table-actions">\n      <a class="small" href="'
            f'{cached_reverse("owned:table", pk=match.pk)}">{open_words}</a>\n      ']
    if match.confirmation_mode != "none":
        opponents_view = text["opponents_view"]
        html.append(f'<a class="small" href="'
                    f'{cached_reverse("opponents", token=match.opponents_token)}">'
                    f'{opponents_view}</a>')
    html.append("\n      ")
    if not match.hand_count and not match.forfeited_by:
        paper = cached_reverse("tournament_table_paper", pk=tournament.pk, number=round_number,
                               table=table)
        words = (text["correct_paper"] if match.from_paper
                 else text["paper"])
        html.append(f'<a class="small" href="{paper}">{words}</a>')
    html.append("\n      ")
    if match.confirmation in ("waiting", "disputed"):
        confirm = cached_reverse("tournament_table_confirm", pk=tournament.pk,
                                 number=round_number, table=table)
        said = text["confirm"]
        html.append(
            f'\n      <form method="post" action="{confirm}" class="inline">'
            f"{CsrfTokenNode().render(context)}\n"
            f'        <button type="submit" class="small secondary">{said}</button>\n'
            f"      </form>\n      ")
    html.append("\n    </span>")
    return "".join(html)


@register.simple_tag(takes_context=True)
def table_card(context, t):
    """One table of `round_view` (from the context, with `show_links`, `show_times`, `now`
    and `tournament`): its number, the teams and scores, how far it is, its confirmation,
    and the organizer's links."""
    text = _words()
    match = t.match
    show_links, show_times = context.get("show_links"), context.get("show_times")
    number = text["table"] % {"number": t.table.number}
    html = [f'\n  <li class="table-card{" finished" if t.finished else ""}">\n'
            f'    <span class="table-number">{number}</span>\n'
            f'    <span class="sides">\n      {_sides(t)}\n    </span>\n    ']
    if not t.finished:
        target = match.target
        html.append(
            f'\n    <span class="bars">\n'
            f'      <progress max="{target}" value="{match.score_a}" aria-label="'
            f'{escape(t.entry_a.name)}: {match.score_a} / {target}"></progress>\n'
            f'      <progress max="{target}" value="{match.score_b}" aria-label="'
            f'{escape(t.entry_b.name)}: {match.score_b} / {target}"></progress>\n'
            f"    </span>\n    ")
    state = _state(t, show_times, context.get("now"))
    html.append(f'\n    <span class="state muted">\n      {state}\n    </span>\n    ')
    if match.confirmation != "none" or match.from_paper:
        html.append(f'<span class="confirmation-state">{_confirmation_state(t, show_links)}'
                    f"</span>")
    html.append("\n    ")
    if show_links:
        html.append(_table_actions(context, t, context.get("tournament"),
                                   context["round_view"].round.number))
    html.append("\n  </li>\n  ")
    return mark_safe("".join(html))


# --- The projector's rows ----------------------------------------------------------------
# The projector shows the whole field, ten lines to a page: 512 standings rows and 256
# tables, drawn again at every hand played. One call per row writes what the template's
# loops wrote (tests/tournaments/test_table_card_tag.py compares them).


@register.simple_tag
def projector_standing_row(standing, columns: list[Column]):
    """A team's line on the projector: rank, name, and the columns given (wins and the
    points difference)."""
    cells = "".join(
        f'<td class="{"diff" if column.signed else "wins"}">'
        f'{"+" if column.signed and value > 0 else ""}{value}</td>'
        for column in columns for value in (int(getattr(standing, column.key)),))
    return mark_safe(
        f'\n            <tr><td class="rank">{standing.rank}</td><th scope="row" class="name">'
        f"{escape(standing.name)}</th>{cells}</tr>\n            ")


@register.simple_tag
def projector_table_row(t):
    """A table on the projector: its number, the teams and scores (the winner first once
    the match is over), and how far it is."""
    text = _words()
    match = t.match
    a, b = escape(t.entry_a.name), escape(t.entry_b.name)
    if t.winner == t.entry_b:
        sides = (f'<span class="won">{b} {match.score_b}</span> – '
                 f"<span>{match.score_a} {a}</span>")
    else:
        won = "won" if t.winner == t.entry_a else ""
        sides = (f'<span class="{won}">{a} {match.score_a}</span> – '
                 f"<span>{match.score_b} {b}</span>")
    state = "✓ " + text["over"] if t.finished else _hands(match.hand_count)
    return mark_safe(
        f'\n            <tr class="{"finished" if t.finished else ""}">\n'
        f'              <th scope="row" class="table-number">{t.table.number}</th>\n'
        f"              \n"
        f'              <td class="match">{sides}</td>\n'
        f"              \n"
        f'              <td class="state">{state}</td>\n'
        f"            </tr>\n            ")
