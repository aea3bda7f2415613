"""Who won or leads a match, in one sentence of the reader's language: for the match page,
the opponents' page, and the page's offline copy (which writes the figures itself)."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import display, rules


def _tied(a, b) -> str:
    return _("Tied %(a)s–%(b)s at the target: another hand is played, until the totals "
             "differ.") % {"a": a, "b": b}


def _level(a, b) -> str:
    return _("Level at %(a)s–%(b)s.") % {"a": a, "b": b}


def _leading(team, lead: int, shown=None) -> str:
    """The leader's sentence, in the plural form of `lead`, with `shown` written for it
    (the lead itself unless told)."""
    return ngettext("Leading: %(team)s, by %(lead)s point.",
                    "Leading: %(team)s, by %(lead)s points.", lead) % {
        "team": team, "lead": lead if shown is None else shown}


def standing_text(match, state: rules.MatchState) -> str:
    """Who won or leads, in one sentence."""
    names = {"a": match.team_name("a"), "b": match.team_name("b")}
    if state.finished:
        return display.result_text(state.winner, state.score.a, state.score.b,
                                   state.finish_reason, names["a"], names["b"])
    if state.tied_at_target:
        return _tied(state.score.a, state.score.b)
    if state.hand_count == 0:
        return _("No hand played yet.")
    if state.leading_team is None:
        return _level(state.score.a, state.score.b)
    lead = state.score.of(state.leading_team) - state.score.of(state.leading_team.other)
    return _leading(names[state.leading_team], lead)


def standing_words(match) -> dict[str, str]:
    """standing_text's sentences for a score the page works out itself (the hands kept on
    the phone while offline, static/js/offline.js), with {a}, {b}, {team}, {lead}, {won}
    and {lost} where the page writes the figures and the team."""
    names = {"a": match.team_name("a"), "b": match.team_name("b")}
    words = {"tied": _tied("{a}", "{b}"), "level": _level("{a}", "{b}")}
    for lead in (1, 2):  # a lead of 1, and of more (the plural of every language offered)
        words[f"leading-{lead}"] = _leading("{team}", lead, shown="{lead}")
    for reason in (rules.FinishReason.TARGET, rules.FinishReason.FOUR_SEVENS):
        for code, score_a, score_b in (("a", "{won}", "{lost}"), ("b", "{lost}", "{won}")):
            words[f"wins-{reason}-{code}"] = display.result_text(
                code, score_a, score_b, reason, names["a"], names["b"])
    return words
