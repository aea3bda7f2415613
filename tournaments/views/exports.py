"""Downloads for the organizer: standings and results as CSV, the whole tournament as JSON."""

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse
from django.utils.cache import add_never_cache_headers
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from tournaments import exports
from tournaments.overview import overview
from tournaments.views.manage import organizer_view


def _download(content: str, content_type: str, filename: str) -> HttpResponse:
    """A file to save, that no cache keeps (`Cache-Control: no-store, private`...): the JSON
    holds every table's link secret, the CSVs the night's names and results."""
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    add_never_cache_headers(response)
    return response


def _name(tournament, suffix):
    return f"{slugify(tournament.name) or 'tournament'}-{suffix}"


@organizer_view
@require_GET
def standings_csv(request, tournament):
    return _download(exports.standings_csv(overview(tournament)), "text/csv; charset=utf-8",
                     _name(tournament, "standings.csv"))


@organizer_view
@require_GET
def results_csv(request, tournament):
    return _download(exports.results_csv(overview(tournament)), "text/csv; charset=utf-8",
                     _name(tournament, "results.csv"))


@organizer_view
@require_GET
def tournament_json(request, tournament):
    data = exports.tournament_data(overview(tournament))
    return _download(json.dumps(data, indent=2, ensure_ascii=False, cls=DjangoJSONEncoder),
                     "application/json", _name(tournament, "tournament.json"))
