"""`reverse` kept per process: a table's page builds a dozen links to its own views on every
request (the score keeper link's token in each), and Django resolves each one anew, a tenth
of a hand post's time (docs/performance.md). A link depends on nothing but its name, its
arguments, the URL configuration and the script prefix, which are all in the key."""

from functools import lru_cache

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.urls import get_script_prefix, get_urlconf, reverse


@lru_cache(maxsize=8192)
def _reverse(viewname: str, kwargs: tuple, urlconf, prefix: str) -> str:
    return reverse(viewname, urlconf=urlconf, kwargs=dict(kwargs))


def cached_reverse(viewname: str, **kwargs) -> str:
    """reverse(viewname, kwargs=kwargs), made once per process for the same arguments."""
    return _reverse(viewname, tuple(sorted(kwargs.items())), get_urlconf(),
                    get_script_prefix())


@receiver(setting_changed)
def _forget(*, setting, **kwargs):
    """A test that changes the URL configuration gets links of the new one."""
    if setting == "ROOT_URLCONF":
        _reverse.cache_clear()
