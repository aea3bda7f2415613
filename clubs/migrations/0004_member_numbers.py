"""Each club's players numbered 1, 2, 3... in the order they joined (their ids' order): the
number a hidden or taken-off name reads ("Player 26") was the database's id, which another
server gives anew. A name taken off ("#<id>") takes the number, on its matches too."""

from django.db import migrations, models
from django.db.models import Q

from scoring import names


def number_members(apps, schema_editor):
    Club = apps.get_model("clubs", "Club")
    Member = apps.get_model("clubs", "Member")
    Alias = apps.get_model("clubs", "Alias")
    Seat = apps.get_model("clubs", "Seat")
    Team = apps.get_model("scoring", "Team")
    Player = apps.get_model("scoring", "Player")
    Entry = apps.get_model("tournaments", "Entry")
    for club in Club.objects.order_by("pk").iterator():
        members = list(Member.objects.filter(club=club).order_by("pk"))
        for number, member in enumerate(members, start=1):
            member.number = number
        Member.objects.bulk_update(members, ["number"], batch_size=500)
        Club.objects.filter(pk=club.pk).update(last_member_number=len(members))
        # The names taken off were "#<id>": their aliases go first, since another
        # member's new number may be one of them.
        renamed = {f"#{m.pk}": f"#{m.number}" for m in members
                   if m.anonymized_at is not None and m.pk != m.number}
        if not renamed:
            continue
        taken_off = [m for m in members if f"#{m.pk}" in renamed]
        Alias.objects.filter(member__in=taken_off,
                             key__in=[names.key(old) for old in renamed]).delete()
        for member in taken_off:
            old, new = f"#{member.pk}", f"#{member.number}"
            member.name = new
            member.save(update_fields=["name"])
            players = list(Seat.objects.filter(member=member).values_list("player_id",
                                                                          flat=True))
            Player.objects.filter(pk__in=players, name=old).update(name=new)
            # Their teams (an individual night's entry is a team of their name alone).
            theirs = Team.objects.filter(
                Q(first_player__in=players) | Q(second_player__in=players)
                | Q(pk__in=Entry.objects.filter(player__in=players).values("team_id")))
            for team in theirs.filter(Q(name=old) | Q(name__startswith=f"{old} &")
                                      | Q(name__endswith=f"& {old}")):
                parts = [new if part == old else part for part in team.name.split(" & ")]
                team.name = " & ".join(parts)[:60]
                team.save(update_fields=["name"])
        for member in taken_off:
            if not Alias.objects.filter(club=club, key=names.key(member.name)).exists():
                Alias.objects.create(club=club, key=names.key(member.name), member=member)
    # PostgreSQL checks the foreign keys of the rows written at the transaction's end: now,
    # so that the next operation may alter the table in the same transaction.
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


class Migration(migrations.Migration):

    dependencies = [
        ("clubs", "0003_members_privacy"),
        ("scoring", "0013_hands_added"),
        ("tournaments", "0008_results_version"),
    ]

    operations = [
        migrations.AddField(
            model_name="club",
            name="last_member_number",
            field=models.PositiveIntegerField(default=0, verbose_name="last player's number"),
        ),
        migrations.AddField(
            model_name="member",
            name="number",
            field=models.PositiveIntegerField(null=True, verbose_name="number"),
        ),
        migrations.RunPython(number_members, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="member",
            name="number",
            field=models.PositiveIntegerField(verbose_name="number"),
        ),
        migrations.AddConstraint(
            model_name="member",
            constraint=models.UniqueConstraint(fields=("club", "number"),
                                               name="member_number_unique"),
        ),
        migrations.AddConstraint(
            model_name="member",
            constraint=models.CheckConstraint(condition=Q(number__gte=1),
                                              name="member_number_from_one"),
        ),
    ]
