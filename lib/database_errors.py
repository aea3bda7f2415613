"""The answer to a request whose database failed it: "not saved, try again" (503).

For the site's whole middleware chain (config.middleware.DatabaseUnavailableMiddleware) and
for the spectators' short one (tournaments/middleware.py).
"""

import logging

from django.db import InterfaceError, NotSupportedError, OperationalError, connections
from django.http import JsonResponse
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _

logger = logging.getLogger("config.middleware")  # where operators have always found it


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
