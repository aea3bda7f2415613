from django.db import migrations, models

from scoring import db_triggers


def hold_the_disputes_already_made(apps, schema_editor):
    """A match disputed before this migration holds its dispute on the values that stand
    (scoring.confirmations: what is disputed is what stood when it was)."""
    from scoring.confirmations import dispute_of

    Match = apps.get_model("scoring", "Match")
    Hand = apps.get_model("scoring", "Hand")
    for match in Match.objects.filter(confirmation="disputed"):
        mode = "result" if match.from_paper else match.confirmation_mode
        hands = list(Hand.objects.filter(match_id=match.pk).order_by("number"))
        number, values = dispute_of(mode, match, hands)
        Match.objects.filter(pk=match.pk).update(disputed_hand=number, disputed_values=values)


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0009_confirmation_and_paper'),
    ]

    operations = [
        # SQLite rebuilds scoring_match below: its triggers go first and come back last.
        migrations.RunPython(db_triggers.drop, db_triggers.create),
        migrations.AddField(
            model_name='match',
            name='disputed_hand',
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='disputed hand'),
        ),
        migrations.AddField(
            model_name='match',
            name='disputed_values',
            field=models.CharField(blank=True, editable=False, max_length=64, verbose_name='disputed values'),
        ),
        migrations.RunPython(db_triggers.create, db_triggers.drop),
        migrations.RunPython(hold_the_disputes_already_made, migrations.RunPython.noop),
    ]
