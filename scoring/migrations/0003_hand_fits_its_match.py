"""Triggers that keep hands to their match's game and in sequence: scoring/db_triggers.py."""

from django.db import migrations

from scoring import db_triggers


class Migration(migrations.Migration):
    dependencies = [("scoring", "0002_match_state_constraints")]

    operations = [migrations.RunPython(db_triggers.create, db_triggers.drop)]
