"""A result from paper may follow the hands kept on a phone that died mid-match: the
constraint no longer asks for no hand, a trigger holds the result to no less than their
score (scoring.db_triggers)."""

from django.db import migrations, models

import scoring.rules
from scoring import db_triggers


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0011_confirmation_step_version'),
    ]

    operations = [
        # SQLite rebuilds scoring_match below: its triggers go first and come back last.
        migrations.RunPython(db_triggers.drop, db_triggers.create),
        migrations.RemoveConstraint(
            model_name='match',
            name='match_paper_result_is_final_and_has_no_hand',
        ),
        migrations.AddConstraint(
            model_name='match',
            constraint=models.CheckConstraint(condition=models.Q(('from_paper', False), models.Q(('forfeited_by__isnull', True), ('status', scoring.rules.Status['FINISHED'])), _connector='OR'), name='match_paper_result_is_final'),
        ),
        migrations.RunPython(db_triggers.create, db_triggers.drop),
    ]
