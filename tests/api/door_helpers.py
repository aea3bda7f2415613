"""The player's door through the API: a club with players linked to accounts, each with a
personal token, and the JSON refusals' shape."""

from accounts.services import issue_token
from tests.api.conftest import ApiClient
from tests.players.helpers import club_with_members, night_ahead

__all__ = ["club_with_members", "night_ahead", "players", "refused"]


def players(client, owner, count, *, language="en", **kwargs):
    """A club of `count` members linked to accounts: (club, members, apis), apis[i] being
    members[i]'s own token."""
    club, members, users = club_with_members(owner, count, **kwargs)
    return club, members, [ApiClient(client, issue_token(user=user), language)
                           for user in users]


def refused(response, status, code):
    """The refusal's body, after checking its status, its code and its shape."""
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"detail", "code", "errors"} and body["code"] == code, body
    return body
