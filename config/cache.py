"""Django's own Redis cache backend, that a Redis gone away does not turn into errors.

Everything kept in the cache can be made again from the database (rendered fragments,
each keyed by the database's version of it), so while Redis does not answer a
read is a miss and a write is skipped, each logged, and the app goes on from the database.
A skipped delete leaves a stale entry that no key reaches any more, which is why nothing
whose delete matters is kept here: the sessions are in the database alone (settings).
Short socket timeouts (settings) keep a request from waiting on a Redis that does not answer.
"""

import logging

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from redis.exceptions import RedisError

log = logging.getLogger(__name__)


class RedisCache(DjangoRedisCache):
    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._or(False, super().add, key, value, timeout, version)

    def get(self, key, default=None, version=None):
        return self._or(default, super().get, key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        self._or(None, super().set, key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._or(False, super().touch, key, timeout, version)

    def delete(self, key, version=None):
        return self._or(False, super().delete, key, version)

    def get_many(self, keys, version=None):
        return self._or({}, super().get_many, keys, version)

    def has_key(self, key, version=None):
        return self._or(False, super().has_key, key, version)

    def incr(self, key, delta=1, version=None):
        try:
            return super().incr(key, delta, version)
        except RedisError as error:
            log.warning("Redis did not answer (incr): %s", error)
            raise ValueError(f"Key '{key}' not found") from error  # as a missing key

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._or(list(data), super().set_many, data, timeout, version)

    def delete_many(self, keys, version=None):
        self._or(None, super().delete_many, keys, version)

    def clear(self):
        return self._or(False, super().clear)

    @staticmethod
    def _or(fallback, method, *args):
        """What `method` answers, or `fallback` when Redis does not answer."""
        try:
            return method(*args)
        except RedisError as error:
            log.warning("Redis did not answer (%s): %s", method.__name__, error)
            return fallback
