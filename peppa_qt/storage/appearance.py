"""A quick look at the settings file for the window's first frame: felt, size, docks, language.

Reading the settings properly (``settings.py``) checks every field against the rule sets, so it
imports the engine, which would hold the first frame back by some 20 ms. The window paints with
what this peek finds and reads the settings properly right after its first frame. The peek never
raises and never moves a file: a field it does not understand gives its default, and the proper
read reports a damaged file and sets it aside, as it always did.
"""

from __future__ import annotations

import binascii
from base64 import b64decode
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from ..safe_read import read_regular_file
from . import jsonfields as jf
from .files import decode
from .problems import FormatError

#: The settings file's format and current version (``settings.py`` reads and writes them;
#: a new version must be taught to ``peek_appearance`` too).
FORMAT: Final = "peppa-settings"
#: Version 2 may offer a game of six or eight seats (``settings.py``); the window's fields
#: are those of version 1.
VERSION: Final = 2
TABLE_COLOURS: Final = ("green", "blue", "red", "grey")
LANGUAGES: Final = ("system", "en", "it")
#: Where version 0 (the prototype's settings) kept the window's geometry.
_V0_GEOMETRY: Final = "geometry"


@dataclass(frozen=True)
class Appearance:
    """What the first frame shows of the settings; the defaults are ``Settings``' own."""

    table_colour: str = "green"
    #: Qt's saveGeometry() and saveState() (the score sheet's dock), as base64 text.
    window_geometry: str = ""
    window_state: str = ""
    #: The window's language: "system", "en" or "it" (the menu titles show in it at once).
    language: str = "system"


def peek_appearance(path: Path) -> Appearance:
    """The felt and window layout saved in the settings file ``path``; defaults if unsure."""
    try:
        text = decode(read_regular_file(path))
        data, version = jf.document(jf.parse_json(text), FORMAT, VERSION)
    except (OSError, FormatError):  # missing, unreadable, not JSON, another format, newer
        return Appearance()
    fields: dict[str, Any] = data if version >= 1 else _from_v0(data)
    colour, language = fields.get("table_colour"), fields.get("language")
    return Appearance(
        table_colour=colour if colour in TABLE_COLOURS else Appearance.table_colour,
        language=language if language in LANGUAGES else Appearance.language,
        window_geometry=_base64(fields.get("window_geometry")),
        window_state=_base64(fields.get("window_state")),
    )


def _from_v0(data: dict[str, Any]) -> dict[str, Any]:
    """The prototype's settings had the geometry under another name, and no felt nor docks."""
    return {"window_geometry": data.get(_V0_GEOMETRY)}


def _base64(value: object) -> str:
    """``value`` if it is base64 text, else nothing."""
    if not isinstance(value, str):
        return ""
    try:
        b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return ""
    return value
