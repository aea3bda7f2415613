"""python manage.py export_tournament ID [--output FILE]: a whole tournament as JSON."""

import json

from django.core.management.base import BaseCommand, CommandError
from django.core.serializers.json import DjangoJSONEncoder

from tournaments.exports import tournament_data
from tournaments.models import Tournament
from tournaments.overview import overview


class Command(BaseCommand):
    help = "Write a whole tournament (teams, rounds, every hand and correction) as JSON."

    def add_arguments(self, parser):
        parser.add_argument("tournament_id", type=int)
        parser.add_argument("--output", "-o", help="file to write (default: standard output)")

    def handle(self, *args, tournament_id, output=None, **options):
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is None:
            raise CommandError(f"There is no tournament {tournament_id}.")
        text = json.dumps(tournament_data(overview(tournament)), indent=2, ensure_ascii=False,
                          cls=DjangoJSONEncoder)
        if output:
            with open(output, "w", encoding="utf-8") as file:
                file.write(text + "\n")
            self.stderr.write(f"Wrote {tournament.name} to {output}.")
        else:
            self.stdout.write(text)
