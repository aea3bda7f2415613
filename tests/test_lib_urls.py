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
