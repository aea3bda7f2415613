"""PostgreSQL prepares the statements a connection repeats (config/settings: prepare_threshold):
a column whose type another server's migration changed must not break the running servers."""

import psycopg
import pytest
from django.db import connection
from django.urls import reverse

from tests.factories import MatchFactory


def _other_server():
    """A connection of its own to the test database: another app server's `manage.py
    migrate` (README, Deploying: "once per release, from one machine")."""
    settings = connection.settings_dict
    return psycopg.connect(host=settings.get("HOST") or "127.0.0.1",
                           port=settings.get("PORT") or 5432,
                           user=settings.get("USER") or "postgres", dbname=settings["NAME"],
                           autocommit=True)


# Two of Django's most ordinary AlterField migrations, each with its way back.
WIDENINGS = {
    "a longer team name (CharField max_length 60 -> 80)": (
        "ALTER TABLE scoring_team ALTER COLUMN name TYPE varchar(80)",
        "ALTER TABLE scoring_team ALTER COLUMN name TYPE varchar(60)"),
    "more redeals (PositiveSmallIntegerField -> PositiveIntegerField)": (
        "ALTER TABLE scoring_match ALTER COLUMN redeals TYPE integer",
        "ALTER TABLE scoring_match ALTER COLUMN redeals TYPE smallint"),
}


@pytest.mark.skipif(connection.vendor != "postgresql",
                    reason="prepared statements are PostgreSQL's (run with DATABASE_URL=postgres://...)")
@pytest.mark.parametrize("migration", list(WIDENINGS))
@pytest.mark.django_db(transaction=True)
def test_a_column_widened_by_another_servers_migration_does_not_break_the_running_servers(
        client, user, migration):
    """During a release on several servers, one runs `manage.py migrate`, which widens a
    column. PostgreSQL then refuses the statements the other servers' connections prepared
    ("cached plan must not change result type"): the request that meets it answers 503
    ("not saved, try again", never a 500) and its connection is let go with its statements,
    so that the next requests answer 200, not for an hour of 500s (found by an outside
    review: config/middleware.py)."""
    forward, back = WIDENINGS[migration]
    match = MatchFactory(owner=user)
    client.force_login(user)
    client.raise_request_exception = False
    page = reverse("owned:table", kwargs={"pk": match.pk})
    api = f"/api/v1/matches/{match.pk}"
    bearer = {"HTTP_AUTHORIZATION": f"Bearer {match.scorekeeper_token}"}
    for _ in range(12):  # a few polls' worth: each pooled connection prepares the reads
        assert client.get(page).status_code == 200
        assert client.get(api, **bearer).status_code == 200
    with _other_server() as other:
        other.execute(forward)
    try:
        answers = {"table page": [client.get(page).status_code for _ in range(3)],
                   "API match": [client.get(api, **bearer).status_code for _ in range(3)]}
        response = client.get(page)
    finally:
        with _other_server() as other:
            other.execute(back)
        # This process's connections hold statements prepared against the other type: drop
        # them, so that the tests after this one start afresh.
        connection.close()
        connection.close_pool()
    for statuses in answers.values():
        assert 500 not in statuses and statuses[-2:] == [200, 200], answers
        assert statuses.count(503) <= 1, answers
    assert response.status_code == 200
