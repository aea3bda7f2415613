import pytest

from tests.factories import UserFactory


@pytest.fixture
def organizer(client, db):
    """The organizer of the tournaments a test makes, logged in on the test client."""
    user = UserFactory(username="org")
    client.force_login(user)
    return user
