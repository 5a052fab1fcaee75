"""What every installer says about the game: names, ids, version, one-line summaries.

One place, read by the PyInstaller spec, ``build.py`` and the tests, so the .deb, the Windows
installer and the macOS bundle cannot disagree.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parents[2]
PACKAGING: Final = ROOT / "packaging"

#: The command, the bundle's folder and executable, the Debian package and the icon's name.
COMMAND: Final = "peppa-qt"
#: What a player sees in the menu, the Start menu and the Dock.
DISPLAY_NAME: Final = "Peppa"
#: Reverse-DNS id (AppStream component, macOS bundle). The project owns no domain yet: this
#: id is ours by convention only, and changing it later makes a new app for app stores.
APP_ID: Final = "org.peppa_qt.peppa"
#: Inno Setup's AppId: the same GUID in every release, so a new setup upgrades the old one.
WINDOWS_APP_GUID: Final = "{6F1C2A0E-8B5D-4C1E-9E43-5A7D2B9C4F10}"
PUBLISHER: Final = "The Peppa developers"
#: The Debian maintainer field (it must hold an address). The project has no mailing address
#: yet: this one is a placeholder, to be replaced before packages are published.
MAINTAINER: Final = "The Peppa developers <peppa-qt@example.org>"
SUMMARY_EN: Final = "Italian Hearts card game against the computer or friends"
SUMMARY_IT: Final = "Il gioco di carte della Peppa contro il computer o con gli amici"


def version() -> str:
    """The game's version, as ``peppa_qt/__init__.py`` says (without importing the package)."""
    text = (ROOT / "peppa_qt" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"', text, re.MULTILINE)
    if found is None:
        raise RuntimeError("no __version__ in peppa_qt/__init__.py")
    return found.group(1)


def version_tuple() -> tuple[int, int, int, int]:
    """The version as four numbers (Windows version resources want exactly four)."""
    numbers = [int(part) for part in re.findall(r"\d+", version())[:4]]
    padded = numbers + [0] * (4 - len(numbers))
    return (padded[0], padded[1], padded[2], padded[3])


def copyright_line() -> str:
    """``Copyright (c) YEAR The Peppa developers``, from the licence."""
    for line in (ROOT / "LICENSE").read_text(encoding="utf-8").splitlines():
        if line.startswith("Copyright"):
            return line.strip()
    raise RuntimeError("no copyright line in LICENSE")
