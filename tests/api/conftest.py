import json

import pytest

from accounts.services import issue_token
from tests.factories import MatchFactory, UserFactory


class ApiClient:
    """Django's test client speaking JSON with a bearer token and a language."""

    def __init__(self, client, token=None, language="en"):
        self.client, self.token, self.language = client, token, language

    def headers(self):
        headers = {"HTTP_ACCEPT_LANGUAGE": self.language}
        if self.token:
            headers["HTTP_AUTHORIZATION"] = f"Bearer {self.token}"
        return headers

    def call(self, method, path, body=None, raw=None, prefer=None):
        data = raw if raw is not None else (json.dumps(body) if body is not None else None)
        kwargs = {"content_type": "application/json"} if data is not None else {}
        if prefer:
            kwargs["HTTP_PREFER"] = prefer
        return getattr(self.client, method)(
            "/api/v1" + path, *([data] if data is not None else []), **kwargs, **self.headers()
        )

    def get(self, path):
        return self.call("get", path)

    def post(self, path, body=None, raw=None, prefer=None):
        return self.call("post", path, body, raw, prefer)

    def put(self, path, body=None, prefer=None):
        return self.call("put", path, body, prefer=prefer)

    def patch(self, path, body=None):
        return self.call("patch", path, body)

    def delete(self, path, prefer=None):
        return self.call("delete", path, prefer=prefer)

    def as_token(self, token, language=None):
        return ApiClient(self.client, token, language or self.language)


@pytest.fixture
def owner(db):
    return UserFactory(username="anne")


@pytest.fixture
def api(client, owner):
    return ApiClient(client, issue_token(user=owner))


@pytest.fixture
def api_fr(api):
    return api.as_token(api.token, language="fr-CA")


@pytest.fixture
def politaine(api):
    response = api.post("/matches", {
        "variant": "politaine", "target": 33, "first_dealer": "N",
        "team_a": {"name": "Les Bleus", "players": ["Anne", "Marc"]},
        "team_b": {"name": "Les Rouges", "players": ["Luc", "Julie"]},
    })
    assert response.status_code == 201, response.content
    return response.json()


@pytest.fixture
def quadrette(api):
    response = api.post("/matches", {"variant": "quadrette", "team_a": {"name": "Nous"},
                                     "team_b": {"name": "Eux"}})
    assert response.status_code == 201, response.content
    return response.json()


@pytest.fixture
def strangers_match(db):
    return MatchFactory(owner=UserFactory(username="someone"))
