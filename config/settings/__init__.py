"""Settings for every environment, read from the environment.

DATABASE_URL  database (default: SQLite file db.sqlite3 at the project root)
SECRET_KEY    required unless DEBUG is on
DEBUG         "1"/"true"/"yes"/"on" to turn on; off unless set
ALLOWED_HOSTS comma-separated host names (default with DEBUG: localhost, 127.0.0.1)
REDIS_URL     the cache shared by several app servers, e.g. redis://127.0.0.1:6379/0
RELEASE       the release's name, e.g. the commit (default: a digest of the app's files)
SITE_URL      the site's address for links in emails (default http://127.0.0.1:8000)
EMAIL_HOST    the SMTP server that sends players' emails (none: no email is sent; with
              DEBUG they are written to the console); EMAIL_PORT (587), EMAIL_HOST_USER,
              EMAIL_HOST_PASSWORD, EMAIL_USE_TLS / EMAIL_USE_SSL (by the port), EMAIL_TIMEOUT
              (10 s), DEFAULT_FROM_EMAIL; EMAIL_BACKEND names another backend
"""

from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

from config.env import env_bool, env_list, env_str
from config.release import source_digest

BASE_DIR = Path(__file__).resolve().parent.parent.parent

DEBUG = env_bool("DEBUG", default=False)

# Without DEBUG an empty key stops Django at its first use ("SECRET_KEY must not be empty").
SECRET_KEY = env_str("SECRET_KEY") or (
    "django-insecure-development-only-key-never-used-in-production" if DEBUG else ""
)

ALLOWED_HOSTS = env_list(
    "ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"] if DEBUG else []
)
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    # Widget templates for the project's form renderer (config/forms.py).
    "django.forms",
    "django_htmx",
    "template_partials",
    "ninja",
    "axes",
    "accounts",
    "scoring",
    "tournaments",
    "clubs",
    "players",
]

MIDDLEWARE = [
    # Answers load balancers before anything else: no host check, no redirect, no query.
    "config.middleware.HealthCheckMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # A response that holds a CSRF token is private to its reader's browser.
    "config.middleware.PrivateByDefaultMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    # A database that went away answers "not saved, try again" (503), never a bare 500.
    "config.middleware.DatabaseUnavailableMiddleware",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

FORM_RENDERER = "config.forms.FormRenderer"

# How often, in seconds, each live page asks for news ({% poll_every %} in its template): the
# keeper's table, the opponents' page, a night's public pages and a player's page, the
# projector, the organizer's dashboard, a season's projector (all but the last answer 304 while
# nothing changed).
# A hand kept on a phone that could not send it is tried again every OFFLINE_RETRY_SECONDS.
POLL_SECONDS = {"table": 3, "opponents": 4, "public": 10, "player": 10, "projector": 5,
                "dashboard": 5, "season_projector": 30}
OFFLINE_RETRY_SECONDS = 3
# What the keeper types is checked once she pauses this long (milliseconds).
LIVE_CHECK_DELAY_MS = 300

# --- Database ---------------------------------------------------------------------------

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # psycopg 3 with Django's connection pool (which replaces persistent connections). The
    # pool checks a connection as it hands it out, so that after the database restarted no
    # request gets one whose session the server ended.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": int(env_str("DATABASE_POOL_MAX") or 10),
        # Waiting longer for a connection only delays the keeper's "not saved, try again".
        "timeout": int(env_str("DATABASE_POOL_TIMEOUT") or 5),
    }
    # Parameters bound by the server, and a query the connection sends again and again
    # prepared (psycopg's prepare_threshold: from its 5th run; Django leaves it off unless
    # told), so that PostgreSQL plans it once per connection: the table page's read of a
    # match joins ten tables, and planning it costs far more than running it.
    # DATABASE_SERVER_SIDE_BINDING=0 turns both off (behind a pooler in transaction mode,
    # which cannot keep prepared statements).
    if env_bool("DATABASE_SERVER_SIDE_BINDING", default=True):
        DATABASES["default"]["OPTIONS"].update(server_side_binding=True, prepare_threshold=5)
elif DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers take the lock when their transaction starts and wait for each other
    # (up to the timeout) instead of failing with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The cache holds what can be made again from the database, keyed by the database's own
# version of it: rendered public fragments; never
# the sessions (below). With REDIS_URL it is Redis, shared by every app server (README,
# Deploying: several servers behind one proxy), through Django's RedisCache (config/cache.py:
# a Redis that stops answering is a miss, not an error); otherwise each process keeps its
# own in memory.
# The release this process runs (config/release.py): in every ETag and cache key, so that
# browsers and the shared cache never answer with an earlier release's pages or parts.
RELEASE = env_str("RELEASE") or source_digest(BASE_DIR)

