"""What the score keeper's page needs to keep hands on the phone while offline
(static/js/offline.js): the rules it scores them with, as data from scoring.rules."""

import json

from django import template
from django.conf import settings

from scoring import display, rules
from scoring.standing import standing_words

register = template.Library()


@register.simple_tag
def offline_standing_words(match) -> dict[str, str]:
    """The scoreboard's standing line, in the page's language, for the score as it will be
    once the hands kept on the phone are sent (scoring.standing.standing_words)."""
    return standing_words(match)


@register.simple_tag
def offline_retry_seconds() -> int:
    """How long a hand the phone could not send waits before it is tried again."""
    return settings.OFFLINE_RETRY_SECONDS


@register.simple_tag
def offline_rules(match) -> str:
    """JSON for the page's data-rules attribute: the target, how a hand scores (the totals
    of each pair of shares, the politaine's bonus, the card points of counted cards, La
    Quadrette's points for every split of the tricks, what four sevens does), and who deals
    hands 1 to 4 for each first dealer (the deal turns every four hands). The server's
    answer stays the truth once the hands are sent."""
    variant = match.variant
    quadrette = match.is_quadrette
    data = {
        "target": match.target,
        "quadrette": quadrette,
        "totals": rules.PAIR_TOTALS,
        "bonus": rules.POLITAINE_BONUS,
        "dealers": {
            seat: [display.seat_label(match, rules.dealer_of_hand(variant, seat, number))
                   for number in range(1, len(rules.SEATS) + 1)]
            for seat in rules.SEATS
        },
    }
    if not quadrette:  # counted cards: [aces][counters][took the last trick] -> card points
        data["card_points"] = [
            [[rules.card_points(aces, counters, last) for last in (False, True)]
             for counters in range(rules.COUNTERS_IN_PACK + 1)]
            for aces in range(rules.ACES_IN_PACK + 1)]
    if not quadrette:
        # Four sevens (a hand of their own): what it scores, and that the team dealt them
        # wins the match at once, whatever the score.
        dealt = rules.step(rules.match_state(variant, match.target, rules.SEATS[0], []),
                                rules.Hand.four_sevens(rules.Team.A))
        data["four_sevens"] = {"points": list(dealt.score),
                               "wins": dealt.winner == rules.Team.A}
    if quadrette:
        total = rules.PAIR_TOTALS["tricks"]
        data["tricks"] = {str(a): list(rules.quadrette_points(rules.Pair(a, total - a)))
                          for a in range(total + 1)}
    return json.dumps(data)
