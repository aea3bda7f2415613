"""`reverse` kept per process: a table's page builds a dozen links to its own views on every
request (the score keeper link's token in each), and Django resolves each one anew, a tenth
of a hand post's time (docs/performance.md).

A link depends on nothing but its name, its arguments, the URL configuration and the script
prefix. Each name is resolved once per process with stand-ins for its arguments, and the
link of a table (another token, another id) is that shape with the values put in: no
resolving for a table seen for the first time either. A value that reverse() might write
otherwise than as it is (a negative number, a string with characters it would quote) is
resolved as reverse() does it, and kept by its value.

For the app's own URL names: one pattern each, with Django's `int` and `str` converters
(tests/test_lib_urls.py checks every name of the project against reverse()).
"""

import re
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse

# What reverse() writes into a link as it is, whatever the converter (int, str, slug, path).
_PLAIN_TEXT = re.compile(r"[A-Za-z0-9_-]{1,100}")


def _stand_in(position: int, kind: type):
    """A value no real link holds, told apart from the others by its position."""
    if kind is int:
        return int(f"7301947263015{position}")
    return f"zQ{position}standin{position}Qz"


def _plain(value) -> type | None:
    """The kind of `value` when reverse() writes it as str(value), else None."""
    if type(value) is int and value >= 0:
        return int
    if type(value) is str and _PLAIN_TEXT.fullmatch(value):
        return str
    return None


@lru_cache(maxsize=1024)
def _shape(viewname: str, kinds: tuple, urlconf, prefix: str) -> tuple | None:
    """The link of `viewname` cut where its arguments go (`kinds`: (name, kind) in order):
    (the link's pieces, and which argument goes after each piece but the last, as positions
    in `kinds`: a link may hold its arguments in another order than their names sort), or
    None when the stand-ins do not make a link with each exactly once."""
    stand_ins = [str(_stand_in(position, kind)) for position, (_, kind) in enumerate(kinds)]
    try:
        link = reverse(viewname, urlconf=urlconf, kwargs={
            name: _stand_in(position, kind) for position, (name, kind) in enumerate(kinds)})
    except NoReverseMatch:
        return None
    if any(link.count(stand_in) != 1 for stand_in in stand_ins):
        return None
    order = tuple(sorted(range(len(stand_ins)), key=lambda position: link.index(
        stand_ins[position])))
    parts = []
    for position in order:
        before, link = link.split(stand_ins[position])
        parts.append(before)
    return (*parts, link), order


def _key(items) -> tuple:
    """Arguments as a cache's key, each with its type: 1, 1.0 and True are equal as keys,
    not as links (reverse() writes "1", "1.0", or refuses True)."""
    return tuple((name, type(value), value) for name, value in items)


@lru_cache(maxsize=8192)
def _reverse(viewname: str, kwargs: tuple, urlconf, prefix: str) -> str:
    return reverse(viewname, urlconf=urlconf, kwargs={name: value for name, _, value in kwargs})


def cached_reverse(viewname: str, **kwargs) -> str:
    """reverse(viewname, kwargs=kwargs), resolved once per process and name."""
    items = tuple(sorted(kwargs.items()))
    urlconf, prefix = get_urlconf(), get_script_prefix()
    kinds = tuple((name, _plain(value)) for name, value in items)
    if all(kind is not None for _, kind in kinds):
        shape = _shape(viewname, kinds, urlconf, prefix)
        if shape is not None:
            parts, order = shape
            link = [parts[0]]
            for position, part in zip(order, parts[1:], strict=True):
                link += (str(items[position][1]), part)
            return "".join(link)
    return _reverse(viewname, _key(items), urlconf, prefix)


def cached_reverse_each(namespace: str, names: tuple[str, ...], /,
                        **kwargs) -> Mapping[str, str]:
    """{name: cached_reverse(f"{namespace}:{name}", **kwargs)} for each of `names`, kept per
    process for these arguments (read only): a page's dozen links to its own views, made
    once for each table, not on each of its requests."""
    return _each(namespace, names, _key(sorted(kwargs.items())), get_urlconf(),
                 get_script_prefix())


@lru_cache(maxsize=2048)
def _each(namespace: str, names: tuple, kwargs: tuple, urlconf, prefix: str):
    arguments = {name: value for name, _, value in kwargs}
    return MappingProxyType({name: cached_reverse(f"{namespace}:{name}", **arguments)
                             for name in names})


def path_info_pattern(viewname: str, argument: str, stand_in, capture: str) -> str:
    """A regex of `viewname`'s paths as `request.path_info` holds them: without the script
    prefix that reverse() writes (a site mounted under /app/ matches /t/1/, never
    /app/t/1/), the argument `argument` (`stand_in` there) matched by `capture`."""
    link = reverse(viewname, kwargs={argument: stand_in})
    before, after = ("/" + link.removeprefix(get_script_prefix())).split(str(stand_in))
    return f"{re.escape(before)}{capture}{re.escape(after)}"


@receiver(setting_changed)
def _forget(*, setting, **kwargs):
    """A test that changes the URL configuration gets links of the new one."""
    if setting == "ROOT_URLCONF":
        _reverse.cache_clear()
        _shape.cache_clear()
        _each.cache_clear()
