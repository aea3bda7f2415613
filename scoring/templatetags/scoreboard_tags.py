"""The scoreboard of the score keeper's page, drawn in Python: it comes back with every saved
hand and every poll that finds something new, and as a template partial it took a fifth of
that answer's drawing (docs/performance.md). The HTML is what the partial wrote, character
for character (tests/scoring/test_scoreboard_tag.py draws both on random matches, in both
languages).

`{% scoreboard %}` draws it from the context that MatchPage.scoreboard builds
(scoring/views/fragments.py).
"""

from django import template
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from lib.html import escape

register = template.Library()


def _title(context, match) -> str:
    where = ""
    if tournament := context.get("tournament"):
        where = _("%(name)s · round %(round)s, table %(table)s") % {
            "name": escape(tournament["name"]), "round": escape(tournament["round"]),
            "table": escape(tournament["table"])} + " · "
    to_target = _("to %(target)s") % {"target": match.target}
    return f"{where}{escape(match.variant_label)} · {to_target}"


def _team(team: dict, target: int) -> str:
    name, score = escape(team["name"]), team["score"]
    leading = " leading" if team["leading"] else ""
    said = _("%(name)s: %(score)s points") % {"name": name, "score": score}
    of_target = _("%(name)s: %(score)s of %(target)s") % {
        "name": name, "score": score, "target": target}
    return (f'\n    <div class="team team-{team["code"]}{leading}">\n'
            f'      <span class="name">{name}</span>\n'
            f'      <span class="total" aria-label="{said}">{score}</span>\n'
            f'      <progress max="{target}" value="{score}"\n'
            f'                aria-label="{of_target}">{score}</progress>\n'
            f"    </div>\n    ")


def _deal(context, match, state) -> str:
    if state.finished:
        return ""
    redeals = ""
    if match.redeals:
        said = _("Redeals")
        redeals = f"<div><dt>{said}</dt><dd>{match.redeals}</dd></div>"
    hand, deals, leads = _("Hand"), _("Deals"), _("Leads")
    return (f'\n  <dl class="deal">\n'
            f"    <div><dt>{hand}</dt><dd>{state.next_hand}</dd></div>\n"
            f'    <div><dt>{deals}</dt><dd>{escape(context["dealer"])}</dd></div>\n'
            f'    <div><dt>{leads}</dt><dd>{escape(context["leader"])}</dd></div>\n'
            f"    {redeals}\n"
            f"  </dl>\n  ")


def _confirmation(match) -> str:
    if match.confirmation == "disputed":
        if match.dispute_reason:
            said = _("The opponents dispute the score: “%(reason)s”. Correct the hand, or have "
                     "it confirmed.") % {"reason": escape(match.dispute_reason)}
        else:
            said = _("The opponents dispute the score. Correct the hand, or have it confirmed.")
        return f'\n  <p class="notice" role="alert" id="disputed">{said}</p>\n  '
    if match.confirmation == "waiting":
        said = _("Waiting for the opponents' confirmation.")
    elif match.confirmation == "confirmed":
        said = _("Confirmed by the opponents.")
    else:
        return ""
    return f'\n  <p class="hint" id="confirmation">{said}</p>\n  '


def _notices(context, match, state) -> str:
    time_called = ""
    if match.time_called_after is not None and not state.finished:
        said = _("Time is called: the match ends after the hand being played. The leader "
                 "wins; level scores play one more hand.")
        time_called = f'\n  <p class="notice" role="status">{said}</p>\n  '
    stale = ""
    if context.get("stale"):
        changed = _("The hands changed on another phone while you were on hand %(number)s.") % {
            "number": escape(context.get("entry_number"))}
        show = _("Show the current hand")
        stale = (f'\n  <p class="notice" role="alert">\n'
                 f"    {changed}\n"
                 f'    <a href="{escape(context["urls"]["table"])}">'
                 f"{show}</a>\n"
                 f"  </p>\n  ")
    return f"{time_called}\n  {stale}"


@register.simple_tag(takes_context=True)
def scoreboard(context):
    """The score, who deals and leads, the opponents' say, and the poll that keeps every
    phone up to date (out of band when the context's `oob` is set)."""
    match, state = context["match"], context["state"]
    oob = ' hx-swap-oob="true"' if context.get("oob") else ""
    classes = " finished" if state.finished else " tied" if state.tied_at_target else ""
    notes = "".join(f'<p class="result-note">{escape(note)}</p>'
                    for note in context.get("result_notes") or ())
    teams = "".join(_team(team, match.target) for team in context["teams"])
    return SafeString(
        f'\n<section id="scoreboard" class="scoreboard" aria-labelledby="match-title"\n'
        f'         data-score-a="{state.score.a}" data-score-b="{state.score.b}" '
        f'data-hand-count="{state.hand_count}" data-first-dealer="{escape(match.first_dealer)}"\n'
        f'         hx-get="{escape(context["poll_url"])}" hx-trigger="every 3s" hx-swap="none" '
        f'hx-include="#editing-hand, #entry [data-live-check]"\n'
        f"         hx-headers='{escape(context['poll_headers'])}'{oob}>\n"
        f'  <h1 id="match-title" class="match-title">{_title(context, match)}</h1>\n'
        f'  <div class="teams">\n    {teams}\n  </div>\n'
        f'  <p class="standing{classes}" role="status">{escape(context["standing"])}</p>\n'
        f"  {notes}\n"
        f"  {_deal(context, match, state)}\n"
        f"  {_confirmation(match)}\n"
        f"  {_notices(context, match, state)}\n"
        f"</section>\n")
