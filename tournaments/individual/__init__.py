"""Individual nights (à la mêlée): players come alone and each round are seated four to a
table with a new partner. Plain Python with no Django import, like tournaments/draw.py.

- `rounds`: a round's tables and sit-outs, and what the rounds so far add up to;
- `whist`: the whist tournaments shipped for 8 to 20 players, followed while nobody arrives
  or leaves;
- `lookahead`: whether the rounds to come can still give everyone new partners;
- `draw`: the next round;
- `standings`: the players' standings, with what sitting out scores.
"""

from tournaments.individual.draw import IndividualDraw, draw_individual_round
from tournaments.individual.rounds import SEATS, TABLE, PastRound, Seating
from tournaments.individual.standings import (
    TIEBREAKS,
    PlayerRecord,
    PlayerStanding,
    RoundRecord,
    SitOut,
    SitOutRule,
    TableResult,
    individual_standings,
)
from tournaments.individual.whist import whist_schedule, whist_sizes

__all__ = [
    "SEATS",
    "TABLE",
    "TIEBREAKS",
    "IndividualDraw",
    "PastRound",
    "PlayerRecord",
    "PlayerStanding",
    "RoundRecord",
    "Seating",
    "SitOut",
    "SitOutRule",
    "TableResult",
    "draw_individual_round",
    "individual_standings",
    "whist_schedule",
    "whist_sizes",
]
