"""Middleware of the whole site: health checks, and a clear answer when the database is away."""

from functools import lru_cache

from csp.constants import HEADER as CSP_HEADER
from csp.constants import HEADER_REPORT_ONLY as CSP_HEADER_RO
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpResponse
from django.utils.cache import patch_cache_control

from lib.database_errors import database_unavailable

HEALTH_PATH = "/healthz"


class HealthCheckMiddleware:
    """`/healthz` answers 200 at once: no session, no host check, no database query."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path == HEALTH_PATH:
            return HttpResponse("ok", content_type="text/plain")
        return self.get_response(request)


class PrivateWithTokenMiddleware:
    """A response that holds its reader's CSRF token (a form, the headers htmx sends) is for
    their browser alone: `Cache-Control: private`, so that no shared cache in front of the
    app (a CDN, a school's proxy) keeps it to answer, or revalidate for, someone else. What
    a view said besides (no-cache) stays."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (request.META.get("CSRF_COOKIE_NEEDS_UPDATE")  # get_token() gave one out
                and "private" not in response.get("Cache-Control", "")):
            patch_cache_control(response, private=True)
        return response


class ContentSecurityPolicyMiddleware(CSPMiddleware):
    """django-csp's, with two savings. A 304 gets no policy: nothing is drawn from it (the
    page keeps the policy it came with), and the phones' polls that find nothing new are
    most of the requests. And a response that asks nothing of its own (no nonce, no
    decorator's changes) gets the site's policy built once from the settings, not anew:
    building it was a tenth of a visitor's public page."""

    def process_response(self, request, response):
        if response.status_code == 304:
            return response
        if (settings.DEBUG or _excludes_urls()
                or getattr(request, "_csp_nonce", None) is not None
                or any(hasattr(response, name) for name in _CSP_OF_ITS_OWN)):
            return super().process_response(request, response)  # django-csp's own way
        for header, policy, exempt in ((CSP_HEADER, _site_policy(False), "_csp_exempt"),
                                       (CSP_HEADER_RO, _site_policy(True), "_csp_exempt_ro")):
            if policy and header not in response and not getattr(response, exempt, False):
                response[header] = policy
        # As django-csp does: a nonce asked for after the header was written is an error.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)
        return response


# What a view's decorators set on a response to change its policy (django-csp's names).
_CSP_OF_ITS_OWN = ("_csp_config", "_csp_update", "_csp_replace", "_csp_config_ro",
                   "_csp_update_ro", "_csp_replace_ro")


@lru_cache(maxsize=2)
def _site_policy(report_only: bool) -> str:
    """The policy the settings give, or "" (none)."""
    return build_policy(report_only=report_only)


@lru_cache(maxsize=1)
def _excludes_urls() -> bool:
    """Whether the settings leave some URLs without a policy (django-csp's own way then)."""
    return any((getattr(settings, name, None) or {}).get("EXCLUDE_URL_PREFIXES")
               for name in ("CONTENT_SECURITY_POLICY", "CONTENT_SECURITY_POLICY_REPORT_ONLY"))


@receiver(setting_changed)
def _settings_changed(*, setting, **kwargs):
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        _site_policy.cache_clear()
        _excludes_urls.cache_clear()


class DatabaseUnavailableMiddleware:
    """When the database cannot be reached, nothing was saved: say so plainly (503), so the
    score keeper tries again; the hand number makes the retry safe."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        return database_unavailable(request, exception)
