"""lib.html.escape writes what Django's conditional_escape writes, for every kind of value a
widget or a hand form's field hands it."""

import pytest
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy, override

from lib.html import escape


@pytest.mark.parametrize("value", [
    'L\'Équipe "<b>" & co', mark_safe("<em>déjà sûr</em>"), 7, 0, None, True, 2.5, "",
    gettext_lazy("Aces"), gettext_lazy("Counters (10, 9, K, Q, J)"),
])
def test_escape_is_conditional_escape(value):
    with override("fr"):
        assert escape(value) == str(conditional_escape(value))
    assert escape('<a href="x">') == "&lt;a href=&quot;x&quot;&gt;"
