"""The release a process runs, as a short name: what its answers may be kept under.

Browsers keep pages under their ETags, and Redis keeps rendered parts for
every app server: a new release (a fixed template, a new translation, another stylesheet)
must not be answered 304 or served the old release's parts. The deploy names the release
(`RELEASE`, e.g. the commit); else it is a digest of the files that make the answers.
"""

import hashlib
from pathlib import Path

# What shapes an answer: code, templates, catalogues' sources, static files, dependencies.
SUFFIXES = {".py", ".html", ".txt", ".po", ".js", ".css", ".svg", ".json", ".webmanifest",
            ".toml"}
# Not the app's: tests, installs, collected static files, caches, screenshots.
SKIPPED = {"tests", "staticfiles", "screenshots", "node_modules", "__pycache__", "bench"}


def source_digest(root: Path) -> str:
    """Twelve hex digits that change with any file of the app under `root`."""
    digest = hashlib.sha256()
    for path in sorted(_source_files(root)):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def _source_files(root: Path):
    for path in root.iterdir():
        if path.name.startswith(".") or path.name in SKIPPED:
            continue
        if path.is_dir():
            yield from _source_files(path)
        elif path.suffix in SUFFIXES:
            yield path
