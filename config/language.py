"""The language switch, posted without a CSRF token.

A token in the switch's form would make every page that shows it carry one, the pages
spectators follow included: a token drawn for each visit (and its cookie) was a sixth of
a visitor's standings page, and a page with a secret could not be compressed safely. What a
forged switch could do is change a reader's language; even so, a post that the browser says
comes from another site (`Sec-Fetch-Site`, `Origin`) is refused as a missing token is. The
rest is Django's own view: `next` only within the site, the language among the site's.
"""

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.utils.module_loading import import_string
from django.views import i18n
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST


def posted_from_this_site(request) -> bool:
    """What a browser says of where a post comes from: its Sec-Fetch-Site where it sends
    it, and its Origin where it sends one (this site's, or one the settings trust). A
    browser that sends neither is taken at its word."""
    if request.META.get("HTTP_SEC_FETCH_SITE", "same-origin") not in ("same-origin", "none"):
        return False
    origin = request.META.get("HTTP_ORIGIN")
    if origin is None:
        return True
    try:
        this_site = f"{request.scheme}://{request.get_host()}"
    except DisallowedHost:  # refused by the host check, which says so
        return False
    return origin in (this_site, *settings.CSRF_TRUSTED_ORIGINS)


@csrf_exempt
@require_POST
def set_language(request):
    if not posted_from_this_site(request):
        refuse = import_string(settings.CSRF_FAILURE_VIEW)
        return refuse(request, reason="the language switch was posted from another site")
    return i18n.set_language(request)
