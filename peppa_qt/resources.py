"""Where the program's files are: the repository's ``assets/``, or the bundle when frozen."""

from __future__ import annotations

import sys
from pathlib import Path


def _base() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen is not None:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def asset_path(*parts: str) -> Path:
    """The path of an asset, e.g. ``asset_path("cards", "QS.svg")``."""
    return _base().joinpath("assets", *parts)


def license_path() -> Path:
    """The project's licence text (LICENSE at the repository root, or in the bundle)."""
    return _base() / "LICENSE"