REDIS_URL = env_str("REDIS_URL")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "config.cache.RedisCache",
            "LOCATION": REDIS_URL,
            # Apps (or test runs) sharing one Redis keep apart by prefix.
            "KEY_PREFIX": f"{env_str('CACHE_KEY_PREFIX') or 'politaine'}:{RELEASE}",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 2000},
        }
    }

# Sessions are in the database alone, never in the cache, shared or not: a logout is the
# row's delete, in the same place every server reads. A copy in Redis (cached_db) would
# outlive a logout made while Redis did not answer (its delete skipped, config/cache.py) and
# sign the old cookie in again once Redis is back; a copy in each process's memory, a logout
# made in another process. It costs a signed-in request one query by primary key.
SESSION_ENGINE = "django.contrib.sessions.backends.db"

# --- Security: strict unless DEBUG (each can be relaxed from the environment) -------------

# The reverse proxy terminates TLS and says so in X-Forwarded-Proto.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=not DEBUG)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = LANGUAGE_COOKIE_SECURE = env_bool(
    "SECURE_COOKIES", default=not DEBUG)
LANGUAGE_COOKIE_SAMESITE = "Lax"
if CSRF_COOKIE_SECURE:
    # __Host- cookies: HTTPS only, this host only, so no subdomain can plant a CSRF token.
    CSRF_COOKIE_NAME = "__Host-csrftoken"
    SESSION_COOKIE_NAME = "__Host-sessionid"
CSRF_COOKIE_HTTPONLY = True  # htmx sends the token from the page, never from the cookie
SECURE_HSTS_SECONDS = int(env_str("SECURE_HSTS_SECONDS") or (0 if DEBUG else 31_536_000))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=not DEBUG)
# Score keeper links are secrets: never send them on in a Referer header.
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# No inline script, no eval (htmx is configured for it in base.html), nothing from elsewhere.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
    }
}

# --- Authentication ----------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    # Login throttling: after 5 failures a user name is locked out from that address.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(env_str("AXES_FAILURE_LIMIT") or 5)
AXES_COOLOFF_TIME = timedelta(minutes=int(env_str("AXES_COOLOFF_MINUTES") or 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# The visitor's address, read by django-ipware. Production runs behind PROXY_COUNT reverse
# proxies (one unless told otherwise: README, Deploying), each appending the address it saw to
# X-Forwarded-For: the visitor is the PROXY_COUNT-th address from its right, whatever the
# visitor wrote on its left. ipware counts only the proxies listed in the header (the nearest
# is REMOTE_ADDR), hence one less; not strict, so that a forged left part changes nothing.
PROXY_COUNT = int(env_str("PROXY_COUNT") or (0 if DEBUG else 1))
AXES_IPWARE_PROXY_COUNT = PROXY_COUNT - 1 if PROXY_COUNT else None
AXES_IPWARE_META_PRECEDENCE_ORDER = (
    ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"] if PROXY_COUNT else ["REMOTE_ADDR"]
)
IPWARE_STRICT = False
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# --- Languages ---------------------------------------------------------------------------

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = env_str("TIME_ZONE") or "America/Montreal"
USE_TZ = True

# --- Email ------------------------------------------------------------------------------
# What players are told (players.emails), where an SMTP server is set: nothing depends on
# it, as every message is also on the player's page. The tests use Django's in-memory
# backend whatever this says.

SITE_URL = (env_str("SITE_URL") or "http://127.0.0.1:8000").rstrip("/")
EMAIL_HOST = env_str("EMAIL_HOST")
EMAIL_BACKEND = env_str("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend" if DEBUG
    else "django.core.mail.backends.dummy.EmailBackend"
)
EMAIL_PORT = int(env_str("EMAIL_PORT") or 587)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", default=EMAIL_PORT == 465)
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", default=not EMAIL_USE_SSL and EMAIL_PORT == 587)
# A server that does not answer holds a request's answer this long at most.
EMAIL_TIMEOUT = int(env_str("EMAIL_TIMEOUT") or 10)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL") or "Politaine <noreply@localhost>"
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# --- Static files ------------------------------------------------------------------------

STATIC_URL = "static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # Score keeper link secrets never reach the log ("Not Found: /k/<secret>/...").
    "filters": {"link_secrets": {"()": "config.log_secrets.MaskLinkSecrets"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["link_secrets"]}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL") or "WARNING"},
}
