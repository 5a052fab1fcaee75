#!/usr/bin/env python3
"""Keep the window's translations in step with the code.

    python tools/translations.py update    # collect the texts into peppa_qt/i18n/*.ts
    python tools/translations.py release   # compile each .ts into its .qm (shipped)

peppa_it.ts holds every text; peppa_en.ts only those with a number (%n) in them, for the
English singular and plural ("1 hand", "3 hands": the source texts say "%n hand(s)").

``update`` runs pyside6-lupdate over the window's modules (gui/, controller/, models/): new
texts appear in the .ts unfinished, vanished ones are dropped, translations made are kept.
Translate the new ones (Qt Linguist, ``pyside6-linguist``, or any text editor), then
``release``. The tests fail while a message is unfinished or the .qm is not what the .ts
compiles to. Both tools come with PySide6, next to the Python that runs this script.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "peppa_qt" / "i18n"
#: The packages whose texts the player sees (the command line stays English).
PACKAGES = ("gui", "controller", "models")
#: Italian in full; English only for its plural forms ("%n hand(s)": "1 hand", "3 hands").
LANGUAGES = ("it", "en")
#: lupdate takes every ``#:`` comment before a ``tr()`` for a note to the translator, but ours
#: are the code's own attribute docs: they are not kept in the .ts.
CODE_NOTE = re.compile(r"[ \t]*<extracomment>.*?</extracomment>\n", re.DOTALL)


def tool(name: str) -> str:
    """A PySide6 tool next to this interpreter (pyside6-lupdate, pyside6-lrelease)."""
    path = Path(sys.executable).parent / name
    return str(path) if path.exists() else name


def sources() -> list[str]:
    """The modules lupdate reads."""
    return sorted(
        str(path.relative_to(ROOT))
        for package in PACKAGES
        for path in (ROOT / "peppa_qt" / package).rglob("*.py")
    )


def ts_file(code: str) -> Path:
    """The translation source of ``code``."""
    return I18N / f"peppa_{code}.ts"


def update() -> None:
    """Collect every text of the window into each .ts (keeping the translations)."""
    for code in LANGUAGES:
        collect(code, ts_file(code))


def collect(code: str, path: Path) -> None:
    """Run lupdate for ``code`` into the .ts at ``path``, then tidy it."""
    command = [tool("pyside6-lupdate"), "-silent", "-no-obsolete", "-locations", "none"]
    if code == "en":
        command.append("-pluralonly")
    subprocess.run([*command, *sources(), "-ts", str(path)], cwd=ROOT, check=True)
    tidy(path)


def tidy(path: Path) -> None:
    """Undo what lupdate adds that nobody wants to read: code notes, apostrophes as ``&apos;``."""
    text = CODE_NOTE.sub("", path.read_text(encoding="utf-8"))
    path.write_text(text.replace("&apos;", "'"), encoding="utf-8")


def release(target: Path = I18N) -> list[Path]:
    """Compile each .ts into a .qm in ``target``; the files written."""
    written = []
    for code in LANGUAGES:
        qm = target / f"peppa_{code}.qm"
        subprocess.run(
            [tool("pyside6-lrelease"), "-silent", str(ts_file(code)), "-qm", str(qm)],
            cwd=ROOT,
            check=True,
        )
        written.append(qm)
    return written


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("action", choices=["update", "release"])
    args = parser.parse_args()
    if args.action == "update":
        update()
    else:
        for path in release():
            print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
