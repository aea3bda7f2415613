"""The settings module as it reads a given environment: what `make serve` would run with."""

import runpy
from pathlib import Path

SETTINGS = Path(__file__).resolve().parent.parent / "config" / "settings" / "__init__.py"


def settings_from_environment(monkeypatch, **environment) -> dict:
    """Read config/settings with these environment variables (and without DEBUG)."""
    monkeypatch.delenv("DEBUG", raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(SETTINGS))
