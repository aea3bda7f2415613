"""lib.urls.cached_reverse gives reverse's links, under any script prefix."""

import pytest
from django.urls import NoReverseMatch, reverse, set_script_prefix

from lib.urls import cached_reverse


@pytest.mark.parametrize(("name", "kwargs"), [
    ("link:record", {"token": "abc_-123"}),
    ("owned:edit_hand", {"pk": 7, "number": 3}),
    ("owned:edit_hand", {"pk": 7, "number": 4}),
    ("link:check_correction", {"token": "t", "number": 12}),
])
def test_the_same_links_as_reverse(name, kwargs):
    assert cached_reverse(name, **kwargs) == reverse(name, kwargs=kwargs)
    assert cached_reverse(name, **kwargs) == reverse(name, kwargs=kwargs)  # from the cache
    try:
        set_script_prefix("/club/")
        assert cached_reverse(name, **kwargs) == reverse(name, kwargs=kwargs)
        assert cached_reverse(name, **kwargs).startswith("/club/")
    finally:
        set_script_prefix("/")
    assert not cached_reverse(name, **kwargs).startswith("/club/")


def test_a_link_that_does_not_exist_is_refused_every_time():
    for _ in range(2):
        with pytest.raises(NoReverseMatch):
            cached_reverse("link:record", pk=3)


def _every_named_pattern():
    """(name, its converters by argument) for every URL name of the project."""
    from django.urls import get_resolver

    found = []

    def walk(patterns, namespace, converters):
        for entry in patterns:
            if set(entry.pattern.regex.groupindex) - set(entry.pattern.converters):
                continue  # a regular expression's groups (the admin's): no converters to ask
            inner = {**converters, **entry.pattern.converters}
            if hasattr(entry, "url_patterns"):
                space = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
                walk(entry.url_patterns, space, inner)
            elif entry.name:
                found.append((f"{namespace}{entry.name}", inner))

    walk(get_resolver().url_patterns, "", {})
    return found


def _value(converter, random):
    from django.urls.converters import IntConverter

    if isinstance(converter, IntConverter):
        return random.choice([0, 1, 7, 42, 2**31, random.randrange(10**9)])
    return random.choice(["t", "abc_-123", "A" * 43, "0123", "-", "_x_"])


def test_every_link_of_the_project_as_reverse_makes_it():
    """A link made from a name's shape (resolved once, the values put in) is reverse()'s,
    for every name of the project, with many values, under two script prefixes."""
    import random as random_module

    random = random_module.Random(13)
    patterns = _every_named_pattern()
    assert len(patterns) > 50
    try:
        for prefix in ("/", "/club/"):
            set_script_prefix(prefix)
            for name, converters in patterns:
                for _ in range(5):
                    kwargs = {arg: _value(converter, random)
                              for arg, converter in converters.items()}
                    assert cached_reverse(name, **kwargs) == reverse(name, kwargs=kwargs), name
    finally:
        set_script_prefix("/")


@pytest.mark.parametrize("kwargs", [
    {"token": "a b"},            # quoted by reverse()
    {"token": "é"},
    {"token": "50%"},
    {"token": "x" * 101},       # longer than a shape's plain values
    {"token": 12},              # not a string: written as str(12)
    {"token": True},
])
def test_values_reverse_would_write_otherwise_are_resolved_as_it_does(kwargs):
    assert cached_reverse("link:record", **kwargs) == reverse("link:record", kwargs=kwargs)


def test_values_a_converter_refuses_are_refused():
    with pytest.raises(NoReverseMatch):
        cached_reverse("owned:edit_hand", pk=-1, number=3)
    with pytest.raises(NoReverseMatch):
        cached_reverse("owned:edit_hand", pk="seven", number=3)
    assert cached_reverse("owned:edit_hand", pk="7", number=3) == reverse(
        "owned:edit_hand", kwargs={"pk": "7", "number": 3})


def test_a_link_for_an_object_seen_for_the_first_time_is_not_resolved_again(monkeypatch):
    """The point of it: another table's link costs no resolving."""
    import lib.urls

    cached_reverse("link:record", token="first")
    calls = []
    monkeypatch.setattr(lib.urls, "reverse", lambda *a, **k: calls.append(a))
    for token in ("second", "third", "fourth"):
        assert cached_reverse("link:record", token=token) == f"/k/{token}/hands/"
    assert calls == []



def test_every_name_of_the_project_is_resolved_once_then_filled_in():
    """No name falls back to reverse() for each new table or hand: a link whose arguments
    come in another order than their names sort (a correction's link: the score keeper
    link's token, then the hand's number) included."""
    from django.urls.converters import IntConverter

    from lib.urls import _shape

    for name, converters in _every_named_pattern():
        kinds = tuple(sorted((arg, int if isinstance(converter, IntConverter) else str)
                             for arg, converter in converters.items()))
        assert _shape(name, kinds, None, "/") is not None, name



def test_a_pages_links_made_once_are_reverses_under_each_script_prefix():
    from lib.urls import cached_reverse_each

    names = ("table", "live", "record")
    try:
        for prefix in ("/", "/club/", "/"):
            set_script_prefix(prefix)
            for token in ("abc_-123", "other", "abc_-123"):
                links = cached_reverse_each("link", names, token=token)
                assert dict(links) == {name: reverse(f"link:{name}", kwargs={"token": token})
                                       for name in names}
                assert links["table"].startswith(prefix)
                with pytest.raises(TypeError):  # shared by the requests: read only
                    links["table"] = "/elsewhere/"
    finally:
        set_script_prefix("/")


def test_a_value_equal_to_another_of_another_type_gets_its_own_links():
    """1, 1.0 and True are equal as keys: each still gets the links reverse() gives it
    (an outside review's finding)."""
    from lib.urls import cached_reverse_each

    assert cached_reverse_each("link", ("record",), token=1)["record"] == "/k/1/hands/"
    assert cached_reverse_each("link", ("record",), token=1.0)["record"] == reverse(
        "link:record", kwargs={"token": 1.0})
    assert cached_reverse("link:record", token=2) == "/k/2/hands/"
    assert cached_reverse("link:record", token=2.0) == reverse("link:record",
                                                               kwargs={"token": 2.0})
    cached_reverse_each("owned", ("table",), pk=1)
    with pytest.raises(NoReverseMatch):  # reverse() refuses pk=True
        cached_reverse_each("owned", ("table",), pk=True)
