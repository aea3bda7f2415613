"""Generated requests from the OpenAPI document: no 500, no answer outside the document.

Schemathesis builds requests that fit the schema and requests that do not, for every
operation, and sends them to the app in process, with a valid token and with none.
"""

import os

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from accounts.services import issue_token
from api.api import api
from scoring import rules, services
from tests.conftest import SCALE, built_once
from tests.factories import MatchFactory, UserFactory
from tests.tournaments.helpers import make_tournament

# Deterministic, ten times as many cases under `make test-long`; FUZZ_RANDOM=1
# FUZZ_EXAMPLES=500 explores further on a developer's machine.
RANDOM = bool(os.environ.get("FUZZ_RANDOM"))
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", 10 * SCALE))
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance, negative_data_rejection]
SCHEMA = schemathesis.openapi.from_dict(api.get_openapi_schema())
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]


@pytest.fixture
def wsgi_app(db, settings):
    settings.ALLOWED_HOSTS = ["localhost", "testserver"]
    # As Django's test client does: keep the test's connection (and its transaction) open
    # between requests instead of closing it at each request's start and end.
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    # One app for the worker process: Schemathesis reads the constants of the app's code
    # for each new app it is given (seconds). The settings these tests change are read at
    # each request; one that the middleware reads once at its start would need a new app.
    if SCHEMA.app is None:
        SCHEMA.app = get_wsgi_application()
    yield SCHEMA.app
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


@pytest.fixture(scope="module")
def match_ids(django_db_setup, django_db_blocker):
    """Matches of the token's owner, with hands, for generated paths to hit: made once for
    the module, what each test's requests write rolled back at its end."""
    with built_once(django_db_blocker):
        yield made_to_hit()


def made_to_hit():
    owner = UserFactory(username="fuzz")
    politaine = MatchFactory(owner=owner)
    for number, points in enumerate((7, 3), start=1):
        services.record_hand(match=politaine, number=number,
                             hand=rules.Hand.played(points, 11 - points))
    quadrette = MatchFactory(owner=owner, variant="quadrette", target=7)
    services.record_hand(match=quadrette, number=1, hand=rules.Hand.quadrette(4, 2))
    tournament = make_tournament(owner, teams=5)
    private = make_tournament(owner, teams=2, format="knockout", public=False)
    return {"owner": owner, "ids": [politaine.pk, quadrette.pk],
            "tournaments": [tournament.pk, private.pk]}


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
@pytest.mark.parametrize("token", ["valid token", "no token"])
@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.label)
def test_the_api_never_fails_and_keeps_to_its_document(wsgi_app, match_ids, operation, token,
                                                       mode):
    headers = {}
    if token == "valid token":
        headers["Authorization"] = f"Bearer {issue_token(user=match_ids['owner'])}"

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=not RANDOM,
              suppress_health_check=list(HealthCheck))
    def run(case):
        # Aim half of the valid ids at real matches, so that hands get written too.
        path = case.path_parameters or {}
        if mode.is_positive and isinstance(path.get("id"), int) and path["id"] % 2 == 0:
            kind = "tournaments" if "/tournaments/" in operation.path else "ids"
            path["id"] = match_ids[kind][path["id"] % 4 // 2]
        case.call_and_validate(headers=headers, checks=CHECKS, app=wsgi_app)

    run()
