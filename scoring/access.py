"""How a request reaches a match's table: its keeper's account, or the score keeper link.

The same views serve both ways in, under two URL namespaces; `TableAccess.url` builds the
links of the page for the way this request came.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property, wraps

from django.contrib.auth.views import redirect_to_login
from django.http import Http404

from lib.urls import cached_reverse, cached_reverse_each
from scoring.models import Match
from scoring.permissions import can_keep_score
from scoring.selectors import match_for_table

OWNED = "owned"
LINK = "link"
# The links every fragment of the match page may hold.
PAGE_URL_NAMES = ("table", "live", "record", "check", "four_sevens", "redeal", "undo",
                  "first_dealer", "manifest", "send")


@dataclass(frozen=True)
class TableAccess:
    match: Match
    token: str | None = None

    @property
    def via_link(self) -> bool:
        return self.token is not None

    def url(self, name: str, **kwargs) -> str:
        if self.via_link:
            return cached_reverse(f"{LINK}:{name}", token=self.token, **kwargs)
        return cached_reverse(f"{OWNED}:{name}", pk=self.match.pk, **kwargs)

    @cached_property
    def page_urls(self) -> Mapping[str, str]:
        """The page's links (read only), made once per process and table."""
        if self.via_link:
            return cached_reverse_each(LINK, PAGE_URL_NAMES, token=self.token)
        return cached_reverse_each(OWNED, PAGE_URL_NAMES, pk=self.match.pk)


def table_view(view):
    """Resolve the match from the URL (id for its keepers, or link token) or answer 404."""

    @wraps(view)
    def wrapper(request, *args, pk=None, token=None, **kwargs):
        if token is not None:
            access = TableAccess(match_for_table(token=token), token=token)
        else:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            match = match_for_table(pk=pk)
            if not can_keep_score(request.user, match):
                raise Http404
            access = TableAccess(match)
        return view(request, access, *args, **kwargs)

    return wrapper
