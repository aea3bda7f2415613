"""Middleware of the whole site: health checks, private answers, and a clear answer when
the database is away."""

import logging

from django.db import InterfaceError, NotSupportedError, OperationalError, connections
from django.http import HttpResponse, JsonResponse
from django.template.response import TemplateResponse
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

HEALTH_PATH = "/healthz"


class HealthCheckMiddleware:
    """`/healthz` answers 200 at once: no session, no host check, no database query."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path == HEALTH_PATH:
            return HttpResponse("ok", content_type="text/plain")
        return self.get_response(request)


class PrivateByDefaultMiddleware:
    """Every answer is for its reader's browser alone (`Cache-Control: private`) unless its
    view says the answer is the same for everyone who may read it (`public`): no shared
    cache in front of the app (a CDN, a school's proxy) keeps a form with someone's CSRF
    token, a keeper's link or an organizer's page to answer, or revalidate for, someone
    else. What a view said besides (no-cache, max-age) stays."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        said = {directive.split("=")[0].strip().lower()
                for directive in response.get("Cache-Control", "").split(",")}
        if "public" not in said:
            patch_cache_control(response, private=True)
        return response


class DatabaseUnavailableMiddleware:
    """When the database cannot be reached, nothing was saved: say so plainly (503), so the
    score keeper tries again; the hand number makes the retry safe."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        return database_unavailable(request, exception)


def database_unavailable(request, exception):
    """The answer to a request whose database failed it (503), or None for another error."""
    if _stale_prepared_statement(exception):
        # Another server's migration changed a column's type under a statement this
        # connection prepared (settings: prepare_threshold): the connection is let go,
        # with its statements, and the next request prepares them afresh.
        logger.warning("prepared statements dropped after a schema change: %s", exception)
        for connection in connections.all(initialized_only=True):
            if connection.connection is not None:
                connection.connection.close()
            connection.close()
    elif not isinstance(exception, (OperationalError, InterfaceError)):
        return None
    logger.error("database unavailable: %s", exception)
    message = _("Not saved: the server cannot reach its database right now. Try again in "
                "a moment; nothing is entered twice.")
    if request.path.startswith("/api/"):
        response = JsonResponse(
            {"detail": message, "code": "database_unavailable", "errors": []}, status=503
        )
    else:
        response = TemplateResponse(request, "503.html", {"message": message}, status=503)
        response.render()
    response["Retry-After"] = "5"
    return response


def _stale_prepared_statement(exception) -> bool:
    return isinstance(exception, NotSupportedError) and (
        "cached plan must not change result type" in str(exception))
