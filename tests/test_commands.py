"""The two commands as the README tells them: `make run` ends with the demo login, then the
server, on HOST and PORT."""

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parent.parent


def recipe(target: str) -> list[str]:
    text = (ROOT / "Makefile").read_text()
    block = re.search(rf"^{target}:.*\n((?:\t.*\n)+)", text, re.MULTILINE).group(1)
    return [line.strip() for line in block.splitlines()]


def test_make_run_prints_the_demo_login_last_before_the_server_starts():
    steps = recipe("run")
    assert "seed_demo --if-new" in steps[-2]
    # The server's command line is not echoed: the login stays the last line before it.
    assert steps[-1].startswith("@") and "runserver $(HOST):$(PORT)" in steps[-1]


@pytest.mark.django_db
def test_seed_demo_ends_with_the_login(settings):
    settings.DEBUG = True
    out = io.StringIO()
    call_command("seed_demo", "--if-new", stdout=out)
    assert out.getvalue().splitlines()[-1] == "Demo login: demo / politaine-demo"


def test_the_readme_starts_with_the_two_commands_and_says_host_and_port():
    readme = (ROOT / "README.md").read_text()
    first_block = readme.split("```")[1]
    assert [line.split()[:2] for line in first_block.strip().splitlines()[1:]] == [
        ["make", "run"], ["make", "test"]]
    assert "`HOST`" in readme and "`PORT`" in readme and "docs/rules.md" in readme


def test_makemigrations_check_runs_without_a_secret_key():
    """A newcomer's `manage.py makemigrations --check` with nothing set: the URLs are
    imported (the system checks), and no module reads SECRET_KEY at import."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("SECRET_KEY", "DEBUG", "DJANGO_SETTINGS_MODULE", "DATABASE_URL")}
    result = subprocess.run([sys.executable, "manage.py", "makemigrations", "--check",
                             "--dry-run"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No changes detected" in result.stdout
