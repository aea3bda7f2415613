"""A new app server process compiles the project's templates and imports its URLs before
its first request (config/warmup.py, called by config/gunicorn.py in each worker)."""

from unittest import mock

from django.template import engines

from config import warmup


def test_every_template_of_the_project_is_compiled_and_none_of_djangos():
    names = warmup.project_templates()
    assert {"scoring/table.html", "tournaments/public/page.html", "base.html",
            "clubs/club.html"} <= set(names)
    assert not any(name.startswith("admin/") for name in names)
    loader = engines["django"].engine.template_loaders[0]
    while not hasattr(loader, "get_template_cache"):  # template-partials' wraps Django's
        loader = loader.loaders[0]
    loader.reset()
    assert warmup.warm() == len(names)
    assert {"scoring/table.html", "base.html"} <= set(loader.get_template_cache)


def test_gunicorn_warms_each_worker_before_it_serves():
    import config.gunicorn

    with mock.patch("config.warmup.warm") as warm:
        config.gunicorn.post_worker_init(worker=None)
    warm.assert_called_once_with()


def test_a_warm_worker_keeps_what_it_holds_out_of_the_garbage_collectors_walk():
    """What a worker holds once warm is frozen: a full collection during a request walks
    only what the requests made since (gc.freeze); garbage is collected, not kept frozen."""
    import gc
    import weakref

    import config.gunicorn

    class Cycle:  # garbage that only the collector frees
        pass

    garbage = Cycle()
    garbage.me = garbage
    gone = weakref.ref(garbage)
    del garbage
    held = [[] for _ in range(10)]  # what the worker holds
    try:
        with mock.patch("config.warmup.warm"):
            config.gunicorn.post_worker_init(worker=None)
        assert gc.get_freeze_count() > 1000
        assert not any(o is held for o in gc.get_objects())  # frozen: not walked
        assert gone() is None
    finally:
        gc.unfreeze()
