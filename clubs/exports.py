"""The ladder and a season's standings as CSV, spreadsheet-safe (tournaments.exports)."""

from clubs import rating_model

# The project's one CSV writer: a byte order mark for Excel, formulas defused.
from tournaments.exports import csv_text


def ladder_csv(ladder, names) -> str:
    """The ladder, each name as the reader may read it (clubs.public_names)."""
    return csv_text(["rank", "player", "nickname", "rating", "mu", "sigma", "rated_matches"], (
        [rank, names.of(m), m.nickname if names.in_full(m) else "",
         round(rating_model.shown(m.mu, m.sigma), 2),
         round(m.mu, 4), round(m.sigma, 4), m.rated_matches]
        for rank, m in enumerate(ladder, start=1)))


def season_csv(view) -> str:
    members = view["members"]
    return csv_text(
        ["rank", "player", "points", "nights", *(night.name for night in view["nights"])],
        ([s.rank, view["names"].of(members[s.member]), s.points, s.nights,
          *("" if p is None else (p if counted else f"({p})")
            for p, counted in zip(s.night_points, s.counted, strict=True))]
         for s in view["standings"]))
