"""The history of the score keeper's page, drawn in Python (scoring/templates/scoring/table.html).

A saved hand's answer draws the history's new row, the undo button and the chart; a page of
a long match draws a row per hand. As template partials they took a third of a hand post's
drawing, and 40 ms for the rows of a 70-hand match (docs/performance.md). The HTML is what
those partials wrote, character for character (tests/scoring/test_history_tags.py draws
both on random matches, in both languages).

- `{% history_row item %}`: a hand's row (`item`: its HistoryRow and its correction link).
- `{% undo_button %}`: the button that undoes the last hand.
- `{% chart %}`: the score, hand by hand, as an SVG line chart.
- `{% hand_added item %}`: what a saved hand's answer changes in the history it adds to.
"""

from django import template
from django.template.defaulttags import CsrfTokenNode
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from lib.html import escape

register = template.Library()

_OOB = ' hx-swap-oob="true"'


def _hand_mark(match, number: int) -> str:
    """Whether the opponents confirmed the hand, dispute it, or are yet to say
    (scoring/confirmations.py), when each hand is confirmed."""
    if match.confirmation_mode != "hand" or match.from_paper:
        return ""
    if number <= match.confirmed_hands:
        title = text = _("Confirmed by the opponents.")
        kind, sign = "done", "✓"
    elif match.confirmation == "disputed" and number == match.hand_count:
        title, text = escape(match.dispute_reason), _("disputed")
        kind, sign = "disputed", "!"
    else:
        title = text = _("Waiting for the opponents' confirmation.")
        kind, sign = "waiting", "…"
    return (f'\n    <span class="hand-mark {kind}" title="{title}"><span aria-hidden="true">'
            f'{sign}</span><span class="visually-hidden">{text}</span></span>')


def _cells(cells: dict) -> str:
    if four_sevens := cells.get("four_sevens"):
        said = _("Four sevens: %(team)s") % {"team": escape(four_sevens)}
        return f'\n  <td colspan="2" class="four-sevens">{said}</td>\n  '
    drawn = []
    for cell in cells.values():
        if (tricks := cell.get("tricks")) is not None:
            said = ngettext("%(tricks)s trick", "%(tricks)s tricks", tricks) % {"tricks": tricks}
            gained = _("+%(points)s pt") % {"points": escape(cell["points"])}
            drawn.append(f'<td><span aria-hidden="true">{escape(tricks)}</span>'
                         f'<span class="visually-hidden">{said}</span> '
                         f'<small class="gained">{gained}</small></td>')
        else:
            extra = ""
            if politaines := cell.get("politaines"):
                said = ngettext("+ politaine", "+ %(n)s politaines", politaines) % {
                    "n": politaines}
                extra = f' <span class="politaine">{said}</span>'
            drawn.append(f"<td>{escape(cell['points'])}{extra}</td>")
    return "\n  " + "".join(f"\n  {cell}\n  " for cell in drawn) + "\n  "


@register.simple_tag(takes_context=True)
def history_row(context, item):
    """A hand's row: number (and the opponents' mark), dealer, each team's side, the score
    after it, and the link that opens its correction (unless the page only looks)."""
    row, match = item["row"], context["match"]
    number = row.line.number
    preserve = ' hx-preserve="true"' if number == context.get("preserve_number") else ""
    score = row.line.score
    correct = ""
    if not context.get("read_only"):
        url = escape(item["edit_url"])
        label = _("Correct hand %(number)s") % {"number": number}
        correct = (f'<td><a class="button small" id="correct-hand-{number}" href="{url}" '
                   f'hx-get="{url}" hx-target="closest tr" hx-swap="outerHTML"\n'
                   f'         aria-label="{label}" title="{label}">✎</a></td>')
    return SafeString(
        f'\n<tr id="hand-{number}"{preserve}>\n'
        f'  <th scope="row">{number}{_hand_mark(match, number)}</th>\n'
        f'  <td class="dealer"><abbr class="seat" title="{escape(row.dealer_seat)}">'
        f"{escape(row.dealer_letter)}</abbr>{escape(row.dealer_player)}</td>\n"
        f"  {_cells(row.cells)}\n"
        f'  <td class="score">{score.a}–{score.b}</td>\n'
        f"  {correct}\n"
        f"</tr>\n")


