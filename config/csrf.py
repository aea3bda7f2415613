"""CSRF protection that works with `Referrer-Policy: no-referrer`.

With that policy (chosen so that score keeper links never leak in a Referer header),
browsers send `Origin: null` on their posts and no Referer at all, and Django's origin and
referer checks would refuse every post. A browser also says where a request comes from in
`Sec-Fetch-Site`, which no page's script can set: an `Origin: null` that it says comes from
this site (`same-origin`; a browser that sends no Sec-Fetch-Site is taken at its token) is
read as this site's origin, before Django's own CsrfViewMiddleware checks the request. The
CSRF token, which an attacker cannot know, is still required on every unsafe request, and in
production the cookie is a `__Host-` cookie that no other site or subdomain can plant.
"""

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.middleware.csrf import CsrfViewMiddleware


def _this_origin(request) -> str | None:
    try:
        return f"{request.scheme}://{request.get_host()}"
    except DisallowedHost:  # refused by the host check, which says so
        return None


class NullOriginMiddleware:
    """An `Origin: null` that the browser says comes from this site is this site's origin."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if (request.META.get("HTTP_ORIGIN") == "null"
                and request.META.get("HTTP_SEC_FETCH_SITE", "same-origin") == "same-origin"
                and (origin := _this_origin(request))):
            request.META["HTTP_ORIGIN"] = origin
        return self.get_response(request)


def csrf_refusal(request):
    """The site's CSRF check for code outside the middleware (the API's session auth):
    None when the request passes, else Django's 403 response."""
    check = CsrfViewMiddleware(lambda request: None)
    check.process_request(request)
    return check.process_view(request, None, (), {})


def posted_from_this_site(request) -> bool:
    """What a browser says of where a post comes from, for a post that needs no token (the
    language switch): its Sec-Fetch-Site where it sends it, and its Origin where it sends
    one (this site's, or one the settings trust). A browser that sends neither is taken at
    its word."""
    if request.META.get("HTTP_SEC_FETCH_SITE", "same-origin") not in ("same-origin", "none"):
        return False
    origin = request.META.get("HTTP_ORIGIN")  # as NullOriginMiddleware left it
    return origin is None or origin in (_this_origin(request), *settings.CSRF_TRUSTED_ORIGINS)
