"""French is complete: every string the app shows has a French translation."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po"
SOURCES = ("manage.py", "config", "accounts", "api", "scoring", "tournaments", "clubs", "players",
           "lib", "templates", "locale")
PLACEHOLDER = re.compile(r"%\((\w+)\)s|\{\{\s*(\w+)\s*\}\}")


def placeholders(text):
    return sorted(a or b for a, b in PLACEHOLDER.findall(text))


def test_every_entry_of_the_french_catalogue_is_translated():
    po = polib.pofile(str(CATALOGUE))
    assert [e.msgid for e in po.untranslated_entries()] == []
    assert [e.msgid for e in po.fuzzy_entries()] == []
    assert [e.msgid for e in po.obsolete_entries()] == []


def test_translations_keep_their_placeholders():
    wrong = []
    for entry in polib.pofile(str(CATALOGUE)).translated_entries():
        translations = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
        expected = placeholders(entry.msgid_plural or entry.msgid)
        for translation in translations:
            found = placeholders(translation)
            # A French singular may say "un" instead of the count.
            if found != expected and not (entry.msgid_plural and set(found) <= set(expected)):
                wrong.append((entry.msgid, translation))
    assert wrong == []


@pytest.mark.skipif(not shutil.which("xgettext"), reason="GNU gettext (xgettext) not installed")
def test_no_string_of_the_code_is_missing_from_the_catalogue(tmp_path):
    """Run makemessages on a copy of the sources: it must find nothing new."""
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=shutil.ignore_patterns("*.mo"))
        elif source.exists():
            shutil.copy(source, tmp_path / name)
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "fr", "--no-location"],
        cwd=tmp_path, check=True, capture_output=True,
        env={"DEBUG": "1", "PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "config.settings"},
    )
    fresh = polib.pofile(str(tmp_path / "locale" / "fr" / "LC_MESSAGES" / "django.po"))
    missing = [e.msgid for e in fresh.untranslated_entries() + fresh.fuzzy_entries()]
    assert missing == [], "run `make translations` and translate these into French"
    # A string the code still shows but xgettext cannot see (a call inside an f-string's
    # braces) would lose its French at the next `make translations`.
    assert [e.msgid for e in fresh.obsolete_entries()] == []
