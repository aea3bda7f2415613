"""Django's PostgreSQL backend, its connection pool checking connections as config.database
does: a round trip to the server only for a connection whose socket has something to say.

Django builds the pool with psycopg_pool's own check (an empty query on every checkout) or
none, and passes `check` itself, so the settings cannot name another: the pool is built here
as Django builds it (Django 5.2's DatabaseWrapper.pool), with this check, by a pool that
sweeps its idle connections when one fails it (config.database.SweepingPool).
tests/test_pool_check.py fails when Django's own changes, for this copy to follow it.
"""

from django.core.exceptions import ImproperlyConfigured
from django.db.backends.base.base import NO_DB_ALIAS
from django.db.backends.postgresql import base

from config.database import SweepingPool, check_connection


class DatabaseWrapper(base.DatabaseWrapper):
    @property
    def pool(self):
        pool_options = self.settings_dict["OPTIONS"].get("pool")
        if self.alias == NO_DB_ALIAS or not pool_options:
            return None
        if self.alias not in self._connection_pools:
            if self.settings_dict.get("CONN_MAX_AGE", 0) != 0:
                raise ImproperlyConfigured("Pooling doesn't support persistent connections.")
            connect_kwargs = self.get_connection_params()
            connect_kwargs["autocommit"] = True  # Django sets it as it needs it later on
            pool = SweepingPool(
                kwargs=connect_kwargs,
                open=False,  # opened on first use, not at start-up
                configure=self._configure_connection,
                check=check_connection if self.settings_dict["CONN_HEALTH_CHECKS"] else None,
                **({} if pool_options is True else pool_options),
            )
            # Threads that built one at once: the first one kept wins (as in Django).
            self._connection_pools.setdefault(self.alias, pool)
        return self._connection_pools[self.alias]
