"""Which writes in a row added one hand at the end: a poll from a phone that showed the
history before them sends their rows alone (scoring/views/table.py)."""

from django.db import migrations, models

from scoring import db_triggers


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0012_paper_result_after_hands'),
    ]

    operations = [
        # SQLite rebuilds scoring_match below: its triggers go first and come back last
        # (with the new columns among the whole numbers they check).
        migrations.RunPython(db_triggers.drop, db_triggers.create),
        migrations.AddField(
            model_name='match',
            name='hands_added_from',
            field=models.PositiveIntegerField(default=0, editable=False),
        ),
        migrations.AddField(
            model_name='match',
            name='hands_added_to',
            field=models.PositiveIntegerField(default=0, editable=False),
        ),
        migrations.RunPython(db_triggers.create, db_triggers.drop),
    ]
