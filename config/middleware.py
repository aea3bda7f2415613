"""Middleware of the whole site: health checks, and a clear answer when the database is away."""

import logging

from csp.middleware import CSPMiddleware
from django.db import InterfaceError, NotSupportedError, OperationalError, connections
from django.http import HttpResponse, JsonResponse
from django.template.response import TemplateResponse
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


class ContentSecurityPolicyMiddleware(CSPMiddleware):
    """django-csp's, except on a 304: nothing is drawn from it (the page keeps the policy it
    came with), and the phones' polls that find nothing new are most of the requests."""

    def process_response(self, request, response):
        if response.status_code == 304:
            return response
        return super().process_response(request, response)


class DatabaseUnavailableMiddleware:
    """When the database cannot be reached, nothing was saved: say so plainly (503), so the
    score keeper tries again; the hand number makes the retry safe."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
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
