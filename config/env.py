"""Reading settings from environment variables."""

import os

TRUE_WORDS = {"1", "true", "yes", "on"}


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def env_bool(name: str, *, default: bool) -> bool:
    value = env_str(name)
    if not value:
        return default
    return value.lower() in TRUE_WORDS


def env_list(name: str, *, default: list[str]) -> list[str]:
    value = env_str(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]
