"""How a request reaches a match's table: its keeper's account, or the score keeper link.

The same views serve both ways in, under two URL namespaces; `TableAccess.url` builds the
links of the page for the way this request came.
"""

from dataclasses import dataclass
from functools import cached_property, wraps

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpResponseForbidden
from django.urls import reverse
from django.utils.translation import gettext as _

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
            return reverse(f"{LINK}:{name}", kwargs={"token": self.token, **kwargs})
        return reverse(f"{OWNED}:{name}", kwargs={"pk": self.match.pk, **kwargs})

    @cached_property
    def page_urls(self) -> dict[str, str]:
        """The page's links, for the way this request came."""
        return {name: self.url(name) for name in PAGE_URL_NAMES}


def table_view(view):
    """Resolve the match from the URL (id for its keepers, or link token) or answer 404."""

    @wraps(view)
    def wrapper(request, *args, pk=None, token=None, **kwargs):
        if token is not None:
            access = TableAccess(match_for_table(token=token), token=token)
        else:
            if not request.user.is_authenticated:
                if request.htmx:
                    # A page whose session ended meanwhile: its poll or its save is refused
                    # (the page says to reload it), never answered with the login page.
                    return HttpResponseForbidden(_("Sign in again: reload the page."))
                return redirect_to_login(request.get_full_path())
            match = match_for_table(pk=pk)
            if not can_keep_score(request.user, match):
                raise Http404
            access = TableAccess(match)
        return view(request, access, *args, **kwargs)

    return wrapper
