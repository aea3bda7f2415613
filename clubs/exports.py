"""The ladder and a season's standings as CSV, spreadsheet-safe (tournaments.exports)."""

from clubs import rating_model

# The project's one CSV writer: a byte order mark for Excel, formulas defused.
from tournaments.exports import csv_text


def ladder_csv(ladder) -> str:
    return csv_text(["rank", "player", "nickname", "rating", "mu", "sigma", "rated_matches"], (
        [rank, m.name, m.nickname, round(rating_model.shown(m.mu, m.sigma), 2),
         round(m.mu, 4), round(m.sigma, 4), m.rated_matches]
        for rank, m in enumerate(ladder, start=1)))


def season_csv(view) -> str:
    members = view["members"]
    return csv_text(
        ["rank", "player", "points", "nights", *(night.name for night in view["nights"])],
        ([s.rank, members[s.member].name, s.points, s.nights,
          *("" if p is None else (p if counted else f"({p})")
            for p, counted in zip(s.night_points, s.counted, strict=True))]
         for s in view["standings"]))
