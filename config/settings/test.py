"""Settings for the test suite: the environment's settings with a test key, fast hashing,
and the live pages' timings shortened for the browser tests."""

from config.settings import *  # noqa: F403
from config.settings import BASE_DIR, DATABASES, POLL_SECONDS, env_str

SECRET_KEY = env_str("SECRET_KEY") or "test-only-secret-key-not-for-production-use-0123456789"

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Tests that run several threads or a live server need a real file, not a shared in-memory
# database, so that SQLite's busy timeout makes writers wait as in production.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "test_db.sqlite3")}

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Static files straight from the app folders, as with DEBUG, without a collectstatic.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# Tests talk plain HTTP to the test server.
SECURE_SSL_REDIRECT = False
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = LANGUAGE_COOKIE_SECURE = False
CSRF_COOKIE_NAME, SESSION_COOKIE_NAME = "csrftoken", "sessionid"

# Browser tests wait for the live pages' polls, a kept hand's next try and the live check of
# what is typed: a second each for the first two, 150 ms for the check (still after a quick
# keeper's next tap, as in production).
POLL_SECONDS = {**dict.fromkeys(POLL_SECONDS, 1),
                "season_projector": POLL_SECONDS["season_projector"]}  # no test waits on it
OFFLINE_RETRY_SECONDS = 1
LIVE_CHECK_DELAY_MS = 150
