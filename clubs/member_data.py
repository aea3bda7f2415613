"""A copy of what the club holds on one member, as the member may ask for it: their names,
the club's matches they sat at (with partners, opponents and results), the hands they were
named for (politaines, four sevens, redeals), their rating after each rated match, and
their seasons. As JSON (the whole of it) and as CSV (a line per record, for a
spreadsheet)."""

from django.utils import timezone

from clubs import rating_model, seasons, selectors, stats
from clubs.models import Attribution, Member, Season
from clubs.public_names import PublicNames
from scoring.models import Player
from scoring.names import sort_key
from tournaments.exports import csv_text

FORMAT = "politaine-member-data"
VERSION = 1


def member_data(member: Member) -> dict:
    records = selectors.match_records(member.club_id, member=member.pk)
    found = stats.player_stats(member.pk, records, None, last=len(records))
    others = _Others(member)
    kinds = dict(Attribution.Kind.choices)
    return {
        "format": FORMAT, "version": VERSION,
        "club": {"id": member.club_id, "name": member.club.name},
        "member": {"id": member.pk, "name": member.name, "nickname": member.nickname,
                   "other_names": other_names(member),
                   "public_name": member.public_name or member.club.public_name,
                   "name_taken_off": member.anonymized_at},
        "matches": [{
            "match": r.match_id, "ended_at": r.ended_at,
            "team": others.team(r.team_name, r.pair), "partner": others.name(r.partner),
            "opponents": [others.name(o) for o in r.opponents],
            "opponents_team": others.team(r.opponent_name, r.opponents),
            "score_for": r.score_for,
            "score_against": r.score_against,
            "result": None if r.won is None else ("won" if r.won else "lost"),
        } for r in found.last_results],
        "attributions": [{
            "match": a.match_id, "hand": a.hand_number, "kind": a.kind,
            "kind_name": str(kinds[a.kind]), "at": a.created_at,
        } for a in Attribution.objects.filter(member=member).order_by("created_at", "pk")],
        "ratings": [{
            "match": c.match_id, "at": c.rated_at, "mu": c.mu_after, "sigma": c.sigma_after,
            "rating": round(rating_model.shown(c.mu_after, c.sigma_after), 4),
        } for c in selectors.rating_history(member.pk)],
        "seasons": _seasons(member),
    }


class _Others:
    """The club's players as a member's copy names them: the member in full, every other
    player as they chose to be shown in public (hidden: "Player 17"; initials: "Anne T."):
    the copy is the member's, the others' names are not theirs to give."""

    def __init__(self, member: Member):
        self.member_id = member.pk
        self.public = PublicNames(member.club, full=False)
        self.members = {m.pk: m for m in Member.objects.filter(club_id=member.club_id)}

    def name(self, pk: int | None) -> str | None:
        found = self.members.get(pk)
        if found is None:
            return None
        return found.name if pk == self.member_id else self.public.of(found)

    def team(self, typed: str, pair) -> str:
        """A team's typed name; its players' names as the copy gives them when one of them
        is shown otherwise than in full (as the public pages name the team)."""
        seated = [pk for pk in pair if pk in self.members]
        if all(pk == self.member_id or self.public.in_full(self.members[pk]) for pk in seated):
            return typed
        return " & ".join(self.name(pk) for pk in seated)


def other_names(member: Member) -> list[str]:
    """The other names the club's matches and nights typed for the member, as typed (the
    roster's aliases are only the keys names are compared by: "anne trernblay", never a
    name to give back)."""
    typed = set(Player.objects.filter(club_seat__member=member).values_list("name", flat=True))
    return sorted(typed - {member.name}, key=sort_key)


def _seasons(member: Member) -> list[dict]:
    found = []
    for season in Season.objects.filter(club_id=member.club_id).order_by("created_at", "pk"):
        nights = selectors.season_nights(season)
        for line in seasons.season_standings(nights, season.points_table, season.best_of):
            if line.member == member.pk:
                found.append({"season": season.name, "rank": line.rank,
                              "points": line.points, "nights": line.nights})
    return found


def member_csv(data: dict) -> str:
    """The copy as one table: a line per name, match, hand named for, rating and season."""
    person = data["member"]
    rows = [["name", "", "", "", person["name"], "", "", ""]]
    rows += [["nickname", "", "", "", person["nickname"], "", "", ""]] if person["nickname"] else []
    rows += [["other name", "", "", "", name, "", "", ""] for name in person["other_names"]]
    rows += [["match", m["match"], _when(m["ended_at"]), m["result"] or "", m["team"],
             m["partner"] or "", " & ".join(o or "" for o in m["opponents"]),
             f'{m["score_for"]}–{m["score_against"]}'] for m in data["matches"]]
    rows += [["hand named for", a["match"], _when(a["at"]), a["kind"], f'hand {a["hand"]}', "", "",
              ""] for a in data["attributions"]]
    rows += [["rating", c["match"], _when(c["at"]), c["rating"], f'mu {c["mu"]:.4f}',
              f'sigma {c["sigma"]:.4f}', "", ""] for c in data["ratings"]]
    rows += [["season", "", "", s["rank"], s["season"], f'{s["points"]} points',
              f'{s["nights"]} nights', ""] for s in data["seasons"]]
    return csv_text(["record", "match", "when", "result", "detail", "partner", "opponents",
                     "score"], rows)


def _when(moment) -> str:
    """A time as a spreadsheet and a reader take it: ISO 8601 in the club's time zone (the
    app's), to the second."""
    return timezone.localtime(moment).isoformat(timespec="seconds") if moment else ""
