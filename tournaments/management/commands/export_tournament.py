"""python manage.py export_tournament ID [--output FILE]: a whole tournament as JSON."""

from django.core.management.base import BaseCommand, CommandError

from scoring.backup_commands import add_output, write_export
from tournaments.exports import tournament_data
from tournaments.models import Tournament
from tournaments.overview import overview


class Command(BaseCommand):
    help = "Write a whole tournament (teams, rounds, every hand and correction) as JSON."

    def add_arguments(self, parser):
        parser.add_argument("tournament_id", type=int)
        add_output(parser)

    def handle(self, *args, tournament_id, output=None, **options):
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is None:
            raise CommandError(f"There is no tournament {tournament_id}.")
        write_export(self, tournament_data(overview(tournament)), tournament.name, output)
