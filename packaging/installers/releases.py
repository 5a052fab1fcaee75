"""The release notes the installers carry must name the version being built.

The Debian changelog and the AppStream metadata each list releases, newest first; a new
version needs an entry in both (the package managers and software centres show them).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from .appinfo import APP_ID, PACKAGING, version


def debian_changelog_version() -> str:
    """The version of the newest entry of ``packaging/linux/changelog``."""
    first = (PACKAGING / "linux" / "changelog").read_text(encoding="utf-8").splitlines()[0]
    found = re.match(r"^\S+ \(([^)]+)\)", first)
    if found is None:
        raise ValueError(f"packaging/linux/changelog starts oddly: {first!r}")
    return found.group(1)


def appstream_release_version() -> str:
    """The version of the first ``<release>`` of the AppStream metadata."""
    tree = ET.parse(PACKAGING / "linux" / f"{APP_ID}.metainfo.xml")
    release = tree.find("releases/release")
    if release is None or "version" not in release.attrib:
        raise ValueError("the AppStream metadata lists no release")
    return release.attrib["version"]


def check_release_notes() -> None:
    """ValueError unless both lists of releases start with this version."""
    wanted = version()
    for where, found in (
        ("packaging/linux/changelog", debian_changelog_version()),
        (f"packaging/linux/{APP_ID}.metainfo.xml", appstream_release_version()),
    ):
        if found != wanted:
            raise ValueError(f"{where} starts with release {found}, not {wanted}: add one")
