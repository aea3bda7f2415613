"""The hand entry of the score keeper's page, drawn in Python: it comes back with every saved
hand, and as a template partial it took half of that answer's drawing (docs/performance.md).
The HTML is what the partial wrote, character for character (tests/scoring/test_entry_tag.py
draws both on random matches and forms, in both languages).

`{% hand_entry %}…{% endhand_entry %}` draws the section from the context that
MatchPage.entry builds (scoring/views/fragments.py); what it holds draws the hand's fields
(`{% cache_blank %}`, scoring/templatetags/hand_fields.py).
"""

from django import template
from django.template.defaulttags import CsrfTokenNode
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from lib.html import escape
from lib.urls import cached_reverse
from scoring.forms import FourSevensForm

register = template.Library()


def _hidden_number(form) -> str:
    """A form's hidden hand number, as `{{ form.number }}` writes it (without Django's
    widget templates for a blank form)."""
    number, auto_id = form.initial.get("number"), form.auto_id
    if form.is_bound or type(number) is not int or not isinstance(auto_id, str) or \
            auto_id.count("%s") != 1:
        return str(form["number"])
    return (f'<input type="hidden" name="number" value="{number}" '
            f'id="{escape(auto_id % "number")}">')


def _finished(context, state, read_only) -> str:
    played = ngettext("%(hands)s hand played.", "%(hands)s hands played.",
                      state.hand_count) % {"hands": state.hand_count}
    still = "" if read_only else _("A hand can still be corrected or undone below.")
    notice = f'<p class="notice">{escape(read_only)}</p>' if read_only else ""
    rematch = ""
    if context.get("can_rematch"):
        again, new = _("Play again, same teams"), _("New match")
        rematch = (
            f'\n    <form method="post" action="'
            f'{escape(cached_reverse("match_rematch", pk=context["match"].pk))}">'
            f"{CsrfTokenNode().render(context)}\n"
            f'      <button type="submit" class="primary">{again}</button>\n'
            f"    </form>\n"
            f'    <a class="button" href="{escape(cached_reverse("match_new"))}">'
            f"{new}</a>\n    ")
    title = _("End of the match")
    return (f'\n  <h2 id="entry-title">{title}</h2>\n'
            f"  <p>{played}\n     {still}</p>\n"
            f"  {notice}\n"
            f'  <div class="actions">\n    {rematch}\n  </div>\n  ')


def _four_sevens(context, csrf: str) -> str:
    form, urls = context["four_sevens_form"], context["urls"]
    url = escape(urls["four_sevens"])
    if form.is_bound:
        confirm = form["confirm"]
        widget, confirm_id, label = str(confirm), confirm.id_for_label, confirm.label
        errors = "".join(f'<p class="field-error">{escape(error)}</p>'
                         for error in confirm.errors)
        others = "".join(f'<p class="field-error">{escape(error)}</p>'
                         for error in form.non_field_errors())
    else:  # a blank form (FourSevensForm.blank): its ids, as _hidden_number's, else asked
        auto_id = form.auto_id
        confirm_id = auto_id % "confirm" if isinstance(auto_id, str) and \
            auto_id.count("%s") == 1 else form["confirm"].auto_id
        label = FourSevensForm.base_fields["confirm"].label
        widget = f'<input type="checkbox" name="confirm" required id="{escape(confirm_id)}">'
        errors = others = ""
    buttons = []
    for team in context["teams"]:
        said = _("Four sevens for %(name)s") % {"name": escape(team["name"])}
        buttons.append(f'\n        <button type="submit" name="team" '
                       f'value="{escape(team["code"])}" class="danger">{said}</button>\n        ')
    redeal = escape(urls["redeal"])
    summary, rule = _("Four sevens"), _(
        "A player dealt all four 7s wins the match for the team at once; the hand is not "
        "played.")
    redeal_words = _("Redeal (nothing scored)")
    return (
        f'\n  <details class="four-sevens"{" open" if form.errors else ""}>\n'
        f"    <summary>{summary}</summary>\n"
        f'    <form method="post" action="{url}" hx-post="{url}"\n'
        f'          hx-target="#entry" hx-swap="outerHTML">\n'
        f"      {csrf}\n"
        f'      {_hidden_number(form)}\n'
        f"      <p>{rule}</p>\n"
        f'      <div class="field check">\n'
        f"        {widget}\n"
        f'        <label for="{escape(confirm_id)}">{escape(label)}</label>\n'
        f"      </div>\n"
        f"      {errors}\n"
        f"      {others}\n"
        f'      <div class="actions">\n        {"".join(buttons)}\n      </div>\n'
        f"    </form>\n"
        f"  </details>\n"
        f'  <form method="post" action="{redeal}" hx-post="{redeal}" hx-swap="none" '
        f'class="redeal">\n'
        f"    {csrf}\n"
        f'    <button type="submit" class="secondary" id="redeal-button">'
        f"{redeal_words}</button>\n"
        f"  </form>\n  ")


def _entering(context, state, fields: str) -> str:
    form, match = context["form"], context["match"]
    csrf = CsrfTokenNode().render(context)
    record = escape(context["urls"]["record"])
    tied = (f'<p class="notice">{escape(context["standing"])}</p>'
            if state.tied_at_target else "")
    save = _("Save hand %(number)s") % {"number": state.next_hand}
    title = _("Hand %(number)s") % {"number": state.next_hand}
    return (
        f'\n  <h2 id="entry-title">{title}</h2>\n'
        f"  {tied}\n"
        f'  <form method="post" action="{record}" hx-post="{record}" hx-target="#entry"\n'
        f'        hx-swap="outerHTML" novalidate class="hand-form">\n'
        f"    {csrf}\n"
        f'    {_hidden_number(form)}\n'
        f"    \n"
        f'    <input type="hidden" name="seen" value="{escape(context["seen"])}">\n'
        f"    {fields}\n"
        f'    <button type="submit" class="primary big">{save}</button>\n'
        f"  </form>\n\n"
        f'  {"" if match.is_quadrette else _four_sevens(context, csrf)}\n  ')


class HandEntryNode(template.Node):
    def __init__(self, nodelist):
        self.nodelist = nodelist

    def render(self, context):
        state, read_only = context["state"], context.get("read_only")
        if state.finished:
            inside = _finished(context, state, read_only)
        elif read_only:
            title = _("Hand %(number)s") % {"number": state.next_hand}
            inside = (f'\n  <h2 id="entry-title">{title}</h2>\n'
                      f'  <p class="notice" role="status">{escape(read_only)}</p>\n  ')
        else:
            inside = _entering(context, state, self.nodelist.render(context))
        oob = ' hx-swap-oob="true"' if context.get("oob") else ""
        rules = _("Rules of the game")
        return SafeString(
            f'\n<section id="entry" class="card entry" aria-labelledby="entry-title"{oob}>\n'
            f"  {inside}\n"
            f'  <p class="help"><a href="{escape(cached_reverse("rules"))}">'
            f"{rules}</a></p>\n"
            f"</section>\n")


@register.tag
def hand_entry(parser, token):
    """`{% hand_entry %}…{% endhand_entry %}`: the entry section; what it holds draws the
    fields of the hand being entered."""
    nodelist = parser.parse(("endhand_entry",))
    parser.delete_first_token()
    return HandEntryNode(nodelist)
