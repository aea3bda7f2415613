"""Compile locale/*/LC_MESSAGES/*.po into .mo files with polib (no GNU gettext needed)."""

from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent

for po_path in sorted(ROOT.glob("locale/*/LC_MESSAGES/*.po")):
    mo_path = po_path.with_suffix(".mo")
    if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
        continue
    polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
    print(f"compiled {mo_path.relative_to(ROOT)}")
