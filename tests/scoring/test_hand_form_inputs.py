"""A hand form's inputs, as the table page draws them: each table's inputs check what is
typed against its own link, a refused hand marks its own inputs, and each form is labelled
with its own teams' names."""

import re

import pytest

from scoring import rules, services
from scoring.forms import HandForm, LiveCheck
from scoring.models import Match, Team
from tests.conftest import HTMX, link_url
from tests.factories import MatchFactory

HAND_INPUT = re.compile(r'<input type="(?:number|radio)" name="(?:points|politaines|aces|'
                        r'counters)_[ab]"[^>]*>')


@pytest.mark.django_db
def test_each_tables_inputs_check_what_is_typed_against_its_own_link(client):
    one, other = MatchFactory(), MatchFactory()  # the same teams' names at two tables
    for match in (one, other):
        inputs = HAND_INPUT.findall(client.get(link_url(match)).content.decode())
        assert len(inputs) == 12  # two shares, three politaines each, two counts each
        assert all(f'hx-post="{link_url(match, "check")}"' in tag for tag in inputs)


@pytest.mark.django_db
def test_a_refused_hand_marks_both_shares_and_no_other_tables_inputs(client):
    refused, other = MatchFactory(), MatchFactory()
    services.record_hand(match=refused.pk, number=1, hand=rules.Hand.played(7, 4))
    answer = client.post(link_url(refused, "record"),
                         {"number": "2", "points_a": "9", "points_b": "9"}, **HTMX)
    assert answer.status_code == 422
    drawn = answer.content.decode()
    for share in ("points_a", "points_b"):
        tag = re.search(rf'<input type="number" name="{share}"[^>]*>', drawn)[0]
        assert 'aria-invalid="true"' in tag
    assert "aria-invalid" not in client.get(link_url(other)).content.decode()


def _form(variant, names):
    match = Match(pk=1, variant=variant, target=33, first_dealer="N",
                  team_a=Team(name=names[0]), team_b=Team(name=names[1]))
    return HandForm(initial={"number": 2}, match=match,
                    live_check=LiveCheck("/k/one/hands/check/", "entry-feedback"))


@pytest.mark.parametrize("variant", ["politaine", "quadrette"])
def test_the_fields_are_labelled_with_each_matchs_names(variant):
    first = _form(variant, ("Nous", "Eux"))
    second = _form(variant, ("Les Bleus", "Les Rouges"))
    field = "tricks_a" if variant == "quadrette" else "points_a"
    assert first.fields[field].label == "Nous"
    assert second.fields[field].label == "Les Bleus"
