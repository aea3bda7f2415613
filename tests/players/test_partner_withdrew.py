"""One player of a whole pair withdraws it: the other, who has lost their place too, is
told who did it (their page and an email); the one who withdrew is told nothing."""

import pytest
from django.core import mail
from django.urls import reverse

from players import services
from players.models import Notice
from tests.players.helpers import club_with_members, night_ahead

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("who", [0, 1], ids=["the player who asked", "the partner"])
def test_the_other_of_a_pair_withdrawn_is_told(client, owner, who,
                                                django_capture_on_commit_callbacks):
    _club, members, users = club_with_members(owner, 2, name="Club du mardi")
    users[1 - who].email = "other@example.org"
    users[1 - who].save(update_fields=["email"])
    night = night_ahead(_club, owner)
    pair = services.sign_up(night=night, user=users[0], partner=members[1])
    services.confirm_partner(signup=pair, user=users[1])
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.withdraw(signup=pair, by=users[who])
    told = Notice.objects.get(kind="partner_withdrew")
    assert told.member == members[1 - who] and told.params == {"by": members[who].pk}
    assert not Notice.objects.filter(member=members[who], kind="partner_withdrew").exists()
    assert [m.to for m in mail.outbox] == [["other@example.org"]]
    assert f"{members[who].name} withdrew your pair from" in mail.outbox[0].body
    client.force_login(users[1 - who])
    page = client.get(reverse("me")).content.decode()
    assert f"{members[who].name} withdrew your pair from {night.tournament.name}" in page
