"""Every text of the window can be translated: pyside6-lupdate finds it in its run-time context.

lupdate only collects ``self.tr("...")`` (in the enclosing class's context) and
``QCoreApplication.translate("Context", "...")`` with a literal context; a ``tr`` called on
another object or a context in a variable ends up in a context Qt never looks in.
"""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LUPDATE = Path(sys.executable).parent / "pyside6-lupdate"
PACKAGES = ("gui", "controller", "models")

#: A few texts, each in the context Qt looks it up in at run time.
KNOWN = {
    ("MainWindow", "&Game"),
    ("MainWindow", "&New game…"),
    ("MainWindow", "&Play again"),
    ("MainWindow", "&Preferences…"),
    ("MainWindow", "No saved games yet"),
    ("Texts", "You must follow {suit}."),
    ("WindowCommands", "Continue the game you were playing?"),
    ("Notices", "Peppa"),
    ("NewGameDialog", "You"),
}


def messages(tmp_path: Path) -> list[tuple[str, str, str]]:
    """(context, text, file) of every message lupdate finds in the window's modules."""
    if not LUPDATE.exists():
        pytest.skip("pyside6-lupdate is not installed next to the interpreter")
    sources = sorted(
        str(path) for package in PACKAGES for path in (ROOT / "peppa_qt" / package).rglob("*.py")
    )
    ts = tmp_path / "peppa.ts"
    subprocess.run(
        [str(LUPDATE), *sources, "-ts", str(ts)], check=True, capture_output=True, timeout=60
    )
    found = []
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            location = message.find("location")
            where = "" if location is None else Path(location.get("filename", "")).name
            found.append((name, message.findtext("source") or "", where))
    return found


def test_every_text_is_in_a_class_context(tmp_path: Path) -> None:
    found = messages(tmp_path)
    assert len(found) > 100
    misplaced = [
        (context, text, where)
        for context, text, where in found
        if not context.isidentifier() or not context[0].isupper() or "." in context
    ]
    assert misplaced == []  # "", "window", "self.window": never looked up at run time


def test_known_texts_are_in_their_run_time_contexts(tmp_path: Path) -> None:
    found = {(context, text) for context, text, _ in messages(tmp_path)}
    assert KNOWN - found == set()