@register.simple_tag(takes_context=True)
def undo_button(context):
    """The form that undoes the last hand, after a question (out of band with `part_oob`)."""
    number = context["state"].hand_count
    url = escape(context["urls"]["undo"])
    oob = _OOB if context.get("part_oob") else ""
    question = _("Undo hand %(number)s?") % {"number": number}
    button = _("Undo hand %(number)s") % {"number": number}
    return SafeString(
        f'\n<form method="post" action="{url}" hx-post="{url}" hx-swap="none" id="undo"\n'
        f'      hx-confirm="{question}" '
        f'class="undo"{oob}>\n'
        f"  {CsrfTokenNode().render(context)}"
        f'<input type="hidden" name="number" value="{number}" id="undo-number">\n'
        f'  <button type="submit" class="secondary" id="undo-button">'
        f"{button}</button>\n"
        f"</form>\n")


@register.simple_tag(takes_context=True)
def chart(context):
    """The teams' scores after each hand, and the target, as an SVG chart. Its coordinates
    are numbers as Python writes them, never localized (French would write 12,5)."""
    chart, match = context["chart"], context["match"]
    oob = _OOB if context.get("part_oob") else ""
    name_a, name_b = escape(match.team_a.name), escape(match.team_b.name)
    title = _("Score of %(a)s and %(b)s, hand by hand") % {"a": name_a, "b": name_b}
    target = _("target %(target)s") % {"target": chart.target}
    lines = [
        f'\n<figure class="chart" id="chart"{oob}>\n'
        f'  <svg viewBox="0 0 {chart.width} {chart.height}" role="img" '
        f'aria-labelledby="chart-title">\n'
        f'    <title id="chart-title">'
        f"{title}</title>\n"
        f"    "]
    for y, value in chart.y_ticks:
        lines.append(
            f'\n    <line class="grid" x1="{chart.left}" x2="{chart.right}" y1="{y}" '
            f'y2="{y}"></line>\n'
            f'    <text class="tick" x="{chart.left - 4}" y="{y}" text-anchor="end" '
            f'dominant-baseline="middle">{value}</text>\n    ')
    lines.append("\n    ")
    for x, number in chart.x_ticks:
        lines.append(f'\n    <text class="tick" x="{x}" y="{chart.bottom + 14}" '
                     f'text-anchor="middle">{number}</text>\n    ')
    lines.append(
        f"\n"
        f'    <line class="target" x1="{chart.left}" x2="{chart.right}" '
        f'y1="{chart.target_y}" y2="{chart.target_y}"></line>\n'
        f'    <polyline class="team-a" points="{chart.points_a}"></polyline>\n'
        f'    <polyline class="team-b" points="{chart.points_b}"></polyline>\n'
        f"  </svg>\n"
        f"  <figcaption>\n"
        f'    <span class="key team-a">{name_a}</span>\n'
        f'    <span class="key team-b">{name_b}</span>\n'
        f'    <span class="key target">'
        f"{target}</span>\n"
        f"  </figcaption>\n"
        f"</figure>\n")
    return SafeString("".join(lines))


