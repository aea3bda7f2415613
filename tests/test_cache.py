"""The shared cache (REDIS_URL): Django's RedisCache, that a Redis gone away turns into
misses instead of errors (config/cache.py)."""

import pytest

from config.cache import RedisCache
from tests.served import free_port


@pytest.fixture
def gone():
    return RedisCache(f"redis://127.0.0.1:{free_port()}/0",
                      {"OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2}})


def test_a_redis_that_does_not_answer_is_a_miss_not_an_error(gone):
    assert gone.get("match-state:1", "missing") == "missing"
    assert gone.get_many(["a", "b"]) == {}
    assert gone.has_key("a") is False
    assert gone.get_or_set("a", 1) == 1  # made again, as from the database


def test_writes_to_a_redis_that_does_not_answer_are_skipped(gone):
    gone.set("match-state:1", "kept")
    assert gone.add("a", 1) is False
    assert gone.set_many({"a": 1, "b": 2}) == ["a", "b"]  # the keys not kept
    assert gone.touch("a") is False
    assert gone.delete("a") is False
    gone.delete_many(["a", "b"])
    assert gone.clear() is False


def test_a_counter_in_a_redis_that_does_not_answer_is_missing(gone):
    with pytest.raises(ValueError):
        gone.incr("a")
    with pytest.raises(ValueError):
        gone.decr("a")


def test_the_warning_says_what_redis_did_not_answer(gone, caplog):
    gone.get("a")
    assert "Redis did not answer (get)" in caplog.text
