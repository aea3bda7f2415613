"""What the score keeper's page needs to keep hands on the phone while offline
(static/js/offline.js): the rules it scores them with, as data from scoring.rules."""

import json

from django import template

from scoring import display, rules

register = template.Library()


@register.simple_tag
def offline_rules(match) -> str:
    """JSON for the page's data-rules attribute: the target, how a hand scores (the totals
    of each pair of shares, the politaine's bonus, the card points of counted cards, La
    Quadrette's points for every split of the tricks), and who deals hands 1 to 4 for each
    first dealer (the deal turns every four hands). The server's answer stays the truth
    once the hands are sent."""
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
    if quadrette:
        total = rules.PAIR_TOTALS["tricks"]
        data["tricks"] = {str(a): list(rules.quadrette_points(rules.Pair(a, total - a)))
                          for a in range(total + 1)}
    return json.dumps(data)
