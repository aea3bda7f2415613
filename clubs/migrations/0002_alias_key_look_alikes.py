"""A club's name keys (Alias.key) compared by what names look like (scoring.names.key: the
Unicode TS #39 skeleton, case aside), no longer only by case, width and spacing.

Each key is recomputed from a name that gave it: the player's own name, or a name typed for
them in a club match (their seats); a key no name is found for is recomputed from itself.
Two keys that become one (a look-alike typed in another script: "Les Bleus" with a
Cyrillic B beside "Les Bleus") keep the older: the name then finds the player it found first.
"""

import unicodedata
from collections import defaultdict

from django.db import migrations, models

from scoring import names

# A character of a key while it is being changed: no name holds a control character.
MOVING = "\u0001"


def key_before(value: str) -> str:
    """scoring.names.key as it was: case, width, spacing and invisible characters aside."""
    plain = names.SHAPING.sub("", names.INVISIBLE.sub("", value))
    folded = unicodedata.normalize("NFKC", plain).casefold()
    return names.normalise(unicodedata.normalize("NFKC", folded))


def recompute_keys(apps, schema_editor):
    Alias = apps.get_model("clubs", "Alias")
    Member = apps.get_model("clubs", "Member")
    Seat = apps.get_model("clubs", "Seat")
    for club_id in Alias.objects.values_list("club_id", flat=True).distinct():
        typed = defaultdict(set)  # (member, key before) -> the names that gave it
        found = [*Member.objects.filter(club_id=club_id).values_list("pk", "name"),
                 *Seat.objects.filter(member__club_id=club_id).values_list(
                     "member_id", "player__name")]
        for member_id, name in found:
            typed[member_id, key_before(name)].add(name)
        kept, moving = {}, []
        for alias in Alias.objects.filter(club_id=club_id).order_by("pk"):
            given = typed.get((alias.member_id, alias.key))
            key = min(names.key(name) for name in given) if given else names.key(alias.key)
            if key in kept:
                alias.delete()
            else:
                kept[key] = alias
                if alias.key != key:
                    moving.append((alias, key))
        # Out of the way first, so that no key is taken twice on the way.
        for alias, _key in moving:
            Alias.objects.filter(pk=alias.pk).update(key=f"{MOVING}{alias.pk}")
        for alias, key in moving:
            Alias.objects.filter(pk=alias.pk).update(key=key)


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0001_clubs'),
    ]

    operations = [
        migrations.AlterField(
            model_name='alias',
            name='key',
            field=models.CharField(max_length=1080, verbose_name='name key'),
        ),
        migrations.RunPython(recompute_keys, migrations.RunPython.noop),
    ]
