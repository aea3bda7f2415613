"""CSRF protection that works with `Referrer-Policy: no-referrer`.

With that policy (chosen so that score keeper links never leak in a Referer header),
browsers send `Origin: null` on form posts and no Referer at all, and Django's origin and
referer checks would refuse every post. An `Origin: null` therefore passes the origin check
when the browser also says the request comes from this site (`Sec-Fetch-Site: same-origin`;
a browser that sends no Sec-Fetch-Site header is taken at its token). The CSRF token, which
an attacker cannot know, is still required on every unsafe request, and in production the
cookie is a `__Host-` cookie that no other site or subdomain can plant.
"""

from django.middleware.csrf import CsrfViewMiddleware


class NoReferrerCsrfViewMiddleware(CsrfViewMiddleware):
    def _origin_verified(self, request):
        if request.META.get("HTTP_ORIGIN") == "null":
            return request.META.get("HTTP_SEC_FETCH_SITE", "same-origin") == "same-origin"
        return super()._origin_verified(request)


def csrf_refusal(request):
    """The project's CSRF check for code outside the middleware (the API's session auth):
    None when the request passes, else Django's 403 response."""
    check = NoReferrerCsrfViewMiddleware(lambda request: None)
    check.process_request(request)
    return check.process_view(request, None, (), {})


def posted_from_this_site(request) -> bool:
    """What a browser says of where a post comes from, for a post that needs no token (the
    language switch): its Sec-Fetch-Site where it sends it, and its Origin where it sends
    one, read as the CSRF check reads it. A browser that sends neither is taken at its word."""
    if request.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
        return False
    if "HTTP_ORIGIN" not in request.META:
        return True
    return NoReferrerCsrfViewMiddleware(lambda request: None)._origin_verified(request)
