"""The database holds the rest of the rules on every path (scoring/db_triggers.py): no hand
after the one that ended the match, only the last hand taken out (each hand now names the
hand it follows), the first dealer kept once a hand is played, whole numbers only on SQLite.
The whole set of triggers is made afresh."""

import django.db.models.deletion
from django.db import migrations, models

from scoring import db_triggers


class Migration(migrations.Migration):
    dependencies = [("scoring", "0004_forfeit")]

    operations = [
        migrations.RunPython(db_triggers.drop, db_triggers.create),
        migrations.AddField(
            model_name="hand",
            name="follows",
            field=models.ForeignKey(blank=True, editable=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name="+", to="scoring.hand", verbose_name="follows"),
        ),
        migrations.RunPython(db_triggers.fill_follows, migrations.RunPython.noop),
        migrations.RunPython(db_triggers.create, db_triggers.drop),
    ]
