"""A spectator's request for a public tournament's page, answered through a short chain of
the site's middleware: the language, the host's check, the page's headers and htmx's
details, not sessions, CSRF, authentication or messages.

Every projector and phone in the room asks for these pages, over and over, and a spectator
has no account: the answer is the same for all of them but for their language and the path
they came by (tournaments/views/public.py keeps it). A request with a session cookie (maybe
signed in, maybe a message waiting) or a messages cookie goes the whole way, as does one the
view does not find (a private tournament, one that is not there: the site's 404 page). One
the database fails is answered "try again" (503) here, as the whole way would.
"""

import re

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.exceptions import DisallowedHost
from django.db import DatabaseError
from django.http import Http404
from django.utils.functional import cached_property
from django.utils.module_loading import import_string

from lib.database_errors import database_unavailable
from lib.urls import path_info_pattern
from tournaments.views import public

# Of the site's middleware (settings.MIDDLEWARE, in its order), what a spectator's answer
# needs. What runs before this one (the health check, security headers, static files) ran.
FOR_SPECTATORS = (
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "config.middleware.ContentSecurityPolicyMiddleware",
)
_PK = 7_301_947_263  # a stand-in for the tournament's id, to find it in the URLs


class SpectatorMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        chain = self._view
        for path in reversed([path for path in settings.MIDDLEWARE if path in FOR_SPECTATORS]):
            chain = import_string(path)(chain)
        self._chain = chain

    @cached_property
    def _pages(self) -> re.Pattern:
        """The public pages' paths, as the URL configuration writes them: the tournament's
        id captured in a group named after the page's URL."""
        return re.compile("|".join(
            path_info_pattern(name, "pk", _PK, f"(?P<{name}>[0-9]{{1,18}})")
            for name in public.VIEWS))

    def __call__(self, request):
        if (request.method == "GET" and settings.SESSION_COOKIE_NAME not in request.COOKIES
                and CookieStorage.cookie_name not in request.COOKIES):
            found = self._pages.fullmatch(request.path_info)
            if found is not None and self._host_served(request):
                request.spectators_page = found
                try:
                    return self._chain(request)
                except Http404:
                    del request.spectators_page
        return self.get_response(request)

    @staticmethod
    def _host_served(request) -> bool:
        """A host the site does not serve is refused (400) the whole way, in its words."""
        try:
            request.get_host()
        except DisallowedHost:
            return False
        return True

    @staticmethod
    def _view(request):
        found = request.spectators_page
        request.user = AnonymousUser()  # no session: nobody signed in
        try:
            response = public.VIEWS[found.lastgroup](request, int(found[found.lastgroup]))
        except DatabaseError as error:
            # Answered here, as the whole way would (503), not asked again the whole way: a
            # pool that timed out would keep every phone in the room waiting twice as long.
            response = database_unavailable(request, error)
            if response is None:
                raise

        if hasattr(response, "render"):  # a TemplateResponse, rendered as Django's handler does
            response = response.render()
        return response
