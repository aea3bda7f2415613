"""A hand form's team fields are built once per process and pair of names, and each form
takes copies of its own: what one form changes on its inputs (the live check's address,
a message's aria-invalid) never shows on another's."""

import pytest

from scoring.forms import HandForm, LiveCheck
from scoring.models import Match, Team


def _match(pk, variant="politaine", names=("Les Bleus", "Les Rouges")):
    return Match(pk=pk, variant=variant, target=33, first_dealer="N",
                 team_a=Team(name=names[0]), team_b=Team(name=names[1]))


def _form(match, data=None, url="/k/one/hands/check/"):
    return HandForm(data, initial=None if data else {"number": 2}, match=match,
                    live_check=LiveCheck(url, "entry-feedback"))


def test_two_tables_with_the_same_names_keep_their_own_live_check():
    one = _form(_match(1), url="/k/one/hands/check/")
    other = _form(_match(2), url="/k/other/hands/check/")
    assert 'hx-post="/k/one/hands/check/"' in str(one["points_a"])
    assert 'hx-post="/k/other/hands/check/"' in str(other["points_a"])
    assert "/k/one/" not in str(other)


def test_a_refused_hand_marks_its_own_inputs_only():
    refused = _form(_match(1), {"number": "2", "points_a": "9", "points_b": "9"})
    assert not refused.is_valid()
    assert 'aria-invalid="true"' in str(refused["points_a"])
    blank = _form(_match(2))
    assert "aria-invalid" not in str(blank)
    again = _form(_match(3), {"number": "2", "points_a": "7", "points_b": "4"})
    assert again.is_valid(), again.errors
    assert "aria-invalid" not in str(again)


@pytest.mark.parametrize("variant", ["politaine", "quadrette"])
def test_the_fields_are_labelled_with_each_matchs_names(variant):
    first = _form(_match(1, variant, ("Nous", "Eux")))
    second = _form(_match(2, variant, ("Les Bleus", "Les Rouges")))
    field = "tricks_a" if variant == "quadrette" else "points_a"
    assert first.fields[field].label == "Nous"
    assert second.fields[field].label == "Les Bleus"
    assert first.fields[field] is not second.fields[field]
    assert first.fields[field].widget is not second.fields[field].widget
