"""Django's own Redis cache backend, that a Redis gone away does not turn into errors.

Everything kept in the cache can be made again from the database (rendered fragments,
match states, the sessions of the cached_db engine), so while Redis does not answer a read
is a miss and a write is skipped, each logged, and the app goes on from the database.
Short socket timeouts keep a request from waiting on a Redis that does not answer.
"""

import logging

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient
from redis.exceptions import RedisError

log = logging.getLogger(__name__)


def _forgiving(method, fallback):
    def call(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except RedisError as error:
            log.warning("Redis did not answer (%s): %s", method.__name__, error)
            return fallback(*args) if callable(fallback) else fallback

    call.__name__ = method.__name__
    return call


class ForgivingClient(RedisCacheClient):
    get = _forgiving(RedisCacheClient.get, lambda key, default: default)
    get_many = _forgiving(RedisCacheClient.get_many, {})
    has_key = _forgiving(RedisCacheClient.has_key, False)
    add = _forgiving(RedisCacheClient.add, False)
    set = _forgiving(RedisCacheClient.set, None)
    set_many = _forgiving(RedisCacheClient.set_many, lambda data, timeout: list(data))
    touch = _forgiving(RedisCacheClient.touch, False)
    delete = _forgiving(RedisCacheClient.delete, False)
    delete_many = _forgiving(RedisCacheClient.delete_many, None)


class RedisCache(DjangoRedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ForgivingClient
