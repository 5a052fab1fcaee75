"""The program's own files (card art, icon, rules pages, licence, translations): package data.

They live in ``peppa_qt/assets`` and ``peppa_qt/i18n`` and are found through
``importlib.resources``, so a source checkout, an installed wheel, a .deb and a frozen app
all find them the same way.
(``importlib.resources`` is imported when the first asset is asked for: the window's first
frame needs none.)
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable


def package_file(*parts: str) -> Traversable:
    """A data file of the package, e.g. ``package_file("i18n", "peppa_it.qm")``."""
    from importlib.resources import files

    return files(__package__ or "peppa_qt").joinpath(*parts)


def package_path(*parts: str) -> str:
    """A data file of the package by its file name, for Qt's loaders that take one.

    In a package that is a folder (a checkout, a wheel, a frozen app) the file lies beside
    this module: found so, the first frame (which loads the English catalogue) does without
    importing ``importlib.resources``, a few milliseconds. Anywhere else, ``package_file``.
    """
    beside = Path(__file__).parent.joinpath(*parts)
    return str(beside) if beside.is_file() else str(package_file(*parts))


def asset(*parts: str) -> Traversable:
    """An asset of the package, e.g. ``asset("cards", "QS.svg")`` or ``asset("help", …)``."""
    return package_file("assets", *parts)


def asset_bytes(*parts: str) -> bytes:
    """An asset's contents (OSError if this build lacks it)."""
    return asset(*parts).read_bytes()


def asset_text(*parts: str) -> str:
    """An asset's text, UTF-8 (OSError if this build lacks it)."""
    return asset(*parts).read_text(encoding="utf-8")
