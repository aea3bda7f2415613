# The two commands: `make run` serves the app on SQLite, `make test` runs every check.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run serve load test test-pg test-long messages translations migrate lint bench screenshots clean

# The packages are installed by uv (from PyPI, into the virtualenv: a fresh clone's install
# takes seconds, where pip took half a minute), or by pip where uv cannot be had.
$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet uv || echo "uv unavailable: pip installs the packages"
INSTALL = $(if $(wildcard $(VENV)/bin/uv),$(VENV)/bin/uv pip install --quiet --python $(PY),$(PY) -m pip install --quiet)

# Installs are stamped, so a second run reuses what is there until pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(PY)
	$(INSTALL) -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(PY)
	$(INSTALL) -e '.[dev]'
	touch $@ $(VENV)/.installed

# Compiled catalogues (.mo) are built from locale/*.po, never committed.
messages: $(VENV)/.installed
	$(PY) scripts/compile_messages.py

# Gather new strings into locale/fr/LC_MESSAGES/django.po (needs GNU gettext), then translate.
translations: $(VENV)/.installed
	DEBUG=1 $(PY) manage.py makemessages -l fr --no-location --no-obsolete \
		--ignore=.venv --ignore=tests --ignore=staticfiles

migrate: $(VENV)/.installed messages
	DEBUG=1 $(PY) manage.py migrate --no-input

# On a new database, a demo club to look at; its login is the last line before the server.
run: migrate
	DEBUG=1 $(PY) manage.py seed_demo --if-new
	@DEBUG=1 $(PY) manage.py runserver $(HOST):$(PORT)

# Production serving: gunicorn (threaded workers), static files by whitenoise, settings from
# the environment: SECRET_KEY and ALLOWED_HOSTS at least, DATABASE_URL for PostgreSQL.
serve: $(VENV)/.installed messages
	@test -n "$$SECRET_KEY" || { echo "Set SECRET_KEY (and ALLOWED_HOSTS, DATABASE_URL): see README, Deploying."; exit 1; }
	$(PY) manage.py collectstatic --no-input -v0
	$(PY) manage.py migrate --no-input
	$(VENV)/bin/gunicorn config.wsgi -c config/gunicorn.py

# A club night on this machine against `make serve` on PostgreSQL (loopback only, ~90 s):
# 100 tables posting hands, 500 spectators polling; then the database is checked.
load: $(VENV)/.installed-dev messages
	$(PY) scripts/load.py

lint: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check .

# The tests spread over the machine's cores (pytest-xdist: TEST_WORKERS=1 for one process),
# each worker with its own test database and live server; tests marked with one xdist_group
# run on one worker (they share servers). Compiled modules are kept in
# __pycache__ even where the environment sets PYTHONDONTWRITEBYTECODE: each worker, and each
# server a test starts, would otherwise compile the app and pytest's rewritten modules anew.
TEST_WORKERS ?= auto

test: $(VENV)/.installed-dev messages lint
	DJANGO_SETTINGS_MODULE=config.settings.test $(PY) manage.py makemigrations --check --dry-run
	PYTHONDONTWRITEBYTECODE= $(PY) -m pytest -n $(TEST_WORKERS) --dist loadgroup $(PYTEST_ARGS)

# `make test` on a PostgreSQL of its own (what CI runs): a throwaway cluster on a free port
# with no fsync, made for the run and deleted after it, whatever happens
# (scripts/throwaway_postgres.py; PostgreSQL's programs needed, not its server).
test-pg: $(VENV)/.installed-dev
	$(PY) scripts/throwaway_postgres.py $(MAKE) test

# The same with ten times the generated cases (property tests, simulated evenings, the API's
# fuzzing) and the accessibility sweep at both sizes in both languages: before a release.
test-long:
	TEST_LONG=1 $(MAKE) test

# Render times of the standings pages for 16, 128 and 512 teams, then the CPU time per request
# of `make serve` on the local PostgreSQL, app and database, with the ratios to /healthz, then
# the hands five tables get through while the server is killed and restarted, and the draw of
# an individual night of 40 players at rounds 1, 5 and 10 (benchmarks, not tests:
# docs/performance.md).
bench: $(VENV)/.installed-dev messages
	$(PY) bench/standings.py
	$(PY) bench/requests.py
	$(PY) bench/restart.py
	$(PY) bench/individual.py
	$(PY) bench/ratings.py

# Every page at 390x844 and 1366x768, in English and French, as PNGs in screenshots/ (not
# committed), while axe-core checks each of them: look at them.
screenshots: $(VENV)/.installed-dev messages
	rm -rf screenshots
	SCREENSHOTS=screenshots $(PY) -m pytest -q -p no:randomly tests/e2e/test_every_page.py
	@echo "$$(ls screenshots | wc -l) screenshots in screenshots/"

clean:
	rm -rf $(VENV) staticfiles test_db.sqlite3*