def _hint_and_table(context, drawn: list[str], *, opening: bool = False) -> str:
    """The hint above the hands' table and the table, its rows `drawn`; hidden while there
    is none. With `opening` (a first hand's answer), each goes out of band in place of the
    empty history's hidden one, and only while it is still hidden: a history that a poll
    drew meanwhile, or hands kept offline shown in it (static/js/offline.js), stay."""
    match, read_only = context["match"], context.get("read_only")
    hint = (_("Tricks won by each team, and the points they gave.") if match.is_quadrette
            else _("Card points of each team; a politaine adds 11."))
    hint_attrs = table_attrs = "" if drawn else " hidden"
    if opening:
        hint_attrs = ' hx-swap-oob="outerHTML:#history > p.hint[hidden]"'
        table_attrs = ' hx-swap-oob="outerHTML:#history > table.history[hidden]"'
    correct = ""
    if not read_only:
        said = _("Correct")
        correct = f'<th scope="col"><span class="visually-hidden">{said}</span></th>'
    hand, dealer, score = _("Hand"), _("Dealer"), _("Score")
    return (
        f'\n  <p class="hint"{hint_attrs}>{hint}</p>\n'
        f'  <table class="history"{table_attrs}>\n'
        f"    <thead>\n"
        f"      <tr>\n"
        f'        <th scope="col"><abbr title="{hand}">#</abbr></th>\n'
        f'        <th scope="col">{dealer}</th>\n'
        f'        <th scope="col" class="team">{escape(match.team_a.name)}</th>\n'
        f'        <th scope="col" class="team">{escape(match.team_b.name)}</th>\n'
        f'        <th scope="col">{score}</th>\n'
        f"        {correct}\n"
        f"      </tr>\n"
        f"    </thead>\n"
        f"    <tbody>\n      "
        + "".join(f"\n        {row}\n      " for row in drawn)
        + "\n    </tbody>\n  </table>\n  ")


@register.simple_tag(takes_context=True)
def hand_added(context, item):
    """What a hand added by a phone that showed every other hand changes in its history
    (MatchPage.new_hand): the hand's row added to the table (in a template: a row stands
    alone in no other element, and htmx swaps what a template holds), the undo button and
    the chart swapped out of band. The first hand opens the empty history instead: the hint
    and the table, with the row, each in place of the hidden one while it is still hidden
    (a history a poll drew meanwhile, or hands kept offline shown in it, stay); the undo
    button and the chart in place of "No hand yet", which goes. Its row is added too, for a
    table that offline hands opened; static/js/app.js leaves out a row already there."""
    row = history_row(context, item)
    added = f'<template><tbody hx-swap-oob="beforeend:#history tbody">{row}</tbody></template>\n'
    if context["state"].hand_count == 1:
        return SafeString(
            f"{_hint_and_table(context, [row], opening=True)}\n"
            f'<div hx-swap-oob="beforebegin:#no-hand-yet">{undo_button(context)}'
            f"{chart(context)}</div>\n"
            f'<p id="no-hand-yet" hx-swap-oob="delete"></p>\n{added}')
    with context.push(part_oob=True):
        return SafeString(f"{added}{undo_button(context)}{chart(context)}")


class HistoryNode(template.Node):
    def __init__(self, edit_row, after_chart):
        self.edit_row, self.after_chart = edit_row, after_chart

    def render(self, context):
        rows, read_only = context.get("rows"), context.get("read_only")
        oob = _OOB if context.get("oob") else ""
        table = ""
        if rows or not read_only:
            drawn = []
            for item in rows or ():
                if item["row"].line.number == context.get("edit_number"):
                    with context.push(item=item):
                        drawn.append(self.edit_row.render(context))
                else:
                    drawn.append(history_row(context, item))
            table = _hint_and_table(context, drawn)
        if rows:
            undo = "" if read_only else undo_button(context)
            played = f"\n  {undo}\n  {chart(context)}\n  "
        else:
            said = _("No hand yet. %(dealer)s deals first.") % {
                "dealer": escape(context.get("first_dealer"))}
            played = f'\n  <p class="muted" id="no-hand-yet">{said}</p>\n  '
        title = _("Hands")
        return SafeString(
            f'\n<section id="history" class="card" aria-labelledby="history-title"{oob}>\n'
            f'  <h2 id="history-title">{title}</h2>\n'
            f"  {table}\n"
            f"  {played}\n"
            f"  {self.after_chart.render(context)}\n"
            f"</section>\n")


@register.tag
def history_section(parser, token):
    """`{% history_section %}EDIT ROW{% after_chart %}…{% endhistory_section %}`: the
    history's section, the hands' table with its rows, the undo button and the chart drawn
    here; the row being corrected drawn by what comes first (with `item` set), and what
    comes after the chart (the changes) by what follows `{% after_chart %}`."""
    edit_row = parser.parse(("after_chart",))
    parser.delete_first_token()
    after_chart = parser.parse(("endhistory_section",))
    parser.delete_first_token()
    return HistoryNode(edit_row, after_chart)
