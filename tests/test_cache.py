"""The shared cache (REDIS_URL): Django's RedisCache, that a Redis gone away turns into
misses instead of errors (config/cache.py)."""

from config.cache import RedisCache
from tests.served import free_port


def test_a_redis_that_does_not_answer_is_a_miss_not_an_error():
    gone = RedisCache(f"redis://127.0.0.1:{free_port()}/0",
                      {"OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2}})
    assert gone.get("match-state:1", "missing") == "missing"
    gone.set("match-state:1", "kept")  # skipped, no error
    assert gone.get_many(["a", "b"]) == {}
    assert gone.add("a", 1) is False
    gone.delete("a")
