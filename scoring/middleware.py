"""A phone's poll through the score keeper link that finds nothing new: answered 304 before
the rest of the site's middleware runs (sessions, language, CSRF, messages, ...).

Such polls are most of a club night's requests: every phone asks every 3 seconds. The
answer needs nothing but the match's version (one small query), the language the page is
drawn in and the hand the phone is entering, which make the ETag (scoring/views/table.py's
`live` checks the same ETag, for the polls this does not answer). Anything else, or any
doubt, goes on to the view as before.
"""

import re

from django.db import DatabaseError
from django.http import HttpResponseNotModified
from django.utils.functional import cached_property
from django.utils.translation import get_language_from_request

from lib.urls import path_info_pattern
from scoring.selectors import match_version
from scoring.views.fragments import etag_of
from scoring.views.table import _int, live_headers

_TOKEN = "TOKEN"


class UnchangedLinkPollMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    @cached_property
    def _poll_path(self) -> re.Pattern:
        """The link's poll URL, as the URL configuration writes it, the token captured."""
        return re.compile(path_info_pattern("link:live", "token", _TOKEN, "([^/]+)"))

    def __call__(self, request):
        known = request.headers.get("If-None-Match")
        if known and request.method == "GET":
            found = self._poll_path.fullmatch(request.path_info)
            if found is not None:
                unchanged = self._unchanged(request, found.group(1), known)
                if unchanged is not None:
                    return unchanged
        return self.get_response(request)

    def _unchanged(self, request, token: str, known: str):
        request.get_host()  # a host the site does not serve is refused (400), as anywhere
        try:
            version = match_version(token=token)
        except DatabaseError:
            return None  # the view says so in the site's words (config/middleware.py)
        if version is None:
            return None
        etag = etag_of(version.pk, version.version, _int(request.GET.get("number")),
                       language=get_language_from_request(request))
        if etag not in known:
            return None
        response = live_headers(HttpResponseNotModified(), etag)
        # As the page the poll would bring is marked: it differs by language (and cookie).
        response["Vary"] = "Cookie, Accept-Language"
        return response
