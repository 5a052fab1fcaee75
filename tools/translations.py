#!/usr/bin/env python3
"""Keep the window's translations in step with the code.

    python tools/translations.py update    # collect the texts into peppa_qt/i18n/*.ts
    python tools/translations.py release   # compile each .ts into its .qm (shipped)

peppa_it.ts holds every text; peppa_en.ts only those with a number (%n) in them, for the
English singular and plural ("1 hand", "3 hands": the source texts say "%n hand(s)").

``update`` runs pyside6-lupdate over the window's modules (gui/, controller/, models/) and
the join page's words (net/page_text.py): new texts appear in the .ts unfinished, vanished
ones are dropped, translations made are kept. Translate the new ones (Qt Linguist,
``pyside6-linguist``, or any text editor), then ``release``, which also writes the join
page's Italian words (peppa_qt/net/web/it.json). The tests fail while a message is
unfinished or the .qm is not what the .ts compiles to. Both tools come with PySide6, next
to the Python that runs this script.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "peppa_qt" / "i18n"
#: The packages whose texts the player sees (the command line stays English).
PACKAGES = ("gui", "controller", "models")
#: Other modules with texts: the browser's join page's words.
MODULES = ("peppa_qt/net/page_text.py",)
#: The join page's words in Italian, made from the catalogue by ``release``.
PAGE_WORDS = ROOT / "peppa_qt" / "net" / "web" / "it.json"
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
        [
            str(path.relative_to(ROOT))
            for package in PACKAGES
            for path in (ROOT / "peppa_qt" / package).rglob("*.py")
        ]
        + list(MODULES)
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
    """Compile each .ts into a .qm in ``target`` (and, into the package, the page's words);
    the files written."""
    written = []
    for code in LANGUAGES:
        qm = target / f"peppa_{code}.qm"
        subprocess.run(
            [tool("pyside6-lrelease"), "-silent", str(ts_file(code)), "-qm", str(qm)],
            cwd=ROOT,
            check=True,
        )
        written.append(qm)
    if target == I18N:  # (the shipped files: the page's words beside the page)
        PAGE_WORDS.write_text(page_words_json(ts_file("it")), encoding="utf-8")
        written.append(PAGE_WORDS)
    return written


def page_words_json(ts: Path) -> str:
    """The join page's words from the catalogue ``ts``, as ``web/it.json`` holds them."""
    sys.path.insert(0, str(ROOT))
    from peppa_qt.net.page_text import page_words

    catalogue = {}
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            catalogue[name, message.findtext("source") or ""] = message.findtext("translation")
    words = page_words({key: text or "" for key, text in catalogue.items()})
    return json.dumps(words, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


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
